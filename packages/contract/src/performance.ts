/**
 * Performance (issue 7): the API contract of the figures calls under
 * /seller/fenghe/staff/performance/ (so the web request layer adds the current siteId, SPEC §7):
 * periods, figures, ranking, home and search. Standards, attendance and members have modules of
 * their own (standards.ts, attendance.ts, members.ts). Money is yuan with up to two decimals; days
 * are China-time 'YYYY-MM-DD', both ends included; months 'YYYY-MM'; timestamps ISO 8601.
 */
import Type from 'typebox';
import { FOLLOW_UP_TYPES } from './sales-domain.js';
import { Day, Id, Month, Nullable, Page, Paged, PageSize, SiteId, Timestamp } from './primitives.js';
import { PERFORMANCE_PERIOD_KEYS } from './period.js';
import { OrderLine } from './sales.js';

const Ratio = Nullable(Type.Number());

// Periods

/**
 * Every figures call names a period: a key, plus startDate/endDate for 'custom' (at most a year,
 * start ≤ end). The server resolves it against its own clock, in China time.
 */
export const PeriodFields = {
  period: Type.Enum(PERFORMANCE_PERIOD_KEYS),
  startDate: Type.Optional(Day),
  endDate: Type.Optional(Day),
};

export const DayRangeSchema = Type.Object({ startDate: Day, endDate: Day });

/** What was counted: the period's days, 环比's, 同比's and the days the standard covers. */
export const PeriodRanges = Type.Object({
  period: Type.Enum(PERFORMANCE_PERIOD_KEYS),
  range: DayRangeSchema,
  previous: DayRangeSchema,
  yearAgo: DayRangeSchema,
  targetRange: DayRangeSchema,
});
export type PeriodRanges = Type.Static<typeof PeriodRanges>;

/** The sites whose performance the caller may read: every site for reportAllSites, else their own. */
export const PerformanceSitesBody = Type.Object({ siteId: Type.Optional(SiteId) });
export type PerformanceSitesBody = Type.Static<typeof PerformanceSitesBody>;

export const PerformanceSites = Type.Object({
  list: Type.Array(Type.Object({ siteId: Type.Integer(), siteName: Type.String(), canEdit: Type.Boolean() })),
});
export type PerformanceSites = Type.Static<typeof PerformanceSites>;

// Figures

/** The four figures: sales (paid, shipped, completed by paidAt, refunds subtracted), new customers, follow-ups. */
export const Figures = Type.Object({
  orderAmount: Type.Number(),
  orderCount: Type.Integer(),
  newCustomers: Type.Integer(),
  followUps: Type.Integer(),
});
export type Figures = Type.Static<typeof Figures>;

/** A standard's targets (per month, or spread over a period's days). */
export const Targets = Type.Object({
  targetAmount: Type.Number(),
  targetOrders: Type.Integer(),
  targetNewCustomers: Type.Integer(),
});
export type Targets = Type.Static<typeof Targets>;

/** Completion of each target as a ratio (1 = 100%); null when the target is 0. */
export const Completion = Type.Object({ amount: Ratio, orders: Ratio, newCustomers: Ratio });
export type Completion = Type.Static<typeof Completion>;

/** A period's figures with 环比 (previous) and 同比 (yearAgo: null when nothing was recorded that long ago). */
export const FigureComparison = Type.Object({
  current: Figures,
  previous: Figures,
  yearAgo: Nullable(Figures),
  /** The standard over the period's whole calendar span (targetRange), and completion against it. */
  target: Targets,
  completion: Completion,
});
export type FigureComparison = Type.Static<typeof FigureComparison>;

/** One day of a trend. */
export const TrendPoint = Type.Object({
  date: Day,
  orderAmount: Type.Number(),
  orderCount: Type.Integer(),
  newCustomers: Type.Integer(),
  followUps: Type.Integer(),
});
export type TrendPoint = Type.Static<typeof TrendPoint>;

export const MemberRef = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  avatar: Nullable(Type.String()),
  isLeader: Type.Boolean(),
});
export type MemberRef = Type.Static<typeof MemberRef>;

/**
 * Target pacing of the current month and quarter (China days) against the amount target: what is
 * still missing, the daily amount needed over the days left (today counts as left), and the
 * projection at the month-to-date pace. Amounts in yuan like Figures. Null where no amount
 * target applies (leaders, months without a standard).
 */
export const PacingSpan = Type.Object({
  /** First and last day of the calendar month or quarter. */
  startDate: Day,
  endDate: Day,
  targetAmount: Type.Number(),
  /** Net sales from the first day to today. */
  actualAmount: Type.Number(),
  completion: Type.Number(),
  /** targetAmount − actualAmount, 0 once reached. */
  remainingAmount: Type.Number(),
  reached: Type.Boolean(),
  /** Days left, today included (1 on the last day). */
  daysLeft: Type.Integer({ minimum: 1 }),
  /** remainingAmount ÷ daysLeft, 0 once reached. */
  dailyNeeded: Type.Number(),
  /** actualAmount ÷ elapsed days (today included) × days in the span. */
  projectedAmount: Type.Number(),
});
export type PacingSpan = Type.Static<typeof PacingSpan>;

