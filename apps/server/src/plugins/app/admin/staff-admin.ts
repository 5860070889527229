/**
 * 员工 as an administrator changes them (issue 26 §4): hiring (新员工) and 重置密码. Every change is one
 * transaction with its audit entry; the administrator is the actor, the person the target, and the
 * detail says what changed — never a password.
 */
import { hash } from '@node-rs/argon2';
import { isMobile, maskPhone, type AdminOneTimePassword, type AdminPositionInput, type AdminStaffCreateBody } from '@sales/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import { positions, sites, staff } from '../../../db/schema.js';
import { newPassword } from '../../../lib/crypto.js';
import { badRequest, conflict, notFound } from '../../../lib/errors.js';
import { appendAudit, type AuditValues, type ClientContext } from '../audit.js';
import { oneTimePasswordContent, type SmsProvider } from '../account/sms.js';
import { revokeAllSessions, type SessionUser } from '../account/account-shared.js';
import { noticePasswordReset } from '../notices/notice-events.js';

export const PHONE_TAKEN = '该手机号已被在职员工使用';
/** All a password change shows in the audit log. */
export const ONE_TIME_PASSWORD_ISSUED = '已签发一次性密码（短信发送，登录须修改）';

export interface StaffAdminDeps {
  readonly db: Db;
  readonly sms: SmsProvider;
  /** Drops every instance's cached sessions and info of a person; after commit. */
  staffChanged(staffId: number): Promise<void>;
}

export const yesNo = (value: boolean) => (value ? '是' : '否');

export const NAME_INVALID = '姓名须为 1–32 个字';
export const PHONE_INVALID = '请输入正确的手机号';
export const WECOM_ID_INVALID = '企业微信账号只能包含字母、数字和 _ . @ -';

/** What is wrong with a name as stored (trimmed, 1–32 characters), or null. The import reports it per row. */
export const nameProblem = (name: string): string | null => (name.length === 0 || name.length > 32 ? NAME_INVALID : null);
/** SPEC §5: a mainland mobile number. */
export const phoneProblem = (phone: string): string | null => (isMobile(phone) ? null : PHONE_INVALID);
/** 企业微信 userid (trimmed, empty = not linked). */
export const wecomIdProblem = (id: string): string | null => (id.length === 0 || /^[\w.@-]{1,64}$/.test(id) ? null : WECOM_ID_INVALID);
export const DINGTALK_ID_INVALID = '钉钉账号只能包含字母、数字和 _ . @ -';
/** 钉钉 userid (trimmed, empty = not linked): the same characters as 企业微信's. */
export const dingtalkIdProblem = (id: string): string | null => (id.length === 0 || /^[\w.@-]{1,64}$/.test(id) ? null : DINGTALK_ID_INVALID);

/** The name as stored: trimmed, 1–32 characters. */
export function requireName(raw: string): string {
  const name = raw.trim();
  const problem = nameProblem(name);
  if (problem) throw badRequest(problem);
  return name;
}

function requirePhone(raw: string): string {
  const phone = raw.trim();
  const problem = phoneProblem(phone);
  if (problem) throw badRequest(problem);
  return phone;
}

/** 企业微信 userid: trimmed; empty means not linked. */
export function wecomIdOf(raw: string | null | undefined): string | null {
  const id = raw?.trim() ?? '';
  const problem = wecomIdProblem(id);
  if (problem) throw badRequest(problem);
  return id.length === 0 ? null : id;
}

/** 钉钉 userid: trimmed; empty means not linked. */
export function dingtalkIdOf(raw: string | null | undefined): string | null {
  const id = raw?.trim() ?? '';
  const problem = dingtalkIdProblem(id);
  if (problem) throw badRequest(problem);
  return id.length === 0 ? null : id;
}

/**
 * One position per site, each site existing and not archived (an archived site is offered nowhere
 * new); a site in `kept` (a position the person already holds) may stay even if archived since.
 * Returns the sites' names for the audit detail.
 */
