/**
 * Performance figures and ranking: a person's and a site's figures, sales details and the ranking.
 * Figures come from the performance_daily summaries (db/performance-figures.ts); who sees what is
 * asked of sales-authorization.ts. Home, standards, search and members have their own modules.
 * A site's figures are its own and every site's below it (issue 26 §3, siteAndDescendants): the
 * members, the details and the ranking opened from them read the same sites, so they add up.
 */
import {
  eachDay,
  fenToYuan,
  type MemberFigures,
  type MemberSort,
  type PerformancePeriodInput,
  type PerformanceSites,
  type PersonFigures,
  type Ranking,
  type RankingMetric,
  type SalesDetails,
  type SiteFigures,
} from '@sales/contract';
import type { Db } from '../../../db/client.js';
import { forbidden, notFound } from '../../../lib/errors.js';
import { dailyFigures, figuresFor, ZERO_TARGETS } from '../../../db/performance-figures.js';
import { comparison, comparisonFrom, monthsOf, siteRows, siteRowsFrom, treeStandardsOf, treeTargetsFrom, trend, trendFrom } from './performance-rows.js';
import { readTree } from './tree-statement.js';
import { siteAndDescendants } from '../../../db/site-links.js';
import { staff } from '../../../db/schema.js';
import { eq } from 'drizzle-orm';
import { pacingFrom, pacingOf, pacingSpans, quarterMonthTargets } from './pacing.js';
import { memberRef, METRIC_VALUE, periodOf, rangesOf, rankRows, toFigures, toTargets } from './performance-views.js';
import { salesLines } from '../orders/orders-repository.js';
import {
  canEditStandards,
  canPickMember,
  canSeePerformanceOf,
  LEADERS_ONLY,
  resolvePerformanceScopes,
  seesSitePerformance,
  STAFF_NOT_FOUND,
  type SalesScope,
} from '../sales/sales-authorization.js';
import { dayBounds, paging } from '../sales/sales-queries.js';
import { siteMembers, type SiteMember } from '../members/site-members.js';

export class PerformanceRepository {
  /** `genericReads`: where the page's one statement goes (Database.genericReads). */
  constructor(
    private readonly db: Db,
    private readonly genericReads: Db = db,
  ) {}

  /**
   * A member (for the period starting on `periodStart`) of the scope's site or of a site below it whose figures the caller may see; 404
   * otherwise. A leader of a site above (a member of none of these sites) sees their own, as a leader.
   */
  private async visibleMember(scope: SalesScope, sites: readonly number[], staffId: number, periodStart: string): Promise<SiteMember> {
    if (!canSeePerformanceOf(scope, staffId)) throw notFound(STAFF_NOT_FOUND);
    const [member] = await siteMembers(this.db, sites, [staffId], undefined, periodStart);
    if (member) return member;
    if (staffId === scope.userId && scope.isLeader && scope.isMember) {
      const [self] = await this.db
        .select({ id: staff.id, username: staff.username, avatar: staff.avatar, phone: staff.phone, joinedAt: staff.createdAt })
        .from(staff)
        .where(eq(staff.id, staffId));
      if (self) return { ...self, isLeader: true };
    }
    throw notFound(STAFF_NOT_FOUND);
  }

  async sites(userId: number): Promise<PerformanceSites> {
    const scopes = await resolvePerformanceScopes(this.db, userId);
    return { list: scopes.map((scope) => ({ siteId: scope.siteId, siteName: scope.siteName, canEdit: canEditStandards(scope) })) };
  }

  async person(scope: SalesScope, staffId: number | undefined, input: PerformancePeriodInput): Promise<PersonFigures> {
    const period = periodOf(input);
    const sites = await siteAndDescendants(this.db, scope.siteId);
    const member = await this.visibleMember(scope, sites, staffId ?? scope.userId, period.range.startDate);
    const tree = await treeStandardsOf(this.db, sites, monthsOf(period.targetRange), period.range.startDate, [member.id]);
    const { byPerson } = treeTargetsFrom(tree, period.targetRange, [member]);
    const [figures, points, pacing] = await Promise.all([
      comparison(this.db, sites, member.id, period, byPerson.get(member.id) ?? ZERO_TARGETS),
      trend(this.db, sites, member.id, period.range),
      pacingOf(this.db, sites, member),
    ]);
    return { member: memberRef(member), ranges: rangesOf(period), figures, trend: points, canPickMember: canPickMember(scope), pacing };
  }

