/**
 * 系统设置 → 公海规则 (issue 27 §3): each site of the tree with its own 公海 rules and the ones
 * that apply there (inherited down the tree, pool-rules.ts), and the administrator's save of a
 * site's own rules (all at once; null = inherit). A value out of range is refused with a Chinese
 * message naming the rule, before anything is written; a save is one transaction with one audit
 * entry, before → after.
 */
import {
  CUSTOMER_LEVELS,
  POOL_RULE_COUNT_MAX,
  POOL_RULE_DAYS_MAX,
  POOL_RULE_KEYS,
  POOL_RULE_LABELS,
  type AdminPoolRulesList,
  type AdminPoolRulesSaveBody,
  type AdminPoolRulesSite,
  type PoolRuleValues,
} from '@sales/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import { sitePoolRules, sites } from '../../../db/schema.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import { appendAudit, type AuditValues, type ClientContext } from '../audit.js';
import { effectivePoolRules, ownPoolRules, returnsCustomers, type LevelDays, type OwnPoolRules } from '../pool/pool-rules.js';
import { warnDaysOf } from '../pool/return-countdown.js';
import { SITE_NOT_FOUND } from '../sales/sales-authorization.js';

export const SITE_ARCHIVED_RULES = '站点已归档，不能修改公海规则';
/** The largest warning window (a year). */
const WARN_DAYS_MAX = 365;

const NO_RULES: PoolRuleValues = { ownLimit: null, dailyClaimLimit: null, reclaimBlockDays: null, noFollowUpDays: null, noOrderDays: null, levelDays: null, warnDays: null };

/** A whole number in [min, max], or null; anything else is refused with the rule's name. */
function checked(value: number | null, label: string, min: number, max: number): number | null {
  if (value === null) return null;
  if (!Number.isInteger(value) || value < min || value > max) throw badRequest(`${label}须为 ${min} 到 ${max} 之间的整数，不填则沿用上级站点`);
  return value;
}

/** The rules as given, checked; levels with nothing set are left out. */
export function validatePoolRules(rules: PoolRuleValues): OwnPoolRules {
  const days = (value: number | null, key: 'reclaimBlockDays' | 'noFollowUpDays' | 'noOrderDays', prefix = '') =>
    checked(value, `${prefix}${POOL_RULE_LABELS[key]}`, 1, POOL_RULE_DAYS_MAX);
  let levelDays: LevelDays | null = null;
  if (rules.levelDays !== null) {
    levelDays = {};
    for (const level of CUSTOMER_LEVELS) {
      const given = rules.levelDays[level];
      if (!given) continue;
      const noFollowUpDays = days(given.noFollowUpDays, 'noFollowUpDays', `${level} 类客户的`);
      const noOrderDays = days(given.noOrderDays, 'noOrderDays', `${level} 类客户的`);
      if (noFollowUpDays !== null || noOrderDays !== null) levelDays[level] = { noFollowUpDays, noOrderDays };
    }
  }
  return {
    ownLimit: checked(rules.ownLimit, POOL_RULE_LABELS.ownLimit, 1, POOL_RULE_COUNT_MAX),
    dailyClaimLimit: checked(rules.dailyClaimLimit, POOL_RULE_LABELS.dailyClaimLimit, 1, POOL_RULE_COUNT_MAX),
    reclaimBlockDays: days(rules.reclaimBlockDays, 'reclaimBlockDays'),
    noFollowUpDays: days(rules.noFollowUpDays, 'noFollowUpDays'),
    noOrderDays: days(rules.noOrderDays, 'noOrderDays'),
    levelDays,
    warnDays: checked(rules.warnDays, POOL_RULE_LABELS.warnDays, 1, WARN_DAYS_MAX),
  };
}

