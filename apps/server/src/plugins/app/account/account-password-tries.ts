/** Password guessing limits, shared by login and by a password change proven with the old password. */
import { tooMany } from '../../../lib/errors.js';
import type { AccountDeps, ClientContext } from './account-shared.js';

/**
 * Password guessing limits in 15 minutes: 5 failures per phone from one client address, 20 per
 * phone from all addresses together (so one stranger cannot lock the owner out), 30 per address.
 * Phones with no account count the same way.
 */
export const PASSWORD_LIMITS = { perPhone: 5, perPhoneAllAddresses: 20, perIp: 30, windowSeconds: 15 * 60 } as const;
export const TOO_MANY_PASSWORD_FAILURES = '密码错误次数过多，请15分钟后再试或使用验证码登录';

/**
 * Counts a password try before the password is checked, so parallel guesses cannot slip past
 * the limit. Returns what to call when the password was right: the owner's counters start again.
 */
export async function countPasswordTry(deps: AccountDeps, phone: string, client: ClientContext): Promise<() => Promise<void>> {
  const { throttle } = deps;
  const { windowSeconds } = PASSWORD_LIMITS;
  const pairKey = `pwd:phone:${phone}:ip:${client.ip}`;
  const phoneKey = `pwd:phone:${phone}`;
  const ipKey = `pwd:ip:${client.ip}`;
  const [pair, all, fromIp] = await Promise.all([throttle.hit(pairKey, windowSeconds), throttle.hit(phoneKey, windowSeconds), throttle.hit(ipKey, windowSeconds)]);
  if (pair > PASSWORD_LIMITS.perPhone || all > PASSWORD_LIMITS.perPhoneAllAddresses) throw tooMany(TOO_MANY_PASSWORD_FAILURES);
  if (fromIp > PASSWORD_LIMITS.perIp) throw tooMany('登录尝试过于频繁，请稍后再试');
  return async () => {
    await Promise.all([throttle.reset(pairKey), throttle.reset(phoneKey), throttle.undo(ipKey)]);
  };
}
