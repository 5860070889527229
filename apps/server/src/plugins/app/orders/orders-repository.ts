/** Orders as the app reads them: filtered lists with totals, details with items, export rows. */
import {
  addDays,
  fenToYuan,
  orderLineId,
  parseChinaDay,
  SALES_STATUSES,
  type OrderDetail,
  type OrderListBody,
  type OrderPage,
  type OrderSummary,
  type ReportOrderLineKind,
  type ReportOrders,
} from '@sales/contract';
import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { atSites, openMonthSplit, type SiteSet } from '../../../db/performance-figures.js';
import { rowsOf } from '../../../db/seed-bulk.js';
import { customers, orderItems, orders, orderTallies, orderTalliesMonthly, staff } from '../../../db/schema.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import { namedCustomerIds } from '../sales/keyword-search.js';
import { customerOrders, ORDER_NOT_FOUND, readableOrders, visibleOrders, visibleOrderTallies, type SalesScope } from '../sales/sales-authorization.js';
import { cappedCount, containsPattern, EXPORT_BATCH, iso, isoOrNull, keysetBatches, keywordOf, paging, staffRef } from '../sales/sales-queries.js';

export type OrderFilter = Omit<OrderListBody, 'page' | 'pageSize' | 'siteId'>;

interface Totals {
  count: number;
  amountFen: number;
}

const summaryColumns = {
  id: orders.id,
  orderNo: orders.orderNo,
  siteId: orders.siteId,
  customerId: orders.customerId,
  customerName: customers.name,
  staffId: orders.staffId,
  staffName: staff.username,
  amountFen: orders.amountFen,
  status: orders.status,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
};

/** The remark and the times an order changed state: shown in its detail and in the export. */
const lifecycleColumns = {
  remark: orders.remark,
  shippedAt: orders.shippedAt,
  completedAt: orders.completedAt,
  cancelledAt: orders.cancelledAt,
  refundedAt: orders.refundedAt,
};

interface SummaryRow {
  id: number;
  orderNo: string;
  siteId: number;
  customerId: number;
  customerName: string;
  staffId: number | null;
  staffName: string | null;
  amountFen: number;
  status: OrderSummary['status'];
  createdAt: Date;
  paidAt: Date | null;
}

function toSummary(row: SummaryRow): OrderSummary {
  return {
    id: row.id,
    orderNo: row.orderNo,
    siteId: row.siteId,
    customer: { id: row.customerId, name: row.customerName },
    staff: staffRef(row.staffId, row.staffName),
    amount: fenToYuan(row.amountFen),
    status: row.status,
    createdAt: iso(row.createdAt),
    paidAt: isoOrNull(row.paidAt),
  };
}

const ORDER_NO_TEXT = /^[\x21-\x7e]+$/;

function dayStart(day: string, label: string): Date {
  const start = parseChinaDay(day);
  if (!start) throw badRequest(`${label}不是有效的日期`);
  return start;
}

/** Which sales and refunds `salesLines` lists. */
export interface SalesLinesQuery {
  /** A site, or a site with the sites below it (部门销售明细 of a parent, which rolls them up). */
  siteId: SiteSet;
  /** One person's, or (null) the whole site's, everyone credited there and nobody. */
  staffId: number | null;
  from: Date;
  to: Date;
  /** Only what had happened before this moment (a report's snapshot); everything when absent. */
  asOf?: Date | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
}

export type SalesLines = Omit<ReportOrders, 'figuresAt'>;

/**
 * The lines behind the order figures of a site or one person over [from, to), as the performance
 * summaries count them (migration 0004): a sale for every paid, shipped, completed or refunded
 * order paid in the range (+1, +amount, at its paid time), and a refund for every refunded order
 * refunded in the range (−1, −amount, at its refunded time, its paid time when missing), so an
 * order paid and refunded within the range has both lines and one refunded in a later range
 * only its sale. Lines come latest first; the summary's count and amount are sales minus refunds,
 * the figures of the same range. Reports' order lists and 部门销售明细's 按订单 both read it.
 */
