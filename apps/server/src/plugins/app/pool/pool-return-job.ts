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
import { countdownColumns, daysLeft, loadReturnRules, rulesTable, returnNote, type ReturnRuleKind } from './return-countdown.js';

/** The advisory lock of the return job (any constant the instances share, not the notice tick's). */
export const POOL_RETURN_LOCK = 0x706f6f6c; // 'pool'

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

/** Returns the customers whose time is up at `at`, in the caller's transaction (which holds the lock). */
export async function returnDueCustomers(tx: Tx, at: Date): Promise<Returned[]> {
  const table = rulesTable(await loadReturnRules(tx));
  if (!table) return [];
  const { deadline, rule, days } = countdownColumns({ customer: 'c', binding: 'b', rule: 'return_rules' });
  const now = sql`${at.toISOString()}::timestamptz`;
  // One statement: the due customers (locked; a customer a claim or transfer holds right now is
  // skipped and caught by the next run), their bindings closed, their owner cleared.
  const result = await tx.execute(sql`
    with due as (
      select c.id as customer_id, c.owner_id, c.site_id, c.name, b.id as binding_id,
             ${rule} as rule, ${days} as days
      from customers c
      join customer_bindings b on b.customer_id = c.id and b.unbound_at is null and b.staff_id = c.owner_id
      join ${table} on return_rules.site_id = c.site_id and return_rules.level = c.level
      where c.owner_id is not null and ${deadline} <= ${now}
      for update of c, b skip locked
    ), closed as (
      update customer_bindings cb
      set unbound_at = ${now}, unbound_by = null, unbound_reason = 'auto_return',
          unbound_note = case due.rule when 'noFollowUp' then '未跟进 ' else '未成交 ' end || due.days || ' 天'
      from due where cb.id = due.binding_id
      returning cb.id, cb.unbound_note
    )
    update customers cu set owner_id = null, updated_at = ${now}
    from due join closed on closed.id = due.binding_id
    where cu.id = due.customer_id and cu.owner_id = due.owner_id
    returning cu.id as "customerId", due.name, due.owner_id as "ownerId", due.site_id as "siteId", due.binding_id as "bindingId", closed.unbound_note as note`);
  return rowsOf<Returned>(result);
}

/** Marks and returns the customers entering the warning window whose owner was not yet warned of this deadline. */
export async function warnSoonReturning(tx: Tx, at: Date): Promise<Warned[]> {
  const table = rulesTable(await loadReturnRules(tx));
  if (!table) return [];
  const { deadline, rule, days } = countdownColumns({ customer: 'c', binding: 'b', rule: 'return_rules' });
  const now = sql`${at.toISOString()}::timestamptz`;
  const result = await tx.execute(sql`
    with soon as (
      select * from (
        select c.id as customer_id, c.owner_id, c.site_id, c.name, b.id as binding_id, b.return_warned_for,
               ${deadline} as deadline, ${rule} as rule, ${days} as days, return_rules.warn_days
        from customers c
        join customer_bindings b on b.customer_id = c.id and b.unbound_at is null and b.staff_id = c.owner_id
        join ${table} on return_rules.site_id = c.site_id and return_rules.level = c.level
        where c.owner_id is not null
      ) s
      where s.deadline > ${now} and s.deadline <= ${now} + make_interval(days => s.warn_days)
        and s.return_warned_for is distinct from s.deadline
    )
    update customer_bindings cb set return_warned_for = soon.deadline
    from soon where cb.id = soon.binding_id
    returning soon.customer_id as "customerId", soon.name, soon.owner_id as "ownerId", soon.site_id as "siteId",
              soon.binding_id as "bindingId", soon.deadline, soon.rule, soon.days`);
  return rowsOf<Warned & { deadline: Date | string }>(result).map((row) => ({ ...row, deadline: new Date(row.deadline) }));
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
      link: '/pages/customer/index',
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
  const returned = await returnDueCustomers(tx, at);
  const warned = await warnSoonReturning(tx, at);
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