export const Pacing = Type.Object({
  today: Day,
  month: Nullable(PacingSpan),
  /**
   * Paced only when all three months of the quarter have an amount target: a month without one is
   * not a target of 0 (it would make the quarter's daily need look small beside the month's).
   */
  quarter: Nullable(PacingSpan),
  /** The quarter's months ('2026-12') without an amount target, oldest first; empty when the quarter is paced. */
  quarterUnsetMonths: Type.Array(Month),
});
export type Pacing = Type.Static<typeof Pacing>;

/** salesPerformance: the caller's own figures, or (leaders, reportAllSites) a chosen member's. */
export const PersonFiguresBody = Type.Object({ siteId: SiteId, staffId: Type.Optional(Id), ...PeriodFields });
export type PersonFiguresBody = Type.Static<typeof PersonFiguresBody>;

export const PersonFigures = Type.Object({
  member: MemberRef,
  ranges: PeriodRanges,
  figures: FigureComparison,
  /** Day by day over the period's range. */
  trend: Type.Array(TrendPoint),
  /** The caller may pick another member of the site (leaders of the site and reportAllSites readers). */
  canPickMember: Type.Boolean(),
  /** The member's pacing this month and quarter (whatever period is shown); null without a target. */
  pacing: Nullable(Pacing),
});
export type PersonFigures = Type.Static<typeof PersonFigures>;

export const MEMBER_SORTS = ['orderAmount', 'orderCount', 'newCustomers', 'followUps', 'completion'] as const;
export type MemberSort = (typeof MEMBER_SORTS)[number];

/** departmentalSalesPerformance: leaders of the site and reportAllSites. */
export const SiteFiguresBody = Type.Object({
  siteId: SiteId,
  ...PeriodFields,
  sort: Type.Optional(Type.Enum(MEMBER_SORTS, { default: 'orderAmount' })),
  order: Type.Optional(Type.Enum(['desc', 'asc'] as const, { default: 'desc' })),
});
export type SiteFiguresBody = Type.Static<typeof SiteFiguresBody>;

export const MemberFigures = Type.Object({
  member: MemberRef,
  figures: Figures,
  target: Targets,
  completion: Completion,
});
export type MemberFigures = Type.Static<typeof MemberFigures>;

export const SiteFigures = Type.Object({
  siteId: Type.Integer(),
  siteName: Type.String(),
  ranges: PeriodRanges,
  /** The site's totals; its target is the site default standard. */
  figures: FigureComparison,
  trend: Type.Array(TrendPoint),
  /** Every member of the site (and anyone credited there in the period), sorted as asked. */
  members: Type.Array(MemberFigures),
  /** The site's pacing this month and quarter (whatever period is shown); null without a target. */
  pacing: Nullable(Pacing),
});
export type SiteFigures = Type.Static<typeof SiteFigures>;

/** departmentalSalesDetails: day by day, or order by order (paid in the period, newest first). */
export const SalesDetailsBody = Type.Object({
  siteId: SiteId,
  ...PeriodFields,
  view: Type.Enum(['day', 'order'] as const),
  staffId: Type.Optional(Id),
  page: Page,
  pageSize: PageSize,
});
export type SalesDetailsBody = Type.Static<typeof SalesDetailsBody>;

export const SalesDay = Type.Object({
  date: Day,
  orderAmount: Type.Number(),
  orderCount: Type.Integer(),
  /** Refunds booked that day (already subtracted from orderAmount/orderCount). */
  refundAmount: Type.Number(),
  refundCount: Type.Integer(),
});
export type SalesDay = Type.Static<typeof SalesDay>;

/**
 * One of the two lists is filled, as `view` asks; totals cover the whole period. The order view
 * lists the sales and refunds the totals count (OrderLine): its lines add up to `totals`.
 */
export const SalesDetails = Type.Object({
  ranges: PeriodRanges,
  totals: Figures,
  days: Nullable(Paged(SalesDay)),
  orders: Nullable(Paged(OrderLine)),
});
export type SalesDetails = Type.Static<typeof SalesDetails>;

// Ranking

export const RANKING_METRICS = ['orderAmount', 'orderCount', 'newCustomers', 'followUps'] as const;
export type RankingMetric = (typeof RANKING_METRICS)[number];
export const RANKING_METRIC_LABELS: Record<RankingMetric, string> = {
  orderAmount: '金额',
  orderCount: '订单数',
  newCustomers: '新客户',
  followUps: '跟进',
};

