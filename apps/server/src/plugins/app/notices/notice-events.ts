/**
 * Notices of events, created in the transaction of the event itself (so a rolled-back change
 * tells nobody): a customer bound or transferred to someone, a change of someone's target, a
 * password reset by a leader. Each goes through createNotices with a key naming the event.
 */
import { and, eq, not, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { performanceStandards, positions, staff } from '../../../db/schema.js';
import { createNotices } from './notices-repository.js';

/**
 * A customer was bound (no owner before), transferred (another owner before: a leader's 转移, or a
 * colleague's leaving handed their customers over) or assigned from the 公海 pool to a member. An
 * assignment of several customers at once is one notice (`count` of them, named by the first),
 * linking to the member's customer list. `actorId` is null for the directory sync's own changes.
 */
export async function noticeCustomerAssigned(
  tx: Tx,
  event: { bindingId: number; customerId: number; customerName: string; staffId: number; siteId: number; actorId: number | null; kind: 'bind' | 'transfer' | 'assign'; count?: number },
): Promise<void> {
  const how = event.kind === 'bind' ? '分配给您' : event.kind === 'assign' ? '从公海分配给您' : '转给您';
  const several = (event.count ?? 1) > 1;
  await createNotices(tx, [
    {
      staffId: event.staffId,
      kind: 'customerAssigned',
      dedupeKey: `customerAssigned:${event.bindingId}`,
      title: '新客户分配',
      body: several ? `客户「${event.customerName}」等 ${event.count} 位客户已${how}负责，请及时跟进。` : `客户「${event.customerName}」已${how}负责，请及时跟进。`,
      link: several ? '/pages/details/allCustomers' : `/pages/details/customerDetails?id=${event.customerId}`,
      siteId: event.siteId,
      actorId: event.actorId,
    },
  ]);
}

/**
 * A leader changed a month's target: a member's own (tell that member), or the site default
 * (tell every salesperson of the site who has no target of their own that month, since the
 * default is theirs).
 */
export async function noticeTargetChanged(tx: Tx, event: { changeId: number; siteId: number; staffId: number | null; month: string; actorId: number }): Promise<void> {
  let recipients: number[];
  if (event.staffId !== null) {
    recipients = [event.staffId];
  } else {
    const leaderHere = sql`exists (select 1 from ${positions} p2 where p2.staff_id = ${positions.staffId} and p2.site_id = ${positions.siteId} and p2.is_leader)`;
    const ownTarget = sql`exists (select 1 from ${performanceStandards} ps where ps.site_id = ${positions.siteId} and ps.staff_id = ${positions.staffId} and ps.month = ${event.month})`;
    const rows = await tx
      .selectDistinct({ id: positions.staffId })
      .from(positions)
      .innerJoin(staff, eq(staff.id, positions.staffId))
      .where(and(eq(positions.siteId, event.siteId), eq(staff.status, 'active'), not(leaderHere), not(ownTarget)));
    recipients = rows.map((row) => row.id);
  }
  recipients = recipients.filter((id) => id !== event.actorId);
  if (recipients.length === 0) return;
  const [year, month] = event.month.split('-').map(Number);
  await createNotices(
    tx,
    recipients.map((staffId) => ({
      staffId,
      kind: 'targetChanged' as const,
      dedupeKey: `targetChanged:${event.changeId}`,
      title: '业绩目标已调整',
      body: `您${year}年${month}月的业绩目标已由主管调整，点击查看最新目标与完成情况。`,
      link: '/pages/index/salesPerformance',
      siteId: event.siteId,
      actorId: event.actorId,
    })),
  );
}

/** A leader reset a member's password: tell the member (they will see it after logging in again). */
export async function noticePasswordReset(tx: Tx, event: { staffId: number; actorId: number; at: Date }): Promise<void> {
  await createNotices(tx, [
    {
      staffId: event.staffId,
      kind: 'passwordReset',
      dedupeKey: `passwordReset:${event.at.getTime()}`,
      title: '密码已被重置',
      body: '主管已重置您的登录密码，临时密码已通过短信发送。如非本人知情，请联系主管。',
      link: '/pages/my/updatePassword',
      actorId: event.actorId,
    },
  ]);
}

