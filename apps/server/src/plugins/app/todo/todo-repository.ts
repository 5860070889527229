/**
 * 今日待办 (issue 18 §1): the caller's own follow-ups due today or overdue, and this period's
 * reports they have not submitted. A customer is due when the caller's follow-up of them names a
 * 下次联系 on or before today (China time) and is the customer's latest follow-up: any later one,
 * by anyone, clears it. Read from follow_up_latest (each customer's latest follow-up, kept by
 * triggers, migration 0018; follow_up_latest_staff_next_idx: the caller's next contacts up to
 * tomorrow's midnight; a salesperson's through follow_up_latest_site_owner_next_idx, with the
 * customer's owner, migration 0035), so only open ones are read.
 */
import {
  chinaDayString,
  daysInRange,
  periodAt,
  periodLabel,
  REPORT_KINDS,
  type FollowUpDue,
  type FollowUpType,
  type FollowUpDueBody,
  type OwedReport,
  type ReturningCustomer,
} from '@sales/contract';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { rowsOf } from '../../../db/seed-bulk.js';
import { customers, followUpLatest, followUps, reports } from '../../../db/schema.js';
import { ownDueFollowUps, owesReports, type SalesScope } from '../sales/sales-authorization.js';
import { dayBounds, iso, paging } from '../sales/sales-queries.js';
import { effectivePoolRulesFrom, POOL_RULES_JSON, type PoolRulesJsonRow } from '../pool/pool-rules.js';
import { countdownColumns, daysLeft, lookedUpAnchors, returnNote, returnRules, rulesTable, type ReturnRule, type ReturnRuleKind } from '../pool/return-countdown.js';

/** 今日待办 lists at most this many customers about to return to the pool. */
const RETURNING_MAX = 50;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** 即将回收 looks at this many of the caller's bindings in one read before reading them all. */
const CANDIDATES_MAX = 500;

/** The one row of the due statement: the counts, the page (json) and the reports written. */
interface DueTotals {
  total: number | string;
  today: number | string;
  list: {
    followUpId: number;
    customerId: number;
    name: string;
    contactName: string;
    phone: string;
    type: FollowUpType;
    content: string;
    nextContactAt: string | null;
    createdAt: string;
  }[];
  written: { kind: string; periodStart: string }[];
  /** The sites' links and own 公海 rules (POOL_RULES_JSON), for the customers about to return. */
  rules: PoolRulesJsonRow[];
}

export class TodoRepository {
  constructor(private readonly db: Db) {}

