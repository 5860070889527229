/** Deleting one's own account (注销): anonymised, unusable, records kept under 已注销. */
import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { staff } from '../../../db/schema.js';
import { newToken } from '../../../lib/crypto.js';
import { auditAccount, DELETED_NAME, revokeAllSessions, staffChanged, type AccountDeps, type ClientContext, type SessionUser } from './account-shared.js';
import { spendAllTickets, takeTicket } from './account-tickets.js';
import { keepAnotherAdministrator } from '../admin/administrators.js';

/**
 * Deletes the account: no more logins, name, phone and avatar anonymised (the phone is free for
 * a new account), business records kept and shown under 已注销, every session ended.
 */
export async function deleteAccount(deps: AccountDeps, user: SessionUser, ticket: string, client: ClientContext): Promise<void> {
  const unusable = await hash(newToken());
  await deps.db.transaction(async (tx) => {
    await takeTicket(tx, user, 'deregister', ticket, true);
    await keepAnotherAdministrator(tx, user.id);
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
    await revokeAllSessions(tx, user.id);
    await spendAllTickets(tx, user.id);
    await auditAccount(tx, 'account.delete', user.id, client);
  });
  await staffChanged(deps, user.id);
}
