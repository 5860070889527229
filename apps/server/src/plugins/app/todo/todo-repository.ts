/**
 * 今日待办 (issue 18 §1): the caller's own follow-ups due today or overdue, and this period's
 * reports they have not submitted. A customer is due when the caller's follow-up of them names a
 * 下次联系 on or before today (China time) and is the customer's latest follow-up: any later one,
 * by anyone, clears it. Read from follow_up_latest (each customer's latest follow-up, kept by
 * triggers, migration 0018; follow_up_latest_staff_next_idx: the caller's next contacts up to
 * tomorrow's midnight), so only open ones are read.
 */
import {
  chinaDayString,
  daysInRange,
  periodAt,
  periodLabel,
  REPORT_KINDS,
  type FollowUpDue,
  type FollowUpDueBody,
  type OwedReport,
  type ReturningCustomer,
} from '@sales/contract';
import { and, count, desc, eq, gte, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { customers, followUpLatest, followUps, reports } from '../../../db/schema.js';
import { ownDueFollowUps, owesReports, type SalesScope } from '../sales/sales-authorization.js';
import { dayBounds, DUE_FOLLOW_UP_COLUMNS, iso, paging } from '../sales/sales-queries.js';
import { countdownColumns, daysLeft, loadReturnRules, returnNote, rulesTable, type ReturnRuleKind } from '../pool/return-countdown.js';

/** 今日待办 lists at most this many customers about to return to the pool. */
const RETURNING_MAX = 50;

export class TodoRepository {
  constructor(private readonly db: Db) {}

  /** The caller's due follow-ups, a page of them, and the reports they owe this period. */
  async due(scope: SalesScope, body: FollowUpDueBody, now = new Date()): Promise<FollowUpDue> {
    const { page, pageSize, offset } = paging(body.page, body.pageSize);
    const today = chinaDayString(now);
    const { from: todayStart, to: tomorrowStart } = dayBounds({ startDate: today, endDate: today });
    const latest = followUpLatest;
    // Each customer's latest follow-up (no later one cleared it), the caller's, due before tomorrow.
    const where = and(ownDueFollowUps(scope), lt(latest.nextContactAt, tomorrowStart));
    const isToday = gte(latest.nextContactAt, todayStart);
    const [[totals], rows] = await Promise.all([
      this.db
        .select({ total: count(), today: sql<number>`count(*) filter (where ${isToday})`.mapWith(Number) })
        .from(latest)
        .innerJoin(customers, eq(customers.id, latest.customerId))
        .where(where),
      this.db
        .select({ ...DUE_FOLLOW_UP_COLUMNS, createdAt: followUps.createdAt })
        .from(latest)
        .innerJoin(followUps, eq(followUps.id, latest.followUpId))
        .innerJoin(customers, eq(customers.id, latest.customerId))
        .where(where)
        // Today's first, the earliest first; then the overdue ones, the most recently due first.
        .orderBy(desc(isToday), sql`case when ${isToday} then ${latest.nextContactAt} end asc nulls last`, desc(latest.nextContactAt), desc(latest.followUpId))
        .limit(pageSize)
        .offset(offset),
    ]);
    const owed = await this.owedReports(scope, now);
    const returning = await this.returning(scope, now);
    const total = totals?.total ?? 0;
    return {
      list: rows.map((row) => {
        const next = row.nextContactAt ?? todayStart;
        return {
          id: row.followUpId,
          customer: { id: row.customerId, name: row.name, contactName: row.contactName, phone: row.phone },
          nextContactAt: iso(next),
          daysOverdue: daysInRange({ startDate: chinaDayString(next), endDate: today }) - 1,
          type: row.type,
          content: row.content,
          createdAt: iso(row.createdAt),
        };
      }),
      total,
      page,
      pageSize,
      todayTotal: totals?.today ?? 0,
      reports: owed,
      returning,
      count: total + owed.length,
      today,
    };
  }

  /**
   * The caller's own customers at the site that the 公海 rules return within the warning window,
   * the soonest first (the same deadline the return job uses, return-countdown.ts).
   */
  private async returning(scope: SalesScope, now: Date): Promise<ReturningCustomer[]> {
    const table = rulesTable(await loadReturnRules(this.db, [scope.siteId]));
    if (!table) return [];
    const { deadline, rule, days } = countdownColumns({ customer: 'c', binding: 'b', rule: 'return_rules' });
    const at = sql`${now.toISOString()}::timestamptz`;
    const result = await this.db.execute(sql`
      select * from (
        select c.id, c.name, c.contact_name as "contactName", c.phone, ${deadline} as deadline, ${rule} as rule, ${days} as days, return_rules.warn_days as "warnDays"
        from customers c
        join customer_bindings b on b.customer_id = c.id and b.unbound_at is null and b.staff_id = c.owner_id
        join ${table} on return_rules.site_id = c.site_id and return_rules.level = c.level
        where c.site_id = ${scope.siteId} and c.owner_id = ${scope.userId}
      ) s
      where s.deadline <= ${at} + make_interval(days => s."warnDays")
      order by s.deadline, s.id
      limit ${RETURNING_MAX}`);
    const rows = (result as unknown as { rows: { id: number; name: string; contactName: string; phone: string; deadline: Date | string; rule: ReturnRuleKind; days: number }[] }).rows;
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

  /** This week's and this half month's reports the caller writes at the site and has not submitted. */
  private async owedReports(scope: SalesScope, now: Date): Promise<OwedReport[]> {
    if (!owesReports(scope)) return [];
    const periods = REPORT_KINDS.map((kind) => periodAt(kind, now));
    const written = await this.db
      .select({ kind: reports.kind, periodStart: reports.periodStart })
      .from(reports)
      .where(
        and(
          eq(reports.staffId, scope.userId),
          eq(reports.siteId, scope.siteId),
          or(...periods.map((period) => and(eq(reports.kind, period.kind), eq(reports.periodStart, period.start)))),
        ),
      );
    const done = new Set(written.map((row) => `${row.kind}:${row.periodStart}`));
    return periods
      .filter((period) => !done.has(`${period.kind}:${period.start}`))
      .map((period) => ({ kind: period.kind, periodStart: period.start, periodEnd: period.end, label: periodLabel(period) }));
  }
}