  /**
   * The caller's due follow-ups, a page of them, and the reports they owe this period, in one
   * statement: the due ones (follow_up_latest by the caller, a salesperson's by the owner it keeps
   * too, and their next contact: one index range) counted from the index, the page read in the
   * index's order up to its last row, and only the page's rows read their follow-up and customer.
   * The same statement reads the sites' 公海 rules, for the customers about to return.
   */
  async due(scope: SalesScope, body: FollowUpDueBody, now = new Date()): Promise<FollowUpDue> {
    const { page, pageSize, offset } = paging(body.page, body.pageSize);
    const today = chinaDayString(now);
    const { from: todayStart, to: tomorrowStart } = dayBounds({ startDate: today, endDate: today });
    const latest = followUpLatest;
    const periods = owesReports(scope) ? REPORT_KINDS.map((kind) => periodAt(kind, now)) : [];
    const dayStart = sql`${todayStart.toISOString()}::timestamptz`;
    const dayEnd = sql`${tomorrowStart.toISOString()}::timestamptz`;
    // The reports of this period the caller has written (none asked for when they write none).
    const written =
      periods.length === 0
        ? sql`'[]'::json`
        : sql`(select coalesce(json_agg(json_build_object('kind', ${reports.kind}, 'periodStart', ${reports.periodStart})), '[]'::json) from ${reports}
            where ${and(
              eq(reports.staffId, scope.userId),
              eq(reports.siteId, scope.siteId),
              or(...periods.map((period) => and(eq(reports.kind, period.kind), eq(reports.periodStart, period.start)))),
            )})`;
    // Today's first, the earliest first; then the overdue ones, the most recently due first (the
    // later follow-up first within one time). Each part is read in the index's order up to the
    // page's last row, so neither sorts every due follow-up.
    const upTo = offset + pageSize;
    const result = await this.db.execute(sql`
      with counts as (
        select count(*)::int as total, (count(*) filter (where ${latest.nextContactAt} >= ${dayStart}))::int as today
        from ${latest}
        where ${ownDueFollowUps(scope)} and ${latest.nextContactAt} < ${dayEnd}
      ),
      page as (
        select due.*, row_number() over (order by due.part, case when due.part = 0 then due.next_contact_at end, due.next_contact_at desc, due.follow_up_id desc) as position
        from (
          (select ${latest.followUpId} as follow_up_id, ${latest.nextContactAt} as next_contact_at, 0 as part from ${latest}
            where ${ownDueFollowUps(scope)} and ${latest.nextContactAt} >= ${dayStart} and ${latest.nextContactAt} < ${dayEnd}
            order by ${latest.nextContactAt} asc, ${latest.followUpId} desc
            limit ${upTo})
          union all
          (select ${latest.followUpId}, ${latest.nextContactAt}, 1 from ${latest}
            where ${ownDueFollowUps(scope)} and ${latest.nextContactAt} < ${dayStart}
            order by ${latest.nextContactAt} desc, ${latest.followUpId} desc
            limit ${upTo})
        ) due
        order by position
        limit ${pageSize} offset ${offset}
      )
      select counts.total, counts.today,
        (select coalesce(json_agg(json_build_object(
            'followUpId', f.id, 'customerId', c.id, 'name', c.name, 'contactName', c.contact_name, 'phone', c.phone,
            'type', f.type, 'content', f.content, 'nextContactAt', f.next_contact_at, 'createdAt', f.created_at) order by page.position), '[]'::json)
          from page join ${followUps} f on f.id = page.follow_up_id join ${customers} c on c.id = f.customer_id) as list,
        ${written} as written,
        ${POOL_RULES_JSON} as rules
      from counts`);
    const [totals] = rowsOf<DueTotals>(result);
    const rows = totals?.list ?? [];
    const done = new Set((totals?.written ?? []).map((row) => `${row.kind}:${row.periodStart}`));
    const owed: OwedReport[] = periods
      .filter((period) => !done.has(`${period.kind}:${period.start}`))
      .map((period) => ({ kind: period.kind, periodStart: period.start, periodEnd: period.end, label: periodLabel(period) }));
    const rules = returnRules(effectivePoolRulesFrom(totals?.rules ?? [], [scope.siteId]));
    const returning = await this.returning(scope, rules, now);
    const total = Number(totals?.total ?? 0);
    return {
      list: rows.map((row) => {
        const next = row.nextContactAt === null ? todayStart : new Date(row.nextContactAt);
        return {
          id: row.followUpId,
          customer: { id: row.customerId, name: row.name, contactName: row.contactName, phone: row.phone },
          nextContactAt: iso(next),
          daysOverdue: daysInRange({ startDate: chinaDayString(next), endDate: today }) - 1,
          type: row.type,
          content: row.content,
          createdAt: iso(new Date(row.createdAt)),
        };
      }),
      total,
      page,
      pageSize,
      todayTotal: Number(totals?.today ?? 0),
      reports: owed,
      returning,
      count: total + owed.length,
      today,
    };
  }

