/** Logging in (password or code), the sessions it opens, reading a session back and logging out. */
import { hash, verify } from '@node-rs/argon2';
import { maskPhone, type LoginResult } from '@sales/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { sessions, staff } from '../../../db/schema.js';
import { newToken } from '../../../lib/crypto.js';
import { AppError, badRequest } from '../../../lib/errors.js';
import { appendAudit } from '../audit.js';
import { consumeCode } from './account-codes.js';
import { countPasswordTry } from './account-password-tries.js';
import { ACCOUNT_DEACTIVATED, findActiveByPhone, findInactiveByPhone, hashToken, type AccountDeps, type ClientContext, type SessionUser } from './account-shared.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Verified against when the phone has no account, so both paths cost the same. */
const DUMMY_HASH_PROMISE = hash('not-a-real-password-0f3c');

export async function loginWithPassword(deps: AccountDeps, phone: string, password: string, client: ClientContext): Promise<LoginResult> {
  const succeeded = await countPasswordTry(deps, phone, client);
  const user = await findActiveByPhone(deps.db, phone);
  const inactive = user ? undefined : await findInactiveByPhone(deps.db, phone);
  const valid = await verify(user?.passwordHash ?? inactive?.passwordHash ?? (await DUMMY_HASH_PROMISE), password);
  // 离职: the right password of a deactivated account says so; a wrong one says nothing more.
  if (inactive && valid) throw badRequest(ACCOUNT_DEACTIVATED);
  if (!user || !valid) {
    await auditFailedLogin(deps, phone, 'password', client);
    throw badRequest('手机号或密码错误');
  }
  await succeeded();
  return startSession(deps, user, 'password', client);
}

export async function loginWithCode(deps: AccountDeps, phone: string, code: string, client: ClientContext): Promise<LoginResult> {
  try {
    await consumeCode(deps, phone, 'login', code);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 400) await auditFailedLogin(deps, phone, 'code', client);
    throw error;
  }
  const user = await findActiveByPhone(deps.db, phone);
  if (!user) throw badRequest((await findInactiveByPhone(deps.db, phone)) ? ACCOUNT_DEACTIVATED : '该手机号未开通账号，请联系管理员');
  return startSession(deps, user, 'code', client);
}

/** A wrong password or code: the account it was tried on (when there is one) and the masked phone, never what was typed. */
async function auditFailedLogin(deps: AccountDeps, phone: string, method: 'password' | 'code', client: ClientContext): Promise<void> {
  const user = await findActiveByPhone(deps.db, phone);
  await appendAudit(deps.db, { action: 'login.failed', actorId: user?.id ?? null, detail: `${method} ${maskPhone(phone)}`, client });
}

export async function ensureCanReceiveLoginCode(deps: AccountDeps, phone: string): Promise<void> {
  if (await findActiveByPhone(deps.db, phone)) return;
  throw badRequest((await findInactiveByPhone(deps.db, phone)) ? ACCOUNT_DEACTIVATED : '该手机号未开通账号，请联系管理员');
}

/** How a session was opened, as the audit log's `login` entry says. */
export type LoginMethod = 'password' | 'code' | 'wecom' | 'dingtalk';

/**
 * Opens a session for a staff member a host app (企业微信, 钉钉) vouched for (host-login.ts): the
 * same session and audit entry as a password login; the caller has checked the account is active.
 */
export function loginWithHost(
  deps: AccountDeps,
  user: { id: number; username: string; phone: string; mustChangePassword: boolean },
  method: 'wecom' | 'dingtalk',
  client: ClientContext,
): Promise<LoginResult> {
  return startSession(deps, user, method, client);
}

/** Opens a session and records the login in the same transaction. */
async function startSession(
  deps: AccountDeps,
  user: { id: number; username: string; phone: string; mustChangePassword: boolean },
  method: LoginMethod,
  client: ClientContext,
): Promise<LoginResult> {
  const token = newToken();
  await deps.db.transaction(async (tx) => {
    await tx.insert(sessions).values({
      tokenHash: hashToken(token),
      staffId: user.id,
      expiresAt: new Date(Date.now() + deps.sessionDays * DAY_MS),
      userAgent: client.userAgent?.slice(0, 256),
      ip: client.ip.slice(0, 64),
    });
    await appendAudit(tx, { action: 'login', actorId: user.id, detail: method, client });
  });
  return { accountInfo: { id: user.id, username: user.username, phone: user.phone }, token, mustChangePassword: user.mustChangePassword };
}

/** The user behind a token, or null when the token is unknown, ended or expired; cached for a few seconds. */
export async function authenticate(deps: AccountDeps, token: string): Promise<SessionUser | null> {
  const { db, cache } = deps;
  const tokenHash = hashToken(token);
  const cached = cache.session(tokenHash);
  if (cached) return cached.user;
  const generation = cache.generation;
  const [row] = await db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      id: staff.id,
      username: staff.username,
      phone: staff.phone,
      mustChangePassword: staff.mustChangePassword,
      isAdmin: staff.isAdmin,
    })
    .from(sessions)
    .innerJoin(staff, eq(staff.id, sessions.staffId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), eq(staff.status, 'active')));
  if (!row || row.expiresAt.getTime() <= Date.now()) return null;
  // Checked on a cache miss, so at least once per cache lifetime of an active session.
  if (Date.now() - row.lastSeenAt.getTime() > 5 * 60 * 1000) {
    await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, row.sessionId));
  }
  const user = { id: row.id, username: row.username, phone: row.phone, sessionId: row.sessionId, mustChangePassword: row.mustChangePassword, isAdmin: row.isAdmin };
  cache.storeSession(tokenHash, { user, expiresAt: row.expiresAt.getTime() }, generation);
  return user;
}

export async function logout(deps: AccountDeps, sessionId: number): Promise<void> {
  await deps.db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  await deps.cache.invalidate({ session: sessionId });
}
