/**
 * Issue 26 §4: 批量导入员工 from .xlsx or .csv — the template, a preview listing every row's problems
 * before anything is written, and an apply that writes every row or none, with one audit entry.
 */
import { APP_VERSION, PLATFORM, STAFF_IMPORT_COLUMNS, type AdminStaffImportPreview, type AdminStaffImportResult, type UserInfo } from '@sales/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMINISTRATOR } from '../../../src/db/seed.js';
import { SHEET_TYPE, SHEET_UNREADABLE, unzippedSize } from '../../../src/lib/sheet-file.js';
import { IMPORT_HAS_PROBLEMS } from '../../../src/plugins/app/admin/staff-import.js';
import { ADMINISTRATORS_ONLY } from '../../../src/plugins/app/sales/sales-authorization.js';
import { call, expectFailure, login, PHONES, rows, useTestServer, type LoginData } from '../../helper.js';

const server = useTestServer();
let admin: LoginData;

const HEADER = [...STAFF_IMPORT_COLUMNS];
type Row = readonly string[];
/** 姓名,手机号,站点,角色 and 张三,19900008022,华东一部,业务员 in GB18030, each with CRLF. */
const GB_HEADER = 'd0d5c3fb2ccad6bbfabac52cd5beb5e32cbdc7c9ab0d0a';
const GB_ROW = 'd5c5c8fd2c31393930303030383032322cbbaab6abd2bbb2bf2cd2b5cef1d4b10d0a';

