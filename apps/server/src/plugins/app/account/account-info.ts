/** The user's own info with their positions (/seller/user/info). */
import type { UserInfo } from '@sales/contract';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { positions, sites, staff } from '../../../db/schema.js';
import { ledSites } from '../sales/sales-authorization.js';
import { unauthorized } from '../../../lib/errors.js';
import type { AccountDeps } from './account-shared.js';

/** The user's info with their positions; cached for a few seconds, dropped by `staffChanged`. */
export async function userInfo(deps: AccountDeps, staffId: number): Promise<UserInfo> {
  const { db, cache } = deps;
  const cached = cache.userInfo(staffId);
  if (cached) return cached;
  const generation = cache.generation;
  const [user] = await db.select().from(staff).where(and(eq(staff.id, staffId), eq(staff.status, 'active')));
  if (!user) throw unauthorized();
  const rows = await db
    .select({ departmentId: positions.siteId, departmentName: sites.name, isLeader: positions.isLeader, drawAuth: positions.drawAuth })
    .from(positions)
    .innerJoin(sites, eq(sites.id, positions.siteId))
    // The site switcher offers no archived site. Archiving needs the site to have no active member,
    // so this only hides it from someone reactivated after it was archived (issue 26 §3).
    .where(and(eq(positions.staffId, staffId), isNull(sites.archivedAt)))
    .orderBy(asc(positions.id));
  // Issue 26 §3: a leader leads every site below theirs, so each such site is offered as a leader
  // position of its own (after the held ones, by id; archived ones left out). The web only reads
  // these flags: the tree is walked here, in sales-authorization's ledSites.
  const held = new Set(rows.filter((row) => row.isLeader).map((row) => row.departmentId));
  const below = [...(await ledSites(db, staffId))].filter((siteId) => !held.has(siteId));
  const inherited =
    below.length === 0
      ? []
      : await db
          .select({ departmentId: sites.id, departmentName: sites.name })
          .from(sites)
          .where(and(inArray(sites.id, below), isNull(sites.archivedAt)))
          .orderBy(asc(sites.id));
  const info: UserInfo = {
    id: user.id,
    username: user.username,
    phone: user.phone,
    avatar: user.avatar,
    positionUsers: [...rows, ...inherited.map((site) => ({ ...site, isLeader: true, drawAuth: false }))],
    reportAllSites: user.reportAllSites,
    teamReportAuth: user.teamReportAuth,
    mustChangePassword: user.mustChangePassword,
    isAdmin: user.isAdmin,
  };
  cache.storeUserInfo(staffId, info, generation);
  return info;
}
