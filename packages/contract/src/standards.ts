/**
 * Performance standards (issue 7): a site's monthly targets, its members' own, and their history,
 * under /seller/fenghe/staff/performance/standard/.
 */
import Type from 'typebox';
import { Id, Month, Nullable, Page, Paged, PageSize, SiteId, Timestamp } from './primitives.js';
import { MemberRef, Targets } from './performance.js';

/** Limits of a standard: amounts up to 1 billion yuan, counts up to 1 million a month. */
export const STANDARD_AMOUNT_MAX = 1_000_000_000;
export const STANDARD_COUNT_MAX = 1_000_000;

/** What to say when a standard's number is out of range or not a number (validation messages). */
export const STANDARD_FIELD_MESSAGES: Record<string, string> = {
  targetAmount: '目标金额须为 0 到 10 亿元之间的金额，最多两位小数',
  targetOrders: '目标订单数须为 0 到 100 万之间的整数',
  targetNewCustomers: '目标新客户数须为 0 到 100 万之间的整数',
};

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
