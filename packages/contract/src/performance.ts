/**
 * Performance, standards, attendance and members (issue 7): the API contract of the calls under
 * /seller/fenghe/staff/performance/, …/attendance/ and …/member/ (so the web request layer adds
 * the current siteId, SPEC §7). Money is yuan with up to two decimals; days are China-time
 * 'YYYY-MM-DD', both ends included; months 'YYYY-MM'; timestamps ISO 8601.
 */
import Type from 'typebox';
import { FOLLOW_UP_TYPES } from './sales-domain.js';
import { Day, Id, Month, Nullable, Page, Paged, PageSize, SiteId, Timestamp } from './primitives.js';
import { PERFORMANCE_PERIOD_KEYS } from './period.js';
import { ReportSummary } from './reports.js';
import { OrderLine, OrderSummary } from './sales.js';

const Ratio = Nullable(Type.Number());

/** Limits of a standard: amounts up to 1 billion yuan, counts up to 1 million a month. */
export const STANDARD_AMOUNT_MAX = 1_000_000_000;
export const STANDARD_COUNT_MAX = 1_000_000;

/** What to say when a standard's number is out of range or not a number (validation messages). */
export const STANDARD_FIELD_MESSAGES: Record<string, string> = {
  targetAmount: '目标金额须为 0 到 10 亿元之间的金额，最多两位小数',
  targetOrders: '目标订单数须为 0 到 100 万之间的整数',
  targetNewCustomers: '目标新客户数须为 0 到 100 万之间的整数',
};

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
  /** Customers whose next follow-up falls today (China time), earliest first, at most 20. */
  toContact: Type.Array(ToContact),
  toContactTotal: Type.Integer(),
});
export type HomeDashboard = Type.Static<typeof HomeDashboard>;

// Standards

export const StandardsBody = Type.Object({ siteId: SiteId, month: Month });
export type StandardsBody = Type.Static<typeof StandardsBody>;

export const StandardRow = Type.Object({
  /** null = the site default. */
  staffId: Nullable(Type.Integer()),
  member: Nullable(MemberRef),
  ...Targets.properties,
  /** false: no row of its own, the values shown are inherited (member → site default → 0). */
  isSet: Type.Boolean(),
  updatedAt: Nullable(Timestamp),
  updatedBy: Nullable(Type.Object({ id: Type.Integer(), username: Type.String() })),
});
export type StandardRow = Type.Static<typeof StandardRow>;

export const Standards = Type.Object({
  siteId: Type.Integer(),
  month: Month,
  /** Leaders of the site only; reportAllSites reads. */
  canEdit: Type.Boolean(),
  siteDefault: StandardRow,
  members: Type.Array(StandardRow),
});
export type Standards = Type.Static<typeof Standards>;

/** Sets one row: the site default (staffId null/absent) or a member's. Leaders of the site only. */
export const StandardUpdateBody = Type.Object({
  siteId: SiteId,
  month: Month,
  staffId: Type.Optional(Nullable(Id)),
  targetAmount: Type.Number({ minimum: 0, maximum: STANDARD_AMOUNT_MAX }),
  targetOrders: Type.Integer({ minimum: 0, maximum: STANDARD_COUNT_MAX }),
  targetNewCustomers: Type.Integer({ minimum: 0, maximum: STANDARD_COUNT_MAX }),
});
export type StandardUpdateBody = Type.Static<typeof StandardUpdateBody>;

export const StandardHistoryBody = Type.Object({ siteId: SiteId, month: Type.Optional(Month), page: Page, pageSize: PageSize });
export type StandardHistoryBody = Type.Static<typeof StandardHistoryBody>;

export const StandardChange = Type.Object({
  id: Type.Integer(),
  month: Month,
  staffId: Nullable(Type.Integer()),
  member: Nullable(MemberRef),
  changedBy: Type.Object({ id: Type.Integer(), username: Type.String() }),
  changedAt: Timestamp,
  /** null when the row did not exist before this change. */
  old: Nullable(Targets),
  new: Targets,
});
export type StandardChange = Type.Static<typeof StandardChange>;

export const StandardHistory = Paged(StandardChange);
export type StandardHistory = Type.Static<typeof StandardHistory>;

// Attendance

export const ATTENDANCE_STATUSES = ['normal', 'late', 'early', 'missing', 'leave'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
export const ATTENDANCE_STATUS_LABELS: Record<AttendanceStatus, string> = {
  normal: '正常',
  late: '迟到',
  early: '早退',
  missing: '缺卡',
  leave: '请假',
};

/** The site's working hours (China time): clock in by 09:00, out from 18:00. */
export const WORK_HOURS = { start: '09:00', end: '18:00' } as const;

export const AttendanceRecord = Type.Object({
  id: Type.Integer(),
  staffId: Type.Integer(),
  date: Day,
  clockInAt: Nullable(Timestamp),
  clockOutAt: Nullable(Timestamp),
  /**
   * Derived from the working hours: leave, else missing (a clock absent once the day is over),
   * else late, else early, else normal. While the day runs an open record is normal or late.
   */
  status: Type.Enum(ATTENDANCE_STATUSES),
  late: Type.Boolean(),
  early: Type.Boolean(),
});
export type AttendanceRecord = Type.Static<typeof AttendanceRecord>;

export const AttendanceClockBody = Type.Object({ siteId: SiteId });
export type AttendanceClockBody = Type.Static<typeof AttendanceClockBody>;

/** The caller's record of today at the site (null before clocking in) and what they may do. */
export const AttendanceToday = Type.Object({
  date: Day,
  serverTime: Timestamp,
  workHours: Type.Object({ start: Type.String(), end: Type.String() }),
  record: Nullable(AttendanceRecord),
  canClockIn: Type.Boolean(),
  canClockOut: Type.Boolean(),
});
export type AttendanceToday = Type.Static<typeof AttendanceToday>;

export const AttendanceCounts = Type.Object({
  normal: Type.Integer(),
  late: Type.Integer(),
  early: Type.Integer(),
  missing: Type.Integer(),
  leave: Type.Integer(),
  /** Members with no record that day (not yet clocked in today; absent on a past working day). */
  none: Type.Integer(),
});
export type AttendanceCounts = Type.Static<typeof AttendanceCounts>;

/** A leader's day view of the site. */
export const AttendanceDayBody = Type.Object({ siteId: SiteId, date: Day });
export type AttendanceDayBody = Type.Static<typeof AttendanceDayBody>;

export const AttendanceDay = Type.Object({
  date: Day,
  counts: AttendanceCounts,
  members: Type.Array(Type.Object({ member: MemberRef, record: Nullable(AttendanceRecord) })),
});
export type AttendanceDay = Type.Static<typeof AttendanceDay>;

/** A month calendar: the site's counts per day (leaders), or one member's days (staffId; a salesperson: themself). */
export const AttendanceMonthBody = Type.Object({ siteId: SiteId, month: Month, staffId: Type.Optional(Id) });
export type AttendanceMonthBody = Type.Static<typeof AttendanceMonthBody>;

export const AttendanceMonth = Type.Object({
  month: Month,
  staffId: Nullable(Type.Integer()),
  /** Totals of the month. */
  counts: AttendanceCounts,
  days: Type.Array(
    Type.Object({
      date: Day,
      counts: AttendanceCounts,
      /** The member's record that day when staffId is given. */
      record: Nullable(AttendanceRecord),
    }),
  ),
});
export type AttendanceMonth = Type.Static<typeof AttendanceMonth>;

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
