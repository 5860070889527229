/**
 * 今日待办: the caller's own follow-ups due today or overdue (下次联系) and this period's reports
 * not yet submitted, with the count the badges show. One call, `followUpDue`, paged.
 */
import Type from 'typebox';
import { FOLLOW_UP_TYPES } from './sales-domain.js';
import { Day, Page, PageSize, SiteId, Timestamp } from './primitives.js';
import { REPORT_KINDS } from './report-periods.js';

export const FollowUpDueBody = Type.Object({ siteId: SiteId, page: Page, pageSize: PageSize });
export type FollowUpDueBody = Type.Static<typeof FollowUpDueBody>;

/** A customer to contact: the caller's latest follow-up of them names a next contact on or before today. */
export const DueFollowUp = Type.Object({
  /** The follow-up that names the next contact. */
  id: Type.Integer(),
  customer: Type.Object({ id: Type.Integer(), name: Type.String(), contactName: Type.String(), phone: Type.String() }),
  nextContactAt: Timestamp,
  /** Whole China days since the next contact's day: 0 today, 3 for three days ago. */
  daysOverdue: Type.Integer({ minimum: 0 }),
  /** The last follow-up's type and content. */
  type: Type.Enum(FOLLOW_UP_TYPES),
  content: Type.String(),
  createdAt: Timestamp,
});
export type DueFollowUp = Type.Static<typeof DueFollowUp>;

/** A report of the current period the caller writes and has not submitted. */
export const OwedReport = Type.Object({
  kind: Type.Enum(REPORT_KINDS),
  periodStart: Day,
  periodEnd: Day,
  label: Type.String(),
});
export type OwedReport = Type.Static<typeof OwedReport>;

/** A customer of the caller's that the pool rules return within the warning window. */
export const ReturningCustomer = Type.Object({
  customer: Type.Object({ id: Type.Integer(), name: Type.String(), contactName: Type.String(), phone: Type.String() }),
  /** Whole days left, rounded up (1 = within a day). */
  daysLeft: Type.Integer(),
  returnsAt: Timestamp,
  /** Which rule returns it: 未跟进 30 天 or 未成交 60 天. */
  rule: Type.String(),
});
export type ReturningCustomer = Type.Static<typeof ReturningCustomer>;

export const FollowUpDue = Type.Object({
  /** Today's first (the earliest first), then the overdue ones (the most recently due first). */
  list: Type.Array(DueFollowUp),
  /** Customers due, today and overdue. */
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  /** Of them, due today (the rest are overdue). */
  todayTotal: Type.Integer(),
  reports: Type.Array(OwedReport),
  /** The caller's customers that return to the pool within the warning window, the soonest first (at most 50). */
  returning: Type.Array(ReturningCustomer),
  /** For badges: customers due + reports owed. */
  count: Type.Integer(),
  /** China day the answer counts from. */
  today: Day,
});
export type FollowUpDue = Type.Static<typeof FollowUpDue>;
