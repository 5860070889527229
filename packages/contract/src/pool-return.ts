/**
 * 公海回收规则 (issue 27 §3): the rules that return a neglected customer to its site's pool, as the
 * console sets them per site (null = inherit from the parent site), and the countdown the owner sees.
 */
import Type from 'typebox';
import { Nullable, SiteId } from './primitives.js';

/** The largest number of days a rule may say (ten years); more is a mistake, refused. */
export const POOL_RULE_DAYS_MAX = 3650;
/** The largest 拥有上限 / 每日领取上限 the console accepts. */
export const POOL_RULE_COUNT_MAX = 100_000;

/** The countdown turns red under this many days left. */
export const RETURN_URGENT_DAYS = 3;

/** 剩余 N 天: what the card and the customer page say. */
export const returnCountdownLabel = (daysLeft: number) => `剩余 ${daysLeft} 天`;

/** A level's own return rules (each null = the site's general rule for that level). */
export const PoolLevelDays = Type.Object({
  noFollowUpDays: Nullable(Type.Integer()),
  noOrderDays: Nullable(Type.Integer()),
});
export type PoolLevelDays = Type.Static<typeof PoolLevelDays>;

const LevelDaysSchema = Type.Object({ A: Type.Optional(PoolLevelDays), B: Type.Optional(PoolLevelDays), C: Type.Optional(PoolLevelDays) }, { additionalProperties: false });

/** A site's own rules: each null = take the parent's (off when no site above sets it). */
export const PoolRuleValues = Type.Object({
  /** 拥有上限 */
  ownLimit: Nullable(Type.Integer()),
  /** 每日领取上限 */
  dailyClaimLimit: Nullable(Type.Integer()),
  /** 前负责人 N 天内不能领取 */
  reclaimBlockDays: Nullable(Type.Integer()),
  /** 未跟进 N 天回收 */
  noFollowUpDays: Nullable(Type.Integer()),
  /** 未成交 M 天回收 */
  noOrderDays: Nullable(Type.Integer()),
  /** Per level overrides (A/B/C), or null to inherit the parent's as a whole. */
  levelDays: Nullable(LevelDaysSchema),
  /** 提前 X 天提醒 */
  warnDays: Nullable(Type.Integer()),
});
export type PoolRuleValues = Type.Static<typeof PoolRuleValues>;

export const POOL_RULE_KEYS = ['ownLimit', 'dailyClaimLimit', 'reclaimBlockDays', 'noFollowUpDays', 'noOrderDays', 'levelDays', 'warnDays'] as const;
export type PoolRuleKey = (typeof POOL_RULE_KEYS)[number];

/** What the console calls each rule. */
export const POOL_RULE_LABELS: Record<PoolRuleKey, string> = {
  ownLimit: '拥有客户上限',
  dailyClaimLimit: '每日领取上限',
  reclaimBlockDays: '前负责人不能领取天数',
  noFollowUpDays: '未跟进回收天数',
  noOrderDays: '未成交回收天数',
  levelDays: '按等级设置',
  warnDays: '提前提醒天数',
};

/** One site of the tree with its own rules and the ones that apply there (with the site each comes from). */
export const AdminPoolRulesSite = Type.Object({
  siteId: Type.Integer(),
  name: Type.String(),
  parentId: Nullable(Type.Integer()),
  archived: Type.Boolean(),
  own: PoolRuleValues,
  effective: PoolRuleValues,
  /** For each rule, the site it is taken from (null: no site sets it, so it is off). */
  from: Type.Object({
    ownLimit: Nullable(Type.Integer()),
    dailyClaimLimit: Nullable(Type.Integer()),
    reclaimBlockDays: Nullable(Type.Integer()),
    noFollowUpDays: Nullable(Type.Integer()),
    noOrderDays: Nullable(Type.Integer()),
    levelDays: Nullable(Type.Integer()),
    warnDays: Nullable(Type.Integer()),
  }),
  /** Whether the effective rules return customers at all. */
  returnsCustomers: Type.Boolean(),
  /** The warning window that applies (the default when the rules return customers and name none). */
  warnDays: Type.Integer(),
  updatedAt: Nullable(Type.String()),
});
export type AdminPoolRulesSite = Type.Static<typeof AdminPoolRulesSite>;

export const AdminPoolRulesList = Type.Object({ list: Type.Array(AdminPoolRulesSite) });
export type AdminPoolRulesList = Type.Static<typeof AdminPoolRulesList>;

/** Replaces a site's own rules (all of them at once; null = inherit). */
export const AdminPoolRulesSaveBody = Type.Object({ siteId: SiteId, rules: PoolRuleValues }, { additionalProperties: false });
export type AdminPoolRulesSaveBody = Type.Static<typeof AdminPoolRulesSaveBody>;
