/**
 * Who sees what of customers, orders, salespeople and follow-ups — decided here and only here
 * (DESIGN §4). Every /seller/fenghe/staff/ call resolves a scope for the requested site first;
 * the repositories filter with the conditions below and the routes ask the predicates.
 *
 * - A user reads a site only through a position there, or by leading a site above it; otherwise 403.
 * - A leader of the site (any of their positions there with isLeader) sees all of it, and so does a
 *   leader of any site above it (issue 26 §3, ledSites): leading a site leads every site below it,
 *   at any depth, archived ones included for their history — exactly as a leader position there.
 * - Anyone else is a salesperson there: their own customers (owner) and orders (credited staff),
 *   and every order of a customer they own (its 订单 tab and the orders' details; customerOrders).
 * - reportAllSites widens reports and performance only, never customers or orders: the
 *   performance calls (figures, ranking, home, standards read-only) resolve a read-only scope at
 *   any site for them, even without a position there.
 * - What a salesperson sees of a colleague (staff/list, staff/detail, member/list, member/detail)
 *   is one rule, colleagueView: name, role and a masked phone, no figures, no detail page.
 * - A record outside the scope answers 404, as if it did not exist, so ids reveal nothing.
 *
 * Reports (周报, 半月报) add, at the site a call names:
 * - Members write their own; a salesperson reads only their own.
 * - Leaders of the site read every member's and mark them read; reportAllSites reads every
 *   site's reports, read-only (it never marks one read).
 * - The team report is for leaders of the site with teamReportAuth, and for reportAllSites.
 * - The author changes or deletes a report until a leader has read it.
 * - Feedback (issue 18 §4): leaders of the report's site and reportAllSites 点评 and 点赞 a report
 *   they read that is not their own; the author answers each 点评 once; 一键催交 is for leaders
 *   of the site and reportAllSites. A report one may not read answers 404 to all of these.
 *
 * Notices (消息中心) are the user's own, whoever and wherever: a user lists, counts and marks
 * read only the notices addressed to them; another user's notice answers 404 like a missing one.
 *
 * The 公海 pool (issue 27 §2): every member of a site lists its pool (customers without an owner),
 * seeing name, level, address, source and the last owner — never the phone or contact person, and a
 * salesperson's search matches the name only (poolSearchReachesContacts). Salespeople 领取 (claim);
 * leaders of the site (and of any site above it) 分配 (assign) to a member; the owner 放弃 (releases)
 * their own customer. A site where the caller holds no position and leads nothing above answers 403.
 *
 * The organisation (issue 26): only a 系统管理员 calls /seller/admin/… (assertAdministrator; 403
 * for anyone else, whatever positions they hold). The flag grants no sales data: nothing above
 * reads it.
 */
import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../../db/client.js';
import { descendantsIn, siteLinks, sitesBelow } from '../../../db/site-links.js';
import { customers, customerTallies, followUpLatest, followUps, notices, orders, orderTallies, positions, reports, sites, staff } from '../../../db/schema.js';
import { forbidden, notFound } from '../../../lib/errors.js';
import { CUSTOMER_OUT_OF_REACH } from '@sales/contract';

export const ADMINISTRATORS_ONLY = '仅系统管理员可以使用管理后台';

/** The /seller/admin/… gate: the caller must be an active administrator (the flag is read with the session). */
export function assertAdministrator(user: { isAdmin: boolean }): void {
  if (!user.isAdmin) throw forbidden(ADMINISTRATORS_ONLY);
}

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
  /**
   * Some site (archived ones included) lies below this one, so its figures roll up a tree (issue 26
   * §3): home reads the tree's figures at once instead of finding out in a first statement. A hint
   * kept with the scope (site changes clear cached scopes); home checks it all the same.
   */
  readonly hasSitesBelow: boolean;
}

/** How a scope is resolved: 'member' (the default) or 'performanceRead' (reportAllSites may visit). */
export type ScopeMode = 'member' | 'performanceRead';

export const NOT_A_MEMBER = '您不是该站点的成员';
/** A customer the caller cannot reach (or that does not exist): 404 with this. */
export const CUSTOMER_NOT_FOUND = CUSTOMER_OUT_OF_REACH;
/** A scanned code that names no customer of the site. */
export const QR_CUSTOMER_NOT_FOUND = '客户不存在';
export const ORDER_NOT_FOUND = '订单不存在';
export const STAFF_NOT_FOUND = '员工不存在';
export const SITE_NOT_FOUND = '站点不存在';
export const LEADERS_ONLY = '仅站点主管可以查看';
export const STANDARDS_LEADERS_ONLY = '只有本站点的主管可以修改业绩标准';
export const REPORT_NOT_FOUND = '报告不存在';
export const NOTICE_NOT_FOUND = '消息不存在';