export async function salesLines(db: Db, q: SalesLinesQuery): Promise<SalesLines> {
  const { page, pageSize, offset } = paging(q.page, q.pageSize);
  const until = q.asOf && q.asOf < q.to ? q.asOf : q.to;
  const refundAt = sql<Date>`coalesce(${orders.refundedAt}, ${orders.paidAt})`;
  const whose = and(atSites(orders.siteId, q.siteId), q.staffId === null ? undefined : eq(orders.staffId, q.staffId), isNotNull(orders.paidAt));
  const saleWhere = and(whose, inArray(orders.status, [...SALES_STATUSES, 'refunded']), gte(orders.paidAt, q.from), lt(orders.paidAt, until));
  const refundWhere = and(whose, eq(orders.status, 'refunded'), gte(refundAt, q.from), lt(refundAt, until));
  const lineSelect = (line: ReportOrderLineKind, at: SQL<Date>, where: SQL | undefined) =>
    db
      .select({
        ...summaryColumns,
        line: sql<ReportOrderLineKind>`${line}::text`.as('line'),
        at: sql<Date>`${at}`.mapWith(orders.paidAt).as('at'),
      })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .leftJoin(staff, eq(staff.id, orders.staffId))
      .where(where);
  const totalsOf = (where: SQL | undefined) =>
    db
      .select({ count: count(), amountFen: sql`coalesce(sum(${orders.amountFen}), 0)`.mapWith(Number) })
      .from(orders)
      .where(where)
      .then(([row]) => row ?? { count: 0, amountFen: 0 });
  const [sales, refunds, rows] = await Promise.all([
    totalsOf(saleWhere),
    totalsOf(refundWhere),
    unionAll(lineSelect('sale', sql`${orders.paidAt}`, saleWhere), lineSelect('refund', refundAt, refundWhere))
      .orderBy(sql`"at" desc`, sql`"id" desc`, sql`"line" desc`)
      .limit(pageSize)
      .offset(offset),
  ]);
  return {
    list: rows.map((row) => ({
      ...toSummary(row),
      line: row.line,
      lineId: orderLineId(row.line, row.id),
      at: iso(row.at),
      lineAmount: fenToYuan(row.line === 'refund' ? -row.amountFen : row.amountFen),
    })),
    total: sales.count + refunds.count,
    page,
    pageSize,
    summary: {
      count: sales.count - refunds.count,
      amount: fenToYuan(sales.amountFen - refunds.amountFen),
      saleCount: sales.count,
      saleAmount: fenToYuan(sales.amountFen),
      refundCount: refunds.count,
      refundAmount: fenToYuan(refunds.amountFen),
    },
  };
}

export class OrdersRepository {
  constructor(private readonly db: Db) {}

  /** The orders `visible` lets the caller see, narrowed by the filter. */
  private conditions(scope: SalesScope, filter: OrderFilter, visible: SQL = visibleOrders(scope)): SQL {
    const conditions: (SQL | undefined)[] = [visible];
    if (filter.status === 'closed') conditions.push(inArray(orders.status, ['cancelled', 'refunded']));
    else if (filter.status) conditions.push(eq(orders.status, filter.status));
    if (filter.staffId !== undefined) conditions.push(eq(orders.staffId, filter.staffId));
    if (filter.customerId !== undefined) conditions.push(eq(orders.customerId, filter.customerId));
    // Days are China-time calendar days on the order's creation; the end day is included.
    const start = filter.startDate ? dayStart(filter.startDate, '开始日期') : undefined;
    const end = filter.endDate ? addDays(dayStart(filter.endDate, '结束日期'), 1) : undefined;
    if (start && end && start >= end) throw badRequest('开始日期不能晚于结束日期');
    if (start) conditions.push(gte(orders.createdAt, start));
    if (end) conditions.push(lt(orders.createdAt, end));
    const keyword = keywordOf(filter.keyword);
    if (keyword) {
      const pattern = containsPattern(keyword);
      const namedCustomers = namedCustomerIds(this.db, scope.siteId, keyword);
      // Order numbers are ASCII: a Chinese keyword can only be a customer's name. `= any(array(…))`
      // rather than `in (…)`: both arms of the OR then use an index (trigram on the number, the
      // customer index on the ids) instead of a walk through the whole site's orders.
      const byName = sql`${orders.customerId} = any(array(${namedCustomers}))`;
      conditions.push(ORDER_NO_TEXT.test(keyword) ? or(ilike(orders.orderNo, pattern), byName) : byName);
    }
    return and(...conditions) as SQL;
  }

