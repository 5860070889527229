import { call, type Session } from './api';

/**
 * The customer, order and staff calls under /seller/fenghe/staff/ (contract: packages/contract/src/sales.ts),
 * called straight from a test with a user's token: to choose test data and to check what the UI shows
 * against what the server says that user may see. Only the fields the tests read are typed here.
 */

/** 华东一部: the site of 张伟 (salesperson) and 李娜 (leader). */
export const SITE_101 = 101;

export interface StaffRef {
  id: number;
  username: string;
}

export interface Paged<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

export type CustomerLevel = 'A' | 'B' | 'C';

export interface CustomerSummary {
  id: number;
  siteId: number;
  name: string;
  contactName: string;
  phone: string;
  level: CustomerLevel;
  owner: StaffRef | null;
  orderCount: number;
  totalAmount: number;
  lastOrderAt: string | null;
}

export interface CustomerDetail extends CustomerSummary {
  siteName: string;
  address: string;
  qrPayload: string | null;
  canManage: boolean;
}

export type OrderStatus = 'pending' | 'paid' | 'shipped' | 'completed' | 'cancelled' | 'refunded';

/** The Chinese names the app shows for the order statuses (DESIGN §4). */
export const ORDER_STATUS_NAMES: Record<OrderStatus, string> = {
  pending: '待付款',
  paid: '已付款',
  shipped: '已发货',
  completed: '已完成',
  cancelled: '已取消',
  refunded: '已退款',
};

export interface OrderSummary {
  id: number;
  orderNo: string;
  siteId: number;
  customer: { id: number; name: string };
  staff: StaffRef | null;
  amount: number;
  status: OrderStatus;
  createdAt: string;
}

export interface OrderPage extends Paged<OrderSummary> {
  summary: { count: number; amount: number };
}

export interface OrderDetail extends OrderSummary {
  customer: { id: number; name: string; phone: string; contactName: string };
  items: { name: string; quantity: number; unitPrice: number; subtotal: number }[];
  remark: string;
  paidAt: string | null;
  shippedAt: string | null;
  completedAt: string | null;
}

export interface StaffSummary {
  id: number;
  username: string;
  phone: string;
  isLeader: boolean;
  customerCount: number;
}

export interface FollowUp {
  id: number;
  staff: StaffRef;
  type: string;
  content: string;
  images: string[];
}

export interface Binding {
  staff: StaffRef;
  boundBy: StaffRef | null;
  kind: 'bind' | 'transfer' | 'claim';
  unboundAt: string | null;
}

export interface CustomerListQuery {
  keyword?: string;
  ownerId?: number;
  level?: CustomerLevel;
  hasOrders?: boolean;
  sort?: 'lastOrder' | 'totalAmount' | 'createdAt';
  page?: number;
  pageSize?: number;
}

export interface OrderListQuery {
  status?: OrderStatus | 'closed';
  staffId?: number;
  customerId?: number;
  keyword?: string;
  page?: number;
  pageSize?: number;
}

/** The HTTP status and code of a call that may be refused (404 for a record the user may not see). */
export async function salesCallStatus(session: Session, path: string, body: Record<string, unknown>, siteId = SITE_101): Promise<{ status: number; code: number }> {
  const { status, body: envelope } = await call<unknown>('POST', `/seller/fenghe/staff/${path}`, { token: session.token, body: { siteId, ...body } });
  return { status, code: envelope.code };
}

async function sales<T>(session: Session, path: string, body: object, siteId = SITE_101): Promise<T> {
  const { status, body: envelope } = await call<T>('POST', `/seller/fenghe/staff/${path}`, { token: session.token, body: { siteId, ...body } });
  if (status !== 200 || envelope.code !== 200) throw new Error(`POST /seller/fenghe/staff/${path} ${JSON.stringify(body)} answered HTTP ${status} ${JSON.stringify(envelope)}`);
  return envelope.data;
}

export const customerList = (session: Session, query: CustomerListQuery = {}, siteId?: number) => sales<Paged<CustomerSummary>>(session, 'customer/list', query, siteId);

/** Every customer the user sees with these filters, page by page (100 a page). */
export async function allCustomers(session: Session, query: Omit<CustomerListQuery, 'page' | 'pageSize'> = {}, siteId?: number): Promise<CustomerSummary[]> {
  const rows: CustomerSummary[] = [];
  for (let page = 1; ; page += 1) {
    const result = await customerList(session, { ...query, page, pageSize: 100 }, siteId);
    rows.push(...result.list);
    if (result.list.length === 0 || rows.length >= result.total) return rows;
  }
}

export const customerDetail = (session: Session, id: number, siteId?: number) => sales<CustomerDetail>(session, 'customer/detail', { id }, siteId);

export const customerOrders = (session: Session, customerId: number, query: { page?: number; pageSize?: number } = {}) => sales<OrderPage>(session, 'customer/orders', { customerId, ...query });

/** Every order of a customer, page by page (100 a page). */
export async function allCustomerOrders(session: Session, customerId: number): Promise<OrderSummary[]> {
  const rows: OrderSummary[] = [];
  for (let page = 1; ; page += 1) {
    const result = await customerOrders(session, customerId, { page, pageSize: 100 });
    rows.push(...result.list);
    if (result.list.length === 0 || rows.length >= result.total) return rows;
  }
}

/** Statuses that count as sales: a customer's 成交订单 and 累计金额 count only these (DESIGN §4). */
export const SALES_STATUSES: readonly OrderStatus[] = ['paid', 'shipped', 'completed'];

export const customerBindings = (session: Session, customerId: number) => sales<{ list: Binding[] }>(session, 'customer/bindings', { customerId });

export const followUps = (session: Session, customerId: number) => sales<Paged<FollowUp>>(session, 'followup/list', { customerId });

export const orderList = (session: Session, query: OrderListQuery = {}) => sales<OrderPage>(session, 'order/list', query);

/** Every order the user sees with these filters, page by page (100 a page). */
export async function allOrders(session: Session, query: Omit<OrderListQuery, 'page' | 'pageSize'> = {}): Promise<OrderSummary[]> {
  const rows: OrderSummary[] = [];
  for (let page = 1; ; page += 1) {
    const result = await orderList(session, { ...query, page, pageSize: 100 });
    rows.push(...result.list);
    if (result.list.length === 0 || rows.length >= result.total) return rows;
  }
}

export const orderDetail = (session: Session, id: number) => sales<OrderDetail>(session, 'order/detail', { id });

export const staffList = (session: Session) => sales<{ list: StaffSummary[]; total: number }>(session, 'staff/list', {});

const yuan = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 2 });

/** Money as the product shows it (DESIGN §4): zh-CN grouping, up to two decimals, 元. */
export function formatYuan(amount: number): string {
  return `${yuan.format(amount)}元`;
}

/** What every amount on screen must look like: `12,345.6元`. */
export const MONEY_PATTERN = /^-?\d{1,3}(,\d{3})*(\.\d{1,2})?元$/;
