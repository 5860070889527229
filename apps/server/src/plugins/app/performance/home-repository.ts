/** The home page: today's and this month's sales, the trend, the top 5 and the follow-ups due today. */
import { chinaDayString, fenToYuan, shiftDay, type HomeDashboard } from '@sales/contract';
import { and, asc, count, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { customers, followUps, staff } from '../../../db/schema.js';
import { figuresFor, ZERO_TARGETS } from '../../../db/performance-figures.js';
import { siteRows, trend } from './performance-rows.js';
import { pacingOf } from './pacing.js';
import { notClearedByLater } from '../todo/todo-repository.js';
import { monthOf, periodOf, rankRows } from './performance-views.js';
import { followUpsOfSite, seesSitePerformance, visibleCustomers, type SalesScope } from '../sales/sales-authorization.js';
import { dayBounds } from '../sales/sales-queries.js';

export class HomeRepository {
  constructor(private readonly db: Db) {}

  async home(scope: SalesScope, now = new Date()): Promise<HomeDashboard> {
    const wholeSite = seesSitePerformance(scope);
    const staffId = wholeSite ? null : scope.userId;
    const today = chinaDayString(now);
    const yesterday = shiftDay(today, -1);
    const month = periodOf({ period: 'month' }, now);
    const who = { siteId: scope.siteId, staffId };
    const [todayTotals, yesterdayTotals, monthTotals, previousMonth, points] = await Promise.all([
      figuresFor(this.db, { ...who, startDate: today, endDate: today }),
      figuresFor(this.db, { ...who, startDate: yesterday, endDate: yesterday }),
      figuresFor(this.db, { ...who, ...month.range }),
      figuresFor(this.db, { ...who, ...month.previous }),
      trend(this.db, scope.siteId, staffId, { startDate: shiftDay(today, -29), endDate: today }),
    ]);
    // One pass over the month's members gives the top 5 and the targets (the site's, or one's own).
    const { rows, siteTarget } = await siteRows(this.db, scope, month.range, month.targetRange);
    const own = rows.find((row) => row.person.id === scope.userId);
    const target = wholeSite ? siteTarget : (own?.target ?? { ...ZERO_TARGETS });
    // The month's members, target and figures read above are the pacing's month: read once, they agree.
    const known = { people: rows.map((row) => row.person), targetAmountFen: target.targetAmountFen, actualAmountFen: monthTotals.orderAmountFen };
    const subject = wholeSite ? { site: true as const } : own ? { member: own.person } : null;
    const [pacing, { list: toContact, total: toContactTotal }] = await Promise.all([
      subject ? pacingOf(this.db, scope.siteId, subject, now, known) : null,
      this.dueToday(scope, now),
    ]);
    const top = rankRows(rows, 'orderAmount', scope.userId).slice(0, 5);
    return {
      siteId: scope.siteId,
      siteName: scope.siteName,
      scope: wholeSite ? 'site' : 'self',
      today,
      todaySales: {
        orderAmount: fenToYuan(todayTotals.orderAmountFen),
        orderCount: todayTotals.orderCount,
        previousAmount: fenToYuan(yesterdayTotals.orderAmountFen),
        previousCount: yesterdayTotals.orderCount,
      },
      monthSales: {
        orderAmount: fenToYuan(monthTotals.orderAmountFen),
        orderCount: monthTotals.orderCount,
        previousAmount: fenToYuan(previousMonth.orderAmountFen),
        previousCount: previousMonth.orderCount,
      },
      month: monthOf(monthTotals, target),
      trend: points,
      top,
      toContact,
      toContactTotal,
      pacing,
    };
  }

  /** Follow-ups whose next contact falls today and that no later follow-up cleared, of the customers the caller sees (follow_ups_site_next_idx). */
  private async dueToday(scope: SalesScope, now: Date) {
    const today = chinaDayString(now);
    const { from, to } = dayBounds({ startDate: today, endDate: today });
    const where = and(
      followUpsOfSite(scope),
      gte(followUps.nextContactAt, from),
      lt(followUps.nextContactAt, to),
      // A reportAllSites reader without leading the site sees only customers they own (never widened).
      visibleCustomers(scope),
      // Contacted since (a later follow-up): no longer due, as in 今日待办.
      notClearedByLater(this.db),
    );
    const [totalRow] = await this.db
      .select({ total: count() })
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
        staffId: staff.id,
        username: staff.username,
        type: followUps.type,
        content: followUps.content,
        nextContactAt: followUps.nextContactAt,
      })
      .from(followUps)
      .innerJoin(customers, eq(customers.id, followUps.customerId))
      .innerJoin(staff, eq(staff.id, followUps.staffId))
      .where(where)
      .orderBy(asc(followUps.nextContactAt), asc(followUps.id))
      .limit(20);
    return {
      total: totalRow?.total ?? 0,
      list: rows.map((row) => ({
        followUpId: row.followUpId,
        customer: { id: row.customerId, name: row.name, contactName: row.contactName, phone: row.phone },
        staff: { id: row.staffId, username: row.username },
        type: row.type,
        content: row.content,
        nextContactAt: (row.nextContactAt ?? now).toISOString(),
      })),
    };
  }
}