const csvOf = (lines: readonly Row[]) => Buffer.from(`\uFEFF${[HEADER, ...lines].map((cells) => cells.join(',')).join('\r\n')}\r\n`, 'utf8');
async function xlsxOf(lines: readonly Row[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('员工');
  sheet.addRow(HEADER);
  // A phone typed into a number cell, as Excel keeps it unless the column is text.
  for (const line of lines) sheet.addRow(line.map((cell, index) => (index === 1 && /^\d+$/.test(cell) ? Number(cell) : cell)));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const body = (fileName: string, data: Buffer) => ({ fileName, fileBase64: data.toString('base64') });
const preview = (fileName: string, data: Buffer, token = admin.token) =>
  call<AdminStaffImportPreview>(server.app, 'POST', '/seller/admin/staff/import/preview', { token, body: body(fileName, data) });
const apply = (fileName: string, data: Buffer, token = admin.token) =>
  call<AdminStaffImportResult>(server.app, 'POST', '/seller/admin/staff/import/apply', { token, body: body(fileName, data) });
const snapshot = async () =>
  (await rows<{ staff: number; positions: number; audit: number; sms: number }>(
    server.db,
    sql`select (select count(*)::int from staff) as staff, (select count(*)::int from positions) as positions, (select count(*)::int from audit_log) as audit, (select count(*)::int from sms_outbox) as sms`,
  ))[0];

beforeAll(async () => {
  admin = await login(server.app, DEMO_ADMINISTRATOR.phone);
});

describe('the template', () => {
  it('downloads as .xlsx (header, text columns, 填写说明) and as .csv (BOM and header)', async () => {
    const xlsx = await server.app.inject({
      method: 'POST',
      url: '/seller/admin/staff/import/template',
      headers: { platform: PLATFORM, version: APP_VERSION, authorization: admin.token },
      payload: { format: 'xlsx' },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.headers['content-disposition']).toContain('staff-import-template.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['员工', '填写说明']);
    expect((workbook.worksheets[0]?.getRow(1).values as unknown[]).slice(1)).toEqual(HEADER);
    expect(workbook.worksheets[0]?.getColumn(2).numFmt).toBe('@');

    const csv = await server.app.inject({
      method: 'POST',
      url: '/seller/admin/staff/import/template',
      headers: { platform: PLATFORM, version: APP_VERSION, authorization: admin.token },
      payload: { format: 'csv' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toBe(`\uFEFF${HEADER.join(',')}\r\n`);
  });
});

describe('preview', () => {
  it('lists each row’s problems of every kind, and writes nothing', async () => {
    const before = await snapshot();
    const file = csvOf([
      ['好人', '19900008001', '华东一部', '业务员', '', ''],
      ['', '19900008002', '华东一部', '业务员', '', ''],
      ['坏号', '10345678901', '华东一部', '业务员', '', ''],
      ['重复甲', '19900008003', '华东一部', '业务员', '', ''],
      ['重复乙', '19900008003', '华东一部', '主管', '是', ''],
      ['在职', PHONES.zhangWei, '华东一部', '业务员', '', ''],
      ['无站', '19900008004', '火星一部', '业务员', '', ''],
      ['角色', '19900008005', '华东一部', '经理', '', ''],
      ['抽单', '19900008006', '华南大区/广州一部', '主管', '也许', 'bad id'],
    ]);
    const found = await preview('员工.csv', file);
    expect(found.status).toBe(200);
    const problems = found.body.data.rows.map((row) => [row.line, row.problems]);
    expect(problems).toEqual([
      [2, []],
      [3, ['缺少姓名']],
      [4, ['手机号 10345678901 不正确（须为 11 位大陆手机号）']],
      [5, []],
      [6, ['手机号与第 5 行重复']],
      [7, ['手机号已被在职员工 张伟 使用']],
      [8, ['站点“火星一部”不存在或已归档']],
      [9, ['角色“经理”须为 主管 或 业务员']],
      [10, ['抽单权限“也许”须为 是 或 否', '企业微信账号只能包含字母、数字和 _ . @ -']],
    ]);
    expect(found.body.data.problemRows).toBe(7);
    expect(await snapshot()).toEqual(before);
  });

  it('treats an archived site as unknown, and asks for 上级/站点 when two live sites share a name', async () => {
    const archivedSite = await call<{ id: number }>(server.app, 'POST', '/seller/admin/site/create', { token: admin.token, body: { name: '导入归档部', region: '华东' } });
    expect((await call(server.app, 'POST', '/seller/admin/site/archive', { token: admin.token, body: { id: archivedSite.body.data.id } })).status).toBe(200);
    expect((await call(server.app, 'POST', '/seller/admin/site/create', { token: admin.token, body: { name: '广州一部', region: '华南', parentId: 101 } })).status).toBe(200);
    const found = await preview(
      'x.csv',
      csvOf([
        ['甲', '19900008011', '导入归档部', '业务员', '', ''],
        ['乙', '19900008012', '广州一部', '业务员', '', ''],
        ['丙', '19900008013', '华南大区/广州一部', '业务员', '', ''],
      ]),
    );
    expect(found.body.data.rows.map((row) => row.problems)).toEqual([['站点“导入归档部”不存在或已归档'], ['有 2 个站点叫“广州一部”，请写成 上级/站点'], []]);
  });

  it('reads 钉钉账号 beside 企业微信账号 and refuses one with other characters', async () => {
    const found = await preview('员工.csv', csvOf([
      ['钉钉人', '19900008031', '华东二部', '业务员', '否', '', 'dd.ren-1'],
      ['钉钉错', '19900008032', '华东二部', '业务员', '否', '', 'has space'],
    ]));
    expect(found.status).toBe(200);
    expect(found.body.data.rows.map((row) => [row.dingtalkUserId, row.problems])).toEqual([
      ['dd.ren-1', []],
      ['has space', ['钉钉账号只能包含字母、数字和 _ . @ -']],
    ]);
  });

  it('reads .xlsx with phones stored as numbers, and GB18030 CSV as Excel saves it on Chinese Windows', async () => {
    const xlsx = await preview('员工.xlsx', await xlsxOf([['表格人', '19900008021', '华东二部', '主管', '否', 'biao.ge']]));
    expect(xlsx.status).toBe(200);
    expect(xlsx.body.data.rows).toEqual([{ line: 2, username: '表格人', phone: '19900008021', site: '华东二部', role: '主管', drawAuth: false, wecomUserId: 'biao.ge', dingtalkUserId: '', problems: [] }]);
    // 姓名,手机号,站点,角色 / 张三,19900008022,华东一部,业务员, as GB18030 bytes.
    const gb = Buffer.concat([Buffer.from(GB_HEADER, 'hex'), Buffer.from(GB_ROW, 'hex')]);
    const chinese = await preview('gbk.csv', gb);
    expect(chinese.status).toBe(200);
    expect(chinese.body.data.rows).toMatchObject([{ username: '张三', phone: '19900008022', site: '华东一部', role: '业务员', problems: [] }]);
  });

  it('refuses files it cannot read with a Chinese 400', async () => {
    expectFailure(await preview('员工.xls', Buffer.from('abc')), 400, SHEET_TYPE);
    expectFailure(await preview('员工.xlsx', Buffer.from('not a zip')), 400, SHEET_UNREADABLE);
    expectFailure(await preview('员工.csv', Buffer.from('姓名,手机号\r\n甲,19900008031\r\n')), 400, '第 1 行应为表头，缺少列：站点、角色（请使用导入模板）');
    expectFailure(await preview('员工.csv', csvOf([])), 400, '文件里没有数据行');
    expectFailure(await preview('员工.csv', Buffer.from(`${HEADER.join(',')}\r\n"甲,19900008032\r\n`)), 400, '第 2 行的引号没有闭合');
    const many = csvOf(Array.from({ length: 501 }, (_, index) => [`人${index}`, `1990001${String(index).padStart(4, '0')}`, '华东一部', '业务员', '', '']));
    expectFailure(await preview('员工.csv', many), 400, '一次最多导入 500 行，请分成几个文件导入');
    expectFailure(await call(server.app, 'POST', '/seller/admin/staff/import/preview', { token: admin.token, body: { fileName: 'a.csv', fileBase64: '不是base64' } }), 400, /文件内容/);
    expectFailure(await call(server.app, 'POST', '/seller/admin/staff/import/preview', { token: admin.token, body: { fileName: 'a.csv', fileBase64: 12 } }), 400, /文件内容/);
    expectFailure(await call(server.app, 'POST', '/seller/admin/staff/import/preview', { token: admin.token, body: { fileName: ['a.csv'], fileBase64: 'YQ==' } }), 400, /文件名/);
    const tooBig = 'A'.repeat(Math.ceil((1024 * 1024 + 3) / 3) * 4);
    const big = await call(server.app, 'POST', '/seller/admin/staff/import/preview', { token: admin.token, body: { fileName: 'a.csv', fileBase64: tooBig } });
    expect([400, 413]).toContain(big.status);
    expect(big.body.msg).toMatch(/[\u4e00-\u9fff]/);
  });

  it('measures a zip’s unpacked size from its directory without unpacking it', async () => {
    const xlsx = await xlsxOf([['甲', '19900008041', '华东一部', '业务员', '', '']]);
    expect(unzippedSize(xlsx)).toBeGreaterThan(xlsx.length);
    expect(unzippedSize(Buffer.from('PK\x03\x04 broken'))).toBe(Infinity);
  });
});

describe('apply', () => {
  it('writes nothing at all when one row is bad', async () => {
    const before = await snapshot();
    const file = csvOf([
      ['全无甲', '19900008101', '华东一部', '业务员', '', ''],
      ['全无乙', '19900008102', '华东一部', '经理', '', ''],
    ]);
    expectFailure(await apply('员工.csv', file), 400, IMPORT_HAS_PROBLEMS(1));
    expect(await snapshot()).toEqual(before);
  });

  it('imports every row of an .xlsx in one go: positions, one-time passwords by SMS, one audit entry', async () => {
    const before = await snapshot();
    const file = await xlsxOf([
      ['导入主管', '19900008111', '华东一部', '主管', '是', 'dao.ru'],
      ['导入业务员', '19900008112', '华南大区/广州一部', '业务员', '', ''],
    ]);
    const done = await apply('新人.xlsx', file);
    expect(done.status).toBe(200);
    expect(done.body.data.created).toBe(2);
    const [leader, seller] = done.body.data.people;
    expect(leader).toMatchObject({ username: '导入主管', phone: '199****8111' });
    expect(seller?.oneTimePassword).toMatch(/^\S{6,}$/);
    expect(await snapshot()).toEqual({ staff: (before?.staff ?? 0) + 2, positions: (before?.positions ?? 0) + 2, audit: (before?.audit ?? 0) + 1, sms: (before?.sms ?? 0) + 2 });
    const [person] = await rows<{ must_change_password: boolean; wecom_user_id: string; is_leader: boolean; draw_auth: boolean; site_id: number }>(
      server.db,
      sql`select s.must_change_password, s.wecom_user_id, p.is_leader, p.draw_auth, p.site_id from staff s join positions p on p.staff_id = s.id where s.id = ${leader?.id ?? 0}`,
    );
    expect(person).toEqual({ must_change_password: true, wecom_user_id: 'dao.ru', is_leader: true, draw_auth: true, site_id: 101 });
    const [entry] = await rows<{ actor_id: number; target_id: number | null; detail: string; after: { rows: number; people: string[] } }>(
      server.db,
      sql`select actor_id, target_id, detail, after from audit_log where action = 'staff.import' order by id desc limit 1`,
    );
    expect(entry).toMatchObject({ actor_id: admin.accountInfo.id, target_id: null, detail: 'rows 2 file 新人.xlsx', after: { rows: 2, people: ['导入主管 199****8111 华东一部 主管 抽单', '导入业务员 199****8112 广州一部 业务员'] } });
    expect(JSON.stringify(entry)).not.toContain(seller?.oneTimePassword ?? '-');

    // The new salesperson signs in with the one-time password and must replace it.
    const signedIn = await login(server.app, '19900008112', seller?.oneTimePassword);
    expect(signedIn.mustChangePassword).toBe(true);
    const info = await call<UserInfo>(server.app, 'POST', '/seller/user/info', { token: signedIn.token, body: {} });
    expect(info.body.data.positionUsers).toMatchObject([{ departmentId: 202, isLeader: false }]);

    // The same file again: every phone is now taken, nothing is written.
    const again = await snapshot();
    expectFailure(await apply('新人.xlsx', file), 400, IMPORT_HAS_PROBLEMS(2));
    expect(await snapshot()).toEqual(again);
  });

  it('imports a .csv the same way', async () => {
    const done = await apply('员工.csv', csvOf([['逗号人', '19900008121', '华东二部', '业务员', '否', '']]));
    expect(done.status).toBe(200);
    expect(done.body.data.created).toBe(1);
  });

  it('is for administrators only', async () => {
    const leader = await login(server.app, PHONES.zhangWei);
    const before = await snapshot();
    const file = csvOf([['越权', '19900008131', '华东一部', '业务员', '', '']]);
    expectFailure(await preview('a.csv', file, leader.token), 403, ADMINISTRATORS_ONLY);
    expectFailure(await apply('a.csv', file, leader.token), 403, ADMINISTRATORS_ONLY);
    expect(await snapshot()).toEqual(before);
  });
});
