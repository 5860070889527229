/**
 * 自动回收 (issue 27 §3): each run returns to the pool every owned customer whose time is up by the
 * site's rules (return-countdown.ts) and warns the owners of those that return within the warning
 * window. A job of the notice scheduler (one mechanism for all timed work): it runs in one
 * transaction under its own advisory lock, so with N instances one works and the others skip; the
 * return itself is ONE set-based statement (UPDATE … FROM a CTE … RETURNING) that touches only the
 * customers whose deadline has passed, so a run after a downtime catches up every one of them, once.
 *
 * A return closes the open binding (unbound_reason auto_return, unbound_by null, unbound_note the
 * rule: 未跟进 30 天), clears the owner and tells each former owner once per run, one notice
 * listing their customers (消息中心 and the configured channels, through createNotices). A warning
 * is given once per binding and deadline (customer_bindings.return_warned_for): a follow-up that
 * moves the deadline out, and later back into the window, warns again about the new one.
 */
import { TODO_PAGE_LINK } from '@sales/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import type { ScheduledJob } from '../notices/notice-scheduler.js';
import { createNotices, type NewNotice } from '../notices/notices-repository.js';
import { countdownColumns, daysLeft, joinedAnchorSets, loadReturnRules, rulesTable, returnNote, type ReturnRuleKind } from './return-countdown.js';

/** The advisory lock of the return job (any constant the instances share, not the notice tick's). */
export const POOL_RETURN_LOCK = 0x706f6f6c; // 'pool'

/**
 * At most this many customers returned (and warned) per run, the longest overdue first: a run
 * stays within seconds even when rules first switched on find a year of neglect at once; the rest
 * go at the next runs (each of which is again one statement).
 */
export const POOL_RETURN_BATCH = 2000;

/** A notice names at most this many customers, then says how many more. */
const NAMES_IN_NOTICE = 10;

export interface PoolReturnResult {
  returned: number;
  warned: number;
}

interface Returned {
  customerId: number;
  name: string;
  ownerId: number;
  siteId: number;
  bindingId: number;
  note: string;
}

interface Warned {
  customerId: number;
  name: string;
  ownerId: number;
  siteId: number;
  bindingId: number;
  deadline: Date;
  rule: ReturnRuleKind;
  days: number;
}

const listNames = (names: readonly string[]) => {
  const shown = names.slice(0, NAMES_IN_NOTICE).map((name) => `「${name}」`).join('、');
  return names.length > NAMES_IN_NOTICE ? `${shown}等 ${names.length} 位客户` : shown;
};

