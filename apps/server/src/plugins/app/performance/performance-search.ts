/** 业绩搜索: the members and customers matching a keyword, with their figures over a period. */
import { fenToYuan, type PerformancePeriodInput, type PerformanceSearchResult } from '@sales/contract';
import { aliasedTable, and, asc, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { customers, followUps, orders, staff } from '../../../db/schema.js';
import { badRequest } from '../../../lib/errors.js';
import { figuresByStaff, ZERO_FIGURES, ZERO_TARGETS } from '../../../db/performance-figures.js';
import { targetsOver } from './performance-rows.js';
import { completionOf, memberRef, periodOf, rangesOf, toFigures } from './performance-views.js';
import { canSeePerformanceOf, visibleCustomers, visibleOrders, type SalesScope } from '../sales/sales-authorization.js';
import { dayBounds, keywordOf, PAID_STATUSES, staffRef } from '../sales/sales-queries.js';
import { customerKeywordMatch } from '../sales/keyword-search.js';
import { siteMembers } from '../members/site-members.js';

export class PerformanceSearch {
  constructor(private readonly db: Db) {}

  async search(scope: SalesScope, keyword: string, input: PerformancePeriodInput): Promise<PerformanceSearchResult> {
    const period = periodOf(input);
    const text = keywordOf(keyword);
    if (!text) throw badRequest('请输入搜索关键词');
    const needle = text.toLowerCase();
    const people = (await siteMembers(this.db, scope.siteId, undefined, undefined, period.range.startDate)).filter(
      (person) => canSeePerformanceOf(scope, person.id) && (person.username.toLowerCase().includes(needle) || person.phone.includes(needle)),
    );
    const [byStaff, targets] = await Promise.all([
      figuresByStaff(this.db, { siteId: scope.siteId, ...period.range, staffIds: people.map((person) => person.id) }),
      targetsOver(this.db, scope.siteId, period.targetRange, people),
    ]);
    const staffResults = people.map((person) => {
      const totals = byStaff.get(person.id) ?? { ...ZERO_FIGURES };
      return { member: memberRef(person), figures: toFigures(totals), completion: completionOf(totals, targets.byPerson.get(person.id) ?? ZERO_TARGETS) };
    });

    const match = and(visibleCustomers(scope), customerKeywordMatch(scope.siteId, text));
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
    const { from: start, to: end } = dayBounds(period.range);
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
              inArray(orders.status, [...PAID_STATUSES]),
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
        owner: staffRef(row.ownerId, row.ownerName),
        orderAmount: fenToYuan(Number(salesOf.get(row.id)?.amountFen ?? 0)),
        orderCount: Number(salesOf.get(row.id)?.count ?? 0),
        followUps: followsOf.get(row.id) ?? 0,
      })),
      customerTotal: totalRow?.total ?? 0,
    };
  }
}
