/**
 * The 公海 rules of a site (issue 27 §2–§3), resolved down the tree: each field is the site's own
 * when it sets one, else its nearest ancestor's; a field no site on the way sets is off (no limit,
 * no return). `level_days` overrides the two return rules per customer level, also inherited as a
 * whole from the nearest site that has it.
 *
 * The one place that says what a site's rules are: claiming, assigning, the return job, the
 * countdown and the console all read them from here.
 */
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import { sitePoolRules, sites } from '../../../db/schema.js';
import { rowsOf } from '../../../db/seed-bulk.js';
import { type SiteLink } from '../../../db/site-links.js';
import type { SessionCache } from '../auth/session-cache.js';

export type CustomerLevelKey = 'A' | 'B' | 'C';
export type LevelDays = Partial<Record<CustomerLevelKey, { noFollowUpDays: number | null; noOrderDays: number | null }>>;

/** One site's own row: null = take the parent's. */
export interface OwnPoolRules {
  ownLimit: number | null;
  dailyClaimLimit: number | null;
  reclaimBlockDays: number | null;
  noFollowUpDays: number | null;
  noOrderDays: number | null;
  levelDays: LevelDays | null;
  warnDays: number | null;
}

/** What applies at a site, with where each came from (its own id, an ancestor's, or null when off). */
export interface EffectivePoolRules extends OwnPoolRules {
  siteId: number;
  /** Which site each field was taken from (null: no site sets it). */
  from: Record<keyof OwnPoolRules, number | null>;
}

export const POOL_RULE_FIELDS = ['ownLimit', 'dailyClaimLimit', 'reclaimBlockDays', 'noFollowUpDays', 'noOrderDays', 'levelDays', 'warnDays'] as const satisfies readonly (keyof OwnPoolRules)[];

/** The warning window when a site's rules return customers and say nothing about it. */
export const DEFAULT_WARN_DAYS = 3;

const EMPTY: OwnPoolRules = { ownLimit: null, dailyClaimLimit: null, reclaimBlockDays: null, noFollowUpDays: null, noOrderDays: null, levelDays: null, warnDays: null };

/** The site's ancestors nearest first, the site itself included (cycles guarded). */
function pathUp(links: readonly SiteLink[], siteId: number): number[] {
  const parent = new Map(links.map((link) => [link.id, link.parentId]));
  const path: number[] = [];
  for (let at: number | null | undefined = siteId; at != null && !path.includes(at); at = parent.get(at)) path.push(at);
  return path;
}

function resolve(siteId: number, path: readonly number[], own: ReadonlyMap<number, OwnPoolRules>): EffectivePoolRules {
  const rules: EffectivePoolRules = { siteId, ...EMPTY, from: { ownLimit: null, dailyClaimLimit: null, reclaimBlockDays: null, noFollowUpDays: null, noOrderDays: null, levelDays: null, warnDays: null } };
  for (const field of POOL_RULE_FIELDS) {
    for (const at of path) {
      const value = own.get(at)?.[field];
      if (value === null || value === undefined) continue;
      (rules as unknown as Record<string, unknown>)[field] = value;
      rules.from[field] = at;
      break;
    }
  }
  return rules;
}

/** Every site's own rules row (most sites have none). */
export async function ownPoolRules(db: Db | Tx, siteIds?: readonly number[]): Promise<Map<number, OwnPoolRules>> {
  const query = db.select().from(sitePoolRules);
  const rows = siteIds ? await query.where(inArray(sitePoolRules.siteId, [...siteIds])) : await query;
  return new Map(
    rows.map((row) => [
      row.siteId,
      {
        ownLimit: row.ownLimit,
        dailyClaimLimit: row.dailyClaimLimit,
        reclaimBlockDays: row.reclaimBlockDays,
        noFollowUpDays: row.noFollowUpDays,
        noOrderDays: row.noOrderDays,
        levelDays: row.levelDays ?? null,
        warnDays: row.warnDays,
      },
    ]),
  );
}

/** The rules that apply at each of `siteIds` (all sites when omitted). */
export async function effectivePoolRules(db: Db | Tx, siteIds?: readonly number[]): Promise<Map<number, EffectivePoolRules>> {
  // The tree and every site's own row in one statement (one round trip).
  const [row] = rowsOf<{ rules: PoolRulesJsonRow[] }>(await db.execute(sql`select ${POOL_RULES_JSON} as rules`));
  return effectivePoolRulesFrom(row?.rules ?? [], siteIds);
}

