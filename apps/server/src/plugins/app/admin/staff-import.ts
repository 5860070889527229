/**
 * 批量导入员工 (issue 26 §4): a template to fill in, a preview that lists every row's problems
 * before anything is written, and an apply that writes every row or none — one transaction that
 * checks the rows again, one audit entry (staff.import) — then sends each new person their one-time
 * password by SMS, as 新员工 does (staff-admin.ts: the same checks, insert and message).
 */
import {
  STAFF_IMPORT_BYTES_MAX,
  STAFF_IMPORT_COLUMNS,
  STAFF_IMPORT_ROLES,
  STAFF_IMPORT_ROWS_MAX,
  maskPhone,
  type AdminStaffImportBody,
  type AdminStaffImportPreview,
  type AdminStaffImportResult,
  type AdminStaffImportRow,
  type StaffImportFormat,
} from '@sales/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import { sites, staff } from '../../../db/schema.js';
import { badRequest, conflict } from '../../../lib/errors.js';
import { readSheetFile, sheetTemplate, type SheetRow } from '../../../lib/sheet-file.js';
import { appendAudit, type ClientContext } from '../audit.js';
import type { SessionUser } from '../account/account-shared.js';
import {
  PHONE_TAKEN,
  describePositions,
  insertStaff,
  isActivePhoneClash,
  issueOneTimePassword,
  nameProblem,
  phoneProblem,
  sendOneTimePassword,
  wecomIdProblem,
  dingtalkIdProblem,
  type Hire,
  type StaffAdminDeps,
} from './staff-admin.js';

const [NAME, PHONE, SITE, ROLE, DRAW, WECOM, DINGTALK] = STAFF_IMPORT_COLUMNS;
const REQUIRED = [NAME, PHONE, SITE, ROLE];
const OPTIONAL = [DRAW, WECOM, DINGTALK];

/** What the template's 填写说明 says, one line a column. */
const TEMPLATE_NOTES = [
  `${NAME}：必填，1–32 个字`,
  `${PHONE}：必填，11 位大陆手机号，不能与在职员工或本文件其他行重复；一次性密码将短信发到该号码`,
  `${SITE}：必填，组织架构里未归档站点的名称；有同名站点时写成 上级/站点，如 华南大区/广州一部`,
  `${ROLE}：必填，主管 或 业务员`,
  `${DRAW}：选填，是 或 否（默认 否）`,
  `${WECOM}：选填，企业微信 userid`,
  `${DINGTALK}：选填，钉钉 userid`,
  `每个文件最多 ${STAFF_IMPORT_ROWS_MAX} 行、${STAFF_IMPORT_BYTES_MAX / 1024 / 1024} MB；一人一行，一人一个岗位，其他岗位可导入后在 员工 页修改`,
];

export const IMPORT_HAS_PROBLEMS = (rows: number) => `有 ${rows} 行有问题，没有导入任何人：请修正后重新预览`;

/** The template: the header row (and in the workbook a 填写说明 sheet). */
export async function staffImportTemplate(format: StaffImportFormat): Promise<Buffer> {
  return sheetTemplate(format, '员工', STAFF_IMPORT_COLUMNS, TEMPLATE_NOTES);
}

/** A row as read and judged: what the file said, its problems, and when it has none the position it makes. */
interface Judged extends AdminStaffImportRow {
  hire?: { siteId: number; siteName: string; isLeader: boolean };
}

/** The sites a row may name: those not archived, each with its full path (华南大区/广州一部). */
export async function liveSites(db: Db | Tx): Promise<{ id: number; name: string; path: string }[]> {
  const all = await db.select({ id: sites.id, name: sites.name, parentId: sites.parentId, archivedAt: sites.archivedAt }).from(sites);
  const byId = new Map(all.map((site) => [site.id, site]));
  const pathOf = (id: number): string => {
    const names: string[] = [];
    const seen = new Set<number>();
    for (let at = byId.get(id); at && !seen.has(at.id); at = at.parentId === null ? undefined : byId.get(at.parentId)) {
      seen.add(at.id);
      names.unshift(at.name);
    }
    return names.join('/');
  };
  return all.filter((site) => site.archivedAt === null).map((site) => ({ id: site.id, name: site.name, path: pathOf(site.id) }));
}

