import { CUSTOMER_LEVELS, CUSTOMER_SORTS, type CustomerLevel, type CustomerListBody, type CustomerSort } from '@sales/contract';
import { parseId } from '../../lib/query-params';

/** What the user chose on the customer list. */
export interface CustomerFilters {
  keyword: string;
  level: CustomerLevel | 'all';
  /** 'all', 'none' (未绑定) or a salesperson's id. */
  owner: 'all' | 'none' | number;
  orders: 'all' | 'yes' | 'no';
  sort: CustomerSort;
}

export const DEFAULT_CUSTOMER_FILTERS: CustomerFilters = { keyword: '', level: 'all', owner: 'all', orders: 'all', sort: 'lastOrder' };

export const CUSTOMER_SORT_LABELS: Record<CustomerSort, string> = {
  lastOrder: '最近下单',
  totalAmount: '累计金额',
  createdAt: '新建时间',
  returnSoon: '即将回收',
};

export type CustomerQuery = Omit<CustomerListBody, 'siteId' | 'page' | 'pageSize'>;

/** The customer/list body for the chosen filters, without paging; unset filters are left out. */
export function customerQuery(filters: CustomerFilters): CustomerQuery {
  const query: CustomerQuery = { sort: filters.sort };
  const keyword = filters.keyword.trim().slice(0, 50);
  if (keyword) query.keyword = keyword;
  if (filters.level !== 'all') query.level = filters.level;
  if (filters.owner === 'none') query.ownerId = 0;
  else if (typeof filters.owner === 'number') query.ownerId = filters.owner;
  if (filters.orders !== 'all') query.hasOrders = filters.orders === 'yes';
  return query;
}

/** Reads the filters from the query string (`q`, `level`, `owner`, `orders`, `sort`). */
export function parseCustomerFilters(params: URLSearchParams): CustomerFilters {
  const level = CUSTOMER_LEVELS.find((candidate) => candidate === params.get('level'));
  const sort = CUSTOMER_SORTS.find((candidate) => candidate === params.get('sort'));
  const ownerRaw = params.get('owner');
  const ownerId = parseId(ownerRaw);
  const orders = params.get('orders');
  return {
    keyword: params.get('q') ?? '',
    level: level ?? 'all',
    owner: ownerRaw === 'none' ? 'none' : (ownerId ?? 'all'),
    orders: orders === 'yes' || orders === 'no' ? orders : 'all',
    sort: sort ?? DEFAULT_CUSTOMER_FILTERS.sort,
  };
}

/** Writes the filters into the query string, leaving other parameters alone. */
export function writeCustomerFilters(filters: CustomerFilters, params: URLSearchParams): void {
  const set = (key: string, value: string, unset: string) => (value === unset ? params.delete(key) : params.set(key, value));
  set('q', filters.keyword.trim(), '');
  set('level', filters.level, 'all');
  set('owner', String(filters.owner), 'all');
  set('orders', filters.orders, 'all');
  set('sort', filters.sort, DEFAULT_CUSTOMER_FILTERS.sort);
}

/** The list's query when the address carries no filters: its default view (what index.html's early call asks for and the painted copy shows). */
export function defaultCustomerQuery(): CustomerQuery {
  return customerQuery(parseCustomerFilters(new URLSearchParams()));
}
