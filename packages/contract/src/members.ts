/**
 * Members (issue 7, one module since issue 17): member/list and member/detail, and staff/list and
 * staff/detail's rows, under /seller/fenghe/staff/. One view of a colleague decides what a row shows.
 */
import Type from 'typebox';
import { Id, Nullable, SiteId, Timestamp } from './primitives.js';
import { Completion, FigureComparison, Figures, MemberRef, PeriodFields, PeriodRanges, Targets } from './performance.js';
import { ReportSummary } from './reports.js';
import { OrderSummary } from './sales.js';

// Members

/**
 * What a caller sees of a colleague (one rule, sales-authorization.ts): leaders of the site see
 * everything; a salesperson sees a colleague's name, role and masked phone, and no figures.
 * `full` says which view a row is.
 */
export const MemberListBody = Type.Object({ siteId: SiteId, keyword: Type.Optional(Type.String({ maxLength: 50 })) });
export type MemberListBody = Type.Static<typeof MemberListBody>;

export const MemberSummary = Type.Object({
  ...MemberRef.properties,
  /** Full for leaders of the site and for oneself, masked (138****0002) otherwise. */
  phone: Type.String(),
  full: Type.Boolean(),
  /** null when the caller may not see them. */
  customerCount: Nullable(Type.Integer()),
  month: Nullable(Type.Object({ figures: Figures, target: Targets, completion: Completion })),
});
export type MemberSummary = Type.Static<typeof MemberSummary>;

export const MemberList = Type.Object({ list: Type.Array(MemberSummary), total: Type.Integer() });
export type MemberList = Type.Static<typeof MemberList>;

/**
 * staff/list and staff/detail's row: the same member under the same view, with this month's
 * sales (paid orders by paid day, refunds subtracted) flattened into monthAmount and monthOrders.
 */
export const StaffSummary = Type.Object({
  ...Type.Omit(MemberSummary, ['full', 'month']).properties,
  monthAmount: Nullable(Type.Number()),
  monthOrders: Nullable(Type.Integer()),
});
export type StaffSummary = Type.Static<typeof StaffSummary>;

export const StaffList = Type.Object({ list: Type.Array(StaffSummary), total: Type.Integer() });
export type StaffList = Type.Static<typeof StaffList>;

export const MemberDetailBody = Type.Object({ siteId: SiteId, id: Id, ...PeriodFields });
export type MemberDetailBody = Type.Static<typeof MemberDetailBody>;

/** How many orders, and how many reports of each kind, a member's page shows. */
export const MEMBER_RECENT_ORDERS = 10;
export const MEMBER_RECENT_REPORTS = 3;

export const MemberDetail = Type.Object({
  ...MemberSummary.properties,
  siteName: Type.String(),
  joinedAt: Timestamp,
  ranges: PeriodRanges,
  figures: FigureComparison,
  /** The member's latest orders at the site, every status, newest created first (as 全部订单 lists them). */
  recentOrders: Type.Array(OrderSummary),
  /**
   * The member's latest reports at the site — up to MEMBER_RECENT_REPORTS of each kind, newest
   * period first — when the caller may read them (a leader of the site, reportAllSites, oneself).
   */
  recentReports: Type.Array(ReportSummary),
});
export type MemberDetail = Type.Static<typeof MemberDetail>;