export const RankingBody = Type.Object({ siteId: SiteId, ...PeriodFields, metric: Type.Enum(RANKING_METRICS) });
export type RankingBody = Type.Static<typeof RankingBody>;

export const RankingEntry = Type.Object({
  /** 1-based; equal values share a rank (1, 2, 2, 4). */
  rank: Type.Integer(),
  member: MemberRef,
  /** The metric's value (yuan for orderAmount). */
  value: Type.Number(),
  figures: Figures,
  /** Completion of the metric's target over the period; null for follow-ups (no standard) or no target. */
  completion: Ratio,
  isMe: Type.Boolean(),
});
export type RankingEntry = Type.Static<typeof RankingEntry>;

export const Ranking = Type.Object({
  metric: Type.Enum(RANKING_METRICS),
  ranges: PeriodRanges,
  list: Type.Array(RankingEntry),
  /** The caller's own entry; null when they are not ranked at this site (reportAllSites visitors). */
  me: Nullable(RankingEntry),
  /**
   * What the site counted in the period beyond the ranked people, so that the list plus
   * `unassigned` plus `others` equals `site`, the site's figures on 部门销售业绩: `unassigned` is
   * credited to nobody, `others` to people not ranked here (former members, or people without a
   * position at the site). Null for a salesperson, who does not see the site's figures.
   */
  unranked: Nullable(Type.Object({ unassigned: Figures, others: Figures, site: Figures })),
});
export type Ranking = Type.Static<typeof Ranking>;

// Home

export const HomeBody = Type.Object({ siteId: SiteId });
export type HomeBody = Type.Static<typeof HomeBody>;

export const AmountAndCount = Type.Object({
  orderAmount: Type.Number(),
  orderCount: Type.Integer(),
  /** 环比: yesterday for today, the same days of last month for the month. */
  previousAmount: Type.Number(),
  previousCount: Type.Integer(),
});
export type AmountAndCount = Type.Static<typeof AmountAndCount>;

export const ToContact = Type.Object({
  followUpId: Type.Integer(),
  customer: Type.Object({ id: Type.Integer(), name: Type.String(), contactName: Type.String(), phone: Type.String() }),
  staff: Type.Object({ id: Type.Integer(), username: Type.String() }),
  type: Type.Enum(FOLLOW_UP_TYPES),
  content: Type.String(),
  nextContactAt: Timestamp,
});
export type ToContact = Type.Static<typeof ToContact>;

/**
 * The home dashboard in one call. Leaders and reportAllSites see the site; anyone else their own
 * figures (`scope` says which).
 */
export const HomeDashboard = Type.Object({
  siteId: Type.Integer(),
  siteName: Type.String(),
  scope: Type.Enum(['site', 'self'] as const),
  today: Day,
  todaySales: AmountAndCount,
  monthSales: AmountAndCount,
  /** This month to date against the month's whole standard. */
  month: Type.Object({ figures: Figures, target: Targets, completion: Completion }),
  /** The last 30 days, today included. */
  trend: Type.Array(TrendPoint),
  /** This month's top 5 by amount. */
  top: Type.Array(RankingEntry),
  /** Customers whose next follow-up falls today (China time) and who were not contacted since, earliest first, at most 20. */
  toContact: Type.Array(ToContact),
  toContactTotal: Type.Integer(),
  /** Pacing of the month's target shown (the site's or one's own); null without a target. */
  pacing: Nullable(Pacing),
});
export type HomeDashboard = Type.Static<typeof HomeDashboard>;

// Search

export const PerformanceSearchBody = Type.Object({
  siteId: SiteId,
  keyword: Type.String({ minLength: 1, maxLength: 50 }),
  ...PeriodFields,
});
export type PerformanceSearchBody = Type.Static<typeof PerformanceSearchBody>;

export const PerformanceSearchResult = Type.Object({
  ranges: PeriodRanges,
  /** Salespeople whose name or phone matches (a salesperson finds only themself). */
  staff: Type.Array(Type.Object({ member: MemberRef, figures: Figures, completion: Completion })),
  /** Customers (visible to the caller) whose name, contact or phone matches, at most 20. */
  customers: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      contactName: Type.String(),
      owner: Nullable(Type.Object({ id: Type.Integer(), username: Type.String() })),
      /** Sales of the customer in the period (paid, shipped, completed by paidAt, refunds subtracted). */
      orderAmount: Type.Number(),
      orderCount: Type.Integer(),
      followUps: Type.Integer(),
    }),
  ),
  customerTotal: Type.Integer(),
});
export type PerformanceSearchResult = Type.Static<typeof PerformanceSearchResult>;

// The call paths live in their own module: a client that needs only a path does not load every
// schema of this one (and TypeBox) with it.
