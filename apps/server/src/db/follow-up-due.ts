/**
 * 今日待联系: per person, the customers 今日待办 lists as due on a day (todo-repository.ts) — the
 * customer's latest follow-up, by anyone, is the person's and names that day, and the person still
 * sees the customer (a member of its site who leads it or owns it). Shared by the notice scheduler
 * (today's notices) and the demo seed (yesterday's), so a notice and the page count alike.
 */
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from './client.js';
import { followUpLatest, positions, sites, staff } from './schema.js';

/** The notice's text for `count` customers due. */
export const followUpDueBody = (count: number): string => `今天有 ${count} 位客户约定了下次联系，记得按时跟进。`;

/** Active people with customers due in [from, to), and how many. */
export function followUpDueCounts(db: Db | Tx, from: Date, to: Date): Promise<{ staffId: number; customers: number }[]> {
  const latest = followUpLatest;
  // Site by site, so each reads follow_up_latest_site_next_idx over the range.
  return db
    .select({ staffId: latest.staffId, customers: sql<number>`count(*)`.mapWith(Number) })
    .from(sites)
    .innerJoin(latest, and(eq(latest.siteId, sites.id), gte(latest.nextContactAt, from), lt(latest.nextContactAt, to)))
    .innerJoin(staff, and(eq(staff.id, latest.staffId), eq(staff.status, 'active')))
    // The row's site is its customer's and its owner_id the customer's owner (migration 0035).
    .where(
      sql`exists (select 1 from ${positions} held where held.staff_id = ${latest.staffId} and held.site_id = ${latest.siteId}
        and (held.is_leader or ${latest.ownerId} = ${latest.staffId}))`,
    )
    .groupBy(latest.staffId);
}