function effectiveFrom(links: readonly SiteLink[], own: ReadonlyMap<number, OwnPoolRules>, siteIds?: readonly number[]): Map<number, EffectivePoolRules> {
  const wanted = siteIds ?? links.map((link) => link.id);
  return new Map(wanted.map((siteId) => [siteId, resolve(siteId, pathUp(links, siteId), own)]));
}

/**
 * effectivePoolRules of every site through the instance's cache (SessionCache: seconds, dropped on
 * every instance when a site's own rules or the tree change), for what only shows them: a customer
 * list's and 客户详情's 剩余 N 天. Claims, assignments and the return job read them in their own
 * transaction (effectivePoolRules).
 */
export async function cachedPoolRules(db: Db, cache: SessionCache): Promise<ReadonlyMap<number, EffectivePoolRules>> {
  const cached = cache.poolRules();
  if (cached) return cached;
  const generation = cache.generation;
  const rules = await effectivePoolRules(db);
  cache.storePoolRules(rules, generation);
  return rules;
}

/** One site's link and own rules row (null: none) as POOL_RULES_JSON gives them. */
export interface PoolRulesJsonRow extends SiteLink {
  rules: OwnPoolRules | null;
}

/**
 * What effectivePoolRules reads (every site's link and own rules row) as one json value, for a
 * statement that reads them along with other things; effectivePoolRulesFrom resolves it.
 */
export const POOL_RULES_JSON: SQL = sql`(select coalesce(json_agg(json_build_object(
    'id', pool_site.id, 'parentId', pool_site.parent_id, 'archived', pool_site.archived_at is not null,
    'rules', case when pool_rule.site_id is null then null else json_build_object(
      'ownLimit', pool_rule.own_limit, 'dailyClaimLimit', pool_rule.daily_claim_limit, 'reclaimBlockDays', pool_rule.reclaim_block_days,
      'noFollowUpDays', pool_rule.no_follow_up_days, 'noOrderDays', pool_rule.no_order_days, 'levelDays', pool_rule.level_days,
      'warnDays', pool_rule.warn_days) end) order by pool_site.id), '[]'::json)
  from ${sites} pool_site left join ${sitePoolRules} pool_rule on pool_rule.site_id = pool_site.id)`;

/** effectivePoolRules from what POOL_RULES_JSON read. */
export function effectivePoolRulesFrom(rows: readonly PoolRulesJsonRow[], siteIds?: readonly number[]): Map<number, EffectivePoolRules> {
  const links = rows.map((row) => ({ id: row.id, parentId: row.parentId, archived: row.archived }));
  const own = new Map(rows.flatMap((row) => (row.rules ? [[row.id, { ...row.rules, levelDays: row.rules.levelDays ?? null }] as const] : [])));
  return effectiveFrom(links, own, siteIds);
}

/** The rules that apply at one site. */
export async function poolRulesOf(db: Db | Tx, siteId: number): Promise<EffectivePoolRules> {
  const rules = (await effectivePoolRules(db, [siteId])).get(siteId);
  if (!rules) throw new Error(`site ${siteId} has no rules entry`);
  return rules;
}

/** The two return rules for a customer of `level` at a site (a level's override wins when it sets one). */
export function returnDaysFor(rules: OwnPoolRules, level: CustomerLevelKey): { noFollowUpDays: number | null; noOrderDays: number | null } {
  const byLevel = rules.levelDays?.[level];
  return {
    noFollowUpDays: byLevel?.noFollowUpDays ?? rules.noFollowUpDays,
    noOrderDays: byLevel?.noOrderDays ?? rules.noOrderDays,
  };
}

/** Whether the site's rules ever return a customer (any rule on, for any level). */
export function returnsCustomers(rules: OwnPoolRules): boolean {
  if (rules.noFollowUpDays !== null || rules.noOrderDays !== null) return true;
  return Object.values(rules.levelDays ?? {}).some((days) => days && (days.noFollowUpDays !== null || days.noOrderDays !== null));
}
