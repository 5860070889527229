/**
 * Who sees what of customers, orders, salespeople and follow-ups — decided here and only here
 * (DESIGN §4). Every /seller/fenghe/staff/ call resolves a scope for the requested site first;
 * the repositories filter with the conditions below and the routes ask the predicates.
 *
 * - A user reads a site only through a position there; otherwise 403.
 * - A leader of the site (any of their positions there with isLeader) sees all of it.
 * - Anyone else is a salesperson there: their own customers (owner) and orders (credited staff).
 * - reportAllSites widens reports and performance only, never customers or orders: the
 *   performance calls (figures, ranking, home, standards read-only) resolve a read-only scope at
 *   any site for them, even without a position there.
 * - What a salesperson sees of a colleague (staff/list, staff/detail, member/list, member/detail)
 *   is one rule, colleagueView: name, role and a masked phone, no figures, no detail page.
 * - A record outside the scope answers 404, as if it did not exist, so ids reveal nothing.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { customers, followUps, orders, positions, sites, staff } from '../../db/schema.js';
import { forbidden } from '../../lib/errors.js';

export interface SalesScope {
  readonly userId: number;
  readonly siteId: number;
  readonly siteName: string;
  /** Leads the site and sees all of it; otherwise only their own customers and orders. */
  readonly isLeader: boolean;
  /** Holds a position at the site (false for a reportAllSites reader visiting another site). */
  readonly isMember: boolean;
  /** reportAllSites: reads every site's performance and ranking, read-only. */
  readonly reportAllSites: boolean;
}

/** How a scope is resolved: 'member' (the default) or 'performanceRead' (reportAllSites may visit). */
export type ScopeMode = 'member' | 'performanceRead';

export const NOT_A_MEMBER = '您不是该站点的成员';
export const CUSTOMER_NOT_FOUND = '客户不存在';
export const ORDER_NOT_FOUND = '订单不存在';
export const STAFF_NOT_FOUND = '员工不存在';
export const SITE_NOT_FOUND = '站点不存在';
export const LEADERS_ONLY = '仅站点主管可以查看';
export const STANDARDS_LEADERS_ONLY = '只有本站点的主管可以修改业绩标准';

/**
 * The caller's scope at a site; 403 when they hold no position there — except, in
 * 'performanceRead' mode, for reportAllSites users, who get a read-only scope at any existing site.
 */
export async function resolveSalesScope(db: Db, userId: number, siteId: number, mode: ScopeMode = 'member'): Promise<SalesScope> {
  const rows = await db
    .select({ isLeader: positions.isLeader, siteName: sites.name, reportAllSites: staff.reportAllSites })
    .from(positions)
    .innerJoin(sites, eq(sites.id, positions.siteId))
    .innerJoin(staff, eq(staff.id, positions.staffId))
    .where(and(eq(positions.staffId, userId), eq(positions.siteId, siteId), eq(staff.status, 'active')));
  const first = rows[0];
  if (first) {
    return { userId, siteId, siteName: first.siteName, isLeader: rows.some((row) => row.isLeader), isMember: true, reportAllSites: first.reportAllSites };
  }
  if (mode === 'performanceRead') {
    const [reader] = await db
      .select({ siteName: sites.name })
      .from(staff)
      .innerJoin(sites, eq(sites.id, siteId))
      .where(and(eq(staff.id, userId), eq(staff.status, 'active'), eq(staff.reportAllSites, true)));
    if (reader) return { userId, siteId, siteName: reader.siteName, isLeader: false, isMember: false, reportAllSites: true };
  }
  throw forbidden(NOT_A_MEMBER);
}

// Conditions the repositories put in their WHERE clauses.

export function visibleCustomers(scope: SalesScope): SQL {
  const site = eq(customers.siteId, scope.siteId);
  return scope.isLeader ? site : (and(site, eq(customers.ownerId, scope.userId)) as SQL);
}

export function visibleOrders(scope: SalesScope): SQL {
  const site = eq(orders.siteId, scope.siteId);
  return scope.isLeader ? site : (and(site, eq(orders.staffId, scope.userId)) as SQL);
}

/** Follow-ups are read through their customer; the site condition keeps the index in play. */
export function followUpsOfSite(scope: SalesScope): SQL {
  return eq(followUps.siteId, scope.siteId);
}

// Predicates on records already loaded.

interface CustomerFacts {
  siteId: number;
  ownerId: number | null;
}

export const canSeeCustomer = (scope: SalesScope, customer: CustomerFacts) =>
  customer.siteId === scope.siteId && (scope.isLeader || customer.ownerId === scope.userId);

export const canSeeOrder = (scope: SalesScope, order: { siteId: number; staffId: number | null }) =>
  order.siteId === scope.siteId && (scope.isLeader || order.staffId === scope.userId);

/** Leaders and the owner log follow-ups: exactly those who see the customer. */
export const canLogFollowUp = canSeeCustomer;

/** Binding, transferring and unbinding are for leaders of the customer's site. */
export const canManageBindings = (scope: SalesScope, customer?: CustomerFacts) =>
  scope.isLeader && (customer === undefined || customer.siteId === scope.siteId);

/** A salesperson of the site takes an unbound customer of that site by scanning its code. */
export const canClaim = (scope: SalesScope, customer: CustomerFacts) =>
  !scope.isLeader && customer.siteId === scope.siteId && customer.ownerId === null;

/** A customer's QR code is shown to those who see the customer (owner and leaders). */
export const canShowQr = canSeeCustomer;

/** A member's detail page: see colleagueView. */
export const canSeeStaff = (scope: SalesScope, staffId: number) => colleagueView(scope, staffId).detail;

/** CSV exports of customers and orders are for leaders. */
export const canExport = (scope: SalesScope) => scope.isLeader;

// Performance, standards, attendance and members (issue 7).

/** Leaders of the site and reportAllSites readers see the whole site's performance; others their own. */
export const seesSitePerformance = (scope: SalesScope) => scope.isLeader || scope.reportAllSites;

/** A person's figures: one's own, or anyone's for those who see the site's performance. */
export const canSeePerformanceOf = (scope: SalesScope, staffId: number) => seesSitePerformance(scope) || staffId === scope.userId;

/** Standards are read by leaders and reportAllSites readers, and edited by leaders of the site only. */
export const canReadStandards = seesSitePerformance;
export const canEditStandards = (scope: SalesScope) => scope.isLeader;

/** Clocking in and out is for members of the site, for themselves. */
export const canClock = (scope: SalesScope) => scope.isMember;

/** The site's attendance is for its leaders; anyone else sees their own. */
export const canSeeSiteAttendance = (scope: SalesScope) => scope.isLeader;
export const canSeeAttendanceOf = (scope: SalesScope, staffId: number) => scope.isLeader || staffId === scope.userId;

/**
 * What the caller sees of a member of the site — the one rule for staff/list, staff/detail,
 * member/list and member/detail (DESIGN §4): leaders of the site, and everyone of themself, see
 * all (full phone, customer count, figures, the detail page); reportAllSites readers see the
 * figures with a masked phone (performance, not people's pages); a salesperson sees a colleague's name, role and masked phone only.
 */
export interface ColleagueView {
  fullPhone: boolean;
  figures: boolean;
  detail: boolean;
}

export function colleagueView(scope: SalesScope, staffId: number): ColleagueView {
  if (scope.isLeader || staffId === scope.userId) return { fullPhone: true, figures: true, detail: true };
  if (scope.reportAllSites) return { fullPhone: false, figures: true, detail: false };
  return { fullPhone: false, figures: false, detail: false };
}
