/**
 * Issue 27 §1: 导入客户 from .xlsx or .csv — the template, a preview listing each row's problems and
 * duplicates (within the file and against the site's customers) before anything is written, and an
 * apply that writes every good row in one transaction and hands the rest back as an error file.
 */
import {
  APP_VERSION,
  CUSTOMER_IMPORT_COLUMNS,
  customerQrPayload,
  parseCustomerQr,
  PLATFORM,
  type AdminCustomerImportPreview,
  type AdminCustomerImportResult,
} from '@sales/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMINISTRATOR } from '../../../src/db/seed.js';
import { parseCsv } from '../../../src/lib/csv.js';
import { ADMINISTRATORS_ONLY } from '../../../src/plugins/app/sales/sales-authorization.js';
import { call, expectFailure, login, PHONES, rows, useTestServer, type LoginData } from '../../helper.js';

const server = useTestServer();
let admin: LoginData;
/** A customer of site 101 already in the database (the demo data's). */
let existing: { id: number; name: string; phone: string; owner: string | null };
/** A former employee's phone, holding a position at 101 but no longer active. */
const FORMER = '19900027001';

const HEADER = [...CUSTOMER_IMPORT_COLUMNS];
type Row = readonly string[];

const csvOf = (lines: readonly Row[]) => Buffer.from(`\uFEFF${[HEADER, ...lines].map((cells) => cells.join(',')).join('\r\n')}\r\n`, 'utf8');
async function xlsxOf(lines: readonly Row[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('客户');
  sheet.addRow(HEADER);
  // Phones typed into number cells, as Excel keeps them unless the column is text.
  for (const line of lines) sheet.addRow(line.map((cell, index) => ((index === 2 || index === 7) && /^\d+$/.test(cell) ? Number(cell) : cell)));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const body = (fileName: string, data: Buffer) => ({ fileName, fileBase64: data.toString('base64') });
const preview = (fileName: string, data: Buffer, token = admin.token) =>
  call<AdminCustomerImportPreview>(server.app, 'POST', '/seller/admin/customer/import/preview', { token, body: body(fileName, data) });
const apply = (fileName: string, data: Buffer, token = admin.token) =>
  call<AdminCustomerImportResult>(server.app, 'POST', '/seller/admin/customer/import/apply', { token, body: body(fileName, data) });
const snapshot = async () =>
  (await rows<{ customers: number; bindings: number; audit: number; tallies: number }>(
    server.db,
    sql`select (select count(*)::int from customers) as customers, (select count(*)::int from customer_bindings) as bindings,
               (select count(*)::int from audit_log) as audit, (select coalesce(sum(customers), 0)::int from customer_tallies) as tallies`,
  ))[0];

beforeAll(async () => {
  admin = await login(server.app, DEMO_ADMINISTRATOR.phone);
  const [found] = await rows<{ id: number; name: string; phone: string; owner: string | null }>(
    server.db,
    sql`select c.id, c.name, c.phone, s.username as owner from customers c left join staff s on s.id = c.owner_id where c.site_id = 101 and c.owner_id is not null order by c.id limit 1`,
  );
  if (!found) throw new Error('the demo data has customers at 101');
  existing = found;
  const hired = await call<{ id: number }>(server.app, 'POST', '/seller/admin/staff/create', {
    token: admin.token,
    body: { username: '前员工', phone: FORMER, positions: [{ siteId: 101, isLeader: false, drawAuth: false }] },
  });
  expect(hired.status).toBe(200);
  await server.db.execute(sql`update staff set status = 'inactive' where id = ${hired.body.data.id}`);
});

describe('the template', () => {
  it('downloads as .xlsx (header, text columns, 填写说明) and as .csv (BOM and header)', async () => {
    const headers = { platform: PLATFORM, version: APP_VERSION, authorization: admin.token };
    const xlsx = await server.app.inject({ method: 'POST', url: '/seller/admin/customer/import/template', headers, payload: { format: 'xlsx' } });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('customer-import-template.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['客户', '填写说明']);
    expect((workbook.worksheets[0]?.getRow(1).values as unknown[]).slice(1)).toEqual(HEADER);
    expect(workbook.worksheets[0]?.getColumn(3).numFmt).toBe('@');
    const csv = await server.app.inject({ method: 'POST', url: '/seller/admin/customer/import/template', headers, payload: { format: 'csv' } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toBe(`\uFEFF${HEADER.join(',')}\r\n`);
  });
});

describe('preview', () => {
  it('lists each row’s problems of every kind, and writes nothing', async () => {
    const before = await snapshot();
    const found = await preview(
      '客户.csv',
      csvOf([
        ['好店', '王一', '13912340001', '南京路 1 号', 'a', '地推', '华东一部', PHONES.zhangWei],
        ['', '王二', '13912340002', '', '', '', '101', ''],
        ['坏号店', '', '1391234', '', '', '', '101', ''],
        ['等级店', '', '13912340004', '', 'D', '', '101', ''],
        ['无站店', '', '13912340005', '', '', '', '火星一部', ''],
        ['编号店', '', '13912340006', '', '', '', '999', ''],
        ['陌生店', '', '13912340007', '', '', '', '101', '13912349999'],
        ['离职店', '', '13912340008', '', '', '', '101', FORMER],
        ['外站店', '', '13912340009', '', '', '', '华东二部', PHONES.zhangWei],
        ['坏负责人', '', '13912340010', '', '', '', '101', '12345'],
        ['座机店', '', '021-62345678', '', 'B', '', '华南大区/广州一部', ''],
      ]),
    );
    expect(found.status).toBe(200);
    expect(found.body.data.rows.map((row) => [row.line, row.problems])).toEqual([
      [2, []],
      [3, ['缺少客户名称']],
      [4, ['电话 1391234 不正确（须为 11 位手机号或座机，如 020-12345678）']],
      [5, ['等级“D”须为 A、B 或 C']],
      [6, ['站点“火星一部”不存在或已归档']],
      [7, ['站点编号 999 不存在或已归档']],
      [8, ['没有手机号为 13912349999 的员工']],
      [9, ['负责人 前员工 已离职']],
      [10, ['负责人 张伟 不在站点“华东二部”任职']],
      [11, ['负责人手机号 12345 不正确（须为 11 位手机号）']],
      [12, []],
    ]);
    expect(found.body.data.rows[0]).toMatchObject({ name: '好店', contactName: '王一', level: 'A', site: '华东一部', ownerPhone: PHONES.zhangWei, duplicates: [] });
    expect(found.body.data).toMatchObject({ goodRows: 2, problemRows: 9 });
    expect(await snapshot()).toEqual(before);
  });

  it('shows duplicates within the file (same site, same phone or name key) and against the site’s customers', async () => {
    const found = await preview(
      '重复.csv',
      csvOf([
        ['ＡＢＣ 超市', '', '13912341001', '', '', '', '101', ''],
        ['abc超市', '', '13912341002', '', '', '', '101', ''],
        ['另一家', '', '13912341001', '', '', '', '101', ''],
        ['abc超市', '', '13912341001', '', '', '', '102', ''],
        ['换个名字', '', existing.phone, '', '', '', '101', ''],
        [` ${existing.name} `, '', '13912341005', '', '', '', '101', ''],
      ]),
    );
    expect(found.status).toBe(200);
    const [first, byName, byPhone, otherSite, dbPhone, dbName] = found.body.data.rows;
    expect(first?.duplicates).toEqual([]);
    expect(byName?.duplicates).toEqual([{ line: 2, customerId: null, name: '', ownerName: null, matched: 'name' }]);
    expect(byPhone?.duplicates).toEqual([{ line: 2, customerId: null, name: '', ownerName: null, matched: 'phone' }]);
    // Another site is another pool: no duplicate.
    expect(otherSite?.duplicates).toEqual([]);
    expect(dbPhone?.duplicates).toContainEqual({ line: null, customerId: existing.id, name: existing.name, ownerName: existing.owner, matched: 'phone' });
    expect(dbName?.duplicates).toContainEqual({ line: null, customerId: existing.id, name: existing.name, ownerName: existing.owner, matched: 'name' });
    expect(found.body.data).toMatchObject({ goodRows: 2, problemRows: 4 });
  });

  it('refuses a file it cannot read, or without the required columns, with a Chinese 400', async () => {
    expectFailure(await preview('客户.xls', Buffer.from('x')), 400, '只能导入 .xlsx 或 .csv 文件（.xls 请先另存为 .xlsx）');
    expectFailure(await preview('客户.csv', Buffer.from('\uFEFF客户名称,电话\r\n甲,13912340001\r\n')), 400, '第 1 行应为表头，缺少列：站点（请使用导入模板）');
  });
});

describe('apply', () => {
  it('writes every good row in one transaction (bindings for owners, the pool for the rest), one audit entry, and returns the rest as a .csv error file', async () => {
    const before = await snapshot();
    const done = await apply(
      '新客户.csv',
      csvOf([
        ['导入甲店', '赵一', '13912342001', '人民路 8 号', 'A', '地推', '华东一部', PHONES.zhangWei],
        ['导入乙店', '', '13912342002', '', '', '转介绍', '101', ''],
        ['导入乙店', '', '13912342003', '', '', '', '101', ''],
        ['导入丙店', '', 'bad', '', '', '', '101', ''],
        ['导入丁店', '', '0755-88886666', '', 'b', '', '深圳一部', ''],
      ]),
    );
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ created: 3, bound: 1, pooled: 2, failed: 2 });
    expect(await snapshot()).toEqual({
      customers: (before?.customers ?? 0) + 3,
      bindings: (before?.bindings ?? 0) + 1,
      audit: (before?.audit ?? 0) + 1,
      tallies: (before?.tallies ?? 0) + 3,
    });
    const written = await rows<{ name: string; site_id: number; owner_id: number | null; credited_staff_id: number | null; level: string; source: string; qr_token: string }>(
      server.db,
      sql`select name, site_id, owner_id, credited_staff_id, level, source, qr_token from customers where name in ('导入甲店', '导入乙店', '导入丁店') order by id`,
    );
    const [zhangWei] = await rows<{ id: number }>(server.db, sql`select id from staff where phone = ${PHONES.zhangWei} and status = 'active'`);
    expect(written.map(({ qr_token: _token, ...row }) => row)).toEqual([
      { name: '导入甲店', site_id: 101, owner_id: zhangWei?.id, credited_staff_id: zhangWei?.id, level: 'A', source: '地推' },
      { name: '导入乙店', site_id: 101, owner_id: null, credited_staff_id: null, level: 'C', source: '转介绍' },
      { name: '导入丁店', site_id: 203, owner_id: null, credited_staff_id: null, level: 'B', source: '' },
    ]);
    expect(new Set(written.map((row) => row.qr_token)).size).toBe(3);
    // Each has a QR code the app's scanner reads (扫码认领).
    for (const row of written) expect(parseCustomerQr(customerQrPayload(row.qr_token))).toBe(row.qr_token);
    const [binding] = await rows<{ staff_id: number; bound_by: number; kind: string; unbound_at: Date | null }>(
      server.db,
      sql`select b.staff_id, b.bound_by, b.kind, b.unbound_at from customer_bindings b join customers c on c.id = b.customer_id where c.name = '导入甲店'`,
    );
    expect(binding).toEqual({ staff_id: zhangWei?.id, bound_by: admin.accountInfo.id, kind: 'bind', unbound_at: null });
    const [entry] = await rows<{ actor_id: number; detail: string; after: Record<string, unknown> }>(
      server.db,
      sql`select actor_id, detail, after from audit_log where action = 'customer.import' order by id desc limit 1`,
    );
    expect(entry).toEqual({
      actor_id: admin.accountInfo.id,
      detail: 'rows 5 created 3 failed 2 file 新客户.csv',
      after: { fileName: '新客户.csv', rows: 5, created: 3, bound: 1, pooled: 2, failed: 2 },
    });
    // The tallies agree with a recount from the customers.
    const [drift] = await rows<{ n: number }>(
      server.db,
      sql`select count(*)::int as n from (select site_id, coalesce(owner_id, 0) as owner_id, level, order_count > 0 as has_orders, count(*)::int as customers from customers group by 1, 2, 3, 4) c
          full join customer_tallies t using (site_id, owner_id, level, has_orders) where coalesce(c.customers, 0) <> coalesce(t.customers, 0)`,
    );
    expect(drift?.n).toBe(0);

    const errorFile = done.body.data.errorFile;
    expect(errorFile?.fileName).toBe('新客户-未导入.csv');
    const parsed = parseCsv(Buffer.from(errorFile?.fileBase64 ?? '', 'base64').toString('utf8'));
    expect(parsed.rows).toEqual([
      [...HEADER, '错误'],
      ['导入乙店', '', '13912342003', '', '', '', '101', '', '与第 3 行重复（名称相同）'],
      ['导入丙店', '', 'bad', '', '', '', '101', '', '电话 bad 不正确（须为 11 位手机号或座机，如 020-12345678）'],
    ]);

    // The same file again: every row is now a duplicate of a customer in the database.
    const again = await apply('新客户.csv', csvOf([['导入甲店', '赵一', '13912342001', '', 'A', '', '华东一部', PHONES.zhangWei]]));
    expect(again.body.data).toMatchObject({ created: 0, failed: 1 });
    const second = parseCsv(Buffer.from(again.body.data.errorFile?.fileBase64 ?? '', 'base64').toString('utf8'));
    expect(second.rows[1]?.[8]).toMatch(/^与已有客户“导入甲店”（编号 \d+，负责人 张伟）重复（电话和名称都相同）$/);
  });

  it('hands an .xlsx back as an .xlsx error file, phones read from number cells', async () => {
    const done = await apply(
      '表格.xlsx',
      await xlsxOf([
        ['表格甲店', '', '13912343001', '', '', '', '101', PHONES.zhangWei],
        ['表格乙店', '', '13912343002', '', 'Z', '', '101', ''],
      ]),
    );
    expect(done.body.data).toMatchObject({ created: 1, bound: 1, failed: 1 });
    expect(done.body.data.errorFile?.fileName).toBe('表格-未导入.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(done.body.data.errorFile?.fileBase64 ?? '', 'base64') as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect((sheet?.getRow(1).values as unknown[]).slice(1)).toEqual([...HEADER, '错误']);
    expect(Array.from({ length: 9 }, (_, index) => sheet?.getRow(2).getCell(index + 1).text)).toEqual(['表格乙店', '', '13912343002', '', 'Z', '', '101', '', '等级“Z”须为 A、B 或 C']);
  });

  it('writes nothing when the transaction fails part way', async () => {
    const before = await snapshot();
    // The bindings' insert fails after the customers' insert of the same transaction.
    await server.db.execute(sql`create or replace function import_test_fail() returns trigger language plpgsql as $$ begin raise exception 'boom'; end $$`);
    await server.db.execute(sql`create trigger import_test_fail after insert on customer_bindings for each statement execute function import_test_fail()`);
    try {
      const failed = await apply('半途.csv', csvOf([
        ['半途甲店', '', '13912344001', '', '', '', '101', ''],
        ['半途乙店', '', '13912344002', '', '', '', '101', PHONES.zhangWei],
      ]));
      expect(failed.status).toBe(500);
    } finally {
      await server.db.execute(sql`drop trigger import_test_fail on customer_bindings`);
      await server.db.execute(sql`drop function import_test_fail()`);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('imports each customer once when the same file is applied twice at the same time', async () => {
    const file = csvOf(Array.from({ length: 30 }, (_, index) => [`并发店${index}`, '', `139123460${String(index).padStart(2, '0')}`, '', '', '', '101', index % 2 === 0 ? PHONES.zhangWei : '']));
    const [first, second] = await Promise.all([apply('并发.csv', file), apply('并发.csv', file)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect([first.body.data.created, second.body.data.created].sort((a, b) => a - b)).toEqual([0, 30]);
    expect([first.body.data.failed, second.body.data.failed].sort((a, b) => a - b)).toEqual([0, 30]);
    const [written] = await rows<{ customers: number; bindings: number }>(
      server.db,
      sql`select count(distinct c.id)::int as customers, count(b.id)::int as bindings from customers c left join customer_bindings b on b.customer_id = c.id where c.name like '并发店%'`,
    );
    expect(written).toEqual({ customers: 30, bindings: 15 });
  });

  it('is for administrators only', async () => {
    const leader = await login(server.app, PHONES.liNa);
    const before = await snapshot();
    const file = csvOf([['越权店', '', '13912345001', '', '', '', '101', '']]);
    expectFailure(await preview('a.csv', file, leader.token), 403, ADMINISTRATORS_ONLY);
    expectFailure(await apply('a.csv', file, leader.token), 403, ADMINISTRATORS_ONLY);
    const template = await call(server.app, 'POST', '/seller/admin/customer/import/template', { token: leader.token, body: { format: 'csv' } });
    expectFailure(template, 403, ADMINISTRATORS_ONLY);
    expect(await snapshot()).toEqual(before);
  });
});