/**
 * Every site the user leads (issue 26 §3): the sites of their leader positions and every site below
 * them, however deep, archived ones included (their history stays readable; pickers leave them
 * out). Empty for someone inactive or leading nowhere. The one place leadership follows the tree.
 */
export async function ledSites(db: Db | Tx, userId: number): Promise<Set<number>> {
  const rows = await db
    .select({ siteId: positions.siteId })
    .from(positions)
    .innerJoin(staff, eq(staff.id, positions.staffId))
    .where(and(eq(positions.staffId, userId), eq(positions.isLeader, true), eq(staff.status, 'active')));
  if (rows.length === 0) return new Set();
  const roots = new Set(rows.map((row) => row.siteId));
  return new Set([...roots, ...descendantsIn(await siteLinks(db), roots)]);
}

/**
 * The caller's scope at a site; 403 when they hold no position there and lead no site above it —
 * except, in 'performanceRead' mode, for reportAllSites users, who get a read-only scope at any
 * existing site. A leader of a site above is a leader here, and a member: they switch to it and
 * use it as if they held a leader position there.
 */
export async function resolveSalesScope(db: Db, userId: number, siteId: number, mode: ScopeMode = 'member'): Promise<SalesScope> {
  const [rows, led] = await Promise.all([
    db
      .select({ isLeader: positions.isLeader, siteName: sites.name, reportAllSites: staff.reportAllSites, hasSitesBelow: sitesBelow(siteId) })
      .from(positions)
      .innerJoin(sites, eq(sites.id, positions.siteId))
      .innerJoin(staff, eq(staff.id, positions.staffId))
      .where(and(eq(positions.staffId, userId), eq(positions.siteId, siteId), eq(staff.status, 'active'))),
    ledSites(db, userId),
  ]);
  const first = rows[0];
  if (first) {
    return { userId, siteId, siteName: first.siteName, isLeader: led.has(siteId) || rows.some((row) => row.isLeader), isMember: true, reportAllSites: first.reportAllSites, hasSitesBelow: first.hasSitesBelow };
  }
  if (led.has(siteId)) {
    const [above] = await db
      .select({ siteName: sites.name, reportAllSites: staff.reportAllSites, hasSitesBelow: sitesBelow(siteId) })
      .from(staff)
      .innerJoin(sites, eq(sites.id, siteId))
      .where(eq(staff.id, userId));
    if (above) return { userId, siteId, siteName: above.siteName, isLeader: true, isMember: true, reportAllSites: above.reportAllSites, hasSitesBelow: above.hasSitesBelow };
  }
  if (mode === 'performanceRead') {
    const [reader] = await db
      .select({ siteName: sites.name, hasSitesBelow: sitesBelow(siteId) })
      .from(staff)
      .innerJoin(sites, eq(sites.id, siteId))
      .where(and(eq(staff.id, userId), eq(staff.status, 'active'), eq(staff.reportAllSites, true)));
    if (reader) return { userId, siteId, siteName: reader.siteName, isLeader: false, isMember: false, reportAllSites: true, hasSitesBelow: reader.hasSitesBelow };
  }
  throw forbidden(NOT_A_MEMBER);
}

/**
 * The caller's scope at every site whose performance they read (the performance site picker): the
 * sites of their positions and every site below one they lead, or every site for a reportAllSites
 * reader, by site id; archived sites are left out.
 */
export async function resolvePerformanceScopes(db: Db, userId: number): Promise<SalesScope[]> {
  const [[user], held, led] = await Promise.all([
    db.select({ reportAllSites: staff.reportAllSites }).from(staff).where(eq(staff.id, userId)),
    db.select({ siteId: positions.siteId, isLeader: positions.isLeader }).from(positions).where(eq(positions.staffId, userId)),
    ledSites(db, userId),
  ]);
  // An archived site is offered in no picker (issue 26 §3); its figures stay readable by id.
  const all = await db.select({ siteId: sites.id, siteName: sites.name, hasSitesBelow: sitesBelow(sites.id) }).from(sites).where(isNull(sites.archivedAt)).orderBy(asc(sites.id));
  const reportAllSites = user?.reportAllSites ?? false;
  return all.flatMap((site) => {
    const here = held.filter((row) => row.siteId === site.siteId);
    const leads = led.has(site.siteId);
    if (here.length === 0 && !leads && !reportAllSites) return [];
    return [{ userId, siteId: site.siteId, siteName: site.siteName, isLeader: leads || here.some((row) => row.isLeader), isMember: here.length > 0 || leads, reportAllSites, hasSitesBelow: site.hasSitesBelow }];
  });
}

