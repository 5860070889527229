/** Moving an account to a new phone: a changePhone ticket, then a code sent to the new number. */
import type { LoginResult } from '@sales/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import { staff } from '../../../db/schema.js';
import { badRequest, conflict, unauthorized } from '../../../lib/errors.js';
import { consumeCode } from './account-codes.js';
import { auditAccount, revokeOtherSessions, staffChanged, type AccountDeps, type ClientContext, type SessionUser } from './account-shared.js';
import { takeTicket } from './account-tickets.js';

/** newPhone codes go only to someone who holds a live changePhone ticket. */
export async function ensureChangePhoneTicket(deps: AccountDeps, user: SessionUser, ticket: string | undefined): Promise<void> {
  if (!ticket) throw badRequest('请先验证当前手机号');
  await takeTicket(deps.db, user, 'changePhone', ticket, false);
}

/** Whether a phone is held by any account: an active one, or a deleted one not yet anonymised. */
export async function ensurePhoneFree(db: Db | Tx, phone: string): Promise<void> {
  const [taken] = await db.select({ id: staff.id }).from(staff).where(eq(staff.phone, phone)).limit(1);
  if (taken) throw conflict('该手机号已被其他账号使用');
}

/** Moves the account to a new phone; every other session ends, this one stays. */
export async function changePhone(deps: AccountDeps, user: SessionUser, ticket: string, phone: string, code: string, client: ClientContext): Promise<LoginResult> {
  if (phone === user.phone) throw badRequest('新手机号不能与当前手机号相同');
  await ensurePhoneFree(deps.db, phone);
  // A dead ticket is refused before the code is spent, so the user can retry with the same code.
  await takeTicket(deps.db, user, 'changePhone', ticket, false);
  // The code is spent on its own, so a wrong one counts even though the change fails.
  await consumeCode(deps, phone, 'newPhone', code);
  const result = await deps.db.transaction(async (tx) => {
    await takeTicket(tx, user, 'changePhone', ticket, true);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`phone:${phone}`}))`);
    await ensurePhoneFree(tx, phone);
    const [updated] = await tx
      .update(staff)
      .set({ phone })
      .where(and(eq(staff.id, user.id), eq(staff.status, 'active')))
      .returning({ id: staff.id, username: staff.username, phone: staff.phone, mustChangePassword: staff.mustChangePassword });
    if (!updated) throw unauthorized();
    await revokeOtherSessions(tx, user);
    await auditAccount(tx, 'phone.change', user.id, client);
    return { accountInfo: { id: updated.id, username: updated.username, phone: updated.phone }, token: '', mustChangePassword: updated.mustChangePassword };
  });
  await staffChanged(deps, user.id);
  return result;
}
