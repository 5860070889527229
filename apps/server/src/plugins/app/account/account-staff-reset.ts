/** A leader resetting a member's password: a one-time password by SMS, to be replaced at the next login. */
import { hash } from '@node-rs/argon2';
import { maskPhone } from '@sales/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { positions, staff } from '../../../db/schema.js';
import { newPassword } from '../../../lib/crypto.js';
import { badRequest, forbidden, notFound } from '../../../lib/errors.js';
import { auditAccount, revokeAllSessions, staffChanged, type AccountDeps, type ClientContext, type SessionUser } from './account-shared.js';
import { STAFF_NOT_FOUND } from '../sales/sales-authorization.js';
import { oneTimePasswordContent } from './sms.js';
import { noticePasswordReset } from '../notices/notice-events.js';

/**
 * A leader resets the password of a member of a site they lead: not their own, not a fellow
 * leader's of that site. The member gets a one-time password by SMS, every session of theirs
 * ends, and their next login must set a new password first.
 */
export async function resetStaffPassword(deps: AccountDeps, leader: SessionUser, staffId: number, client: ClientContext): Promise<{ phone: string }> {
  const { db } = deps;
  if (staffId === leader.id) throw badRequest('不能重置自己的密码，请使用修改密码');
  const led = db
    .select({ siteId: positions.siteId })
    .from(positions)
    .where(and(eq(positions.staffId, leader.id), eq(positions.isLeader, true)));
  const shared = await db
    .select({ siteId: positions.siteId, isLeader: positions.isLeader })
    .from(positions)
    .innerJoin(staff, eq(staff.id, positions.staffId))
    .where(and(eq(positions.staffId, staffId), eq(staff.status, 'active'), inArray(positions.siteId, led)));
  if (shared.length === 0) throw notFound(STAFF_NOT_FOUND);
  const leadsEverywhere = new Set(shared.filter((row) => row.isLeader).map((row) => row.siteId));
  if (shared.every((row) => leadsEverywhere.has(row.siteId))) throw forbidden('不能重置其他主管的密码');

  const oneTime = newPassword();
  const passwordHash = await hash(oneTime);
  const phone = await db.transaction(async (tx) => {
    const [member] = await tx
      .update(staff)
      .set({ passwordHash, mustChangePassword: true })
      .where(and(eq(staff.id, staffId), eq(staff.status, 'active')))
      .returning({ phone: staff.phone });
    if (!member) throw notFound(STAFF_NOT_FOUND);
    await revokeAllSessions(tx, staffId);
    await auditAccount(tx, 'password.reset', leader.id, client, staffId);
    await noticePasswordReset(tx, { staffId, actorId: leader.id, at: new Date() });
    return member.phone;
  });
  await staffChanged(deps, staffId);
  await deps.sms.send(db, { phone, scene: 'resetPassword', code: oneTime, content: oneTimePasswordContent(oneTime) });
  return { phone: maskPhone(phone) };
}
