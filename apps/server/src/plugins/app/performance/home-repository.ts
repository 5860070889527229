/** The home page: today's and this month's sales, the trend, the top 5 and the follow-ups due today. */
import { chinaDayString, fenToYuan, shiftDay, type HomeDashboard } from '@sales/contract';
import { and, asc, count, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { customers, followUpLatest, followUps, staff } from '../../../db/schema.js';
import { figuresByStaff, figuresForRanges, ZERO_TARGETS } from '../../../db/performance-figures.js';
import { siteAndDescendants } from '../../../db/site-links.js';
import { monthsOf, siteRowsFrom, treeTargetsFrom, treeStandardsOf, trend } from './performance-rows.js';
import { pacingFrom, pacingSpans, quarterMonthTargets } from './pacing.js';
import { siteMembers } from '../members/site-members.js';
import { monthOf, periodOf, rankRows } from './performance-views.js';
import { seesAllCustomers, seesSitePerformance, visibleCustomers, type SalesScope } from '../sales/sales-authorization.js';
import { dayBounds, DUE_FOLLOW_UP_COLUMNS } from '../sales/sales-queries.js';

export class HomeRepository {
  constructor(private readonly db: Db) {}

  async home(scope: SalesScope, now = new Date()): Promise<HomeDashboard> {
    const wholeSite = seesSitePerformance(scope);
    const staffId = wholeSite ? null : scope.userId;
    const spans = pacingSpans(now);
    const today = spans.today;
    const yesterday = shiftDay(today, -1);
    const month = periodOf({ period: 'month' }, now);
    // The figures are the site's and every site's below it (issue 26 §3); 今日待办 is the site's own.
    const sites = await siteAndDescendants(this.db, scope.siteId);
    const who = { siteId: sites, staffId };
    // Everything the page shows, read at once: the members, the month's and the quarter's
    // standards, one query for the cards' and the pacing's sums, the members' month, the trend
    // and the follow-ups due today.
    const [people, byStaff, tree, [todayTotals, yesterdayTotals, monthTotals, previousMonth, quarterToDate], points, due] = await Promise.all([
      siteMembers(this.db, sites),
      figuresByStaff(this.db, { siteId: sites, ...month.range }),
      treeStandardsOf(this.db, sites, monthsOf(month.targetRange, spans.quarter), month.range.startDate),
      figuresForRanges(this.db, who, [
        { startDate: today, endDate: today },
        { startDate: yesterday, endDate: yesterday },
        month.range,
        month.previous,
        spans.quarterToDate,
      ]),
      trend(this.db, sites, staffId, { startDate: shiftDay(today, -29), endDate: today }),
      this.dueToday(scope, now),
    ]);
    // One pass over the month's members gives the top 5 and the targets (the site's, or one's own).
    const { rows, siteTarget } = siteRowsFrom(people, byStaff, treeTargetsFrom(tree, month.targetRange, people));
    const own = rows.find((row) => row.person.id === scope.userId);
    const target = wholeSite ? siteTarget : (own?.target ?? { ...ZERO_TARGETS });
    // The pacing's month is the cards' month (members, target and figures read once, so they
    // agree); its quarter is the same people's quarter targets against the quarter's sales to date.
    const paced = wholeSite ? rows.map((row) => row.person) : own ? [own.person] : null;
    const pacing = paced
      ? pacingFrom(spans, {
          monthTargetFen: target.targetAmountFen,
          monthActualFen: monthTotals.orderAmountFen,
          quarterMonths: quarterMonthTargets(spans, (range) => {
            const targets = treeTargetsFrom(tree, range, paced);
            return (wholeSite ? targets.site : targets.byPerson.get(scope.userId))?.targetAmountFen ?? 0;
          }),
          quarterActualFen: quarterToDate.orderAmountFen,
        })
      : null;
    const { list: toContact, total: toContactTotal } = due;
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

  /**
   * The customers of the site the caller sees whose latest follow-up names a next contact today
   * (its customer's latest: no later follow-up cleared it), read from follow_up_latest
   * (follow_up_latest_site_next_idx, in the order the list reads) rather than from every candidate follow-up and its later ones.
   */
  private async dueToday(scope: SalesScope, now: Date) {
    const today = chinaDayString(now);
    const { from, to } = dayBounds({ startDate: today, endDate: today });
    const latest = followUpLatest;
    const dueAtSite = and(eq(latest.siteId, scope.siteId), gte(latest.nextContactAt, from), lt(latest.nextContactAt, to));
    // A reportAllSites reader without leading the site sees only customers they own (never widened).
    const where = and(dueAtSite, visibleCustomers(scope));
    // A leader sees them all, and a follow-up's site is its customer's: the count needs no customer.
    const counted = seesAllCustomers(scope)
      ? this.db.select({ total: count() }).from(latest).where(dueAtSite)
      : this.db.select({ total: count() }).from(latest).innerJoin(customers, eq(customers.id, latest.customerId)).where(where);
    const [[totalRow], rows] = await Promise.all([
      counted,
      this.db
        .select({ ...DUE_FOLLOW_UP_COLUMNS, staffId: staff.id, username: staff.username })
        .from(latest)
        .innerJoin(followUps, eq(followUps.id, latest.followUpId))
        .innerJoin(customers, eq(customers.id, latest.customerId))
        .innerJoin(staff, eq(staff.id, followUps.staffId))
        .where(where)
        .orderBy(asc(latest.nextContactAt), asc(latest.followUpId))
        .limit(20),
    ]);
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