export async function checkPositions(db: Db | Tx, wanted: AdminPositionInput[], kept: ReadonlySet<number> = new Set()): Promise<Map<number, string>> {
  const ids = wanted.map((position) => position.siteId);
  if (new Set(ids).size !== ids.length) throw badRequest('同一站点只能设一个岗位');
  if (ids.length === 0) return new Map();
  const found = await db.select({ id: sites.id, name: sites.name, archivedAt: sites.archivedAt }).from(sites).where(inArray(sites.id, ids));
  if (found.length !== ids.length) throw badRequest('所选站点不存在');
  const archived = found.find((site) => site.archivedAt !== null && !kept.has(site.id));
  if (archived) throw badRequest(`站点「${archived.name}」已归档，不能在此设岗位`);
  return new Map(found.map((site) => [site.id, site.name]));
}

/** How positions read in the audit log: `华东一部 主管 抽单`. */
export function describePositions(held: AdminPositionInput[], names: Map<number, string>): string {
  if (held.length === 0) return '无岗位';
  return held.map((position) => `${names.get(position.siteId) ?? `站点${position.siteId}`} ${position.isLeader ? '主管' : '业务员'}${position.drawAuth ? ' 抽单' : ''}`).join('、');
}

export async function ensurePhoneFree(tx: Tx, phone: string, except?: number): Promise<void> {
  const holders = await tx.select({ id: staff.id }).from(staff).where(and(eq(staff.phone, phone), eq(staff.status, 'active')));
  if (holders.some((holder) => holder.id !== except)) throw conflict(PHONE_TAKEN);
}

/** A unique violation of the active phone index, raced past ensurePhoneFree: the same 409. */
export function isActivePhoneClash(error: unknown): boolean {
  const text = (value: unknown): string => (value instanceof Error ? `${value.message} ${text((value as { cause?: unknown }).cause)}` : '');
  return text(error).includes('staff_active_phone_uq');
}

/**
 * 新员工: the person with their positions and flags and a one-time password that their first
 * sign-in must replace, sent by SMS through the configured provider. The password comes back only
 * with the console provider (nothing is really sent), for the administrator to pass on once.
 */
export async function createStaff(deps: StaffAdminDeps, admin: SessionUser, input: AdminStaffCreateBody, client: ClientContext): Promise<AdminOneTimePassword> {
  const username = requireName(input.username);
  const phone = requirePhone(input.phone);
  const wecomUserId = wecomIdOf(input.wecomUserId);
  const dingtalkUserId = dingtalkIdOf(input.dingtalkUserId);
  const flags = { reportAllSites: input.reportAllSites ?? false, teamReportAuth: input.teamReportAuth ?? false, isAdmin: input.isAdmin ?? false };
  const { oneTime, passwordHash } = await issueOneTimePassword();
  let id: number;
  try {
    id = await deps.db.transaction(async (tx) => {
      const names = await checkPositions(tx, input.positions);
      await ensurePhoneFree(tx, phone);
      const hire: Hire = { username, phone, passwordHash, wecomUserId, dingtalkUserId, ...flags, positions: input.positions };
      const created = await insertStaff(tx, hire);
      const detail = [
        `新员工 ${username} ${maskPhone(phone)}`,
        `岗位 ${describePositions(input.positions, names)}`,
        `全站日报 ${yesNo(flags.reportAllSites)} 团队报表 ${yesNo(flags.teamReportAuth)} 管理员 ${yesNo(flags.isAdmin)}`,
        `企业微信 ${wecomUserId ?? '无'}`,
        `钉钉 ${dingtalkUserId ?? '无'}`,
      ].join('；');
      await appendAudit(tx, { action: 'staff.create', actorId: admin.id, targetId: created, detail, before: null, after: hireValues(hire, names), client });
      return created;
    });
  } catch (error) {
    if (isActivePhoneClash(error)) throw conflict(PHONE_TAKEN);
    throw error;
  }
  return sendOneTimePassword(deps, id, phone, oneTime);
}

