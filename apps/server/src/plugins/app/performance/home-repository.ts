/** The home page: today's and this month's sales, the trend, the top 5 and the follow-ups due today. */
import { chinaDayString, fenToYuan, shiftDay, type DayRange, type HomeDashboard } from '@sales/contract';
import { and, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { rowsOf } from '../../../db/seed-bulk.js';
import { customers, followUpLatest, followUps, sites as sitesTable, staff } from '../../../db/schema.js';
import {
  figuresOf,
  rangeTotalsFrom,
  standardsFrom,
  ZERO_TARGETS,
  type FigureTotals,
} from '../../../db/performance-figures.js';
import { descendantsIn, type SiteLink } from '../../../db/site-links.js';
import { monthsOf, siteRowsFrom, treeTargetsFrom, trendFrom, type TreeStandards } from './performance-rows.js';
import { pacingFrom, pacingSpans, quarterMonthTargets } from './pacing.js';
import { daysJson, figuresByStaffJson, jsonRows, memberOf, rangeSumsJson, standardsJson, type SiteFigureColumns } from './tree-statement.js';
import { currentMonthStart, memberRowsSql } from '../members/site-members.js';
import { monthOf, periodOf, rankRows } from './performance-views.js';
import { seesSitePerformance, visibleLatestFollowUps, type SalesScope } from '../sales/sales-authorization.js';
import { dayBounds } from '../sales/sales-queries.js';

/** The one row of the home statement. */
interface HomeRow extends SiteFigureColumns {
  /** The site tree's links when the site has a site below it (null: a single site). */
  links: { id: number; parentId: number | null; archived: boolean }[] | null;
  /** 今日待办 is the site's own: read by the first statement only (null in a tree's). */
  dueTotal: number | string | null;
  due:
    | {
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
      }[]
    | null;
}

/** What one home statement reads: at `sites` (the site alone, or with those below it). */
interface HomeQuery {
  scope: SalesScope;
  sites: readonly number[];
  staffId: number | null;
  month: DayRange;
  ranges: readonly DayRange[];
  trend: DayRange;
  /** The months whose standards the statement reads, at each site. */
  standardMonths: readonly string[];
  /**
   * false: the site alone, with 今日待办 and the tree's links when the site has a site below it;
   * true: a tree's figures, with each site's members (of the month starting on `month.startDate`).
   */
  tree: boolean;
  now: Date;
}

export class HomeRepository {
  constructor(private readonly db: Db) {}

  /**
   * Everything the page shows is read by one statement (the members, the month's figures by
   * person, the standards, the cards' and the pacing's sums, the trend and the follow-ups due
   * today), on the assumption that the site has none below it: the statement also answers whether
   * it has, with the tree's links, and a parent site (issue 26 §3) reads its figures again over
   * the site and every site below it, with each site's standards and members (what
   * treeStandardsOf reads), in a second statement; 今日待办 is the site's own, from the first.
   */
  async home(scope: SalesScope, now = new Date()): Promise<HomeDashboard> {
    const wholeSite = seesSitePerformance(scope);
    const staffId = wholeSite ? null : scope.userId;
    const spans = pacingSpans(now);
    const today = spans.today;
    const yesterday = shiftDay(today, -1);
    const month = periodOf({ period: 'month' }, now);
    const standardMonths = monthsOf(month.targetRange, spans.quarter);
    const ranges = [{ startDate: today, endDate: today }, { startDate: yesterday, endDate: yesterday }, month.range, month.previous, spans.quarterToDate] as const;
    const query = { scope, staffId, month: month.range, ranges, trend: { startDate: shiftDay(today, -29), endDate: today }, now };
    const first = await this.read({ ...query, sites: [scope.siteId], standardMonths, tree: false });
    let row = first;
    let tree: TreeStandards = { sites: [{ siteId: scope.siteId, people: null, standards: standardsFrom(first.standards) }] };
    if (first.links) {
      // The figures are the site's and every site's below it (issue 26 §3); 今日待办 is the site's own.
      const links: SiteLink[] = first.links;
      const sites = [scope.siteId, ...descendantsIn(links, [scope.siteId]).filter((id) => id !== scope.siteId)];
      row = await this.read({ ...query, sites, standardMonths, tree: true });
      const siteMembers = row.siteMembers ?? [];
      tree = {
        sites: sites.map((siteId) => ({
          siteId,
          people: siteMembers.filter((member) => member.siteId === siteId).map(memberOf),
          standards: standardsFrom(row.standards.filter((standard) => standard.siteId === siteId)),
        })),
      };
    }
    const people = row.members.map(memberOf);
    const byStaff = new Map<number, FigureTotals>(row.byStaff.map((entry) => [entry.staffId, figuresOf(entry)]));
    const [todayTotals, yesterdayTotals, monthTotals, previousMonth, quarterToDate] = rangeTotalsFrom(row.ranges ?? undefined, ranges);
    const days = new Map(row.days.map((entry) => [entry.day, figuresOf(entry)]));
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
      toContact: (first.due ?? []).map((due) => ({
        followUpId: due.followUpId,
        customer: { id: due.customerId, name: due.name, contactName: due.contactName, phone: due.phone },
        staff: { id: due.staffId, username: due.username },
        type: due.type,
        content: due.content,
        nextContactAt: (due.nextContactAt === null ? now : new Date(due.nextContactAt)).toISOString(),
      })),
      toContactTotal: Number(first.dueTotal ?? 0),
      pacing,
    };
  }

  /** The home statement's one row (HomeRow). */
  private async read(q: HomeQuery): Promise<HomeRow> {
    const { scope, sites, staffId } = q;
    // The members (siteMembers: this month's, leaders merged, by id).
    const members = jsonRows(memberRowsSql(sites, currentMonthStart()), sql`t.id`);
    const byStaff = figuresByStaffJson(sites, q.month);
    const standards = standardsJson(sites, q.standardMonths);
    // In a tree, each site measures its own members against its own standards (treeStandardsOf).
    const siteMembers = q.tree ? jsonRows(memberRowsSql(sites, q.month.startDate, true), sql`t."siteId", t.id`) : sql`null::json`;
    const who = { siteId: sites, staffId };
    const rangeSums = rangeSumsJson(who, q.ranges);
    const days = daysJson(who, q.trend);
    // The customers of the site the caller sees whose latest follow-up names a next contact today,
    // in the order the list reads: a leader's from follow_up_latest_site_next_idx (a follow-up's site
    // is its customer's), a salesperson's from follow_up_latest_site_owner_next_idx (the row keeps
    // its customer's owner, migration 0035), so neither count looks a customer up. A reportAllSites
    // reader without leading the site sees only customers they own (never widened).
    const today = chinaDayString(q.now);
    const { from, to } = dayBounds({ startDate: today, endDate: today });
    const latest = followUpLatest;
    const where = and(visibleLatestFollowUps(scope), gte(latest.nextContactAt, from), lt(latest.nextContactAt, to));
    const dueTotal = q.tree ? sql`null::int` : sql`(select count(*) from ${latest} where ${where})`;
    const due = q.tree
      ? sql`null::json`
      : jsonRows(
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
        );
    const links = !q.tree
      ? sql`case when exists (select 1 from ${sitesTable} where ${sitesTable.parentId} = ${scope.siteId}) then (select json_agg(json_build_object(
          'id', ${sitesTable.id}, 'parentId', ${sitesTable.parentId}, 'archived', ${sitesTable.archivedAt} is not null) order by ${sitesTable.id}) from ${sitesTable}) end`
      : sql`null::json`;
    const result = await this.db.execute(sql`select ${links} as links, ${members} as members, ${siteMembers} as "siteMembers", ${byStaff} as "byStaff", ${standards} as standards,
      ${rangeSums} as ranges, ${days} as days, ${dueTotal} as "dueTotal", ${due} as due`);
    const [row] = rowsOf<HomeRow>(result);
    if (!row) throw new Error('the home statement answered no row');
    return row;
  }
}
