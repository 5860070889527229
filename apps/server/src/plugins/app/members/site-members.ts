/** The one query for a site's members, and their customer counts: the members, performance and attendance pages all read these. */
import type { MemberRef } from '@sales/contract';
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { atSites, type SiteSet } from '../../../db/performance-figures.js';
import { customers, positions, staff } from '../../../db/schema.js';

export interface SiteMember extends MemberRef {
  phone: string;
  joinedAt: Date;
}

/**
 * The active members of a site (or of a site and those below it, whose figures roll up: issue 26
 * §3), leaders merged (any leading position wins), by id; `match` narrows them further.
 */
export async function siteMembers(db: Db, siteId: SiteSet, ids?: readonly number[], match?: SQL): Promise<SiteMember[]> {
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
    .where(and(atSites(positions.siteId, siteId), eq(staff.status, 'active'), ids ? inArray(staff.id, [...ids]) : undefined, match))
    .groupBy(staff.id)
    .orderBy(asc(staff.id));
  return rows.map((row) => ({ ...row, isLeader: Boolean(row.isLeader) }));
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