/** A site's own rules for the audit entry: plain values, the per-level ones as text. */
function auditValues(siteId: number, rules: OwnPoolRules): AuditValues {
  const levels = rules.levelDays
    ? CUSTOMER_LEVELS.filter((level) => rules.levelDays?.[level])
        .map((level) => `${level}: 未跟进 ${rules.levelDays?.[level]?.noFollowUpDays ?? '—'} 天，未成交 ${rules.levelDays?.[level]?.noOrderDays ?? '—'} 天`)
        .join('；')
    : null;
  return {
    siteId,
    ownLimit: rules.ownLimit,
    dailyClaimLimit: rules.dailyClaimLimit,
    reclaimBlockDays: rules.reclaimBlockDays,
    noFollowUpDays: rules.noFollowUpDays,
    noOrderDays: rules.noOrderDays,
    levelDays: levels,
    warnDays: rules.warnDays,
  };
}

const describeRules = (rules: OwnPoolRules) =>
  POOL_RULE_KEYS.filter((key) => rules[key] !== null)
    .map((key) => (key === 'levelDays' ? POOL_RULE_LABELS.levelDays : `${POOL_RULE_LABELS[key]} ${String(rules[key])}`))
    .join('，') || '全部沿用上级';

export class PoolRulesAdmin {
  /** `rulesChanged`: told after a save commits (every instance drops the rules it keeps). */
  constructor(
    private readonly db: Db,
    private readonly rulesChanged: () => Promise<void> = async () => undefined,
  ) {}

  /** Every site (archived ones too, greyed by the console) with its own and effective rules, in id order. */
  async list(db: Db | Tx = this.db): Promise<AdminPoolRulesList> {
    const rows = await db
      .select({ id: sites.id, name: sites.name, parentId: sites.parentId, archivedAt: sites.archivedAt, updatedAt: sitePoolRules.updatedAt })
      .from(sites)
      .leftJoin(sitePoolRules, eq(sitePoolRules.siteId, sites.id))
      .orderBy(asc(sites.id));
    const own = await ownPoolRules(db);
    const effective = await effectivePoolRules(db);
    return {
      list: rows.map((row): AdminPoolRulesSite => {
        const rules = effective.get(row.id);
        if (!rules) throw new Error(`site ${row.id} has no rules entry`);
        const { siteId: _siteId, from, ...values } = rules;
        return {
          siteId: row.id,
          name: row.name,
          parentId: row.parentId,
          archived: row.archivedAt !== null,
          own: { ...NO_RULES, ...own.get(row.id) },
          effective: values,
          from,
          returnsCustomers: returnsCustomers(rules),
          warnDays: warnDaysOf(rules),
          updatedAt: row.updatedAt?.toISOString() ?? null,
        };
      }),
    };
  }

  /** Replaces the site's own rules; returns the site as the list shows it now. */
  async save(body: AdminPoolRulesSaveBody, adminId: number, client: ClientContext): Promise<AdminPoolRulesSite> {
    const rules = validatePoolRules(body.rules);
    const saved = await this.db.transaction(async (tx) => {
      const [site] = await tx.select({ id: sites.id, archivedAt: sites.archivedAt }).from(sites).where(eq(sites.id, body.siteId)).for('update');
      if (!site) throw notFound(SITE_NOT_FOUND);
      if (site.archivedAt !== null) throw badRequest(SITE_ARCHIVED_RULES);
      const before = (await ownPoolRules(tx, [site.id])).get(site.id) ?? null;
      const now = new Date();
      await tx
        .insert(sitePoolRules)
        .values({ siteId: site.id, ...rules, updatedAt: now, updatedBy: adminId })
        .onConflictDoUpdate({ target: sitePoolRules.siteId, set: { ...rules, updatedAt: now, updatedBy: adminId } });
      await appendAudit(tx, {
        action: 'pool.rules',
        actorId: adminId,
        targetId: null,
        detail: `site ${site.id}: ${before ? describeRules(before) : '全部沿用上级'} → ${describeRules(rules)}`,
        before: before ? auditValues(site.id, before) : null,
        after: auditValues(site.id, rules),
        client,
      });
      const listed = (await this.list(tx)).list.find((entry) => entry.siteId === site.id);
      if (!listed) throw notFound(SITE_NOT_FOUND);
      return listed;
    });
    await this.rulesChanged();
    return saved;
  }
}
