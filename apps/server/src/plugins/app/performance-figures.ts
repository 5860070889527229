/**
 * INTERIM, until issue 7's performance figures merge (same path, same signatures; theirs wins on
 * merge): the figures of a period for a site or one person, and the monthly target. Sales are
 * paid, shipped and completed orders by paidAt (DESIGN §4); new customers are those created in
 * the period (owned by the person); follow-ups are those the person logged. Without the
 * standards table there is no target yet, so targetFor answers zero (completion shows 未设标准).
 */
import { addDays, parseChinaDay, SALES_STATUSES } from '@sales/contract';
import { and, count, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { customers, followUps, orders } from '../../db/schema.js';

export interface FigureTotals {
  orderCount: number;
  orderAmountFen: number;
  newCustomers: number;
  followUps: number;
}

function range(startDate: string, endDate: string): { from: Date; to: Date } {
  const from = parseChinaDay(startDate);
  const end = parseChinaDay(endDate);
  if (!from || !end) throw new Error(`bad day range ${startDate}–${endDate}`);
  return { from, to: addDays(end, 1) };
}

/** China days, both included. */
export async function figuresFor(db: Db | Tx, q: { siteId: number; staffId?: number | null; startDate: string; endDate: string }): Promise<FigureTotals> {
  const { from, to } = range(q.startDate, q.endDate);
  const person = q.staffId ?? null;
  const orderWhere: SQL[] = [eq(orders.siteId, q.siteId), inArray(orders.status, [...SALES_STATUSES]), gte(orders.paidAt, from), lt(orders.paidAt, to)];
  if (person !== null) orderWhere.push(eq(orders.staffId, person));
  const customerWhere: SQL[] = [eq(customers.siteId, q.siteId), gte(customers.createdAt, from), lt(customers.createdAt, to)];
  if (person !== null) customerWhere.push(eq(customers.ownerId, person));
  const followUpWhere: SQL[] = [eq(followUps.siteId, q.siteId), gte(followUps.createdAt, from), lt(followUps.createdAt, to)];
  if (person !== null) followUpWhere.push(eq(followUps.staffId, person));
  const [sales] = await db
    .select({ count: count(), amountFen: sql`coalesce(sum(${orders.amountFen}), 0)`.mapWith(Number) })
    .from(orders)
    .where(and(...orderWhere));
  const [created] = await db.select({ count: count() }).from(customers).where(and(...customerWhere));
  const [logged] = await db.select({ count: count() }).from(followUps).where(and(...followUpWhere));
  return { orderCount: sales?.count ?? 0, orderAmountFen: sales?.amountFen ?? 0, newCustomers: created?.count ?? 0, followUps: logged?.count ?? 0 };
}

/** The monthly standard of a person (or the site default); none until the standards exist. */
export async function targetFor(
  _db: Db | Tx,
  _q: { siteId: number; staffId: number | null; month: string },
): Promise<{ targetAmountFen: number; targetOrders: number; targetNewCustomers: number }> {
  return { targetAmountFen: 0, targetOrders: 0, targetNewCustomers: 0 };
}
