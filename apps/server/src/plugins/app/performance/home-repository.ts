/** The home page: today's and this month's sales, the trend, the top 5 and the follow-ups due today. */
import { chinaDayString, fenToYuan, shiftDay, type HomeDashboard } from '@sales/contract';
import { and, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { customers, followUpLatest, followUps, staff } from '../../../db/schema.js';
import { ZERO_TARGETS } from '../../../db/performance-figures.js';
import { monthsOf, siteRowsFrom, treeTargetsFrom, trendFrom } from './performance-rows.js';
import { pacingFrom, pacingSpans, quarterMonthTargets } from './pacing.js';
import { monthOf, periodOf, rankRows } from './performance-views.js';
import { jsonRows, readTree } from './tree-statement.js';
import { seesSitePerformance, visibleLatestFollowUps, type SalesScope } from '../sales/sales-authorization.js';
import { dayBounds } from '../sales/sales-queries.js';

/** home's own columns of its statement: 今日待办, the site's own. */
type DueRow = {
  dueTotal: number | string;
  due: {
    followUpId: number;
    customerId: number;
    name: string;
    contactName: string;
    phone: string;
    staffId: number;
    username: string;
    type: HomeDashboard['toContact'][number]['type'];
    content: string;
    nextContactAt: string | null;
  }[];
};

export class HomeRepository {
  constructor(private readonly db: Db) {}

  /**
   * Everything the page shows is read by one statement (tree-statement's readTree, with 今日待办):
   * the members, the month's figures by person, the standards, the cards' and the pacing's sums
   * and the trend, over the site and every site below it (issue 26 §3: a parent site's figures,
   * with each site's standards and members), and the follow-ups due today, the site's own.
   */
  async home(scope: SalesScope, now = new Date()): Promise<HomeDashboard> {
    const wholeSite = seesSitePerformance(scope);
    const spans = pacingSpans(now);
    const today = spans.today;
    const yesterday = shiftDay(today, -1);
    const month = periodOf({ period: 'month' }, now);
    const ranges = [{ startDate: today, endDate: today }, { startDate: yesterday, endDate: yesterday }, month.range, month.previous, spans.quarterToDate] as const;
    const trendRange = { startDate: shiftDay(today, -29), endDate: today };
    const { figures, row } = await readTree<typeof ranges, DueRow>(
      this.db,
      {
        siteId: scope.siteId,
        staffId: wholeSite ? null : scope.userId,
        period: month.range,
        ranges,
        trend: trendRange,
        standardMonths: monthsOf(month.targetRange, spans.quarter),
        firstDay: false,
      },
      this.dueColumns(scope, now),
    );
    const { people, byStaff, tree } = figures;
    const [todayTotals, yesterdayTotals, monthTotals, previousMonth, quarterToDate] = figures.ranges;
    // One pass over the month's members gives the top 5 and the targets (the site's, or one's own).
    const { rows, siteTarget } = siteRowsFrom(people, byStaff, treeTargetsFrom(tree, month.targetRange, people));
    const own = rows.find((entry) => entry.person.id === scope.userId);
    const target = wholeSite ? siteTarget : (own?.target ?? { ...ZERO_TARGETS });
    // The pacing's month is the cards' month (members, target and figures read once, so they
    // agree); its quarter is the same people's quarter targets against the quarter's sales to date.
    const paced = wholeSite ? rows.map((entry) => entry.person) : own ? [own.person] : null;
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
      trend: trendFrom(trendRange, figures.days),
      top,
      toContact: row.due.map((due) => ({
        followUpId: due.followUpId,
        customer: { id: due.customerId, name: due.name, contactName: due.contactName, phone: due.phone },
        staff: { id: due.staffId, username: due.username },
        type: due.type,
        content: due.content,
        nextContactAt: (due.nextContactAt === null ? now : new Date(due.nextContactAt)).toISOString(),
      })),
      toContactTotal: Number(row.dueTotal),
      pacing,
    };
  }

  /**
   * 今日待办's columns of the home statement: the customers of the site the caller sees whose
   * latest follow-up names a next contact today, in the order the list reads: a leader's from
   * follow_up_latest_site_next_idx (a follow-up's site is its customer's), a salesperson's from
   * follow_up_latest_site_owner_next_idx (the row keeps its customer's owner, migration 0035), so
   * neither count looks a customer up. A reportAllSites reader without leading the site sees only
   * customers they own (never widened). The site's own, at a parent site too.
   */
  private dueColumns(scope: SalesScope, now: Date): { [K in keyof DueRow]: SQL } {
    const today = chinaDayString(now);
    const { from, to } = dayBounds({ startDate: today, endDate: today });
    const latest = followUpLatest;
    const where = and(visibleLatestFollowUps(scope), gte(latest.nextContactAt, from), lt(latest.nextContactAt, to));
    return {
      dueTotal: sql`(select count(*) from ${latest} where ${where})`,
      due: jsonRows(
        sql`select ${followUps.id} as "followUpId", ${customers.id} as "customerId", ${customers.name} as name, ${customers.contactName} as "contactName",
            ${customers.phone} as phone, ${staff.id} as "staffId", ${staff.username} as username, ${followUps.type} as type, ${followUps.content} as content,
            ${followUps.nextContactAt} as "nextContactAt", ${latest.nextContactAt} as at, ${latest.followUpId} as "latestId"
          from ${latest}
          inner join ${followUps} on ${followUps.id} = ${latest.followUpId}
          inner join ${customers} on ${customers.id} = ${latest.customerId}
          inner join ${staff} on ${staff.id} = ${followUps.staffId}
          where ${where}
          order by ${latest.nextContactAt} asc, ${latest.followUpId} asc
          limit 20`,
        sql`t.at, t."latestId"`,
      ),
    };
  }
}