/** Every row's problems, against the file itself and the organisation as `db` sees it. */
async function judge(db: Db | Tx, rows: SheetRow[]): Promise<Judged[]> {
  const places = await liveSites(db);
  const phones = [...new Set(rows.map((row) => row.cells[PHONE] ?? '').filter((phone) => phoneProblem(phone) === null))];
  const holders =
    phones.length === 0
      ? []
      : await db
          .select({ phone: staff.phone, username: staff.username })
          .from(staff)
          .where(and(inArray(staff.phone, phones), eq(staff.status, 'active')));
  const holderOf = new Map(holders.map((holder) => [holder.phone, holder.username]));
  const firstLineOf = new Map<string, number>();
  for (const row of rows) {
    const phone = row.cells[PHONE] ?? '';
    if (phone && !firstLineOf.has(phone)) firstLineOf.set(phone, row.line);
  }

  return rows.map((row): Judged => {
    const cell = (column: string) => row.cells[column] ?? '';
    const [username, phone, site, role, draw, wecomUserId, dingtalkUserId] = [cell(NAME), cell(PHONE), cell(SITE), cell(ROLE), cell(DRAW), cell(WECOM), cell(DINGTALK)];
    const problems: string[] = [];
    if (username.length === 0) problems.push('缺少姓名');
    else if (nameProblem(username)) problems.push('姓名须为 1–32 个字');
    if (phone.length === 0) problems.push('缺少手机号');
    else if (phoneProblem(phone)) problems.push(`手机号 ${phone} 不正确（须为 11 位大陆手机号）`);
    else if (firstLineOf.get(phone) !== row.line) problems.push(`手机号与第 ${firstLineOf.get(phone)} 行重复`);
    else if (holderOf.has(phone)) problems.push(`手机号已被在职员工 ${holderOf.get(phone)} 使用`);
    const matches = site.length === 0 ? [] : places.filter((place) => place.path === site || place.path.endsWith(`/${site}`));
    if (site.length === 0) problems.push('缺少站点');
    else if (matches.length === 0) problems.push(`站点“${site}”不存在或已归档`);
    else if (matches.length > 1) problems.push(`有 ${matches.length} 个站点叫“${site}”，请写成 上级/站点`);
    const isLeader = role in STAFF_IMPORT_ROLES ? STAFF_IMPORT_ROLES[role as keyof typeof STAFF_IMPORT_ROLES] : undefined;
    if (role.length === 0) problems.push('缺少角色');
    else if (isLeader === undefined) problems.push(`角色“${role}”须为 主管 或 业务员`);
    const drawAuth = draw === '是';
    if (draw !== '' && draw !== '是' && draw !== '否') problems.push(`抽单权限“${draw}”须为 是 或 否`);
    const wecomProblem = wecomIdProblem(wecomUserId);
    if (wecomProblem) problems.push(wecomProblem);
    const dingtalkProblem = dingtalkIdProblem(dingtalkUserId);
    if (dingtalkProblem) problems.push(dingtalkProblem);
    const place = matches.length === 1 ? matches[0] : undefined;
    return {
      line: row.line,
      username,
      phone,
      site,
      role,
      drawAuth,
      wecomUserId,
      dingtalkUserId,
      problems,
      ...(problems.length === 0 && place && isLeader !== undefined ? { hire: { siteId: place.id, siteName: place.name, isLeader } } : {}),
    };
  });
}

const readRows = (file: AdminStaffImportBody) =>
  readSheetFile(file.fileName, Buffer.from(file.fileBase64, 'base64'), { required: REQUIRED, optional: OPTIONAL }, { maxBytes: STAFF_IMPORT_BYTES_MAX, maxRows: STAFF_IMPORT_ROWS_MAX });

const publicRow = ({ hire: _hire, ...row }: Judged): AdminStaffImportRow => row;

/** 预览: every row with its problems; nothing is written. */
export async function previewStaffImport(db: Db, file: AdminStaffImportBody): Promise<AdminStaffImportPreview> {
  const judged = await judge(db, await readRows(file));
  return { rows: judged.map(publicRow), problemRows: judged.filter((row) => row.problems.length > 0).length };
}

/**
 * 导入: every row or none. The rows are judged again inside the transaction (the sites locked
 * against the tree's writers; a phone taken meanwhile trips the active-phone index: 409); any
 * problem refuses the whole file. The one-time passwords go out by SMS after commit.
 */
export async function applyStaffImport(deps: StaffAdminDeps, admin: SessionUser, file: AdminStaffImportBody, client: ClientContext): Promise<AdminStaffImportResult> {
  const rows = await readRows(file);
  const early = await judge(deps.db, rows);
  const failing = early.filter((row) => row.problems.length > 0).length;
  if (failing > 0) throw badRequest(IMPORT_HAS_PROBLEMS(failing));
  const passwords = await Promise.all(early.map(() => issueOneTimePassword()));
  let created: { id: number; username: string; phone: string; oneTime: string }[];
  try {
    created = await deps.db.transaction(async (tx) => {
      await tx.execute(sql`lock table ${sites} in share mode`);
      const judged = await judge(tx, rows);
      const refused = judged.filter((row) => row.problems.length > 0).length;
      if (refused > 0) throw badRequest(IMPORT_HAS_PROBLEMS(refused));
      const people: { id: number; username: string; phone: string; oneTime: string }[] = [];
      const described: string[] = [];
      for (const [index, row] of judged.entries()) {
        const password = passwords[index];
        if (!row.hire || !password) throw new Error('a judged row without problems has its position and password');
        const position = { siteId: row.hire.siteId, isLeader: row.hire.isLeader, drawAuth: row.drawAuth };
        const hire: Hire = {
          username: row.username,
          phone: row.phone,
          passwordHash: password.passwordHash,
          wecomUserId: row.wecomUserId || null,
          dingtalkUserId: row.dingtalkUserId || null,
          reportAllSites: false,
          teamReportAuth: false,
          isAdmin: false,
          positions: [position],
        };
        const id = await insertStaff(tx, hire);
        people.push({ id, username: row.username, phone: row.phone, oneTime: password.oneTime });
        described.push(`${row.username} ${maskPhone(row.phone)} ${describePositions([position], new Map([[row.hire.siteId, row.hire.siteName]]))}`);
      }
      await appendAudit(tx, {
        action: 'staff.import',
        actorId: admin.id,
        targetId: null,
        detail: `rows ${people.length} file ${file.fileName}`,
        before: null,
        after: { fileName: file.fileName.slice(0, 255), rows: people.length, people: described },
        client,
      });
      return people;
    });
  } catch (error) {
    if (isActivePhoneClash(error)) throw conflict(PHONE_TAKEN);
    throw error;
  }
  const people = [];
  for (const person of created) {
    const sent = await sendOneTimePassword(deps, person.id, person.phone, person.oneTime);
    people.push({ ...sent, username: person.username });
  }
  return { created: people.length, people };
}