function groupByOwner<T extends { ownerId: number }>(rows: readonly T[]): Map<number, T[]> {
  const owners = new Map<number, T[]>();
  for (const row of rows) owners.set(row.ownerId, [...(owners.get(row.ownerId) ?? []), row]);
  return owners;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Returns the customers whose time is up at `at` and marks those entering the warning window, in
 * the caller's transaction (which holds the lock): ONE statement. `owned` computes every owned
 * customer's deadline once (the anchors read as two sets, joinedAnchorSets); `due` locks the due
 * ones (a customer a claim or transfer holds right now is skipped and caught by the next run);
 * `closed` ends their bindings and the final update clears their owner, each guarded so that a
 * change committed meanwhile is never overwritten; `warned` records the deadline each owner is
 * being warned of.
 */
export async function returnAndWarn(tx: Tx, at: Date): Promise<{ returned: Returned[]; warned: Warned[] }> {
  const rules = await loadReturnRules(tx);
  const table = rulesTable(rules);
  if (!table) return { returned: [], warned: [] };
  const sets = joinedAnchorSets(rules, at);
  const { deadline, rule, days } = countdownColumns({ customer: 'c', binding: 'b', rule: 'return_rules' }, sets.anchors);
  const now = sql`${at.toISOString()}::timestamptz`;
  const result = await tx.execute(sql`
    with ${sets.with}, owned as materialized (
      select c.id as customer_id, c.owner_id, c.site_id, c.name, b.id as binding_id, b.return_warned_for,
             ${deadline} as deadline, ${rule} as rule, ${days} as days, return_rules.warn_days
      from customers c
      join customer_bindings b on b.customer_id = c.id and b.unbound_at is null and b.staff_id = c.owner_id
      join ${table} on return_rules.site_id = c.site_id and return_rules.level = c.level
      ${sets.join}
      where c.owner_id is not null
    ), due as (
      select owned.*, case owned.rule when 'noFollowUp' then '未跟进 ' else '未成交 ' end || owned.days || ' 天' as note
      from owned join customers c on c.id = owned.customer_id
      where owned.deadline <= ${now}
      order by owned.deadline, owned.customer_id
      limit ${POOL_RETURN_BATCH}
      for update of c skip locked
    ), closed as (
      update customer_bindings cb
      set unbound_at = ${now}, unbound_by = null, unbound_reason = 'auto_return', unbound_note = due.note
      from due where cb.id = due.binding_id and cb.unbound_at is null
    ), returned as (
      update customers cu set owner_id = null, updated_at = ${now}
      from due
      where cu.id = due.customer_id and cu.owner_id = due.owner_id
      returning cu.id as customer_id, due.name, due.owner_id, due.site_id, due.binding_id, due.note
    ), soon as (
      select * from owned
      where owned.deadline > ${now} and owned.deadline <= ${now} + make_interval(days => owned.warn_days)
        and owned.return_warned_for is distinct from owned.deadline
      order by owned.deadline, owned.customer_id
      limit ${POOL_RETURN_BATCH}
    ), warned as (
      update customer_bindings wb set return_warned_for = soon.deadline
      from soon where wb.id = soon.binding_id and wb.unbound_at is null
      returning soon.customer_id, soon.name, soon.owner_id, soon.site_id, soon.binding_id, soon.deadline, soon.rule, soon.days
    )
    select 'returned' as what, customer_id as "customerId", name, owner_id as "ownerId", site_id as "siteId", binding_id as "bindingId",
           note, null::timestamptz as deadline, null::text as rule, null::int as days
    from returned
    union all
    select 'warned', customer_id, name, owner_id, site_id, binding_id, null, deadline, rule, days from warned`);
  type Row = Returned & { what: 'returned' | 'warned'; deadline: Date | string | null; rule: ReturnRuleKind | null; days: number | null };
  const rows = rowsOf<Row>(result);
  return {
    returned: rows.filter((row) => row.what === 'returned').map(({ customerId, name, ownerId, siteId, bindingId, note }) => ({ customerId, name, ownerId, siteId, bindingId, note })),
    warned: rows
      .filter((row) => row.what === 'warned')
      .map((row) => ({
        customerId: row.customerId,
        name: row.name,
        ownerId: row.ownerId,
        siteId: row.siteId,
        bindingId: row.bindingId,
        deadline: new Date(row.deadline ?? 0),
        rule: row.rule ?? 'noFollowUp',
        days: Number(row.days),
      })),
  };
}

function returnedNotices(rows: readonly Returned[]): NewNotice[] {
  return [...groupByOwner(rows)].map(([ownerId, list]) => {
    const first = list.reduce((min, row) => (row.bindingId < min.bindingId ? row : min));
    const reasons = [...new Set(list.map((row) => row.note))].join('、');
    return {
      staffId: ownerId,
      kind: 'customerReturned' as const,
      // The smallest binding closed for this owner in this run: unique to the run, repeats nothing.
      dedupeKey: `customerReturned:${first.bindingId}`,
      title: '客户已回收至公海',
      body: `${listNames(list.map((row) => row.name))}因${reasons}已自动回收至公海。`,
      link: '/pages/details/allCustomers',
      siteId: first.siteId,
    };
  });
}

function warningNotices(rows: readonly Warned[], at: Date): NewNotice[] {
  return [...groupByOwner(rows)].map(([ownerId, list]) => {
    const first = list.reduce((min, row) => (row.bindingId < min.bindingId ? row : min));
    const soonest = Math.max(1, Math.min(...list.map((row) => daysLeft(row.deadline, at))));
    return {
      staffId: ownerId,
      kind: 'customerReturnWarning' as const,
      dedupeKey: `customerReturnWarning:${first.bindingId}:${first.deadline.getTime()}`,
      title: '客户即将回收',
      body: `${listNames(list.map((row) => row.name))}最快 ${soonest} 天后将因${[...new Set(list.map((row) => returnNote(row.rule, row.days)))].join('、')}回收至公海，请及时跟进。`,
      link: TODO_PAGE_LINK,
      siteId: first.siteId,
    };
  });
}

/** One run in the caller's transaction: return what is due, warn what is near, tell the owners. */
export async function runPoolReturn(tx: Tx, at: Date): Promise<PoolReturnResult> {
  const { returned, warned } = await returnAndWarn(tx, at);
  await createNotices(tx, [...returnedNotices(returned), ...warningNotices(warned, at)]);
  return { returned: returned.length, warned: warned.length };
}

/** The job's name on the scheduler. */
export const POOL_RETURN_JOB = 'poolReturn';

/** The return job for the notice scheduler, every `intervalMs`. */
export const poolReturnJob = (intervalMs: number): ScheduledJob => ({
  name: POOL_RETURN_JOB,
  lockKey: POOL_RETURN_LOCK,
  intervalMs,
  run: async (tx, at) => ({ ...(await runPoolReturn(tx, at)) }),
});
