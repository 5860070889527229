/** The home page: today's and this month's sales, the trend, the top 5 and the follow-ups due today. */
import { chinaDayString, fenToYuan, shiftDay, type DayRange, type HomeDashboard } from '@sales/contract';
import { and, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { rowsOf } from '../../../db/seed-bulk.js';
import { customers, followUpLatest, followUps, staff } from '../../../db/schema.js';
import { sitesBelow } from '../../../db/site-links.js';
import { rendered, StatementMemo } from '../../../db/sql-text.js';
import {
  figuresOf,
  rangeSumsJson,
  rangeTotalsFrom,
  standardsFrom,
  ZERO_TARGETS,
  type FigureTotals,
} from '../../../db/performance-figures.js';
import { monthsOf, siteRowsFrom, treeTargetsFrom, trendFrom, type TreeStandards } from './performance-rows.js';
import { pacingFrom, pacingSpans, quarterMonthTargets } from './pacing.js';
import { daysFrom, daysJson, figuresByStaffJson, jsonRows, memberOf, readTree, standardsJson, type SiteFigureColumns } from './tree-statement.js';
import { memberRowsSql, type SiteMember } from '../members/site-members.js';
import { monthOf, periodOf, topSellers } from './performance-views.js';
import { seesSitePerformance, visibleLatestFollowUps, type SalesScope } from '../sales/sales-authorization.js';
import { dayBounds } from '../sales/sales-queries.js';

/** The columns home adds to a site statement: 今日待办, the site's own. */
type DueColumns = {
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

/** The one row of a single site's home statement. */
interface HomeRow extends SiteFigureColumns, DueColumns {
  /** Set when the site turns out to have sites below it (the scope's hint was out of date). */
  hasSitesBelow: boolean;
}

/** The ranges of home's sums: today, yesterday, the month, the month before and the quarter to date. */
type HomeRanges = readonly [DayRange, DayRange, DayRange, DayRange, DayRange];

/** What the page is computed from, read by either statement. */
type HomeRead = DueColumns & {
  people: SiteMember[];
  byStaff: Map<number, FigureTotals>;
  totals: readonly [FigureTotals, FigureTotals, FigureTotals, FigureTotals, FigureTotals];
  days: Map<string, FigureTotals>;
  tree: TreeStandards;
};

/** What a single site's home statement reads. */
interface HomeQuery {
  scope: SalesScope;
  staffId: number | null;
  month: DayRange;
  ranges: HomeRanges;
  trend: DayRange;
  /** The months whose standards the statement reads. */
  standardMonths: readonly string[];
  now: Date;
}

export class HomeRepository {
  /** Home's single-site statements, by query (StatementMemo). */
  private readonly statements = new StatementMemo();

  /** `db`: where home's one statement goes; the app gives it Database.genericReads. */
  constructor(private readonly db: Db) {}

  /**
   * Everything the page shows is read by one statement: the members, the month's figures by
   * person, the standards, the cards' and the pacing's sums, the trend and the follow-ups due
   * today. A parent site's (issue 26 §3) are its and every site's below it, with each site's
   * standards and members (what treeStandardsOf reads); 今日待办 is the site's own.
   */
  async home(scope: SalesScope, now = new Date()): Promise<HomeDashboard> {
    const wholeSite = seesSitePerformance(scope);
    const staffId = wholeSite ? null : scope.userId;
    const spans = pacingSpans(now);
    const today = spans.today;
    const yesterday = shiftDay(today, -1);
    const month = periodOf({ period: 'month' }, now);
    const standardMonths = monthsOf(month.targetRange, spans.quarter);
    const ranges: HomeRanges = [{ startDate: today, endDate: today }, { startDate: yesterday, endDate: yesterday }, month.range, month.previous, spans.quarterToDate];
    const query: HomeQuery = { scope, staffId, month: month.range, ranges, trend: { startDate: shiftDay(today, -29), endDate: today }, standardMonths, now };
    // A site with sites below it reads the tree's figures (issue 26 §3) in readTree's statement,
    // with 今日待办 (the site's own) as its extra columns; a single site reads its own, and should
    // its scope's hint be out of date the statement says so and the tree is read after all.
    let read = scope.hasSitesBelow ? null : await this.readSite(query);
    read ??= await this.readSiteTree(query);
    const { people, byStaff, totals, days, tree } = read;
    const [todayTotals, yesterdayTotals, monthTotals, previousMonth, quarterToDate] = totals;
    const points = trendFrom(query.trend, days);
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
    const top = topSellers(rows, scope.userId, 5);
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
      toContact: read.due.map((due) => ({
        followUpId: due.followUpId,
        customer: { id: due.customerId, name: due.name, contactName: due.contactName, phone: due.phone },
        staff: { id: due.staffId, username: due.username },
        type: due.type,
        content: due.content,
        nextContactAt: (due.nextContactAt === null ? now : new Date(due.nextContactAt)).toISOString(),
      })),
      toContactTotal: Number(read.dueTotal),
      pacing,
    };
  }

  /** 今日待办's columns: the count and the first 20 due today, of the site the caller sees. */
  private dueColumns(scope: SalesScope, now: Date): { [K in keyof DueColumns]: SQL } {
    // The customers of the site the caller sees whose latest follow-up names a next contact today,
    // in the order the list reads: a leader's from follow_up_latest_site_next_idx (a follow-up's site
    // is its customer's), a salesperson's from follow_up_latest_site_owner_next_idx (the row keeps
    // its customer's owner, migration 0035), so neither count looks a customer up. A reportAllSites
    // reader without leading the site sees only customers they own (never widened).
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

  /** Home's statement at a single site (readSite's), built and rendered. */
  private siteStatement(q: HomeQuery): SQL {
    const { scope, staffId } = q;
    const sites = [scope.siteId];
    // The members (siteMembers: this month's, leaders merged, by id).
    const members = jsonRows(memberRowsSql(sites, q.month.startDate), sql`t.id`);
    const byStaff = figuresByStaffJson(sites, q.month);
    const standards = standardsJson(sites, q.standardMonths);
    const who = { siteId: sites, staffId };
    const rangeSums = rangeSumsJson(who, q.ranges);
    const days = daysJson(who, q.trend);
    const { dueTotal, due } = this.dueColumns(scope, q.now);
    return rendered(sql`select ${sitesBelow(scope.siteId)} as "hasSitesBelow", ${members} as members, ${byStaff} as "byStaff", ${standards} as standards,
      ${rangeSums} as ranges, ${days} as days, ${dueTotal} as "dueTotal", ${due} as due`);
  }

  /** A single site's home in one statement, or null when the site has sites below it after all. */
  private async readSite(q: HomeQuery): Promise<HomeRead | null> {
    const { scope } = q;
    const statement = this.statements.get(JSON.stringify({ ...q, now: null, due: dueKey(q) }), () => this.siteStatement(q));
    const result = await this.db.execute(statement);
    const [row] = rowsOf<HomeRow>(result);
    if (!row) throw new Error('the home statement answered no row');
    if (row.hasSitesBelow) return null;
    return {
      people: row.members.map(memberOf),
      byStaff: new Map(row.byStaff.map((entry) => [entry.staffId, figuresOf(entry)])),
      totals: rangeTotalsFrom(row.ranges ?? undefined, q.ranges),
      days: daysFrom(row.days),
      tree: { sites: [{ siteId: scope.siteId, people: null, standards: standardsFrom(row.standards) }] },
      dueTotal: row.dueTotal,
      due: row.due,
    };
  }

  /** A parent site's home in one statement: the tree's figures (readTree) and the site's own 今日待办. */
  private async readSiteTree(q: HomeQuery): Promise<HomeRead> {
    const { figures, row } = await readTree<HomeRanges, DueColumns>(
      this.db,
      { siteId: q.scope.siteId, staffId: q.staffId, period: q.month, ranges: q.ranges, trend: q.trend, standardMonths: q.standardMonths, firstDay: false },
      this.dueColumns(q.scope, q.now),
      dueKey(q),
    );
    return { people: figures.people, byStaff: figures.byStaff, totals: figures.ranges, days: figures.days, tree: figures.tree, dueTotal: row.dueTotal, due: row.due };
  }
}

/**
 * What home's 今日待办 columns are built from (dueColumns): the caller's scope and the China day.
 * Part of the key its statements are kept by.
 */
function dueKey(q: HomeQuery): string {
  return JSON.stringify([q.scope, chinaDayString(q.now)]);
}
