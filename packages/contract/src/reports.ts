/**
 * 周报 and 半月报: the API contract of /seller/weekly/staff/ and /seller/halfmonth/staff/
 * (DESIGN §4). Both kinds share these shapes; money is yuan with up to two decimals.
 */
import Type from 'typebox';
import { Day, Id, Nullable, Page, PageSize, SiteId, Timestamp } from './primitives.js';
import { REPORT_IMAGES_MAX, REPORT_KINDS, REPORT_TEXT_MAX } from './report-periods.js';
import { ReportRemindInfo } from './report-feedback.js';
import { OrderLine, OrderLineKind, StaffRef } from './sales.js';

// Length is checked after trimming by the server, with a message naming the field; the schema
// bound only keeps absurd bodies out.
const Text = Type.String({ maxLength: REPORT_TEXT_MAX * 4 });
const Images = Type.Array(Type.String({ maxLength: 200 }), { maxItems: REPORT_IMAGES_MAX });

export const ReportKindSchema = Type.Enum(REPORT_KINDS);

/** The figures of a period: computed live before writing, snapshotted in a report. */
export const ReportMetrics = Type.Object({
  orderCount: Type.Integer(),
  orderAmount: Type.Number(),
  newCustomers: Type.Integer(),
  followUps: Type.Integer(),
  targetAmount: Type.Number(),
  targetOrders: Type.Integer(),
  targetNewCustomers: Type.Integer(),
  /** Order amount over target amount, 0–∞ (1 = 100 %); null when there is no target. */
  completion: Nullable(Type.Number()),
});
export type ReportMetrics = Type.Static<typeof ReportMetrics>;

/** before/create: the period (its first day; the current one when absent). */
export const ReportPeriodBody = Type.Object({ siteId: SiteId, periodStart: Type.Optional(Day) });
export type ReportPeriodBody = Type.Static<typeof ReportPeriodBody>;

export const ReportPreview = Type.Object({
  kind: ReportKindSchema,
  periodStart: Day,
  periodEnd: Day,
  label: Type.String(),
  siteName: Type.String(),
  metrics: ReportMetrics,
  /** The caller's report of this period, when written. */
  reportId: Nullable(Type.Integer()),
  reported: Type.Boolean(),
});
export type ReportPreview = Type.Static<typeof ReportPreview>;

export const ReportCreateBody = Type.Object({
  siteId: SiteId,
  periodStart: Day,
  summary: Text,
  plan: Text,
  problems: Type.Optional(Text),
  images: Type.Optional(Images),
});
export type ReportCreateBody = Type.Static<typeof ReportCreateBody>;

export const ReportUpdateBody = Type.Object({
  siteId: SiteId,
  id: Id,
  summary: Text,
  plan: Text,
  problems: Type.Optional(Text),
  images: Type.Optional(Images),
});
export type ReportUpdateBody = Type.Static<typeof ReportUpdateBody>;

export const ReportIdBody = Type.Object({ siteId: SiteId, id: Id });
export type ReportIdBody = Type.Static<typeof ReportIdBody>;

/** The caller's own reports, or (leaders, reportAllSites) the site's with filters. */
export const ReportListBody = Type.Object({
  siteId: SiteId,
  page: Page,
  pageSize: PageSize,
  /** mine (default): the caller's; members: everyone's at the site the caller may read. */
  scope: Type.Optional(Type.Union([Type.Literal('mine'), Type.Literal('members')])),
  staffId: Type.Optional(Id),
  /** Only periods starting on or after / on or before these days. */
  startDate: Type.Optional(Day),
  endDate: Type.Optional(Day),
  /** Read by at least one leader, or by none. */
  read: Type.Optional(Type.Union([Type.Literal('read'), Type.Literal('unread')])),
});
export type ReportListBody = Type.Static<typeof ReportListBody>;

export const ReportSummary = Type.Object({
  id: Type.Integer(),
  kind: ReportKindSchema,
  siteId: Type.Integer(),
  staff: StaffRef,
  periodStart: Day,
  periodEnd: Day,
  label: Type.String(),
  orderAmount: Type.Number(),
  completion: Nullable(Type.Number()),
  /** Read by at least one leader of the site. */
  read: Type.Boolean(),
  createdAt: Timestamp,
});
export type ReportSummary = Type.Static<typeof ReportSummary>;

export const ReportPage = Type.Object({
  list: Type.Array(ReportSummary),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});