  async site(scope: SalesScope, input: PerformancePeriodInput, sort: MemberSort = 'orderAmount', order: 'asc' | 'desc' = 'desc'): Promise<SiteFigures> {
    if (!seesSitePerformance(scope)) throw forbidden(LEADERS_ONLY);
    const period = periodOf(input);
    const spans = pacingSpans();
    // Everything the page shows, read by one statement (tree-statement's readTree) over the site
    // and every site below it: members, standards, the period's, the comparison's and the pacing's
    // sums, the members' figures, the first recorded day and the trend.
    const ranges = [period.range, period.previous, period.yearAgo, spans.monthToDate, spans.quarterToDate] as const;
    const { figures: read } = await readTree(this.genericReads, {
      siteId: scope.siteId,
      staffId: null,
      period: period.range,
      ranges,
      trend: period.range,
      standardMonths: monthsOf(period.targetRange, spans.month, spans.quarter),
      firstDay: true,
    });
    const { people, byStaff, tree, first } = read;
    const [current, previous, yearAgo, monthToDate, quarterToDate] = read.ranges;
    const { rows, siteTarget } = siteRowsFrom(people, byStaff, treeTargetsFrom(tree, period.targetRange, people));
    const figures = comparisonFrom(period, { current, previous, yearAgo, first }, siteTarget);
    const points = trendFrom(period.range, read.days);
    // The site's pacing: its salespeople's targets summed (a parent's with its children's), as pacingOf counts them.
    const pacing = pacingFrom(spans, {
      monthTargetFen: treeTargetsFrom(tree, spans.month, people).site.targetAmountFen,
      monthActualFen: monthToDate.orderAmountFen,
      quarterMonths: quarterMonthTargets(spans, (range) => treeTargetsFrom(tree, range, people).site.targetAmountFen),
      quarterActualFen: quarterToDate.orderAmountFen,
    });
    const value = (row: (typeof rows)[number]) =>
      sort === 'completion' ? (row.completion.amount ?? -1) : METRIC_VALUE[sort === 'orderAmount' ? 'orderAmount' : sort](row.totals);
    const sign = order === 'asc' ? 1 : -1;
    const members: MemberFigures[] = [...rows]
      .sort((a, b) => sign * (value(a) - value(b)) || a.person.id - b.person.id)
      .map((row) => ({ member: memberRef(row.person), figures: toFigures(row.totals), target: toTargets(row.target), completion: row.completion }));
    return { siteId: scope.siteId, siteName: scope.siteName, ranges: rangesOf(period), figures, trend: points, members, pacing };
  }

  async details(
    scope: SalesScope,
    body: PerformancePeriodInput & { view: 'day' | 'order'; staffId?: number; page?: number; pageSize?: number },
  ): Promise<SalesDetails> {
    const period = periodOf(body);
    const { page, pageSize, offset } = paging(body.page, body.pageSize);
    // A salesperson sees their own sales; leaders and reportAllSites the site's or one member's.
    const staffId = seesSitePerformance(scope) ? (body.staffId ?? null) : scope.userId;
    const sites = await siteAndDescendants(this.db, scope.siteId);
    if (staffId !== null) await this.visibleMember(scope, sites, staffId, period.range.startDate);
    const totals = toFigures(await figuresFor(this.db, { siteId: sites, staffId, ...period.range }));
    if (body.view === 'day') {
      const days = await dailyFigures(this.db, { siteId: sites, staffId, ...period.range });
      const all = eachDay(period.range).reverse();
      const list = all.slice(offset, offset + pageSize).map((date) => {
        const day = days.get(date);
        return {
          date,
          orderAmount: fenToYuan(day?.orderAmountFen ?? 0),
          orderCount: day?.orderCount ?? 0,
          refundAmount: fenToYuan(day?.refundAmountFen ?? 0),
          refundCount: day?.refundCount ?? 0,
        };
      });
      return { ranges: rangesOf(period), totals, days: { list, total: all.length, page, pageSize }, orders: null };
    }
    const { from, to } = dayBounds(period.range);
    // The sales and refunds the totals count, so the list adds up to them.
    const lines = await salesLines(this.db, { siteId: sites, staffId, from, to, page, pageSize });
    return { ranges: rangesOf(period), totals, days: null, orders: { list: lines.list, total: lines.total, page: lines.page, pageSize: lines.pageSize } };
  }

  async ranking(scope: SalesScope, input: PerformancePeriodInput, metric: RankingMetric): Promise<Ranking> {
    const period = periodOf(input);
    const { rows, rest } = await siteRows(this.db, scope, period.range, period.targetRange);
    const list = rankRows(rows, metric, scope.userId);
    const unranked = seesSitePerformance(scope) ? { unassigned: toFigures(rest.unassigned), others: toFigures(rest.others), site: toFigures(rest.site) } : null;
    return { metric, ranges: rangesOf(period), list, me: list.find((entry) => entry.isMe) ?? null, unranked };
  }
}