  /**
   * The caller's own customers at the site that the 公海 rules return within the warning window,
   * the soonest first (the same deadline the return job uses, return-countdown.ts). Read from the
   * caller's open bindings: each keeps its person's latest follow-up (last_follow_up_at, migration
   * 0034), and when no 未成交 rule is on at the site only those whose 未跟进 clock started early
   * enough to end within the window are looked at (customer_bindings_staff_follow_clock_idx).
   */
  private async returning(scope: SalesScope, rules: readonly ReturnRule[], now: Date): Promise<ReturningCustomer[]> {
    const table = rulesTable(rules);
    if (!table) return [];
    const { deadline, rule, days } = countdownColumns(
      { customer: 'c', binding: 'b', rule: 'return_rules' },
      { ownerFollowUp: sql`b.last_follow_up_at`, paidOrder: lookedUpAnchors('c').paidOrder },
    );
    const siteRules = rules.filter((entry) => entry.siteId === scope.siteId);
    // With 未跟进 alone, a customer returns within the window only when its clock started by now +
    // the window − the rule's days; the latest such start over the levels bounds them all.
    const clockStart = siteRules.every((entry) => entry.noOrderDays === null && entry.noFollowUpDays !== null)
      ? Math.max(...siteRules.map((entry) => entry.warnDays - (entry.noFollowUpDays ?? 0)))
      : null;
    if (clockStart === null || siteRules.length === 0) return this.returningOf(scope, table, { deadline, rule, days }, sql`true`, null, now);
    // Read in the index's order, a bounded number at a time, so the plan is a walk of the index
    // (the person's bindings whose clock started early enough are few); when the bound is reached
    // the walk is read again without it, so nothing is left out. An hour more than the days, as a
    // day of the session's time zone may have 25 hours; the deadline itself decides.
    const started = sql`greatest(b.bound_at, b.last_follow_up_at) <= ${new Date(now.getTime() + clockStart * DAY_MS + HOUR_MS).toISOString()}::timestamptz`;
    const bounded = await this.returningOf(scope, table, { deadline, rule, days }, started, CANDIDATES_MAX, now);
    return bounded ?? (await this.returningOf(scope, table, { deadline, rule, days }, started, null, now));
  }

  /**
   * The customers about to return among the caller's open bindings that `started` keeps, read in
   * the order of the clock's start; with `candidates`, at most that many bindings are looked at,
   * and null is the answer when there were more.
   */
  private async returningOf(scope: SalesScope, table: SQL, columns: { deadline: SQL; rule: SQL; days: SQL }, started: SQL, candidates: number, now: Date): Promise<ReturningCustomer[] | null>;
  private async returningOf(scope: SalesScope, table: SQL, columns: { deadline: SQL; rule: SQL; days: SQL }, started: SQL, candidates: null, now: Date): Promise<ReturningCustomer[]>;
  private async returningOf(scope: SalesScope, table: SQL, columns: { deadline: SQL; rule: SQL; days: SQL }, started: SQL, candidates: number | null, now: Date): Promise<ReturningCustomer[] | null> {
    const at = sql`${now.toISOString()}::timestamptz`;
    const { deadline, rule, days } = columns;
    const result = await this.db.execute(sql`
      with b as materialized (
        select b.customer_id, b.staff_id, b.bound_at, b.last_follow_up_at from customer_bindings b
        where b.staff_id = ${scope.userId} and b.unbound_at is null and ${started}
        order by greatest(b.bound_at, b.last_follow_up_at)
        ${candidates === null ? sql`` : sql`limit ${candidates + 1}`}
      ),
      found as (
        select * from (
          select c.id, c.name, c.contact_name as "contactName", c.phone, ${deadline} as deadline, ${rule} as rule, ${days} as days, return_rules.warn_days as "warnDays"
          from b
          join customers c on c.id = b.customer_id and c.owner_id = b.staff_id
          join ${table} on return_rules.site_id = c.site_id and return_rules.level = c.level
          where c.site_id = ${scope.siteId} and c.owner_id = ${scope.userId}
        ) s
        where s.deadline <= ${at} + make_interval(days => s."warnDays")
        order by s.deadline, s.id
        limit ${RETURNING_MAX}
      )
      select (select count(*) from b)::int as candidates,
        (select coalesce(json_agg(found order by found.deadline, found.id), '[]'::json) from found) as found`);
    const [answer] = rowsOf<{ candidates: number | string; found: { id: number; name: string; contactName: string; phone: string; deadline: string; rule: ReturnRuleKind; days: number }[] }>(result);
    if (candidates !== null && Number(answer?.candidates ?? 0) > candidates) return null;
    const rows = answer?.found ?? [];
    return rows.map((row) => {
      const deadlineAt = new Date(row.deadline);
      return {
        customer: { id: row.id, name: row.name, contactName: row.contactName, phone: row.phone },
        daysLeft: Math.max(0, daysLeft(deadlineAt, now)),
        returnsAt: deadlineAt.toISOString(),
        rule: returnNote(row.rule, Number(row.days)),
      };
    });
  }
}
