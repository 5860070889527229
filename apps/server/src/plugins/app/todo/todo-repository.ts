/**
 * 今日待办 (issue 18 §1): the caller's own follow-ups due today or overdue, and this period's
 * reports they have not submitted. A customer is due when the caller's follow-up of them names a
 * 下次联系 on or before today (China time) and is the customer's latest follow-up: any later one,
 * by anyone, clears it. Read from follow_ups_staff_next_idx (the caller's next contacts up to
 * tomorrow's midnight), each candidate checked against follow_ups_customer_created_idx.
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
} from '@sales/contract';
import { and, count, desc, eq, gt, gte, lt, notExists, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { customers, followUps, reports } from '../../../db/schema.js';
import { ownDueFollowUps, owesReports, type SalesScope } from '../sales/sales-authorization.js';
import { dayBounds, iso, paging } from '../sales/sales-queries.js';

const later = alias(followUps, 'later_follow_ups');

/**
 * A follow-up is still open when it is its customer's latest: any later follow-up of the customer,
 * by anyone, clears its next contact (equal times are ordered by id). 今日待办 and home's
 * 今日待联系 both use it, so they count the same customers.
 */
export function notClearedByLater(db: Db): SQL {
  return notExists(
    db
      .select({ one: sql`1` })
      .from(later)
      .where(
        and(
          eq(later.customerId, followUps.customerId),
          // gte first, so the index bounds created_at too.
          gte(later.createdAt, followUps.createdAt),
          or(gt(later.createdAt, followUps.createdAt), gt(later.id, followUps.id)),
        ),
      ),
  );
}

export class TodoRepository {
  constructor(private readonly db: Db) {}

  /** The caller's due follow-ups, a page of them, and the reports they owe this period. */
  async due(scope: SalesScope, body: FollowUpDueBody, now = new Date()): Promise<FollowUpDue> {
    const { page, pageSize, offset } = paging(body.page, body.pageSize);
    const today = chinaDayString(now);
    const { from: todayStart, to: tomorrowStart } = dayBounds({ startDate: today, endDate: today });
    const where = this.dueCondition(scope, tomorrowStart);
    const isToday = gte(followUps.nextContactAt, todayStart);
    const [totals] = await this.db
      .select({ total: count(), today: sql<number>`count(*) filter (where ${isToday})`.mapWith(Number) })
      .from(followUps)
      .innerJoin(customers, eq(customers.id, followUps.customerId))
      .where(where);
    const rows = await this.db
      .select({
        followUpId: followUps.id,
        customerId: customers.id,
        name: customers.name,
        contactName: customers.contactName,
        phone: customers.phone,
        type: followUps.type,
        content: followUps.content,
        nextContactAt: followUps.nextContactAt,
        createdAt: followUps.createdAt,
      })
      .from(followUps)
      .innerJoin(customers, eq(customers.id, followUps.customerId))
      .where(where)
      // Today's first, the earliest first; then the overdue ones, the most recently due first.
      .orderBy(
        desc(isToday),
        sql`case when ${isToday} then ${followUps.nextContactAt} end asc nulls last`,
        desc(followUps.nextContactAt),
        desc(followUps.id),
      )
      .limit(pageSize)
      .offset(offset);
    const owed = await this.owedReports(scope, now);
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
      count: total + owed.length,
      today,
    };
  }

  /** The caller's follow-ups with a next contact before tomorrow that no later follow-up of the customer has cleared. */
  private dueCondition(scope: SalesScope, tomorrowStart: Date): SQL {
    return and(ownDueFollowUps(scope), lt(followUps.nextContactAt, tomorrowStart), notClearedByLater(this.db)) as SQL;
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