/** A new person as written: who they are, their flags and positions, and the hash of their one-time password. */
export interface Hire {
  username: string;
  phone: string;
  passwordHash: string;
  wecomUserId: string | null;
  /** 钉钉 userid; absent or null = not linked. */
  dingtalkUserId?: string | null;
  reportAllSites: boolean;
  teamReportAuth: boolean;
  isAdmin: boolean;
  positions: AdminPositionInput[];
}

/** A one-time password and its hash; the first sign-in must replace it. */
export async function issueOneTimePassword(): Promise<{ oneTime: string; passwordHash: string }> {
  const oneTime = newPassword();
  return { oneTime, passwordHash: await hash(oneTime) };
}

/** Writes the person and their positions (in the caller's transaction, after its checks); their id. */
export async function insertStaff(tx: Tx, hire: Hire): Promise<number> {
  const { positions: held, ...person } = hire;
  const [created] = await tx
    .insert(staff)
    .values({ ...person, mustChangePassword: true })
    .returning({ id: staff.id });
  if (!created) throw new Error('the staff member was not created');
  if (held.length > 0) await tx.insert(positions).values(held.map((position) => ({ staffId: created.id, ...position })));
  return created.id;
}

/** A hired person as the audit log's after shows them: the phone masked, no password. */
export function hireValues(hire: Hire, names: Map<number, string>): AuditValues {
  return {
    username: hire.username,
    phone: maskPhone(hire.phone),
    positions: hire.positions.map((position) => describePositions([position], names)),
    reportAllSites: hire.reportAllSites,
    teamReportAuth: hire.teamReportAuth,
    isAdmin: hire.isAdmin,
    wecomUserId: hire.wecomUserId,
    dingtalkUserId: hire.dingtalkUserId ?? null,
  };
}

/** The one-time password by SMS through the configured provider; back to the administrator only with the console provider. */
export async function sendOneTimePassword(deps: StaffAdminDeps, id: number, phone: string, oneTime: string): Promise<AdminOneTimePassword> {
  await deps.sms.send(deps.db, { phone, scene: 'resetPassword', code: oneTime, content: oneTimePasswordContent(oneTime) });
  return { id, phone: maskPhone(phone), ...(deps.sms.name === 'console' ? { oneTimePassword: oneTime } : {}) };
}

/**
 * 重置密码: a new one-time password by SMS that the next sign-in must replace; every session of the
 * person ends (the caller drops the caches of every instance after commit: staffChanged). An
 * administrator changes their own password on the phone or in the console's 修改密码 instead.
 */
export async function resetStaffPasswordAsAdmin(deps: StaffAdminDeps, admin: SessionUser, staffId: number, client: ClientContext): Promise<AdminOneTimePassword> {
  if (staffId === admin.id) throw badRequest('不能重置自己的密码，请使用修改密码');
  const { oneTime, passwordHash } = await issueOneTimePassword();
  const phone = await deps.db.transaction(async (tx) => {
    const [person] = await tx
      .update(staff)
      .set({ passwordHash, mustChangePassword: true })
      .where(and(eq(staff.id, staffId), eq(staff.status, 'active')))
      .returning({ phone: staff.phone });
    if (!person) throw notFound('该员工不存在或不在职');
    await revokeAllSessions(tx, staffId);
    await appendAudit(tx, {
      action: 'staff.password.reset',
      actorId: admin.id,
      targetId: staffId,
      detail: '重置密码：一次性密码已短信发送，登录须修改',
      before: null,
      after: { password: ONE_TIME_PASSWORD_ISSUED },
      client,
    });
    await noticePasswordReset(tx, { staffId, actorId: admin.id, at: new Date() });
    return person.phone;
  });
  await deps.staffChanged(staffId);
  return sendOneTimePassword(deps, staffId, phone, oneTime);
}
