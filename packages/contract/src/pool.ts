/**
 * The 公海 pool of a site (issue 27 §2): its customers without an owner, 领取 (claim), 放弃
 * (release) and 分配 (assign), and the site's rules with the caller's usage of them.
 *
 * A pool customer belongs to nobody: the site's members see its name, level, address and source
 * and who had it last, when and why it left them — never its phone or contact person, which come
 * with the customer once someone claims it (docs/decisions.md, 公海).
 */
import Type from 'typebox';
import { CUSTOMER_LEVELS } from './sales-domain.js';
import { Id, Keyword, Nullable, Page, Paged, PageSize, SiteId, Timestamp } from './primitives.js';
import { StaffRef } from './sales.js';

/** Why a customer left its last owner, as the pool shows it. */
export const POOL_LEFT_REASONS = ['release', 'auto_return', 'deactivate', 'unbind', 'transfer'] as const;
export type PoolLeftReason = (typeof POOL_LEFT_REASONS)[number];
export const POOL_LEFT_REASON_LABELS: Record<PoolLeftReason, string> = {
  release: '放弃',
  auto_return: '自动回收',
  deactivate: '离职',
  unbind: '解绑',
  transfer: '转移',
};

/** How long a 放弃 reason or an override reason may be. */
export const POOL_REASON_MAX = 200;
/** Customers one 分配 may move at once. */
export const POOL_ASSIGN_MAX = 50;

export const PoolListBody = Type.Object({
  siteId: SiteId,
  page: Page,
  pageSize: PageSize,
  keyword: Keyword,
  level: Type.Optional(Type.Enum(CUSTOMER_LEVELS)),
  /** Only customers whose last owner was this person. */
  lastOwnerId: Type.Optional(Id),
});
export type PoolListBody = Type.Static<typeof PoolListBody>;

export const PoolCustomer = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  level: Type.Enum(CUSTOMER_LEVELS),
  address: Type.String(),
  source: Type.String(),
  createdAt: Timestamp,
  /** Who had it last; null for a customer nobody has owned. */
  lastOwner: Nullable(StaffRef),
  /** When and why it left them. */
  leftAt: Nullable(Timestamp),
  leftReason: Nullable(Type.Enum(POOL_LEFT_REASONS)),
  /** 放弃's reason, or the rule that returned it. */
  leftNote: Nullable(Type.String()),
});
export type PoolCustomer = Type.Static<typeof PoolCustomer>;

export const PoolPage = Paged(PoolCustomer);
export type PoolPage = Type.Static<typeof PoolPage>;

export const PoolSiteBody = Type.Object({ siteId: SiteId });
export type PoolSiteBody = Type.Static<typeof PoolSiteBody>;

/** The last owners of the pool's customers (the 前负责人 filter), most customers first. */
export const PoolLastOwners = Type.Object({ list: Type.Array(Type.Object({ ...StaffRef.properties, customers: Type.Integer() })) });
export type PoolLastOwners = Type.Static<typeof PoolLastOwners>;

/** The rules that apply at the site (its own, or inherited), and the caller's use of the caps. */
export const PoolRules = Type.Object({
  siteId: Type.Integer(),
  /** 拥有上限; null: no limit. */
  ownLimit: Nullable(Type.Integer()),
  /** 每日领取上限; null: no limit. */
  dailyClaimLimit: Nullable(Type.Integer()),
  /** A former owner waits this many days to claim the customer again; null: no wait. */
  reclaimBlockDays: Nullable(Type.Integer()),
  noFollowUpDays: Nullable(Type.Integer()),
  noOrderDays: Nullable(Type.Integer()),
  warnDays: Nullable(Type.Integer()),
  /** The caller's own customers at the site and claims today (China day); null for leaders, who assign. */
  usage: Nullable(Type.Object({ owned: Type.Integer(), claimedToday: Type.Integer() })),
  /** The caller claims (a salesperson of the site). */
  canClaim: Type.Boolean(),
  /** The caller assigns (a leader of the site). */
  canAssign: Type.Boolean(),
});
export type PoolRules = Type.Static<typeof PoolRules>;

export const PoolClaimBody = Type.Object({ siteId: SiteId, customerId: Id });
export type PoolClaimBody = Type.Static<typeof PoolClaimBody>;

export const PoolReleaseBody = Type.Object({ siteId: SiteId, customerId: Id, reason: Type.String({ minLength: 1, maxLength: POOL_REASON_MAX }) });
export type PoolReleaseBody = Type.Static<typeof PoolReleaseBody>;

export const PoolReleaseResult = Type.Object({ customerId: Type.Integer() });
export type PoolReleaseResult = Type.Static<typeof PoolReleaseResult>;

export const PoolAssignBody = Type.Object({
  siteId: SiteId,
  customerIds: Type.Array(Id, { minItems: 1, maxItems: POOL_ASSIGN_MAX }),
  staffId: Id,
  /** 超限分配: past the member's 拥有上限, with the leader's reason (kept in the audit log). */
  override: Type.Optional(Type.Object({ reason: Type.String({ minLength: 1, maxLength: POOL_REASON_MAX }) })),
});
export type PoolAssignBody = Type.Static<typeof PoolAssignBody>;

export const PoolAssignResult = Type.Object({ staff: StaffRef, assigned: Type.Integer(), overridden: Type.Boolean() });
export type PoolAssignResult = Type.Static<typeof PoolAssignResult>;

/**
 * Development only (/__dev/pool-rules, registered with the console SMS provider outside production):
 * sets a site's own caps so e2e can reach them; every field null removes the site's own row.
 * The console's rules editor is the way people set them.
 */
export const DevPoolRulesBody = Type.Object({
  siteId: SiteId,
  ownLimit: Nullable(Type.Integer({ minimum: 0, maximum: 100_000 })),
  dailyClaimLimit: Nullable(Type.Integer({ minimum: 0, maximum: 100_000 })),
  reclaimBlockDays: Nullable(Type.Integer({ minimum: 0, maximum: 3650 })),
});
export type DevPoolRulesBody = Type.Static<typeof DevPoolRulesBody>;
