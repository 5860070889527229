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
import { appendAudit, type ClientContext } from '../audit.js';
import { oneTimePasswordContent, type SmsProvider } from '../account/sms.js';
import { revokeAllSessions, type SessionUser } from '../account/account-shared.js';
import { noticePasswordReset } from '../notices/notice-events.js';

export const PHONE_TAKEN = '该手机号已被在职员工使用';

export interface StaffAdminDeps {
  readonly db: Db;
  readonly sms: SmsProvider;
  /** Drops every instance's cached sessions and info of a person; after commit. */
  staffChanged(staffId: number): Promise<void>;
}

export const yesNo = (value: boolean) => (value ? '是' : '否');

/** The name as stored: trimmed, 1–32 characters. */
export function requireName(raw: string): string {
  const name = raw.trim();
  if (name.length === 0 || name.length > 32) throw badRequest('姓名须为 1–32 个字');
  return name;
}

function requirePhone(raw: string): string {
  const phone = raw.trim();
  if (!isMobile(phone)) throw badRequest('请输入正确的手机号');
  return phone;
}

/** 企业微信 userid: trimmed; empty means not linked. */
export function wecomIdOf(raw: string | null | undefined): string | null {
  const id = raw?.trim() ?? '';
  if (id.length === 0) return null;
  if (!/^[\w.@-]{1,64}$/.test(id)) throw badRequest('企业微信账号只能包含字母、数字和 _ . @ -');
  return id;
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
  const flags = { reportAllSites: input.reportAllSites ?? false, teamReportAuth: input.teamReportAuth ?? false, isAdmin: input.isAdmin ?? false };
  const oneTime = newPassword();
  const passwordHash = await hash(oneTime);
  let id: number;
  try {
    id = await deps.db.transaction(async (tx) => {
      const names = await checkPositions(tx, input.positions);
      await ensurePhoneFree(tx, phone);
      const [created] = await tx
        .insert(staff)
        .values({ username, phone, passwordHash, mustChangePassword: true, wecomUserId, ...flags })
        .returning({ id: staff.id });
      if (!created) throw new Error('the staff member was not created');
      if (input.positions.length > 0) {
        await tx.insert(positions).values(input.positions.map((position) => ({ staffId: created.id, ...position })));
      }
      const detail = [
        `新员工 ${username} ${maskPhone(phone)}`,
        `岗位 ${describePositions(input.positions, names)}`,
        `全站日报 ${yesNo(flags.reportAllSites)} 团队报表 ${yesNo(flags.teamReportAuth)} 管理员 ${yesNo(flags.isAdmin)}`,
        `企业微信 ${wecomUserId ?? '无'}`,
      ].join('；');
      await appendAudit(tx, { action: 'staff.create', actorId: admin.id, targetId: created.id, detail, client });
      return created.id;
    });
  } catch (error) {
    if (isActivePhoneClash(error)) throw conflict(PHONE_TAKEN);
    throw error;
  }
  return sendOneTimePassword(deps, id, phone, oneTime);
}

/** The one-time password by SMS through the configured provider; back to the administrator only with the console provider. */
async function sendOneTimePassword(deps: StaffAdminDeps, id: number, phone: string, oneTime: string): Promise<AdminOneTimePassword> {
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
  const oneTime = newPassword();
  const passwordHash = await hash(oneTime);
  const phone = await deps.db.transaction(async (tx) => {
    const [person] = await tx
      .update(staff)
      .set({ passwordHash, mustChangePassword: true })
      .where(and(eq(staff.id, staffId), eq(staff.status, 'active')))
      .returning({ phone: staff.phone });
    if (!person) throw notFound('该员工不存在或不在职');
    await revokeAllSessions(tx, staffId);
    await appendAudit(tx, { action: 'staff.password.reset', actorId: admin.id, targetId: staffId, detail: '重置密码：一次性密码已短信发送，登录须修改', client });
    await noticePasswordReset(tx, { staffId, actorId: admin.id, at: new Date() });
    return person.phone;
  });
  await deps.staffChanged(staffId);
  return sendOneTimePassword(deps, staffId, phone, oneTime);
}
