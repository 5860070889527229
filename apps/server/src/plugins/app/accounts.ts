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
  type LoginResult,
  type UserInfo,
} from '@sales/contract';
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { positions, sessions, sites, staff, verificationCodes } from '../../db/schema.js';
import { newCode, newSalt, newToken, safeEqualHex, sha256 } from '../../lib/crypto.js';
import { badRequest, conflict, tooMany, unauthorized } from '../../lib/errors.js';
import { smsContent, type SmsProvider } from './sms.js';
import type { Throttle } from './throttle.js';

export type CodeScene = 'login' | 'newPhone' | 'changePhone' | 'password' | 'deregister';

export interface SessionUser {
  id: number;
  username: string;
  phone: string;
  sessionId: number;
}

export interface ClientContext {
  ip: string;
  userAgent: string | undefined;
}

/** Password guessing limits: per phone (also phones with no account) and per client address. */
export const PASSWORD_LIMITS = { perPhone: 5, perIp: 30, windowSeconds: 15 * 60 } as const;
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
  ) {}

  async findActiveByPhone(phone: string, db: Db | Tx = this.db) {
    const [row] = await db.select().from(staff).where(and(eq(staff.phone, phone), eq(staff.status, 'active')));
    return row;
  }

  /** Sends a code, enforcing the 60 s resend gap and the daily limit per phone. */
  async sendCode(phone: string, scene: CodeScene, client: ClientContext): Promise<{ resendAfter: number; phone: string }> {
    const ipCount = await this.throttle.hit(`code:ip:${client.ip}`, CODE_IP_LIMIT.windowSeconds);
    if (ipCount > CODE_IP_LIMIT.count) throw tooMany('获取验证码过于频繁，请稍后再试');

    const code = newCode();
    const salt = newSalt();
    const now = new Date();
    await this.db.transaction(async (tx) => {
      // Lock the phone's codes so two simultaneous requests cannot both pass the checks.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`code:${phone}`}))`);
      const [latest] = await tx
        .select({ createdAt: verificationCodes.createdAt })
        .from(verificationCodes)
        .where(eq(verificationCodes.phone, phone))
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1);
      if (latest) {
        const wait = CODE_RESEND_SECONDS - Math.floor((now.getTime() - latest.createdAt.getTime()) / 1000);
        if (wait > 0) throw tooMany(`验证码发送太频繁，请${wait}秒后再试`);
      }
      const [today] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(verificationCodes)
        .where(and(eq(verificationCodes.phone, phone), gt(verificationCodes.createdAt, startOfChinaDay(now))));
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

  async loginWithPassword(phone: string, password: string, client: ClientContext): Promise<LoginResult> {
    const phoneKey = `pwd:phone:${phone}`;
    const ipKey = `pwd:ip:${client.ip}`;
    const { windowSeconds } = PASSWORD_LIMITS;
    if ((await this.throttle.count(phoneKey, windowSeconds)) >= PASSWORD_LIMITS.perPhone) {
      throw tooMany('密码错误次数过多，请15分钟后再试或使用验证码登录');
    }
    if ((await this.throttle.count(ipKey, windowSeconds)) >= PASSWORD_LIMITS.perIp) {
      throw tooMany('登录尝试过于频繁，请稍后再试');
    }
    const user = await this.findActiveByPhone(phone);
    const valid = await verify(user?.passwordHash ?? (await DUMMY_HASH_PROMISE), password);
    if (!user || !valid) {
      await this.throttle.hit(phoneKey, windowSeconds);
      await this.throttle.hit(ipKey, windowSeconds);
      throw badRequest('手机号或密码错误');
    }
    await this.throttle.reset(phoneKey);
    return this.startSession(user, client);
  }

  async loginWithCode(phone: string, code: string, client: ClientContext): Promise<LoginResult> {
    await this.consumeCode(phone, 'login', code);
    const user = await this.findActiveByPhone(phone);
    if (!user) throw badRequest('该手机号未开通账号，请联系管理员');
    return this.startSession(user, client);
  }

  async ensureCanReceiveLoginCode(phone: string): Promise<void> {
    if (!(await this.findActiveByPhone(phone))) throw badRequest('该手机号未开通账号，请联系管理员');
  }

  async ensurePhoneFree(phone: string): Promise<void> {
    if (await this.findActiveByPhone(phone)) throw conflict('该手机号已被其他账号使用');
  }

  private async startSession(user: { id: number; username: string; phone: string }, client: ClientContext): Promise<LoginResult> {
    const token = newToken();
    await this.db.insert(sessions).values({
      tokenHash: hashToken(token),
      staffId: user.id,
      expiresAt: new Date(Date.now() + this.sessionDays * DAY_MS),
      userAgent: client.userAgent?.slice(0, 256),
      ip: client.ip.slice(0, 64),
    });
    return { accountInfo: { id: user.id, username: user.username, phone: user.phone }, token };
  }

  /** The user behind a token, or null when the token is unknown, ended or expired. */
  async authenticate(token: string): Promise<SessionUser | null> {
    const [row] = await this.db
      .select({
        sessionId: sessions.id,
        expiresAt: sessions.expiresAt,
        lastSeenAt: sessions.lastSeenAt,
        id: staff.id,
        username: staff.username,
        phone: staff.phone,
      })
      .from(sessions)
      .innerJoin(staff, eq(staff.id, sessions.staffId))
      .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), eq(staff.status, 'active')));
    if (!row || row.expiresAt.getTime() <= Date.now()) return null;
    if (Date.now() - row.lastSeenAt.getTime() > 5 * 60 * 1000) {
      await this.db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, row.sessionId));
    }
    return { id: row.id, username: row.username, phone: row.phone, sessionId: row.sessionId };
  }

  async logout(sessionId: number): Promise<void> {
    await this.db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  /** Ends every session of a user (password or phone change, account deletion). */
  async revokeAllSessions(staffId: number, db: Db | Tx = this.db): Promise<void> {
    await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.staffId, staffId), isNull(sessions.revokedAt)));
  }

  async userInfo(staffId: number): Promise<UserInfo> {
    const [user] = await this.db.select().from(staff).where(and(eq(staff.id, staffId), eq(staff.status, 'active')));
    if (!user) throw unauthorized();
    const rows = await this.db
      .select({ departmentId: positions.siteId, departmentName: sites.name, isLeader: positions.isLeader, drawAuth: positions.drawAuth })
      .from(positions)
      .innerJoin(sites, eq(sites.id, positions.siteId))
      .where(eq(positions.staffId, staffId))
      .orderBy(asc(positions.id));
    return {
      id: user.id,
      username: user.username,
      phone: user.phone,
      avatar: user.avatar,
      positionUsers: rows,
      reportAllSites: user.reportAllSites,
      teamReportAuth: user.teamReportAuth,
    };
  }
}
