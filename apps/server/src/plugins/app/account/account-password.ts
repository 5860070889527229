/** A user setting their own password: proven by the old one, a password ticket, or (after a leader's reset) the session. */
import { hash, verify } from '@node-rs/argon2';
import { passwordProblem, type PasswordUpdateBody } from '@sales/contract';
import { and, eq } from 'drizzle-orm';
import { staff } from '../../../db/schema.js';
import { badRequest, unauthorized } from '../../../lib/errors.js';
import { countPasswordTry } from './account-password-tries.js';
import { auditAccount, revokeOtherSessions, staffChanged, type AccountDeps, type ClientContext, type SessionUser } from './account-shared.js';
import { takeTicket } from './account-tickets.js';

/**
 * Sets a new password, proven by the old one or by a password ticket; after a leader's reset
 * the session itself is the proof (it was opened with the one-time password just now).
 */
export async function updatePassword(deps: AccountDeps, user: SessionUser, input: PasswordUpdateBody, client: ClientContext): Promise<void> {
  const { db } = deps;
  const problem = passwordProblem(input.password, user.phone);
  if (problem) throw badRequest(problem);
  const [row] = await db.select({ passwordHash: staff.passwordHash }).from(staff).where(and(eq(staff.id, user.id), eq(staff.status, 'active')));
  if (!row) throw unauthorized();
  if (!user.mustChangePassword) {
    if (input.ticket) {
      await takeTicket(db, user, 'password', input.ticket, false);
    } else if (input.oldPassword) {
      const succeeded = await countPasswordTry(deps, user.phone, client);
      if (!(await verify(row.passwordHash, input.oldPassword))) throw badRequest('原密码错误');
      await succeeded();
    } else {
      throw badRequest('请输入原密码，或通过验证码验证');
    }
  }
  if (await verify(row.passwordHash, input.password)) throw badRequest('新密码不能与当前密码相同');
  const passwordHash = await hash(input.password);
  await db.transaction(async (tx) => {
    if (input.ticket && !user.mustChangePassword) await takeTicket(tx, user, 'password', input.ticket, true);
    await tx.update(staff).set({ passwordHash, mustChangePassword: false }).where(eq(staff.id, user.id));
    await revokeOtherSessions(tx, user);
    await auditAccount(tx, user.mustChangePassword ? 'password.set' : 'password.change', user.id, client);
  });
  await staffChanged(deps, user.id);
}
