/** What every account module shares: its dependencies, the session user, and small helpers over staff and sessions. */
import { isMobile } from '@sales/contract';
import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import { sessions, staff } from '../../../db/schema.js';
import { sha256 } from '../../../lib/crypto.js';
import { badRequest } from '../../../lib/errors.js';
import { appendAudit, type AuditAction, type ClientContext } from '../audit.js';
import type { SessionCache } from '../auth/session-cache.js';
import type { SmsProvider } from './sms.js';
import type { Throttle } from '../throttle.js';

export type { ClientContext } from '../audit.js';

/** What the account modules work with, built once per app (services.ts). */
export interface AccountDeps {
  readonly db: Db;
  readonly sms: SmsProvider;
  readonly throttle: Throttle;
  readonly sessionDays: number;
  readonly cache: SessionCache;
}

export interface SessionUser {
  id: number;
  username: string;
  phone: string;
  sessionId: number;
  /** A leader reset the password: only the calls that set a new one work until then. */
  mustChangePassword: boolean;
  /** 系统管理员: may call /seller/admin/… (sales-authorization.ts, assertAdministrator). */
  isAdmin: boolean;
}

/** What a deleted account is shown as wherever a person's name appears. */
export const DELETED_NAME = '已注销';

/** Sessions and tickets are stored by the hash of their token, never the token. */
export const hashToken = (token: string) => sha256(token);

/** The phone of a request, trimmed; 400 when it is not a mainland mobile number. */
export function requireMobile(phone: string): string {
  const trimmed = phone.trim();
  if (!isMobile(trimmed)) throw badRequest('请输入正确的手机号');
  return trimmed;
}

export async function findActiveByPhone(db: Db | Tx, phone: string) {
  const [row] = await db.select().from(staff).where(and(eq(staff.phone, phone), eq(staff.status, 'active')));
  return row;
}

/** What sign-in says to a person an administrator deactivated (离职). */
export const ACCOUNT_DEACTIVATED = '账号已停用，请联系管理员';

/** The most recently deactivated person of a phone that no active staff member holds (离职). */
export async function findInactiveByPhone(db: Db | Tx, phone: string) {
  const [row] = await db
    .select()
    .from(staff)
    .where(and(eq(staff.phone, phone), eq(staff.status, 'inactive')))
    .orderBy(desc(staff.deactivatedAt), desc(staff.id))
    .limit(1);
  return row;
}

/** Ends every session of a user (password or phone change, account deletion); the caller calls `staffChanged` after commit. */
export async function revokeAllSessions(db: Db | Tx, staffId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.staffId, staffId), isNull(sessions.revokedAt)));
}

/** Ends every session of the user but the one making the call. */
export async function revokeOtherSessions(db: Db | Tx, user: SessionUser): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.staffId, user.id), ne(sessions.id, user.sessionId), isNull(sessions.revokedAt)));
}

/**
 * Tells every instance that a user changed (sessions, phone, password, positions, flags, deletion):
 * their cached sessions and info are dropped. Call it after the change has committed.
 */
export async function staffChanged(deps: AccountDeps, staffId: number): Promise<void> {
  await deps.cache.invalidate({ staff: staffId });
}

/** Appends to the audit log, inside the caller's transaction so the entry and the change commit together. */
export async function auditAccount(db: Db | Tx, action: AuditAction, actorId: number, client: ClientContext, targetId = actorId): Promise<void> {
  await appendAudit(db, { action, actorId, targetId, client });
}
