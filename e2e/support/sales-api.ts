import type { CustomerListBody, CustomerSummary, OrderListBody, OrderSummary } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { call, endpointData, type Session } from './api';

/**
 * The customer, order and staff calls under /seller/fenghe/staff/, called straight from a test with a
 * user's token: to choose test data and to check what the UI shows against what the server says that
 * user may see. Paths, bodies and answers are the contract's endpoint table's.
 */

/** 华东一部: the site of 张伟 (salesperson) and 李娜 (leader). */
export const SITE_101 = 101;

/** A list body without its site and paging, which the helpers below fill in. */
type Filters<B> = Omit<B, 'siteId' | 'page' | 'pageSize'>;

/** The HTTP status and code of a call that may be refused (404 for a record the user may not see). */
export async function salesCallStatus(session: Session, path: string, body: Record<string, unknown>, siteId = SITE_101): Promise<{ status: number; code: number }> {
  const { status, body: envelope } = await call('POST', `/seller/fenghe/staff/${path}`, { token: session.token, body: { siteId, ...body } });
  return { status, code: envelope.code };
}

/** Every row of a paged list, page by page (100 a page). */
async function allPages<T>(pageOf: (page: number) => Promise<{ list: T[]; total: number }>): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page += 1) {
    const result = await pageOf(page);
    rows.push(...result.list);
    if (result.list.length === 0 || rows.length >= result.total) return rows;
  }
}

export const customerList = (session: Session, query: Omit<CustomerListBody, 'siteId'> = {}, siteId = SITE_101) =>
  endpointData(session, ROUTES.customerList, { siteId, ...query });

/** Every customer the user sees with these filters. */
export const allCustomers = (session: Session, query: Filters<CustomerListBody> = {}, siteId?: number): Promise<CustomerSummary[]> =>
  allPages((page) => customerList(session, { ...query, page, pageSize: 100 }, siteId));

export const customerDetail = (session: Session, id: number, siteId = SITE_101) => endpointData(session, ROUTES.customerDetail, { siteId, id });

export const customerOrders = (session: Session, customerId: number, query: { page?: number; pageSize?: number } = {}) =>
  endpointData(session, ROUTES.customerOrders, { siteId: SITE_101, customerId, ...query });

/** Every order of a customer. */
export const allCustomerOrders = (session: Session, customerId: number): Promise<OrderSummary[]> =>
  allPages((page) => customerOrders(session, customerId, { page, pageSize: 100 }));

export const customerBindings = (session: Session, customerId: number) => endpointData(session, ROUTES.customerBindings, { siteId: SITE_101, customerId });

export const followUps = (session: Session, customerId: number) => endpointData(session, ROUTES.followUpList, { siteId: SITE_101, customerId });

export const orderList = (session: Session, query: Omit<OrderListBody, 'siteId'> = {}) => endpointData(session, ROUTES.orderList, { siteId: SITE_101, ...query });

/** Every order the user sees with these filters. */
export const allOrders = (session: Session, query: Filters<OrderListBody> = {}): Promise<OrderSummary[]> =>
  allPages((page) => orderList(session, { ...query, page, pageSize: 100 }));

export const orderDetail = (session: Session, id: number) => endpointData(session, ROUTES.orderDetail, { siteId: SITE_101, id });

export const staffList = (session: Session, siteId = SITE_101) => endpointData(session, ROUTES.staffList, { siteId });

/** What every amount on screen must look like: `12,345.6元`. */
export const MONEY_PATTERN = /^-?\d{1,3}(,\d{3})*(\.\d{1,2})?元$/;
