/** The one query for a site's members, and their customer counts: the members, performance and attendance pages all read these. */
import { chinaDayString, parseChinaDay, type MemberRef } from '@sales/contract';
import { and, asc, count, eq, gte, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { atSites, type SiteSet } from '../../../db/performance-figures.js';
import { customers, positions, staff } from '../../../db/schema.js';

export interface SiteMember extends MemberRef {
  phone: string;
  joinedAt: Date;
}

/** The first day (China time) of the month of `now`: the period the views without one are about. */
export const currentMonthStart = (now = new Date()): string => `${chinaDayString(now).slice(0, 7)}-01`;

/**
 * Who counts as a member for a period starting on `periodStart` (a China day): anyone active, and
 * anyone deactivated (离职) on or after that day — they were part of the team for that period, so
 * its figures, rankings, lists and reports read the same after they leave. Every team query asks this.
 */
export function countsForPeriod(periodStart: string): SQL {
  const from = parseChinaDay(periodStart);
  const active = eq(staff.status, 'active');
  if (!from) return active;
  return or(active, and(eq(staff.status, 'inactive'), gte(staff.deactivatedAt, from))) ?? active;
}

/**
 * The members of a site (or of a site and those below it, whose figures roll up: issue 26 §3) for
 * the period starting on `periodStart` (default: this month; countsForPeriod), leaders merged (any
 * leading position wins), by id; `match` narrows them further.
 */
export async function siteMembers(db: Db, siteId: SiteSet, ids?: readonly number[], match?: SQL, periodStart = currentMonthStart()): Promise<SiteMember[]> {
  if (ids?.length === 0) return [];
  const rows = await db
    .select({
      id: staff.id,
      username: staff.username,
      avatar: staff.avatar,
      phone: staff.phone,
      joinedAt: staff.createdAt,
      isLeader: sql<boolean>`bool_or(${positions.isLeader})`,
    })
    .from(positions)
    .innerJoin(staff, eq(staff.id, positions.staffId))
    .where(and(atSites(positions.siteId, siteId), countsForPeriod(periodStart), ids ? inArray(staff.id, [...ids]) : undefined, match))
    .groupBy(staff.id)
    .orderBy(asc(staff.id));
  return rows.map((row) => ({ ...row, isLeader: Boolean(row.isLeader) }));
}

/**
 * The members of `siteId` for the period starting on `periodStart`, as siteMembers reads them, as
 * a subquery for a statement that reads them with other things (home): leaders merged, one row per
 * person, or per site and person with `perSite` (each site of a tree measures its own members).
 */
export function memberRowsSql(siteId: SiteSet, periodStart: string, perSite = false): SQL {
  const site = perSite ? sql`${positions.siteId} as "siteId", ` : sql``;
  const groups = perSite ? sql`${positions.siteId}, ${staff.id}` : sql`${staff.id}`;
  return sql`select ${site}${staff.id} as id, ${staff.username} as username, ${staff.avatar} as avatar, ${staff.phone} as phone,
      ${staff.createdAt} as "joinedAt", bool_or(${positions.isLeader}) as "isLeader"
    from ${positions} inner join ${staff} on ${staff.id} = ${positions.staffId}
    where ${and(atSites(positions.siteId, siteId), countsForPeriod(periodStart))}
    group by ${groups}`;
}

/** How many customers of the site each of `ids` owns (absent: none). */
export async function customerCounts(db: Db, siteId: number, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ ownerId: customers.ownerId, count: count() })
    .from(customers)
    .where(and(eq(customers.siteId, siteId), inArray(customers.ownerId, [...ids])))
    .groupBy(customers.ownerId);
  return new Map(rows.flatMap((row) => (row.ownerId === null ? [] : [[row.ownerId, row.count] as const])));
}