// Conditions the repositories put in their WHERE clauses.

/** A leader sees the site's rows; a salesperson only those of the site that are theirs. */
function siteRows(scope: SalesScope, site: AnyPgColumn, owner: AnyPgColumn): SQL {
  const atSite = eq(site, scope.siteId);
  return scope.isLeader ? atSite : (and(atSite, eq(owner, scope.userId)) as SQL);
}

export const visibleCustomers = (scope: SalesScope): SQL => siteRows(scope, customers.siteId, customers.ownerId);

/** The customer_tallies rows of the customers the caller sees (the list's totals). */
export const visibleCustomerTallies = (scope: SalesScope): SQL => siteRows(scope, customerTallies.siteId, customerTallies.ownerId);

/**
 * Orders credited to the caller (a leader: the site's): the order lists, their totals and the
 * export. Credit for a sale stays with whoever sold it, also after its customer moves on.
 */
export const visibleOrders = (scope: SalesScope): SQL => siteRows(scope, orders.siteId, orders.staffId);

/** The order's customer is one the caller owns at the site (a salesperson's customers, visibleCustomers). */
const ofOwnCustomer = (scope: SalesScope): SQL =>
  sql`exists (select 1 from ${customers} where ${customers.id} = ${orders.customerId} and ${customers.siteId} = ${scope.siteId} and ${customers.ownerId} = ${scope.userId})`;

/**
 * A customer's orders (its 订单 tab, customerOrderList), for those who see the customer: every
 * order of it, whoever is credited. The owner serves the customer now and needs its history — a
 * customer transferred to them keeps the orders its former owner sold — so its header's figures
 * (all of its orders) and its order list agree whoever looks. Nothing for a customer the caller
 * does not see.
 */
export function customerOrders(scope: SalesScope, customerId: number): SQL {
  const ofCustomer = and(eq(orders.siteId, scope.siteId), eq(orders.customerId, customerId)) as SQL;
  return scope.isLeader ? ofCustomer : (and(ofCustomer, ofOwnCustomer(scope)) as SQL);
}

/**
 * The orders whose detail the caller opens: those credited to them, and every order of a customer
 * they own (customerOrders lists those); a leader, every order of the site.
 */
export function readableOrders(scope: SalesScope): SQL {
  return scope.isLeader ? eq(orders.siteId, scope.siteId) : (and(eq(orders.siteId, scope.siteId), or(eq(orders.staffId, scope.userId), ofOwnCustomer(scope))) as SQL);
}

/** The order_tallies (or order_tallies_monthly) rows of the orders the caller sees (the list's totals). */
export const visibleOrderTallies = (scope: SalesScope, tallies: { siteId: AnyPgColumn; staffId: AnyPgColumn } = orderTallies): SQL =>
  siteRows(scope, tallies.siteId, tallies.staffId);

/**
 * Staff the caller may find by phone number: everyone for leaders of the site, else only themself
 * (a colleague's phone is masked, colleagueView, so it is not searchable either). Undefined: no limit.
 */
export function phoneSearchableStaff(scope: SalesScope): SQL | undefined {
  return scope.isLeader ? undefined : eq(staff.id, scope.userId);
}

/** Follow-ups are read through their customer; the site condition keeps the index in play. */
export function followUpsOfSite(scope: SalesScope): SQL {
  return eq(followUps.siteId, scope.siteId);
}

/**
 * The follow_up_latest rows of the customers the caller sees (visibleCustomers): a row's site is
 * its customer's (follow_ups_customer_site_fk) and its owner_id the customer's owner (kept by the
 * triggers of migration 0035), so no customer is looked up.
 */
export const visibleLatestFollowUps = (scope: SalesScope): SQL => siteRows(scope, followUpLatest.siteId, followUpLatest.ownerId);

/**
 * 今日待办: the caller's own follow-ups at the site, of customers they still see (a customer moved
 * to someone else leaves a salesperson's list). A leader's list is their own too, never the team's.
 * Read as each customer's latest follow-up (follow_up_latest): a later one by anyone clears it.
 */