  /** A page of orders, newest first, with the count and amount of the whole filtered set. */
  async list(scope: SalesScope, body: OrderListBody): Promise<OrderPage> {
    const where = this.conditions(scope, body);
    return this.page(where, orders.createdAt, body, this.talliedTotals(scope, body) ?? this.countedTotals(where));
  }

  /**
   * A customer's orders (its 订单 tab), newest first, with their totals: all of them, whoever is
   * credited, for those who see the customer (customerOrders).
   */
  async ofCustomer(scope: SalesScope, customerId: number, body: Omit<OrderListBody, 'customerId' | 'siteId'>): Promise<OrderPage> {
    const where = this.conditions(scope, { ...body, customerId }, customerOrders(scope, customerId));
    return this.page(where, orders.createdAt, body);
  }

  /**
   * A salesperson's latest orders at the site that the caller sees (a member's page), every
   * status, newest created first — the first rows of that person's 全部订单.
   */
  async latestOf(scope: SalesScope, staffId: number, limit: number): Promise<OrderSummary[]> {
    const rows = await this.db
      .select(summaryColumns)
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .leftJoin(staff, eq(staff.id, orders.staffId))
      .where(and(visibleOrders(scope), eq(orders.staffId, staffId)))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit);
    return rows.map(toSummary);
  }

  /** The count and amount of the orders `where` selects, counted. */
  private async countedTotals(where: SQL): Promise<Totals> {
    const [row] = await this.db
      .select({ count: count(), amountFen: sql`coalesce(sum(${orders.amountFen}), 0)`.mapWith(Number) })
      .from(orders)
      .where(where);
    return row ?? { count: 0, amountFen: 0 };
  }

  /**
   * The same totals summed from the tallies, when every filter is one of their columns: site,
   * salesperson, status and China-time day of creation — each whole month of the dates (all of
   * them without dates) from order_tallies_monthly, the days around those months from
   * order_tallies. A keyword or a customer needs the orders themselves (undefined). Call after
   * `conditions`, which has checked the dates.
   */
  private talliedTotals(scope: SalesScope, filter: OrderFilter): Promise<Totals> | undefined {
    if (keywordOf(filter.keyword) || filter.customerId !== undefined) return undefined;
    // Orders without a salesperson are tallied under 0, which no staff id filter may select.
    if (filter.staffId !== undefined && filter.staffId <= 0) return undefined;
    const tallyRows = (tallies: typeof orderTallies | typeof orderTalliesMonthly, within: SQL | undefined) => {
      const conditions: (SQL | undefined)[] = [visibleOrderTallies(scope, tallies), within];
      if (filter.staffId !== undefined) conditions.push(eq(tallies.staffId, filter.staffId));
      if (filter.status === 'closed') conditions.push(inArray(tallies.status, ['cancelled', 'refunded']));
      else if (filter.status) conditions.push(eq(tallies.status, filter.status));
      return sql`select ${tallies.orders} as orders, ${tallies.amountFen} as amount_fen from ${tallies} where ${and(...conditions)}`;
    };
    const { months, days } = openMonthSplit(filter.startDate, filter.endDate);
    const parts = days.map((range) => tallyRows(orderTallies, and(gte(orderTallies.day, range.startDate), lte(orderTallies.day, range.endDate))));
    if (months) {
      const from = months.from === undefined ? undefined : gte(orderTalliesMonthly.month, months.from);
      const to = months.to === undefined ? undefined : lte(orderTalliesMonthly.month, months.to);
      parts.unshift(tallyRows(orderTalliesMonthly, and(from, to)));
    }
    if (!parts.length) return Promise.resolve({ count: 0, amountFen: 0 });
    return this.db
      .execute(sql`select coalesce(sum(orders), 0)::float8 as count, coalesce(sum(amount_fen), 0)::float8 as "amountFen" from (${sql.join(parts, sql` union all `)}) tallied`)
      .then((result) => rowsOf<Totals>(result)[0] ?? { count: 0, amountFen: 0 });
  }

  /** One page of the orders `where` selects, latest `newestBy` first, with the whole set's totals. */
  private async page(
    where: SQL,
    newestBy: typeof orders.createdAt | typeof orders.paidAt,
    pageOf: { page?: number | undefined; pageSize?: number | undefined },
    totalsOf: Promise<Totals> = this.countedTotals(where),
  ): Promise<OrderPage> {
    const { page, pageSize, offset } = paging(pageOf.page, pageOf.pageSize);
    const order = [desc(newestBy), desc(orders.id)];
    // The page's ids first, from the orders alone; then their customers and salespeople. Joined
    // before the sort, a keyword matching 38,000 orders read 38,000 customers for 20 rows.
    const pageIds = this.db.select({ id: orders.id }).from(orders).where(where).orderBy(...order).limit(pageSize).offset(offset);
    // Both at once: on PostgreSQL they run on two connections side by side.
    const [totals, rows] = await Promise.all([
      totalsOf,
      this.db
        .select(summaryColumns)
        .from(orders)
        .innerJoin(customers, eq(customers.id, orders.customerId))
        .leftJoin(staff, eq(staff.id, orders.staffId))
        .where(inArray(orders.id, pageIds))
        .orderBy(...order),
    ]);
    return { list: rows.map(toSummary), total: totals.count, page, pageSize, summary: { count: totals.count, amount: fenToYuan(totals.amountFen) } };
  }

  /** The lines behind one person's report over [from, to) as of its snapshot: see `salesLines`. */
  reportLines(q: SalesLinesQuery & { staffId: number; asOf: Date }): Promise<SalesLines> {
    return salesLines(this.db, q);
  }

  /** How many rows the export holds, counting no further than `cap`. */
  exportCount(scope: SalesScope, filter: OrderFilter, cap: number): Promise<number> {
    return cappedCount(this.db, orders, orders.id, this.conditions(scope, filter), cap);
  }

  /** Rows for the CSV export, newest first, at most `limit`, each with its items in one text, read in keyset batches. */
  exportBatches(scope: SalesScope, filter: OrderFilter, limit: number, batchSize = EXPORT_BATCH) {
    const where = this.conditions(scope, filter);
    return keysetBatches(
      (after: { id: number; createdKey: string } | undefined, size) =>
        this.db
          .select({
            ...summaryColumns,
            ...lifecycleColumns,
            // Exact to the microsecond, so the next batch starts right after this row.
            createdKey: sql<string>`${orders.createdAt}::text`,
            items: sql<string | null>`(select string_agg(${orderItems.name} || ' ×' || ${orderItems.quantity}, '；' order by ${orderItems.id})
                                      from ${orderItems} where ${orderItems.orderId} = ${orders.id})`,
          })
          .from(orders)
          .innerJoin(customers, eq(customers.id, orders.customerId))
          .leftJoin(staff, eq(staff.id, orders.staffId))
          .where(after ? and(where, sql`(${orders.createdAt}, ${orders.id}) < (${after.createdKey}::timestamptz, ${after.id})`) : where)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(size),
      limit,
      batchSize,
    );
  }

  async detail(scope: SalesScope, id: number): Promise<OrderDetail> {
    const [row] = await this.db
      .select({
        ...summaryColumns,
        customerPhone: customers.phone,
        customerContact: customers.contactName,
        ...lifecycleColumns,
      })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .leftJoin(staff, eq(staff.id, orders.staffId))
      .where(and(eq(orders.id, id), readableOrders(scope)));
    if (!row) throw notFound(ORDER_NOT_FOUND);
    const items = await this.db
      .select({ name: orderItems.name, quantity: orderItems.quantity, unitPriceFen: orderItems.unitPriceFen })
      .from(orderItems)
      .where(eq(orderItems.orderId, id))
      .orderBy(asc(orderItems.id));
    return {
      ...toSummary(row),
      customer: { id: row.customerId, name: row.customerName, phone: row.customerPhone, contactName: row.customerContact },
      items: items.map((item) => ({
        name: item.name,
        quantity: item.quantity,
        unitPrice: fenToYuan(item.unitPriceFen),
        subtotal: fenToYuan(item.unitPriceFen * item.quantity),
      })),
      remark: row.remark,
      shippedAt: isoOrNull(row.shippedAt),
      completedAt: isoOrNull(row.completedAt),
      cancelledAt: isoOrNull(row.cancelledAt),
      refundedAt: isoOrNull(row.refundedAt),
    };
  }
}
