import type { OrderListBody } from '@sales/contract';
import { parsePeriod, periodRange, writePeriod, type Period } from '../../lib/period';
import { parseId } from '../../lib/query-params';
import { isOrderStatusFilter, type OrderStatusFilter } from './order-status';

/** What the user chose on an order list. */
export interface OrderFilters {
  status: OrderStatusFilter;
  period: Period;
  /** A salesperson chosen in the 业务员 filter; null for everyone the user may see. */
  staffId: number | null;
  keyword: string;
}

export const DEFAULT_ORDER_FILTERS: OrderFilters = { status: 'all', period: { key: 'all' }, staffId: null, keyword: '' };

/** Filters the page itself fixes (a customer's or a salesperson's orders). */
export interface FixedOrderScope {
  staffId?: number;
  customerId?: number;
}

export type OrderQuery = Omit<OrderListBody, 'siteId' | 'page' | 'pageSize'>;

/** The order/list body for the chosen filters, without paging; unset filters are left out. */
export function orderQuery(filters: OrderFilters, scope: FixedOrderScope = {}, now: Date = new Date()): OrderQuery {
  const query: OrderQuery = {};
  if (filters.status !== 'all') query.status = filters.status;
  const staffId = scope.staffId ?? filters.staffId;
  if (staffId) query.staffId = staffId;
  if (scope.customerId) query.customerId = scope.customerId;
  const range = periodRange(filters.period, now);
  if (range) {
    query.startDate = range.startDate;
    query.endDate = range.endDate;
  }
  const keyword = filters.keyword.trim().slice(0, 50);
  if (keyword) query.keyword = keyword;
  return query;
}

/** Reads the order-list filters from the page's query string (`status`, `period`, `staff`, `q`). */
export function parseOrderFilters(params: URLSearchParams): OrderFilters {
  const status = params.get('status');
  const staffId = parseId(params.get('staff'));
  return {
    status: isOrderStatusFilter(status) ? status : 'all',
    period: parsePeriod(params.get('period'), params.get('start'), params.get('end')),
    staffId,
    keyword: params.get('q') ?? '',
  };
}

/** Writes the order-list filters into the query string, leaving other parameters alone. */
export function writeOrderFilters(filters: OrderFilters, params: URLSearchParams): void {
  if (filters.status === 'all') params.delete('status');
  else params.set('status', filters.status);
  writePeriod(filters.period, params);
  if (filters.staffId) params.set('staff', String(filters.staffId));
  else params.delete('staff');
  if (filters.keyword.trim()) params.set('q', filters.keyword.trim());
  else params.delete('q');
}