export function ownDueFollowUps(scope: SalesScope): SQL {
  return and(visibleLatestFollowUps(scope), eq(followUpLatest.staffId, scope.userId)) as SQL;
}

/** 今日待办 lists this period's reports for the expected writers: members of the site without a leader position there. */
export const owesReports = (scope: SalesScope) => scope.isMember && !scope.isLeader;

// Predicates on records already loaded.

interface CustomerFacts {
  siteId: number;
  ownerId: number | null;
}

export const canSeeCustomer = (scope: SalesScope, customer: CustomerFacts) =>
  customer.siteId === scope.siteId && (scope.isLeader || customer.ownerId === scope.userId);

/** Leaders and the owner log follow-ups: exactly those who see the customer. */
export const canLogFollowUp = canSeeCustomer;

/** Binding, transferring and unbinding are for leaders of the customer's site. */
export const canManageBindings = (scope: SalesScope, customer?: CustomerFacts) =>
  scope.isLeader && (customer === undefined || customer.siteId === scope.siteId);

/** 新建客户: any member of the site (a reportAllSites reader visiting another site is not one). */
export const canCreateCustomer = (scope: SalesScope) => scope.isMember;

/** A leader names the new customer's owner (a member, or none: the pool); a salesperson's is their own. */
export const canChooseCustomerOwner = (scope: SalesScope) => scope.isLeader;

/** Salespeople claim customers by scanning; leaders assign them on the relationship page instead. */
export const claimsCustomers = (scope: SalesScope) => !scope.isLeader;

/** A salesperson of the site takes an unbound customer of that site by scanning its code. */
export const canClaim = (scope: SalesScope, customer: CustomerFacts) =>
  claimsCustomers(scope) && customer.siteId === scope.siteId && customer.ownerId === null;

/** The 公海 pool of the site: its customers without an owner, for every member of the site. */
export const poolCustomers = (scope: SalesScope): SQL => and(eq(customers.siteId, scope.siteId), isNull(customers.ownerId)) as SQL;

/** Who lists the pool: members of the site (leaders of a site above it included). */
export const seesPool = (scope: SalesScope) => scope.isMember;

/**
 * The pool's keyword search reaches contact and phone for leaders (who see every customer of the
 * site anyway); a salesperson's matches the name only, so a pool customer's phone stays unknown
 * until someone claims it.
 */
export const poolSearchReachesContacts = (scope: SalesScope) => scope.isLeader;

/** 领取 from the pool (or by a customer's code): salespeople of the site; leaders assign instead. */
export const claimsFromPool = (scope: SalesScope) => scope.isMember && claimsCustomers(scope);

/** 分配 from the pool: leaders of the site, as for binding. */
export const assignsFromPool = (scope: SalesScope) => canManageBindings(scope);

/** 放弃 to the pool: the customer's owner, at its site. */
export const canRelease = (scope: SalesScope, customer: CustomerFacts) => customer.siteId === scope.siteId && customer.ownerId === scope.userId;

/** A customer's QR code is shown to those who see the customer (owner and leaders). */
export const canShowQr = canSeeCustomer;

/** A member's detail page: see colleagueView. */
export const canSeeStaff = (scope: SalesScope, staffId: number) => colleagueView(scope, staffId).detail;

/** CSV exports of customers and orders are for leaders. */
export const canExport = (scope: SalesScope) => scope.isLeader;

// Performance, standards, attendance and members (issue 7).

/** Leaders of the site and reportAllSites readers see the whole site's performance; others their own. */
export const seesSitePerformance = (scope: SalesScope) => scope.isLeader || scope.reportAllSites;

/** 销售业绩's member picker (sent as canPickMember): for those who see the site's performance. */
export const canPickMember = seesSitePerformance;

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

// Reports.

/** reportAllSites (from SalesScope) reads every site's reports, read-only. */
export interface ReportScope extends SalesScope {
  readonly teamReportAuth: boolean;
}

