/**
 * Who sees what of customers, orders, salespeople and follow-ups — decided here and only here
 * (DESIGN §4). Every /seller/fenghe/staff/ call resolves a scope for the requested site first;
 * the repositories filter with the conditions below and the routes ask the predicates.
 *
 * - A user reads a site only through a position there; otherwise 403.
 * - A leader of the site (any of their positions there with isLeader) sees all of it.
 * - Anyone else is a salesperson there: their own customers (owner) and orders (credited staff).
 * - reportAllSites widens reports and performance only, never customers or orders.
 * - A record outside the scope answers 404, as if it did not exist, so ids reveal nothing.
 *
 * Reports (周报, 半月报) add, at the site a call names:
 * - Members write their own; a salesperson reads only their own.
 * - Leaders of the site read every member's and mark them read; reportAllSites reads every
 *   site's reports, read-only (it never marks one read).
 * - The team report is for leaders of the site with teamReportAuth, and for reportAllSites.
 * - The author changes or deletes a report until a leader has read it.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { customers, followUps, orders, positions, reports, sites, staff } from '../../db/schema.js';
import { forbidden, notFound } from '../../lib/errors.js';

export interface SalesScope {
  readonly userId: number;
  readonly siteId: number;
  readonly siteName: string;
  /** Leads the site and sees all of it; otherwise only their own customers and orders. */
  readonly isLeader: boolean;
}

export const NOT_A_MEMBER = '您不是该站点的成员';
export const CUSTOMER_NOT_FOUND = '客户不存在';
export const ORDER_NOT_FOUND = '订单不存在';
export const STAFF_NOT_FOUND = '员工不存在';
export const REPORT_NOT_FOUND = '报告不存在';
export const SITE_NOT_FOUND = '站点不存在';

/** The caller's scope at a site; 403 when they hold no position there. */
export async function resolveSalesScope(db: Db, userId: number, siteId: number): Promise<SalesScope> {
  const rows = await db
    .select({ isLeader: positions.isLeader, siteName: sites.name })
    .from(positions)
    .innerJoin(sites, eq(sites.id, positions.siteId))
    .innerJoin(staff, eq(staff.id, positions.staffId))
    .where(and(eq(positions.staffId, userId), eq(positions.siteId, siteId), eq(staff.status, 'active')));
  const first = rows[0];
  if (!first) throw forbidden(NOT_A_MEMBER);
  return { userId, siteId, siteName: first.siteName, isLeader: rows.some((row) => row.isLeader) };
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

/** Leaders see every member's details; a salesperson only their own. */
export const canSeeStaff = (scope: SalesScope, staffId: number) => scope.isLeader || staffId === scope.userId;

/** CSV exports of customers and orders are for leaders. */
export const canExport = (scope: SalesScope) => scope.isLeader;

// Reports.

export interface ReportScope extends SalesScope {
  /** Holds a position at the site, so writes their own reports there. */
  readonly isMember: boolean;
  /** reportAllSites: reads every site's reports, read-only. */
  readonly allSites: boolean;
  readonly teamReportAuth: boolean;
}

/** The caller's scope for reports at a site; 403 when they neither work there nor read all sites. */
export async function resolveReportScope(db: Db, userId: number, siteId: number): Promise<ReportScope> {
  const [user] = await db
    .select({ reportAllSites: staff.reportAllSites, teamReportAuth: staff.teamReportAuth })
    .from(staff)
    .where(and(eq(staff.id, userId), eq(staff.status, 'active')));
  if (!user) throw forbidden(NOT_A_MEMBER);
  const rows = await db
    .select({ isLeader: positions.isLeader, siteName: sites.name })
    .from(positions)
    .innerJoin(sites, eq(sites.id, positions.siteId))
    .where(and(eq(positions.staffId, userId), eq(positions.siteId, siteId)));
  const first = rows[0];
  let siteName = first?.siteName;
  if (!first) {
    if (!user.reportAllSites) throw forbidden(NOT_A_MEMBER);
    const [site] = await db.select({ name: sites.name }).from(sites).where(eq(sites.id, siteId));
    if (!site) throw notFound(SITE_NOT_FOUND);
    siteName = site.name;
  }
  return {
    userId,
    siteId,
    siteName: siteName ?? '',
    isLeader: rows.some((row) => row.isLeader),
    isMember: rows.length > 0,
    allSites: user.reportAllSites,
    teamReportAuth: user.teamReportAuth,
  };
}

/** Reports of the site the caller reads: all of them for leaders and reportAllSites, else their own. */
export function visibleReports(scope: ReportScope): SQL {
  const site = eq(reports.siteId, scope.siteId);
  return scope.isLeader || scope.allSites ? site : (and(site, eq(reports.staffId, scope.userId)) as SQL);
}

interface ReportFacts {
  siteId: number;
  staffId: number;
}

export const canReadReport = (scope: ReportScope, report: ReportFacts) =>
  report.siteId === scope.siteId && (scope.isLeader || scope.allSites || report.staffId === scope.userId);

/** Members of the site write their own reports there. */
export const canWriteReport = (scope: ReportScope) => scope.isMember;

/** The author, at the report's site, until a leader has read it. */
export const canEditReport = (scope: ReportScope, report: ReportFacts, readCount: number) =>
  report.siteId === scope.siteId && report.staffId === scope.userId && readCount === 0;

/** A leader of the site reading a member's report marks it read for themself. */
export const marksReportRead = (scope: ReportScope, report: ReportFacts) =>
  scope.isLeader && report.siteId === scope.siteId && report.staffId !== scope.userId;

/** Whose reports the caller may list or chart: their own, or anyone's for leaders and reportAllSites. */
export const canSeeStaffReports = (scope: ReportScope, staffId: number) => staffId === scope.userId || scope.isLeader || scope.allSites;

/** Members' reports with filters (员工报告): leaders and reportAllSites. */
export const canReadMembersReports = (scope: ReportScope) => scope.isLeader || scope.allSites;

/** 团队报告: leaders of the site with teamReportAuth, and reportAllSites (read-only). */
export const canSeeTeamReport = (scope: ReportScope) => (scope.isLeader && scope.teamReportAuth) || scope.allSites;
