/**
 * When the 公海 rules return an owned customer (issue 27 §3), said once for everyone: the return
 * job, the customer list and its sort, 客户详情 and 今日待办 all read it from here, as a pure
 * function (`returnDeadline`, `daysLeft`) and as the same thing in SQL (`countdownColumns`), so
 * they never disagree.
 *
 * A customer bound to its owner since `bound_at` returns at the earlier of
 * - 未跟进: N days after the later of bound_at and the owner's latest follow-up of it;
 * - 未成交: M days after the later of bound_at and its latest paid (sales-status) order;
 * each rule on or off by the site's effective rules for the customer's level (returnDaysFor).
 * Days are exact 24-hour days from that instant; 剩余 N 天 rounds up (a customer due in 20 hours
 * has 1 day left), so a customer still owned always shows at least 1.
 */
import { CUSTOMER_LEVELS, SALES_STATUSES } from '@sales/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import { DEFAULT_WARN_DAYS, effectivePoolRules, returnDaysFor, returnsCustomers, type EffectivePoolRules, type OwnPoolRules } from './pool-rules.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The return rules of one site for one level (a row of the rules table the SQL joins). */
export interface ReturnRule {
  siteId: number;
  level: 'A' | 'B' | 'C';
  noFollowUpDays: number | null;
  noOrderDays: number | null;
  warnDays: number;
}

export type ReturnRuleKind = 'noFollowUp' | 'noOrder';

export interface ReturnDeadline {
  at: Date;
  rule: ReturnRuleKind;
  days: number;
}

/** What the binding history and the notices call a rule that returned a customer: 未跟进 30 天. */
export const returnNote = (rule: ReturnRuleKind, days: number) => `${rule === 'noFollowUp' ? '未跟进' : '未成交'} ${days} 天`;

/** The warning window of a site's rules (the default when they return customers and name none). */
export const warnDaysOf = (rules: OwnPoolRules) => rules.warnDays ?? DEFAULT_WARN_DAYS;

/** When the customer returns, and by which rule; null when neither rule is on. */
export function returnDeadline(
  rule: Pick<ReturnRule, 'noFollowUpDays' | 'noOrderDays'>,
  anchors: { boundAt: Date; ownerFollowedUpAt: Date | null; lastPaidOrderAt: Date | null },
): ReturnDeadline | null {
  const later = (a: Date, b: Date | null) => (b && b > a ? b : a);
  const candidates: ReturnDeadline[] = [];
  if (rule.noFollowUpDays !== null) {
    const from = later(anchors.boundAt, anchors.ownerFollowedUpAt);
    candidates.push({ at: new Date(from.getTime() + rule.noFollowUpDays * DAY_MS), rule: 'noFollowUp', days: rule.noFollowUpDays });
  }
  if (rule.noOrderDays !== null) {
    const from = later(anchors.boundAt, anchors.lastPaidOrderAt);
    candidates.push({ at: new Date(from.getTime() + rule.noOrderDays * DAY_MS), rule: 'noOrder', days: rule.noOrderDays });
  }
  // The earlier wins; on a tie, 未跟进 (the rule the owner can act on at once).
  return candidates.reduce<ReturnDeadline | null>((soonest, next) => (soonest === null || next.at < soonest.at ? next : soonest), null);
}

/** 剩余 N 天: whole days until `deadline`, rounded up (0 or less: due now). */
export function daysLeft(deadline: Date, now: Date): number {
  return Math.ceil((deadline.getTime() - now.getTime()) / DAY_MS);
}

/** The rows of the rules table: each site whose rules return customers, per level with a rule on. */
export function returnRules(effective: ReadonlyMap<number, EffectivePoolRules>): ReturnRule[] {
  const rows: ReturnRule[] = [];
  for (const rules of effective.values()) {
    if (!returnsCustomers(rules)) continue;
    for (const level of CUSTOMER_LEVELS) {
      const days = returnDaysFor(rules, level);
      if (days.noFollowUpDays === null && days.noOrderDays === null) continue;
      rows.push({ siteId: rules.siteId, level, ...days, warnDays: warnDaysOf(rules) });
    }
  }
  return rows;
}

/** The rules of every site, as the table the SQL joins. */
export async function loadReturnRules(db: Db | Tx, siteIds?: readonly number[]): Promise<ReturnRule[]> {
  return returnRules(await effectivePoolRules(db, siteIds));
}

/**
 * The rules as a derived table `alias(site_id, level, follow_days, order_days, warn_days)`; null
 * when no site returns customers (nothing to join).
 */
export function rulesTable(rules: readonly ReturnRule[], alias = 'return_rules'): SQL | null {
  if (rules.length === 0) return null;
  const rows = sql.join(
    rules.map((rule) => sql`(${rule.siteId}::int, ${rule.level}::text, ${rule.noFollowUpDays}::int, ${rule.noOrderDays}::int, ${rule.warnDays}::int)`),
    sql`, `,
  );
  return sql`(values ${rows}) as ${sql.identifier(alias)}(site_id, level, follow_days, order_days, warn_days)`;
}

