/**
 * Performance pages: a person's and a site's figures, sales details, ranking, home, standards,
 * members and search. Figures come from the performance_daily summaries (performance-figures.ts);
 * who sees what is asked of sales-authorization.ts.
 */
import {
  chinaDayString,
  completionRatio,
  customRangeProblem,
  eachDay,
  fenToYuan,
  isAmount,
  maskPhone,
  monthsInRange,
  parseChinaDay,
  resolvePeriod,
  shiftDay,
  yuanToFen,
  type Completion,
  type FigureComparison,
  type Figures,
  type HomeDashboard,
  type MemberDetail,
  type MemberFigures,
  type MemberList,
  type MemberRef,
  type MemberSort,
  type MemberSummary,
  type PerformancePeriodInput,
  type PerformanceSearchResult,
  type PerformanceSites,
  type PeriodRanges,
  type PersonFigures,
  type Ranking,
  type RankingEntry,
  type RankingMetric,
  type ResolvedPeriod,
  type SalesDetails,
  type SalesOrder,
  type SiteFigures,
  type StandardChange,
  type StandardHistory,
  type StandardRow,
  type Standards,
  type StandardUpdateBody,
  type Targets,
  type TrendPoint,
} from '@sales/contract';
import { aliasedTable, and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { customers, followUps, orders, performanceStandardChanges, performanceStandards, positions, staff } from '../../db/schema.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { appendAudit, type ClientContext } from './audit.js';
import {
  dailyFigures,
  figuresByStaff,
  figuresFor,
  firstRecordedDay,
  pickTarget,
  spreadTarget,
  standardsOf,
  ZERO_FIGURES,
  ZERO_TARGETS,
  type FigureTotals,
  type TargetTotals,
} from './performance-figures.js';
import {
  canEditStandards,
  canPickMember,
  canReadStandards,
  canSeePerformanceOf,
  colleagueView,
  followUpsOfSite,
  LEADERS_ONLY,
  resolvePerformanceScopes,
  seesSitePerformance,
  STAFF_NOT_FOUND,
  STANDARDS_LEADERS_ONLY,
  visibleCustomers,
  visibleOrders,
  type SalesScope,
} from './sales-authorization.js';
import { salesLines } from './orders-repository.js';
import { containsPattern, keywordOf } from './sales-queries.js';

export interface SiteMember extends MemberRef {
  phone: string;
  joinedAt: Date;
}

const toFigures = (totals: FigureTotals): Figures => ({
  orderAmount: fenToYuan(totals.orderAmountFen),
  orderCount: totals.orderCount,
  newCustomers: totals.newCustomers,
  followUps: totals.followUps,
});

const toTargets = (target: TargetTotals): Targets => ({
  targetAmount: fenToYuan(target.targetAmountFen),
  targetOrders: target.targetOrders,
  targetNewCustomers: target.targetNewCustomers,
});

const completionOf = (totals: FigureTotals, target: TargetTotals): Completion => ({
  amount: completionRatio(totals.orderAmountFen, target.targetAmountFen),
  orders: completionRatio(totals.orderCount, target.targetOrders),
  newCustomers: completionRatio(totals.newCustomers, target.targetNewCustomers),
});

const addTargets = (a: TargetTotals, b: TargetTotals): TargetTotals => ({
  targetAmountFen: a.targetAmountFen + b.targetAmountFen,
  targetOrders: a.targetOrders + b.targetOrders,
  targetNewCustomers: a.targetNewCustomers + b.targetNewCustomers,
});

const addFigures = (a: FigureTotals, b: FigureTotals): FigureTotals => ({
  orderCount: a.orderCount + b.orderCount,
  orderAmountFen: a.orderAmountFen + b.orderAmountFen,
  newCustomers: a.newCustomers + b.newCustomers,
  followUps: a.followUps + b.followUps,
});

const rangesOf = (period: ResolvedPeriod): PeriodRanges => ({
  period: period.key,
  range: period.range,
  previous: period.previous,
  yearAgo: period.yearAgo,
  targetRange: period.targetRange,
});

const METRIC_VALUE: Record<RankingMetric, (totals: FigureTotals) => number> = {
  orderAmount: (t) => t.orderAmountFen,
  orderCount: (t) => t.orderCount,
  newCustomers: (t) => t.newCustomers,
  followUps: (t) => t.followUps,
};

const METRIC_COMPLETION: Record<RankingMetric, (c: Completion) => number | null> = {
  orderAmount: (c) => c.amount,
  orderCount: (c) => c.orders,
  newCustomers: (c) => c.newCustomers,
  followUps: () => null,
};

/** Checks and resolves the period of a request: 400 with a Chinese message when a custom range is bad. */
export function periodOf(input: PerformancePeriodInput, now = new Date()): ResolvedPeriod {
  if (input.period === 'custom') {
    const problem = customRangeProblem(input.startDate, input.endDate);
    if (problem) throw badRequest(problem);
  }
  return resolvePeriod(input, now);
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export class PerformanceRepository {
  constructor(private readonly db: Db) {}

  /** The active members of a site, leaders merged (any leading position wins), by id. */
  async members(siteId: number, ids?: readonly number[]): Promise<SiteMember[]> {
    const conditions: SQL[] = [eq(positions.siteId, siteId), eq(staff.status, 'active')];
    if (ids) {
      if (ids.length === 0) return [];
      conditions.push(inArray(staff.id, [...ids]));
    }
    const rows = await this.db
      .select({
        id: staff.id,
        username: staff.username,
        avatar: staff.avatar,
        phone: staff.phone,
        joinedAt: staff.createdAt,
        isLeader: sql<boolean>`bool_or(${positions.isLeader})`,
      })
      .from(positions)
      .innerJoin(staff, eq(staff.id, positions.staffId))
      .where(and(...conditions))
      .groupBy(staff.id)
      .orderBy(asc(staff.id));
    return rows.map((row) => ({ ...row, isLeader: Boolean(row.isLeader) }));
  }

  /** A member of the scope's site whose figures the caller may see; 404 otherwise. */
  private async visibleMember(scope: SalesScope, staffId: number): Promise<SiteMember> {
    if (!canSeePerformanceOf(scope, staffId)) throw notFound(STAFF_NOT_FOUND);
    const [member] = await this.members(scope.siteId, [staffId]);
    if (!member) throw notFound(STAFF_NOT_FOUND);
    return member;
  }

  private async comparison(siteId: number, staffId: number | null, period: ResolvedPeriod, target: TargetTotals): Promise<FigureComparison> {
    const who = { siteId, staffId };
    const [current, previous, first] = await Promise.all([
      figuresFor(this.db, { ...who, ...period.range }),
      figuresFor(this.db, { ...who, ...period.previous }),
      firstRecordedDay(this.db, who),
    ]);
    // 同比 only when something was recorded by the end of the year-earlier range.
    const yearAgo = first !== null && first <= period.yearAgo.endDate ? toFigures(await figuresFor(this.db, { ...who, ...period.yearAgo })) : null;
    return { current: toFigures(current), previous: toFigures(previous), yearAgo, target: toTargets(target), completion: completionOf(current, target) };
  }

  private async trend(siteId: number, staffId: number | null, range: { startDate: string; endDate: string }): Promise<TrendPoint[]> {
    const days = await dailyFigures(this.db, { siteId, staffId, ...range });
    return eachDay(range).map((date) => ({ date, ...toFigures(days.get(date) ?? ZERO_FIGURES) }));
  }

  /** Targets over a range for several people of a site, and the site's (the sum over its salespeople). */
  private async targetsOver(siteId: number, range: { startDate: string; endDate: string }, people: readonly SiteMember[]) {
    const standards = await standardsOf(this.db, siteId, monthsInRange(range).map((entry) => entry.month));
    const byPerson = new Map<number, TargetTotals>();
    let site = { ...ZERO_TARGETS };
    for (const person of people) {
      // Leaders are not measured against the sales standard (pickTarget's rule).
      const target = spreadTarget(range, (month) => pickTarget(standards, month, person.id, person.isLeader));
      byPerson.set(person.id, target);
      site = addTargets(site, target);
    }
    return { byPerson, site };
  }

  async sites(userId: number): Promise<PerformanceSites> {
    const scopes = await resolvePerformanceScopes(this.db, userId);
    return { list: scopes.map((scope) => ({ siteId: scope.siteId, siteName: scope.siteName, canEdit: canEditStandards(scope) })) };
  }

  async person(scope: SalesScope, staffId: number | undefined, input: PerformancePeriodInput): Promise<PersonFigures> {
    const period = periodOf(input);
    const member = await this.visibleMember(scope, staffId ?? scope.userId);
    const { byPerson } = await this.targetsOver(scope.siteId, period.targetRange, [member]);
    const [figures, trend] = await Promise.all([
      this.comparison(scope.siteId, member.id, period, byPerson.get(member.id) ?? ZERO_TARGETS),
      this.trend(scope.siteId, member.id, period.range),
    ]);
    return { member: memberRef(member), ranges: rangesOf(period), figures, trend, canPickMember: canPickMember(scope) };
  }

  /** Figures of the people who count at a site in a range: salespeople, and anyone credited there. */
  private async rows(scope: SalesScope, range: { startDate: string; endDate: string }, targetRange: { startDate: string; endDate: string }) {
    const [people, byStaff] = await Promise.all([this.members(scope.siteId), figuresByStaff(this.db, { siteId: scope.siteId, ...range })]);
    const counted = people.filter((person) => !person.isLeader || byStaff.has(person.id));
    const targets = await this.targetsOver(scope.siteId, targetRange, people);
    // Everything the site counted that no row shows: credited to nobody (staff 0), or to someone
    // who is not a counted member (a former member, or no position here). Rows + these = the site.
    const listed = new Set(counted.map((person) => person.id));
    let unassigned = { ...ZERO_FIGURES };
    let others = { ...ZERO_FIGURES };
    let site = { ...ZERO_FIGURES };
    for (const [staffId, totals] of byStaff) {
      site = addFigures(site, totals);
      if (staffId === 0) unassigned = addFigures(unassigned, totals);
      else if (!listed.has(staffId)) others = addFigures(others, totals);
    }
    return {
      siteTarget: targets.site,
      rest: { unassigned, others, site },
      rows: counted.map((person) => {
        const totals = byStaff.get(person.id) ?? { ...ZERO_FIGURES };
        const target = targets.byPerson.get(person.id) ?? { ...ZERO_TARGETS };
        return { person, totals, target, completion: completionOf(totals, target) };
      }),
    };
  }

  async site(scope: SalesScope, input: PerformancePeriodInput, sort: MemberSort = 'orderAmount', order: 'asc' | 'desc' = 'desc'): Promise<SiteFigures> {
    if (!seesSitePerformance(scope)) throw forbidden(LEADERS_ONLY);
    const period = periodOf(input);
    const { rows, siteTarget } = await this.rows(scope, period.range, period.targetRange);
    const [figures, trend] = await Promise.all([this.comparison(scope.siteId, null, period, siteTarget), this.trend(scope.siteId, null, period.range)]);
    const value = (row: (typeof rows)[number]) =>
      sort === 'completion' ? (row.completion.amount ?? -1) : METRIC_VALUE[sort === 'orderAmount' ? 'orderAmount' : sort](row.totals);
    const sign = order === 'asc' ? 1 : -1;
    const members: MemberFigures[] = [...rows]
      .sort((a, b) => sign * (value(a) - value(b)) || a.person.id - b.person.id)
      .map((row) => ({ member: memberRef(row.person), figures: toFigures(row.totals), target: toTargets(row.target), completion: row.completion }));
    return { siteId: scope.siteId, siteName: scope.siteName, ranges: rangesOf(period), figures, trend, members };
  }

  async details(
    scope: SalesScope,
    body: PerformancePeriodInput & { view: 'day' | 'order'; staffId?: number; page?: number; pageSize?: number },
  ): Promise<SalesDetails> {
    const period = periodOf(body);
    const page = body.page ?? 1;
    const pageSize = body.pageSize ?? 20;
    // A salesperson sees their own sales; leaders and reportAllSites the site's or one member's.
    const staffId = seesSitePerformance(scope) ? (body.staffId ?? null) : scope.userId;
    if (staffId !== null) await this.visibleMember(scope, staffId);
    const totals = toFigures(await figuresFor(this.db, { siteId: scope.siteId, staffId, ...period.range }));
    if (body.view === 'day') {
      const days = await dailyFigures(this.db, { siteId: scope.siteId, staffId, ...period.range });
      const all = eachDay(period.range).reverse();
      const list = all.slice((page - 1) * pageSize, page * pageSize).map((date) => {
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
    const start = parseChinaDay(period.range.startDate);
    const end = parseChinaDay(shiftDay(period.range.endDate, 1));
    if (!start || !end) throw badRequest('日期不正确');
    // The sales and refunds the totals count, so the list adds up to them.
    const lines = await salesLines(this.db, { siteId: scope.siteId, staffId, from: start, to: end, page, pageSize });
    return { ranges: rangesOf(period), totals, days: null, orders: { list: lines.list, total: lines.total, page: lines.page, pageSize: lines.pageSize } };
  }

  private async salesOrders(where: SQL | undefined, orderBy: SQL, limit: number, offset = 0): Promise<SalesOrder[]> {
    const rows = await this.db
      .select({
        id: orders.id,
        orderNo: orders.orderNo,
        customerId: customers.id,
        customerName: customers.name,
        staffId: staff.id,
        staffName: staff.username,
        amountFen: orders.amountFen,
        status: orders.status,
        paidAt: orders.paidAt,
        createdAt: orders.createdAt,
        refundedAt: orders.refundedAt,
      })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .leftJoin(staff, eq(staff.id, orders.staffId))
      .where(where)
      .orderBy(orderBy, desc(orders.id))
      .limit(limit)
      .offset(offset);
    return rows.map((row) => ({
      id: row.id,
      orderNo: row.orderNo,
      customer: { id: row.customerId, name: row.customerName },
      staff: row.staffId !== null && row.staffName !== null ? { id: row.staffId, username: row.staffName } : null,
      amount: fenToYuan(row.amountFen),
      status: row.status,
      paidAt: (row.paidAt ?? row.createdAt).toISOString(),
      refundedAt: row.refundedAt?.toISOString() ?? null,
    }));
  }

  async ranking(scope: SalesScope, input: PerformancePeriodInput, metric: RankingMetric): Promise<Ranking> {
    const period = periodOf(input);
    const { rows, rest } = await this.rows(scope, period.range, period.targetRange);
    const list = rankRows(rows, metric, scope.userId);
    const unranked = seesSitePerformance(scope) ? { unassigned: toFigures(rest.unassigned), others: toFigures(rest.others), site: toFigures(rest.site) } : null;
    return { metric, ranges: rangesOf(period), list, me: list.find((entry) => entry.isMe) ?? null, unranked };
  }

  async home(scope: SalesScope, now = new Date()): Promise<HomeDashboard> {
    const wholeSite = seesSitePerformance(scope);
    const staffId = wholeSite ? null : scope.userId;
    const today = chinaDayString(now);
    const yesterday = shiftDay(today, -1);
    const month = periodOf({ period: 'month' }, now);
    const who = { siteId: scope.siteId, staffId };
    const [todayTotals, yesterdayTotals, monthTotals, previousMonth, trend] = await Promise.all([
      figuresFor(this.db, { ...who, startDate: today, endDate: today }),
      figuresFor(this.db, { ...who, startDate: yesterday, endDate: yesterday }),
      figuresFor(this.db, { ...who, ...month.range }),
      figuresFor(this.db, { ...who, ...month.previous }),
      this.trend(scope.siteId, staffId, { startDate: shiftDay(today, -29), endDate: today }),
    ]);
    // One pass over the month's members gives the top 5 and the targets (the site's, or one's own).
    const { rows, siteTarget } = await this.rows(scope, month.range, month.targetRange);
    const target = wholeSite ? siteTarget : (rows.find((row) => row.person.id === scope.userId)?.target ?? { ...ZERO_TARGETS });
    const top = rankRows(rows, 'orderAmount', scope.userId).slice(0, 5);
    const { list: toContact, total: toContactTotal } = await this.dueToday(scope, now);
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
      month: { figures: toFigures(monthTotals), target: toTargets(target), completion: completionOf(monthTotals, target) },
      trend,
      top,
      toContact,
      toContactTotal,
    };
  }

  /** Follow-ups whose next contact falls today, of the customers the caller sees (follow_ups_site_next_idx). */
  private async dueToday(scope: SalesScope, now: Date) {
    const start = parseChinaDay(chinaDayString(now));
    const end = parseChinaDay(shiftDay(chinaDayString(now), 1));
    if (!start || !end) throw new Error('today is not a day');
    const where = and(
      followUpsOfSite(scope),
      gte(followUps.nextContactAt, start),
      lt(followUps.nextContactAt, end),
      // A reportAllSites reader without leading the site sees only customers they own (never widened).
      visibleCustomers(scope),
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

  // Standards

  async standards(scope: SalesScope, month: string): Promise<Standards> {
    if (!canReadStandards(scope)) throw forbidden(LEADERS_ONLY);
    const people = (await this.members(scope.siteId)).filter((person) => !person.isLeader);
    const updater = aliasedTable(staff, 'updater');
    const rows = await this.db
      .select({ row: performanceStandards, updaterName: updater.username })
      .from(performanceStandards)
      .leftJoin(updater, eq(updater.id, performanceStandards.updatedBy))
      .where(and(eq(performanceStandards.siteId, scope.siteId), eq(performanceStandards.month, month)));
    const byStaff = new Map(rows.map((entry) => [entry.row.staffId, entry]));
    const siteRow = byStaff.get(null);
    const defaults: TargetTotals = siteRow?.row ?? { ...ZERO_TARGETS };
    const rowOf = (staffId: number | null, member: SiteMember | null): StandardRow => {
      const own = byStaff.get(staffId);
      const values: TargetTotals = own?.row ?? defaults;
      return {
        staffId,
        member: member ? memberRef(member) : null,
        ...toTargets(values),
        isSet: own !== undefined,
        updatedAt: own?.row.updatedAt.toISOString() ?? null,
        updatedBy: own?.row.updatedBy && own.updaterName ? { id: own.row.updatedBy, username: own.updaterName } : null,
      };
    };
    return {
      siteId: scope.siteId,
      month,
      canEdit: canEditStandards(scope),
      siteDefault: rowOf(null, null),
      members: people.map((person) => rowOf(person.id, person)),
    };
  }

  async updateStandard(scope: SalesScope, body: StandardUpdateBody, client: ClientContext): Promise<Standards> {
    if (!canEditStandards(scope)) throw forbidden(STANDARDS_LEADERS_ONLY);
    if (!MONTH.test(body.month)) throw badRequest('月份格式不正确');
    if (!isAmount(String(body.targetAmount))) throw badRequest('目标金额须为 0 到 10 亿元之间的金额，最多两位小数');
    const staffId = body.staffId ?? null;
    if (staffId !== null) {
      const [member] = await this.members(scope.siteId, [staffId]);
      if (!member || member.isLeader) throw notFound(STAFF_NOT_FOUND);
    }
    const next: TargetTotals = {
      targetAmountFen: yuanToFen(body.targetAmount),
      targetOrders: body.targetOrders,
      targetNewCustomers: body.targetNewCustomers,
    };
    await this.db.transaction(async (tx) => {
      // One writer per site and month at a time, so the history's "old" values are exact.
      await tx.execute(sql`select pg_advisory_xact_lock(${scope.siteId}, ${Number(body.month.replace('-', ''))})`);
      const [old] = await tx
        .select()
        .from(performanceStandards)
        .where(
          and(
            eq(performanceStandards.siteId, scope.siteId),
            eq(performanceStandards.month, body.month),
            staffId === null ? isNull(performanceStandards.staffId) : eq(performanceStandards.staffId, staffId),
          ),
        );
      if (old && old.targetAmountFen === next.targetAmountFen && old.targetOrders === next.targetOrders && old.targetNewCustomers === next.targetNewCustomers) {
        return;
      }
      if (old) {
        await tx
          .update(performanceStandards)
          .set({ ...next, updatedBy: scope.userId, updatedAt: new Date() })
          .where(eq(performanceStandards.id, old.id));
      } else {
        await tx.insert(performanceStandards).values({ siteId: scope.siteId, staffId, month: body.month, ...next, updatedBy: scope.userId });
      }
      await tx.insert(performanceStandardChanges).values({
        siteId: scope.siteId,
        staffId,
        month: body.month,
        changedBy: scope.userId,
        oldAmountFen: old?.targetAmountFen ?? null,
        oldOrders: old?.targetOrders ?? null,
        oldNewCustomers: old?.targetNewCustomers ?? null,
        newAmountFen: next.targetAmountFen,
        newOrders: next.targetOrders,
        newNewCustomers: next.targetNewCustomers,
      });
      const whose = staffId === null ? 'default' : `staff ${staffId}`;
      await appendAudit(tx, { action: 'standard.update', actorId: scope.userId, targetId: staffId, detail: `site ${scope.siteId} month ${body.month} ${whose}`, client });
    });
    return this.standards(scope, body.month);
  }

  async standardHistory(scope: SalesScope, month: string | undefined, page = 1, pageSize = 20): Promise<StandardHistory> {
    if (!canReadStandards(scope)) throw forbidden(LEADERS_ONLY);
    const where = and(eq(performanceStandardChanges.siteId, scope.siteId), month ? eq(performanceStandardChanges.month, month) : undefined);
    const changer = aliasedTable(staff, 'changer');
    const [totalRow] = await this.db.select({ total: count() }).from(performanceStandardChanges).where(where);
    const c = performanceStandardChanges;
    const rows = await this.db
      .select({
        id: c.id,
        month: c.month,
        staffId: c.staffId,
        changedBy: c.changedBy,
        changerName: changer.username,
        changedAt: c.changedAt,
        oldAmountFen: c.oldAmountFen,
        oldOrders: c.oldOrders,
        oldNewCustomers: c.oldNewCustomers,
        newAmountFen: c.newAmountFen,
        newOrders: c.newOrders,
        newNewCustomers: c.newNewCustomers,
      })
      .from(c)
      .innerJoin(changer, eq(changer.id, c.changedBy))
      .where(where)
      .orderBy(desc(c.changedAt), desc(c.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    // Names of the members the changes were about (a second query: two joins of staff confuse the types).
    const memberIds = [...new Set(rows.flatMap((row) => (row.staffId === null ? [] : [row.staffId])))];
    const names = memberIds.length
      ? await this.db.select({ id: staff.id, username: staff.username, avatar: staff.avatar }).from(staff).where(inArray(staff.id, memberIds))
      : [];
    const memberOf = new Map(names.map((row) => [row.id, row]));
    const list: StandardChange[] = rows.map((change) => ({
      id: change.id,
      month: change.month,
      staffId: change.staffId,
      member: change.staffId !== null ? toMemberRef(memberOf.get(change.staffId)) : null,
      changedBy: { id: change.changedBy, username: change.changerName },
      changedAt: change.changedAt.toISOString(),
      old:
        change.oldAmountFen === null || change.oldOrders === null || change.oldNewCustomers === null
          ? null
          : toTargets({ targetAmountFen: change.oldAmountFen, targetOrders: change.oldOrders, targetNewCustomers: change.oldNewCustomers }),
      new: toTargets({ targetAmountFen: change.newAmountFen, targetOrders: change.newOrders, targetNewCustomers: change.newNewCustomers }),
    }));
    return { list, total: totalRow?.total ?? 0, page, pageSize };
  }

  // Members

  private async customerCounts(siteId: number, ids: readonly number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ ownerId: customers.ownerId, count: count() })
      .from(customers)
      .where(and(eq(customers.siteId, siteId), inArray(customers.ownerId, [...ids])))
      .groupBy(customers.ownerId);
    return new Map(rows.flatMap((row) => (row.ownerId === null ? [] : [[row.ownerId, row.count] as const])));
  }

  async memberList(scope: SalesScope, keyword: string | undefined): Promise<MemberList> {
    const text = keywordOf(keyword);
    let people = await this.members(scope.siteId);
    if (text) {
      const needle = text.toLowerCase();
      // A masked phone is not searchable, or a salesperson could probe colleagues' numbers.
      people = people.filter(
        (person) => person.username.toLowerCase().includes(needle) || (colleagueView(scope, person.id).fullPhone && person.phone.includes(needle)),
      );
    }
    const month = periodOf({ period: 'month' });
    const visible = people.filter((person) => colleagueView(scope, person.id).figures);
    const [counts, byStaff, targets] = await Promise.all([
      this.customerCounts(scope.siteId, visible.map((person) => person.id)),
      figuresByStaff(this.db, { siteId: scope.siteId, ...month.range, staffIds: visible.map((person) => person.id) }),
      this.targetsOver(scope.siteId, month.targetRange, visible),
    ]);
    const list = people.map((person): MemberSummary => {
      const view = colleagueView(scope, person.id);
      const totals = byStaff.get(person.id) ?? { ...ZERO_FIGURES };
      const target = targets.byPerson.get(person.id) ?? { ...ZERO_TARGETS };
      return {
        ...memberRef(person),
        phone: view.fullPhone ? person.phone : maskPhone(person.phone),
        full: view.fullPhone,
        customerCount: view.figures ? (counts.get(person.id) ?? 0) : null,
        month: view.figures ? { figures: toFigures(totals), target: toTargets(target), completion: completionOf(totals, target) } : null,
      };
    });
    return { list, total: list.length };
  }

  /** A member's page without its recent orders and reports, which the orders and reports repositories add. */
  async memberDetail(scope: SalesScope, id: number, input: PerformancePeriodInput): Promise<Omit<MemberDetail, 'recentOrders' | 'recentReports'>> {
    const view = colleagueView(scope, id);
    if (!view.detail) throw notFound(STAFF_NOT_FOUND);
    const [member] = await this.members(scope.siteId, [id]);
    if (!member) throw notFound(STAFF_NOT_FOUND);
    const period = periodOf(input);
    const monthPeriod = periodOf({ period: 'month' });
    const [counts, monthTotals, monthTargets, periodTargets] = await Promise.all([
      this.customerCounts(scope.siteId, [id]),
      figuresFor(this.db, { siteId: scope.siteId, staffId: id, ...monthPeriod.range }),
      this.targetsOver(scope.siteId, monthPeriod.targetRange, [member]),
      this.targetsOver(scope.siteId, period.targetRange, [member]),
    ]);
    const monthTarget = monthTargets.byPerson.get(id) ?? { ...ZERO_TARGETS };
    const figures = await this.comparison(scope.siteId, id, period, periodTargets.byPerson.get(id) ?? ZERO_TARGETS);
    return {
      ...memberRef(member),
      phone: view.fullPhone ? member.phone : maskPhone(member.phone),
      full: view.fullPhone,
      customerCount: counts.get(id) ?? 0,
      month: { figures: toFigures(monthTotals), target: toTargets(monthTarget), completion: completionOf(monthTotals, monthTarget) },
      siteName: scope.siteName,
      joinedAt: member.joinedAt.toISOString(),
      ranges: rangesOf(period),
      figures,
    };
  }

  // Search

  async search(scope: SalesScope, keyword: string, input: PerformancePeriodInput): Promise<PerformanceSearchResult> {
    const period = periodOf(input);
    const text = keywordOf(keyword);
    if (!text) throw badRequest('请输入搜索关键词');
    const needle = text.toLowerCase();
    const people = (await this.members(scope.siteId)).filter(
      (person) => canSeePerformanceOf(scope, person.id) && (person.username.toLowerCase().includes(needle) || person.phone.includes(needle)),
    );
    const [byStaff, targets] = await Promise.all([
      figuresByStaff(this.db, { siteId: scope.siteId, ...period.range, staffIds: people.map((person) => person.id) }),
      this.targetsOver(scope.siteId, period.targetRange, people),
    ]);
    const staffResults = people.map((person) => {
      const totals = byStaff.get(person.id) ?? { ...ZERO_FIGURES };
      return { member: memberRef(person), figures: toFigures(totals), completion: completionOf(totals, targets.byPerson.get(person.id) ?? ZERO_TARGETS) };
    });

    const pattern = containsPattern(text);
    const match = and(
      visibleCustomers(scope),
      or(ilike(customers.name, pattern), ilike(customers.contactName, pattern), ilike(customers.phone, pattern)),
    );
    const [totalRow] = await this.db.select({ total: count() }).from(customers).where(match);
    const owner = aliasedTable(staff, 'owner');
    const found = await this.db
      .select({ id: customers.id, name: customers.name, contactName: customers.contactName, ownerId: owner.id, ownerName: owner.username })
      .from(customers)
      .leftJoin(owner, eq(owner.id, customers.ownerId))
      .where(match)
      .orderBy(desc(customers.totalAmountFen), asc(customers.id))
      .limit(20);
    const ids = found.map((row) => row.id);
    const start = parseChinaDay(period.range.startDate);
    const end = parseChinaDay(shiftDay(period.range.endDate, 1));
    if (!start || !end) throw badRequest('日期不正确');
    // A customer's period sales: its paid orders (orders_customer_created_idx narrows to the customer).
    const sales = ids.length
      ? await this.db
          .select({
            customerId: orders.customerId,
            count: sql<string>`count(*) filter (where ${orders.paidAt} >= ${start} and ${orders.paidAt} < ${end})
              - count(*) filter (where ${orders.status} = 'refunded' and coalesce(${orders.refundedAt}, ${orders.paidAt}) >= ${start} and coalesce(${orders.refundedAt}, ${orders.paidAt}) < ${end})`,
            amountFen: sql<string>`coalesce(sum(${orders.amountFen}) filter (where ${orders.paidAt} >= ${start} and ${orders.paidAt} < ${end}), 0)
              - coalesce(sum(${orders.amountFen}) filter (where ${orders.status} = 'refunded' and coalesce(${orders.refundedAt}, ${orders.paidAt}) >= ${start} and coalesce(${orders.refundedAt}, ${orders.paidAt}) < ${end}), 0)`,
          })
          .from(orders)
          .where(
            and(
              inArray(orders.customerId, ids),
              inArray(orders.status, ['paid', 'shipped', 'completed', 'refunded']),
              visibleOrders(scope),
            ),
          )
          .groupBy(orders.customerId)
      : [];
    const follows = ids.length
      ? await this.db
          .select({ customerId: followUps.customerId, count: count() })
          .from(followUps)
          .where(and(inArray(followUps.customerId, ids), gte(followUps.createdAt, start), lt(followUps.createdAt, end)))
          .groupBy(followUps.customerId)
      : [];
    const salesOf = new Map(sales.map((row) => [row.customerId, row]));
    const followsOf = new Map(follows.map((row) => [row.customerId, row.count]));
    return {
      ranges: rangesOf(period),
      staff: staffResults,
      customers: found.map((row) => ({
        id: row.id,
        name: row.name,
        contactName: row.contactName,
        owner: row.ownerId !== null && row.ownerName !== null ? { id: row.ownerId, username: row.ownerName } : null,
        orderAmount: fenToYuan(Number(salesOf.get(row.id)?.amountFen ?? 0)),
        orderCount: Number(salesOf.get(row.id)?.count ?? 0),
        followUps: followsOf.get(row.id) ?? 0,
      })),
      customerTotal: totalRow?.total ?? 0,
    };
  }
}

interface FigureRow {
  person: SiteMember;
  totals: FigureTotals;
  target: TargetTotals;
  completion: Completion;
}

/** Ranks rows by a metric: highest first, equal values share a rank (1, 2, 2, 4), the id breaks ties. */
function rankRows(rows: readonly FigureRow[], metric: RankingMetric, userId: number): RankingEntry[] {
  const sorted = [...rows].sort((a, b) => METRIC_VALUE[metric](b.totals) - METRIC_VALUE[metric](a.totals) || a.person.id - b.person.id);
  let rank = 0;
  let previous: number | null = null;
  return sorted.map((row, index) => {
    const value = METRIC_VALUE[metric](row.totals);
    if (value !== previous) rank = index + 1;
    previous = value;
    return {
      rank,
      member: memberRef(row.person),
      value: metric === 'orderAmount' ? fenToYuan(value) : value,
      figures: toFigures(row.totals),
      completion: METRIC_COMPLETION[metric](row.completion),
      isMe: row.person.id === userId,
    };
  });
}

const toMemberRef = (row: { id: number; username: string; avatar: string | null } | undefined): MemberRef | null =>
  row ? { id: row.id, username: row.username, avatar: row.avatar, isLeader: false } : null;

export const memberRef = (member: SiteMember): MemberRef => ({
  id: member.id,
  username: member.username,
  avatar: member.avatar,
  isLeader: member.isLeader,
});

