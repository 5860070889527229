import { hash, verify } from '@node-rs/argon2';
import {
  CODE_DAILY_LIMIT,
  CODE_MAX_ATTEMPTS,
  CODE_RESEND_SECONDS,
  CODE_TTL_SECONDS,
  isCode,
  isMobile,
  maskPhone,
  startOfChinaDay,
  passwordProblem,
  TICKET_TTL_SECONDS,
  type CheckResult,
  type LoginResult,
  type TicketFlow,
  type UserInfo,
} from '@sales/contract';
import { and, asc, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { accountTickets, positions, sessions, sites, staff, verificationCodes } from '../../db/schema.js';
import { newCode, newPassword, newSalt, newToken, safeEqualHex, sha256 } from '../../lib/crypto.js';
import { AppError, badRequest, conflict, forbidden, notFound, tooMany, unauthorized } from '../../lib/errors.js';
import { appendAudit, type AuditAction, type ClientContext } from './audit.js';
import { STAFF_NOT_FOUND } from './sales-authorization.js';
import type { SessionCache } from './session-cache.js';
import { oneTimePasswordContent, smsContent, type SmsProvider } from './sms.js';
import type { Throttle } from './throttle.js';

export type CodeScene = 'login' | 'newPhone' | 'changePhone' | 'password' | 'deregister';

/**
 * Codes asked for without a session (login) and codes of account changes are limited apart, so a
 * stranger who keeps asking for login codes cannot keep the user from changing their account.
 */
const SCENE_GROUPS: Record<CodeScene, readonly CodeScene[]> = {
  login: ['login'],
  newPhone: ['newPhone', 'changePhone', 'password', 'deregister'],
  changePhone: ['newPhone', 'changePhone', 'password', 'deregister'],
  password: ['newPhone', 'changePhone', 'password', 'deregister'],
  deregister: ['newPhone', 'changePhone', 'password', 'deregister'],
};

export interface SessionUser {
  id: number;
  username: string;
  phone: string;
  sessionId: number;
  /** A leader reset the password: only the calls that set a new one work until then. */
  mustChangePassword: boolean;
}

/** What a deleted account is shown as wherever a person's name appears. */
export const DELETED_NAME = '已注销';

export type { ClientContext } from './audit.js';

/**
 * Password guessing limits in 15 minutes: 5 failures per phone from one client address, 20 per
 * phone from all addresses together (so one stranger cannot lock the owner out), 30 per address.
 * Phones with no account count the same way.
 */
export const PASSWORD_LIMITS = { perPhone: 5, perPhoneAllAddresses: 20, perIp: 30, windowSeconds: 15 * 60 } as const;
export const TOO_MANY_PASSWORD_FAILURES = '密码错误次数过多，请15分钟后再试或使用验证码登录';
/** Code requests from one client address per hour, on top of the per-phone limits. */
export const CODE_IP_LIMIT = { count: 30, windowSeconds: 60 * 60 } as const;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Verified against when the phone has no account, so both paths cost the same. */
const DUMMY_HASH_PROMISE = hash('not-a-real-password-0f3c');

const hashCode = (salt: string, code: string) => sha256(`${salt}:${code}`);
const hashToken = (token: string) => sha256(token);

export function requireMobile(phone: string): string {
  const trimmed = phone.trim();
  if (!isMobile(trimmed)) throw badRequest('请输入正确的手机号');
  return trimmed;
}

export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly sms: SmsProvider,
    private readonly throttle: Throttle,
    private readonly sessionDays: number,
    private readonly cache: SessionCache,
  ) {}

  async findActiveByPhone(phone: string, db: Db | Tx = this.db) {
    const [row] = await db.select().from(staff).where(and(eq(staff.phone, phone), eq(staff.status, 'active')));
    return row;
  }

  /** Counts a code request of a client address; the first check of every code call, before anything is looked up. */
  async limitCodeRequests(client: ClientContext): Promise<void> {
    const ipCount = await this.throttle.hit(`code:ip:${client.ip}`, CODE_IP_LIMIT.windowSeconds);
    if (ipCount > CODE_IP_LIMIT.count) throw tooMany('获取验证码过于频繁，请稍后再试');
  }

  /** Sends a code, enforcing the 60 s resend gap and the daily limit per phone and scene group. */
  async sendCode(phone: string, scene: CodeScene): Promise<{ resendAfter: number; phone: string }> {
    const group = [...SCENE_GROUPS[scene]];
    const code = newCode();
    const salt = newSalt();
    const now = new Date();
    await this.db.transaction(async (tx) => {
      // Lock the phone's codes so two simultaneous requests cannot both pass the checks.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`code:${phone}`}))`);
      const [latest] = await tx
        .select({ createdAt: verificationCodes.createdAt })
        .from(verificationCodes)
        .where(and(eq(verificationCodes.phone, phone), inArray(verificationCodes.scene, group)))
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1);
      if (latest) {
        const wait = CODE_RESEND_SECONDS - Math.floor((now.getTime() - latest.createdAt.getTime()) / 1000);
        if (wait > 0) throw tooMany(`验证码发送太频繁，请${wait}秒后再试`);
      }
      const [today] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(verificationCodes)
        .where(and(eq(verificationCodes.phone, phone), inArray(verificationCodes.scene, group), gt(verificationCodes.createdAt, startOfChinaDay(now))));
      if ((today?.count ?? 0) >= CODE_DAILY_LIMIT) throw tooMany('今日获取验证码次数已达上限，请明天再试');
      // A new code replaces any earlier one of the same scene.
      await tx
        .update(verificationCodes)
        .set({ consumedAt: now })
        .where(and(eq(verificationCodes.phone, phone), eq(verificationCodes.scene, scene), isNull(verificationCodes.consumedAt)));
      await tx.insert(verificationCodes).values({
        phone,
        scene,
        salt,
        codeHash: hashCode(salt, code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + CODE_TTL_SECONDS * 1000),
      });
    });
    await this.sms.send(this.db, { phone, scene, code, content: smsContent(scene, code) });
    return { resendAfter: CODE_RESEND_SECONDS, phone: maskPhone(phone) };
  }

  /**
   * Checks a code and consumes it on success. A wrong code counts an attempt; after five the
   * code is dead. Committed separately from the caller's work so a failed attempt still counts.
   */
  async consumeCode(phone: string, scene: CodeScene, code: string): Promise<void> {
    if (!isCode(code)) throw badRequest('请输入6位数字验证码');
    const outcome = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(verificationCodes)
        .where(and(eq(verificationCodes.phone, phone), eq(verificationCodes.scene, scene), isNull(verificationCodes.consumedAt)))
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1)
        .for('update');
      if (!row || row.expiresAt.getTime() <= Date.now()) return 'expired' as const;
      if (row.attempts >= CODE_MAX_ATTEMPTS) return 'exhausted' as const;
      if (!safeEqualHex(row.codeHash, hashCode(row.salt, code))) {
        const attempts = row.attempts + 1;
        await tx
          .update(verificationCodes)
          .set(attempts >= CODE_MAX_ATTEMPTS ? { attempts, consumedAt: new Date() } : { attempts })
          .where(eq(verificationCodes.id, row.id));
        return attempts >= CODE_MAX_ATTEMPTS ? ('exhausted' as const) : ('wrong' as const);
      }
      await tx.update(verificationCodes).set({ consumedAt: new Date() }).where(eq(verificationCodes.id, row.id));
      return 'ok' as const;
    });
    if (outcome === 'expired') throw badRequest('验证码已失效，请重新获取');
    if (outcome === 'exhausted') throw badRequest('验证码错误次数过多，请重新获取');
    if (outcome === 'wrong') throw badRequest('验证码错误，请重新输入');
  }

  /**
   * Counts a password try before the password is checked, so parallel guesses cannot slip past
   * the limit. Returns what to call when the password was right: the owner's counters start again.
   */
  private async countPasswordTry(phone: string, client: ClientContext): Promise<() => Promise<void>> {
    const { windowSeconds } = PASSWORD_LIMITS;
    const pairKey = `pwd:phone:${phone}:ip:${client.ip}`;
    const phoneKey = `pwd:phone:${phone}`;
    const ipKey = `pwd:ip:${client.ip}`;
    const [pair, all, fromIp] = await Promise.all([
      this.throttle.hit(pairKey, windowSeconds),
      this.throttle.hit(phoneKey, windowSeconds),
      this.throttle.hit(ipKey, windowSeconds),
    ]);
    if (pair > PASSWORD_LIMITS.perPhone || all > PASSWORD_LIMITS.perPhoneAllAddresses) throw tooMany(TOO_MANY_PASSWORD_FAILURES);
    if (fromIp > PASSWORD_LIMITS.perIp) throw tooMany('登录尝试过于频繁，请稍后再试');
    return async () => {
      await Promise.all([this.throttle.reset(pairKey), this.throttle.reset(phoneKey), this.throttle.undo(ipKey)]);
    };
  }

  async loginWithPassword(phone: string, password: string, client: ClientContext): Promise<LoginResult> {
    const succeeded = await this.countPasswordTry(phone, client);
    const user = await this.findActiveByPhone(phone);
    const valid = await verify(user?.passwordHash ?? (await DUMMY_HASH_PROMISE), password);
    if (!user || !valid) {
      await this.auditFailedLogin(phone, 'password', client);
      throw badRequest('手机号或密码错误');
    }
    await succeeded();
    return this.startSession(user, 'password', client);
  }

  async loginWithCode(phone: string, code: string, client: ClientContext): Promise<LoginResult> {
    try {
      await this.consumeCode(phone, 'login', code);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 400) await this.auditFailedLogin(phone, 'code', client);
      throw error;
    }
    const user = await this.findActiveByPhone(phone);
    if (!user) throw badRequest('该手机号未开通账号，请联系管理员');
    return this.startSession(user, 'code', client);
  }

  /** A wrong password or code: the account it was tried on (when there is one) and the masked phone, never what was typed. */
  private async auditFailedLogin(phone: string, method: 'password' | 'code', client: ClientContext): Promise<void> {
    const user = await this.findActiveByPhone(phone);
    await appendAudit(this.db, { action: 'login.failed', actorId: user?.id ?? null, detail: `${method} ${maskPhone(phone)}`, client });
  }

  async ensureCanReceiveLoginCode(phone: string): Promise<void> {
    if (!(await this.findActiveByPhone(phone))) throw badRequest('该手机号未开通账号，请联系管理员');
  }

  /** Opens a session and records the login in the same transaction. */
  private async startSession(
    user: { id: number; username: string; phone: string; mustChangePassword: boolean },
    method: 'password' | 'code',
    client: ClientContext,
  ): Promise<LoginResult> {
    const token = newToken();
    await this.db.transaction(async (tx) => {
      await tx.insert(sessions).values({
        tokenHash: hashToken(token),
        staffId: user.id,
        expiresAt: new Date(Date.now() + this.sessionDays * DAY_MS),
        userAgent: client.userAgent?.slice(0, 256),
        ip: client.ip.slice(0, 64),
      });
      await appendAudit(tx, { action: 'login', actorId: user.id, detail: method, client });
    });
    return { accountInfo: { id: user.id, username: user.username, phone: user.phone }, token, mustChangePassword: user.mustChangePassword };
  }

  /** The user behind a token, or null when the token is unknown, ended or expired; cached for a few seconds. */
  async authenticate(token: string): Promise<SessionUser | null> {
    const tokenHash = hashToken(token);
    const cached = this.cache.session(tokenHash);
    if (cached) return cached.user;
    const generation = this.cache.generation;
    const [row] = await this.db
      .select({
        sessionId: sessions.id,
        expiresAt: sessions.expiresAt,
        lastSeenAt: sessions.lastSeenAt,
        id: staff.id,
        username: staff.username,
        phone: staff.phone,
        mustChangePassword: staff.mustChangePassword,
      })
      .from(sessions)
      .innerJoin(staff, eq(staff.id, sessions.staffId))
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), eq(staff.status, 'active')));
    if (!row || row.expiresAt.getTime() <= Date.now()) return null;
    // Checked on a cache miss, so at least once per cache lifetime of an active session.
    if (Date.now() - row.lastSeenAt.getTime() > 5 * 60 * 1000) {
      await this.db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, row.sessionId));
    }
    const user = { id: row.id, username: row.username, phone: row.phone, sessionId: row.sessionId, mustChangePassword: row.mustChangePassword };
    this.cache.storeSession(tokenHash, { user, expiresAt: row.expiresAt.getTime() }, generation);
    return user;
  }

  async logout(sessionId: number): Promise<void> {
    await this.db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    await this.cache.invalidate({ session: sessionId });
  }

  /**
   * Tells every instance that a user changed (sessions, phone, password, positions, flags, deletion):
   * their cached sessions and info are dropped. Call it after the change has committed.
   */
  async staffChanged(staffId: number): Promise<void> {
    await this.cache.invalidate({ staff: staffId });
  }

  /** Ends every session of a user (password or phone change, account deletion); the caller calls `staffChanged` after commit. */
  async revokeAllSessions(staffId: number, db: Db | Tx = this.db): Promise<void> {
    await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.staffId, staffId), isNull(sessions.revokedAt)));
  }

  /** The user's info with their positions; cached for a few seconds, dropped by `staffChanged`. */
  async userInfo(staffId: number): Promise<UserInfo> {
    const cached = this.cache.userInfo(staffId);
    if (cached) return cached;
    const generation = this.cache.generation;
    const [user] = await this.db.select().from(staff).where(and(eq(staff.id, staffId), eq(staff.status, 'active')));
    if (!user) throw unauthorized();
    const rows = await this.db
      .select({ departmentId: positions.siteId, departmentName: sites.name, isLeader: positions.isLeader, drawAuth: positions.drawAuth })
      .from(positions)
      .innerJoin(sites, eq(sites.id, positions.siteId))
      .where(eq(positions.staffId, staffId))
      .orderBy(asc(positions.id));
    const info: UserInfo = {
      id: user.id,
      username: user.username,
      phone: user.phone,
      avatar: user.avatar,
      positionUsers: rows,
      reportAllSites: user.reportAllSites,
      teamReportAuth: user.teamReportAuth,
      mustChangePassword: user.mustChangePassword,
    };
    this.cache.storeUserInfo(staffId, info, generation);
    return info;
  }

  /** Appends to the audit log, inside the caller's transaction so the entry and the change commit together. */
  private async audit(db: Db | Tx, action: AuditAction, actorId: number, client: ClientContext, targetId = actorId): Promise<void> {
    await appendAudit(db, { action, actorId, targetId, client });
  }

  /** Verifies a code sent to the user's own phone and opens the next step of that flow with a ticket. */
  async check(user: SessionUser, flow: TicketFlow, code: string, client: ClientContext): Promise<CheckResult> {
    await this.consumeCode(user.phone, flow, code);
    const ticket = newToken();
    const now = Date.now();
    await this.db.transaction(async (tx) => {
      // Only the newest ticket of a flow is good: asking again replaces the earlier one.
      await tx
        .update(accountTickets)
        .set({ usedAt: new Date(now) })
        .where(and(eq(accountTickets.staffId, user.id), eq(accountTickets.flow, flow), isNull(accountTickets.usedAt)));
      await tx.insert(accountTickets).values({
        tokenHash: hashToken(ticket),
        staffId: user.id,
        flow,
        createdAt: new Date(now),
        expiresAt: new Date(now + TICKET_TTL_SECONDS * 1000),
      });
      await this.audit(tx, 'check', user.id, client);
    });
    return { ticket, expiresIn: TICKET_TTL_SECONDS };
  }

  /** Refuses a ticket that is not the user's live ticket of this flow; with `use`, spends it (under a row lock). */
  private async takeTicket(tx: Db | Tx, user: SessionUser, flow: TicketFlow, ticket: string, use: boolean): Promise<void> {
    const query = tx
      .select({ id: accountTickets.id, staffId: accountTickets.staffId, flow: accountTickets.flow, expiresAt: accountTickets.expiresAt, usedAt: accountTickets.usedAt })
      .from(accountTickets)
      .where(eq(accountTickets.tokenHash, hashToken(ticket)));
    const [row] = use ? await query.for('update') : await query;
    if (!row || row.staffId !== user.id || row.flow !== flow || row.usedAt !== null || row.expiresAt.getTime() <= Date.now()) {
      throw badRequest('验证已失效，请重新获取验证码');
    }
    if (use) await tx.update(accountTickets).set({ usedAt: new Date() }).where(eq(accountTickets.id, row.id));
  }

  /** newPhone codes go only to someone who holds a live changePhone ticket. */
  async ensureChangePhoneTicket(user: SessionUser, ticket: string | undefined): Promise<void> {
    if (!ticket) throw badRequest('请先验证当前手机号');
    await this.takeTicket(this.db, user, 'changePhone', ticket, false);
  }

  /** Whether a phone is held by any account: an active one, or a deleted one not yet anonymised. */
  async ensurePhoneFree(phone: string, db: Db | Tx = this.db): Promise<void> {
    const [taken] = await db.select({ id: staff.id }).from(staff).where(eq(staff.phone, phone)).limit(1);
    if (taken) throw conflict('该手机号已被其他账号使用');
  }

  /** Moves the account to a new phone; every other session ends, this one stays. */
  async changePhone(user: SessionUser, ticket: string, phone: string, code: string, client: ClientContext): Promise<LoginResult> {
    if (phone === user.phone) throw badRequest('新手机号不能与当前手机号相同');
    await this.ensurePhoneFree(phone);
    // A dead ticket is refused before the code is spent, so the user can retry with the same code.
    await this.takeTicket(this.db, user, 'changePhone', ticket, false);
    // The code is spent on its own, so a wrong one counts even though the change fails.
    await this.consumeCode(phone, 'newPhone', code);
    const result = await this.db.transaction(async (tx) => {
      await this.takeTicket(tx, user, 'changePhone', ticket, true);
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`phone:${phone}`}))`);
      await this.ensurePhoneFree(phone, tx);
      const [updated] = await tx
        .update(staff)
        .set({ phone })
        .where(and(eq(staff.id, user.id), eq(staff.status, 'active')))
        .returning({ id: staff.id, username: staff.username, phone: staff.phone, mustChangePassword: staff.mustChangePassword });
      if (!updated) throw unauthorized();
      await this.revokeOtherSessions(tx, user);
      await this.audit(tx, 'phone.change', user.id, client);
      return { accountInfo: { id: updated.id, username: updated.username, phone: updated.phone }, token: '', mustChangePassword: updated.mustChangePassword };
    });
    await this.staffChanged(user.id);
    return result;
  }

  private async revokeOtherSessions(tx: Db | Tx, user: SessionUser): Promise<void> {
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.staffId, user.id), ne(sessions.id, user.sessionId), isNull(sessions.revokedAt)));
  }

  /**
   * Sets a new password, proven by the old one or by a password ticket; after a leader's reset
   * the session itself is the proof (it was opened with the one-time password just now).
   */
  async updatePassword(
    user: SessionUser,
    input: { password: string; oldPassword?: string | undefined; ticket?: string | undefined },
    client: ClientContext,
  ): Promise<void> {
    const problem = passwordProblem(input.password, user.phone);
    if (problem) throw badRequest(problem);
    const [row] = await this.db.select({ passwordHash: staff.passwordHash }).from(staff).where(and(eq(staff.id, user.id), eq(staff.status, 'active')));
    if (!row) throw unauthorized();
    if (!user.mustChangePassword) {
      if (input.ticket) {
        await this.takeTicket(this.db, user, 'password', input.ticket, false);
      } else if (input.oldPassword) {
        const succeeded = await this.countPasswordTry(user.phone, client);
        if (!(await verify(row.passwordHash, input.oldPassword))) throw badRequest('原密码错误');
        await succeeded();
      } else {
        throw badRequest('请输入原密码，或通过验证码验证');
      }
    }
    if (await verify(row.passwordHash, input.password)) throw badRequest('新密码不能与当前密码相同');
    const passwordHash = await hash(input.password);
    await this.db.transaction(async (tx) => {
      if (input.ticket && !user.mustChangePassword) await this.takeTicket(tx, user, 'password', input.ticket, true);
      await tx.update(staff).set({ passwordHash, mustChangePassword: false }).where(eq(staff.id, user.id));
      await this.revokeOtherSessions(tx, user);
      await this.audit(tx, user.mustChangePassword ? 'password.set' : 'password.change', user.id, client);
    });
    await this.staffChanged(user.id);
  }

  /**
   * A leader resets the password of a member of a site they lead: not their own, not a fellow
   * leader's of that site. The member gets a one-time password by SMS, every session of theirs
   * ends, and their next login must set a new password first.
   */
  async resetStaffPassword(leader: SessionUser, staffId: number, client: ClientContext): Promise<{ phone: string }> {
    if (staffId === leader.id) throw badRequest('不能重置自己的密码，请使用修改密码');
    const led = this.db
      .select({ siteId: positions.siteId })
      .from(positions)
      .where(and(eq(positions.staffId, leader.id), eq(positions.isLeader, true)));
    const shared = await this.db
      .select({ siteId: positions.siteId, isLeader: positions.isLeader })
      .from(positions)
      .innerJoin(staff, eq(staff.id, positions.staffId))
      .where(and(eq(positions.staffId, staffId), eq(staff.status, 'active'), inArray(positions.siteId, led)));
    if (shared.length === 0) throw notFound(STAFF_NOT_FOUND);
    const leadsEverywhere = new Set(shared.filter((row) => row.isLeader).map((row) => row.siteId));
    if (shared.every((row) => leadsEverywhere.has(row.siteId))) throw forbidden('不能重置其他主管的密码');

    const oneTime = newPassword();
    const passwordHash = await hash(oneTime);
    const phone = await this.db.transaction(async (tx) => {
      const [member] = await tx
        .update(staff)
        .set({ passwordHash, mustChangePassword: true })
        .where(and(eq(staff.id, staffId), eq(staff.status, 'active')))
        .returning({ phone: staff.phone });
      if (!member) throw notFound(STAFF_NOT_FOUND);
      await this.revokeAllSessions(staffId, tx);
      await this.audit(tx, 'password.reset', leader.id, client, staffId);
      return member.phone;
    });
    await this.staffChanged(staffId);
    await this.sms.send(this.db, { phone, scene: 'resetPassword', code: oneTime, content: oneTimePasswordContent(oneTime) });
    return { phone: maskPhone(phone) };
  }

  /**
   * Deletes the account: no more logins, name, phone and avatar anonymised (the phone is free for
   * a new account), business records kept and shown under 已注销, every session ended.
   */
  async deleteAccount(user: SessionUser, ticket: string, client: ClientContext): Promise<void> {
    const unusable = await hash(newToken());
    await this.db.transaction(async (tx) => {
      await this.takeTicket(tx, user, 'deregister', ticket, true);
      await tx
        .update(staff)
        .set({
          username: DELETED_NAME,
          // Not a mobile number, unique per account, so the real number is free again.
          phone: `d${String(user.id).padStart(10, '0')}`.slice(-11),
          avatar: null,
          passwordHash: unusable,
          status: 'deleted',
          deletedAt: new Date(),
        })
        .where(eq(staff.id, user.id));
      await this.revokeAllSessions(user.id, tx);
      await tx.update(accountTickets).set({ usedAt: new Date() }).where(and(eq(accountTickets.staffId, user.id), isNull(accountTickets.usedAt)));
      await this.audit(tx, 'account.delete', user.id, client);
    });
    await this.staffChanged(user.id);
  }
}