const salesStatuses = sql.join(
  SALES_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

/** Where the deadline's two anchors come from: per customer (a lookup each) or a joined set. */
export interface CountdownAnchors {
  /** The owner's latest follow-up of the customer (null: none). */
  ownerFollowUp: SQL;
  /** The customer's latest sales-status order (null: none). */
  paidOrder: SQL;
}

/** The anchors looked up per customer (lists, pages: a page of customers at a time). */
export function lookedUpAnchors(customer: string): CountdownAnchors {
  const c = sql.identifier(customer);
  return {
    ownerFollowUp: sql`(select max(f.created_at) from follow_ups f where f.customer_id = ${c}.id and f.staff_id = ${c}.owner_id)`,
    paidOrder: sql`(select max(o.created_at) from orders o where o.customer_id = ${c}.id and o.status in (${salesStatuses}))`,
  };
}

/**
 * The anchors as two sets the job joins (`fu` on customer and owner, `po` on customer), read once
 * for all customers: only the follow-ups and orders after `at` less the longest rule, since an
 * older one cannot move a deadline past `at` (the customer is due either way), so every deadline
 * after `at` — all a warning or a countdown needs — is exact and every due customer is found.
 */
export function joinedAnchorSets(rules: readonly ReturnRule[], at: Date): { with: SQL; join: SQL; anchors: CountdownAnchors } {
  const longest = (pick: (rule: ReturnRule) => number | null) => Math.max(0, ...rules.map((rule) => pick(rule) ?? 0));
  const since = (days: number) => sql`${new Date(at.getTime() - days * DAY_MS).toISOString()}::timestamptz`;
  const followDays = longest((rule) => rule.noFollowUpDays);
  const orderDays = longest((rule) => rule.noOrderDays);
  return {
    with: sql`fu as (select customer_id, staff_id, max(created_at) as last_at from follow_ups where ${followDays > 0 ? sql`created_at > ${since(followDays)}` : sql`false`} group by customer_id, staff_id),
      po as (select customer_id, max(created_at) as last_at from orders where ${orderDays > 0 ? sql`created_at > ${since(orderDays)} and status in (${salesStatuses})` : sql`false`} group by customer_id)`,
    join: sql`left join fu on fu.customer_id = c.id and fu.staff_id = c.owner_id left join po on po.customer_id = c.id`,
    anchors: { ownerFollowUp: sql`fu.last_at`, paidOrder: sql`po.last_at` },
  };
}

/**
 * The deadline and its rule, in SQL, for a customer's open binding (`binding.bound_at`) and its
 * rule row (`rule.follow_days`, `rule.order_days`), each given as the alias it has in the
 * caller's query, from the anchors (looked up per customer by default). Each anchor is read only
 * when its rule is on.
 */
export function countdownColumns(aliases: { customer: string; binding: string; rule: string }, anchors: CountdownAnchors = lookedUpAnchors(aliases.customer)): { deadline: SQL; rule: SQL; days: SQL } {
  const b = sql.identifier(aliases.binding);
  const r = sql.identifier(aliases.rule);
  const followDeadline = sql`case when ${r}.follow_days is null then null else greatest(${b}.bound_at, ${anchors.ownerFollowUp}) + make_interval(days => ${r}.follow_days) end`;
  const orderDeadline = sql`case when ${r}.order_days is null then null else greatest(${b}.bound_at, ${anchors.paidOrder}) + make_interval(days => ${r}.order_days) end`;
  // least() skips nulls: the rule that is on, or the earlier of the two (a tie is 未跟进's).
  const deadline = sql`least(${followDeadline}, ${orderDeadline})`;
  const byFollowUp = sql`(${r}.follow_days is not null and ${followDeadline} <= coalesce(${orderDeadline}, 'infinity'::timestamptz))`;
  return {
    deadline,
    rule: sql`case when ${byFollowUp} then 'noFollowUp' else 'noOrder' end`,
    days: sql`case when ${byFollowUp} then ${r}.follow_days else ${r}.order_days end`,
  };
}

/** 剩余 N 天 in SQL: whole days from `now` to `deadline`, rounded up (as daysLeft). */
export const daysLeftSql = (deadline: SQL, now: Date): SQL => sql`ceil(extract(epoch from (${deadline} - ${now.toISOString()}::timestamptz)) / 86400)::int`;

/**
 * A customer's 剩余 N 天 as a scalar expression over the `customers` table of the caller's query
 * (null when it has no owner or no rule of its site returns it): for lists and pages.
 */
export function daysLeftOfCustomer(rules: readonly ReturnRule[], now: Date): SQL<number | null> {
  const table = rulesTable(rules, 'rr');
  if (!table) return sql<number | null>`null::int`;
  const { deadline } = countdownColumns({ customer: 'customers', binding: 'ob', rule: 'rr' });
  return sql<number | null>`(select ${daysLeftSql(deadline, now)} from customer_bindings ob, ${table}
      where ob.customer_id = "customers"."id" and ob.unbound_at is null and ob.staff_id = "customers"."owner_id"
        and rr.site_id = "customers"."site_id" and rr.level = "customers"."level")`;
}
