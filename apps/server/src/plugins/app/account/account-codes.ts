/** Verification codes sent by SMS: the per-address limit, sending (resend gap, daily limit) and checking. */
import { CODE_DAILY_LIMIT, CODE_MAX_ATTEMPTS, CODE_RESEND_SECONDS, CODE_TTL_SECONDS, isCode, maskPhone, startOfChinaDay } from '@sales/contract';
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { verificationCodes } from '../../../db/schema.js';
import { newCode, newSalt, safeEqualHex, sha256 } from '../../../lib/crypto.js';
import { badRequest, tooMany } from '../../../lib/errors.js';
import type { AccountDeps, ClientContext } from './account-shared.js';
import { smsContent } from './sms.js';

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

/** Code requests from one client address per hour, on top of the per-phone limits. */
export const CODE_IP_LIMIT = { count: 30, windowSeconds: 60 * 60 } as const;

const hashCode = (salt: string, code: string) => sha256(`${salt}:${code}`);

/** Counts a code request of a client address; the first check of every code call, before anything is looked up. */
export async function limitCodeRequests(deps: AccountDeps, client: ClientContext): Promise<void> {
  const ipCount = await deps.throttle.hit(`code:ip:${client.ip}`, CODE_IP_LIMIT.windowSeconds);
  if (ipCount > CODE_IP_LIMIT.count) throw tooMany('获取验证码过于频繁，请稍后再试');
}

/** Sends a code, enforcing the 60 s resend gap and the daily limit per phone and scene group. */
export async function sendCode(deps: AccountDeps, phone: string, scene: CodeScene): Promise<{ resendAfter: number; phone: string }> {
  const group = [...SCENE_GROUPS[scene]];
  const code = newCode();
  const salt = newSalt();
  const now = new Date();
  await deps.db.transaction(async (tx) => {
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
  await deps.sms.send(deps.db, { phone, scene, code, content: smsContent(scene, code) });
  return { resendAfter: CODE_RESEND_SECONDS, phone: maskPhone(phone) };
}

/**
 * Checks a code and consumes it on success. A wrong code counts an attempt; after five the
 * code is dead. Committed separately from the caller's work so a failed attempt still counts.
 */
export async function consumeCode(deps: AccountDeps, phone: string, scene: CodeScene, code: string): Promise<void> {
  if (!isCode(code)) throw badRequest('请输入6位数字验证码');
  const outcome = await deps.db.transaction(async (tx) => {
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
