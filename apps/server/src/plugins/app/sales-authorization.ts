/**
 * Who sees what of customers, orders, salespeople and follow-ups — decided here and only here
 * (DESIGN §4). Every /seller/fenghe/staff/ call resolves a scope for the requested site first;
 * the repositories filter with the conditions below and the routes ask the predicates.
 *
 * - A user reads a site only through a position there; otherwise 403.
 * - A leader of the site (any of their positions there with isLeader) sees all of it.
 * - Anyone else is a salesperson there: their own customers (owner) and orders (credited staff).
 * - reportAllSites widens reports and performance only, never customers or orders.
 * - A record outside the scope answers 404, as if it did not exist, so ids reveal nothing.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { customers, followUps, orders, positions, sites, staff } from '../../db/schema.js';
import { forbidden } from '../../lib/errors.js';

export interface SalesScope {
  readonly userId: number;
  readonly siteId: number;
  readonly siteName: string;
  /** Leads the site and sees all of it; otherwise only their own customers and orders. */
  readonly isLeader: boolean;
}

export const NOT_A_MEMBER = '您不是该站点的成员';
export const CUSTOMER_NOT_FOUND = '客户不存在';
export const ORDER_NOT_FOUND = '订单不存在';
export const STAFF_NOT_FOUND = '员工不存在';

/** The caller's scope at a site; 403 when they hold no position there. */
export async function resolveSalesScope(db: Db, userId: number, siteId: number): Promise<SalesScope> {
  const rows = await db
    .select({ isLeader: positions.isLeader, siteName: sites.name })
    .from(positions)
    .innerJoin(sites, eq(sites.id, positions.siteId))
    .innerJoin(staff, eq(staff.id, positions.staffId))
    .where(and(eq(positions.staffId, userId), eq(positions.siteId, siteId), eq(staff.status, 'active')));
  const first = rows[0];
  if (!first) throw forbidden(NOT_A_MEMBER);
  return { userId, siteId, siteName: first.siteName, isLeader: rows.some((row) => row.isLeader) };
}

// Conditions the repositories put in their WHERE clauses.

export function visibleCustomers(scope: SalesScope): SQL {
  const site = eq(customers.siteId, scope.siteId);
  return scope.isLeader ? site : (and(site, eq(customers.ownerId, scope.userId)) as SQL);
}

export function visibleOrders(scope: SalesScope): SQL {
  const site = eq(orders.siteId, scope.siteId);
  return scope.isLeader ? site : (and(site, eq(orders.staffId, scope.userId)) as SQL);
}

/** Follow-ups are read through their customer; the site condition keeps the index in play. */
export function followUpsOfSite(scope: SalesScope): SQL {
  return eq(followUps.siteId, scope.siteId);
}

// Predicates on records already loaded.

interface CustomerFacts {
  siteId: number;
  ownerId: number | null;
}

export const canSeeCustomer = (scope: SalesScope, customer: CustomerFacts) =>
  customer.siteId === scope.siteId && (scope.isLeader || customer.ownerId === scope.userId);

export const canSeeOrder = (scope: SalesScope, order: { siteId: number; staffId: number | null }) =>
  order.siteId === scope.siteId && (scope.isLeader || order.staffId === scope.userId);

/** Leaders and the owner log follow-ups: exactly those who see the customer. */
export const canLogFollowUp = canSeeCustomer;

/** Binding, transferring and unbinding are for leaders of the customer's site. */
export const canManageBindings = (scope: SalesScope, customer?: CustomerFacts) =>
  scope.isLeader && (customer === undefined || customer.siteId === scope.siteId);

/** A salesperson of the site takes an unbound customer of that site by scanning its code. */
export const canClaim = (scope: SalesScope, customer: CustomerFacts) =>
  !scope.isLeader && customer.siteId === scope.siteId && customer.ownerId === null;

/** A customer's QR code is shown to those who see the customer (owner and leaders). */
export const canShowQr = canSeeCustomer;

/** Leaders see every member's details; a salesperson only their own. */
export const canSeeStaff = (scope: SalesScope, staffId: number) => scope.isLeader || staffId === scope.userId;

/** CSV exports of customers and orders are for leaders. */
export const canExport = (scope: SalesScope) => scope.isLeader;