export type ReportPage = Type.Static<typeof ReportPage>;

export const ReportDetail = Type.Object({
  ...ReportSummary.properties,
  siteName: Type.String(),
  metrics: ReportMetrics,
  summary: Type.String(),
  plan: Type.String(),
  problems: Type.String(),
  images: Type.Array(Type.String()),
  updatedAt: Timestamp,
  readers: Type.Array(Type.Object({ leader: StaffRef, readAt: Timestamp })),
  /** The author may still change or delete it (no leader has read it). */
  canEdit: Type.Boolean(),
});
export type ReportDetail = Type.Static<typeof ReportDetail>;

export const ReportOrdersBody = Type.Object({ siteId: SiteId, id: Id, page: Page, pageSize: PageSize });
export type ReportOrdersBody = Type.Static<typeof ReportOrdersBody>;
/** A line of a report's order list: a sale or a refund of one of the author's orders (see OrderLine). */
export const ReportOrderLineKind = OrderLineKind;
export type ReportOrderLineKind = OrderLineKind;
export const ReportOrderLine = OrderLine;
export type ReportOrderLine = OrderLine;
/**
 * The sales and refunds behind a report's order figures, latest first. `summary.count` and
 * `summary.amount` are the report's 订单数 and amount (sales minus refunds); `total` counts lines.
 */
export const ReportOrders = Type.Object({
  list: Type.Array(ReportOrderLine),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  summary: Type.Object({
    count: Type.Integer(),
    amount: Type.Number(),
    saleCount: Type.Integer(),
    saleAmount: Type.Number(),
    refundCount: Type.Integer(),
    refundAmount: Type.Number(),
  }),
  /** When the report's figures were taken: the lines are what had happened in the period by then. */
  figuresAt: Timestamp,
});
export type ReportOrders = Type.Static<typeof ReportOrders>;

/** The weekly series for historyWeekly: the caller's, or a member's for leaders. */
export const ReportSeriesBody = Type.Object({
  siteId: SiteId,
  staffId: Type.Optional(Id),
  weeks: Type.Optional(Type.Integer({ minimum: 1, maximum: 52, default: 12 })),
});
export type ReportSeriesBody = Type.Static<typeof ReportSeriesBody>;

export const ReportSeriesPoint = Type.Object({
  periodStart: Day,
  periodEnd: Day,
  label: Type.String(),
  metrics: ReportMetrics,
  reportId: Nullable(Type.Integer()),
});
export const ReportSeries = Type.Object({ list: Type.Array(ReportSeriesPoint) });
export type ReportSeries = Type.Static<typeof ReportSeries>;

/** Team report: who has and has not written the period's report at a site. */
export const TeamReportBody = Type.Object({ siteId: SiteId, periodStart: Type.Optional(Day) });
export type TeamReportBody = Type.Static<typeof TeamReportBody>;

export const TeamReport = Type.Object({
  kind: ReportKindSchema,
  siteId: Type.Integer(),
  siteName: Type.String(),
  periodStart: Day,
  periodEnd: Day,
  label: Type.String(),
  submitted: Type.Array(
    Type.Object({
      staff: StaffRef,
      reportId: Type.Integer(),
      orderAmount: Type.Number(),
      completion: Nullable(Type.Number()),
      createdAt: Timestamp,
      /** Read by the caller (a leader's own read/unread). */
      readByMe: Type.Boolean(),
      read: Type.Boolean(),
    }),
  ),
  missing: Type.Array(StaffRef),
  /** The caller marks reports read by opening them (leaders of the site only). */
  readOnly: Type.Boolean(),
  /** The caller may press 一键催交 (leaders of the site and reportAllSites). */
  canRemind: Type.Boolean(),
  /** The period's latest 一键催交 at this site, if any. */
  lastRemind: Nullable(ReportRemindInfo),
});
export type TeamReport = Type.Static<typeof TeamReport>;

/** Query of the PDF downloads (GET, so a plain link or pdf.js can fetch them). */
export const ReportPdfQuery = Type.Object({ siteId: SiteId, id: Id });
export type ReportPdfQuery = Type.Static<typeof ReportPdfQuery>;
export const TeamReportPdfQuery = Type.Object({ siteId: SiteId, periodStart: Type.Optional(Day) });
export type TeamReportPdfQuery = Type.Static<typeof TeamReportPdfQuery>;