/** The caller's scope for reports at a site; 403 when they neither work there, lead a site above it, nor read all sites. */
export async function resolveReportScope(db: Db, userId: number, siteId: number): Promise<ReportScope> {
  const [user] = await db
    .select({ reportAllSites: staff.reportAllSites, teamReportAuth: staff.teamReportAuth, hasSitesBelow: sitesBelow(siteId) })
    .from(staff)
    .where(and(eq(staff.id, userId), eq(staff.status, 'active')));
  if (!user) throw forbidden(NOT_A_MEMBER);
  const [rows, led] = await Promise.all([
    db
      .select({ isLeader: positions.isLeader, siteName: sites.name })
      .from(positions)
      .innerJoin(sites, eq(sites.id, positions.siteId))
      .where(and(eq(positions.staffId, userId), eq(positions.siteId, siteId))),
    ledSites(db, userId),
  ]);
  const first = rows[0];
  // A leader of a site above leads this one (ledSites) as if they held a leader position here.
  const leads = led.has(siteId) || rows.some((row) => row.isLeader);
  let siteName = first?.siteName;
  if (!first) {
    if (!user.reportAllSites && !leads) throw forbidden(NOT_A_MEMBER);
    const [site] = await db.select({ name: sites.name }).from(sites).where(eq(sites.id, siteId));
    if (!site) throw notFound(SITE_NOT_FOUND);
    siteName = site.name;
  }
  return {
    userId,
    siteId,
    siteName: siteName ?? '',
    isLeader: leads,
    isMember: rows.length > 0 || leads,
    reportAllSites: user.reportAllSites,
    teamReportAuth: user.teamReportAuth,
    hasSitesBelow: user.hasSitesBelow,
  };
}

/** Reports of the site the caller reads: all of them for leaders and reportAllSites, else their own. */
export function visibleReports(scope: ReportScope): SQL {
  const site = eq(reports.siteId, scope.siteId);
  return scope.isLeader || scope.reportAllSites ? site : (and(site, eq(reports.staffId, scope.userId)) as SQL);
}

interface ReportFacts {
  siteId: number;
  staffId: number;
}

export const canReadReport = (scope: ReportScope, report: ReportFacts) =>
  report.siteId === scope.siteId && (scope.isLeader || scope.reportAllSites || report.staffId === scope.userId);

/** Members of the site write their own reports there. */
export const canWriteReport = (scope: ReportScope) => scope.isMember;

/** The author, at the report's site, until a leader has read it. */
export const canEditReport = (scope: ReportScope, report: ReportFacts, readCount: number) =>
  report.siteId === scope.siteId && report.staffId === scope.userId && readCount === 0;

/** A leader of the site reading a member's report marks it read for themself. */
export const marksReportRead = (scope: ReportScope, report: ReportFacts) =>
  scope.isLeader && report.siteId === scope.siteId && report.staffId !== scope.userId;

/** Whose reports the caller may list or chart: their own, or anyone's for leaders and reportAllSites. */
export const canSeeStaffReports = (scope: ReportScope, staffId: number) => staffId === scope.userId || scope.isLeader || scope.reportAllSites;

/** Members' reports with filters (员工报告): leaders and reportAllSites. */
export const canReadMembersReports = (scope: ReportScope) => scope.isLeader || scope.reportAllSites;

/** 团队报告: leaders of the site with teamReportAuth, and reportAllSites (read-only). */
export const canSeeTeamReport = (scope: ReportScope) => (scope.isLeader && scope.teamReportAuth) || scope.reportAllSites;

/** The team report is read-only for anyone but a leader of the site (a reportAllSites reader). */
export const teamReportReadOnly = (scope: ReportScope) => !scope.isLeader;

// Feedback on reports: 点评, 点赞, 回复 and 一键催交.

/** 点评 and 点赞: leaders of the report's site and reportAllSites, on a readable report not their own. */
export const canGiveReportFeedback = (scope: ReportScope, report: ReportFacts) =>
  canReadReport(scope, report) && (scope.isLeader || scope.reportAllSites) && report.staffId !== scope.userId;

/** The author answers the 点评 on their report (once each; the repository checks the once). */
export const canReplyToReportComment = (scope: ReportScope, report: ReportFacts) => report.siteId === scope.siteId && report.staffId === scope.userId;

/** 一键催交 at the site: its leaders and reportAllSites. */
export const canRemindReports = (scope: ReportScope) => scope.isLeader || scope.reportAllSites;
/** The notices a user may list, count and mark read: those addressed to them. */
export const ownNotices = (userId: number): SQL => eq(notices.staffId, userId);
// ---- 消息通知 (设置) ----

export const PUSH_SUBSCRIPTION_NOT_FOUND = '推送订阅不存在';

/**
 * 消息通知 settings and Web Push subscriptions belong to the signed-in user: each call reads or
 * changes the caller's own (no site, no position needed). A browser's subscription is the
 * caller's to remove only if the caller subscribed it; subscribing a browser that another user
 * subscribed before moves it to the caller (whoever is signed in on a device gets its pushes).
 */
export const canRemovePushSubscription = (userId: number, subscription: { staffId: number }) => subscription.staffId === userId;
