// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { customerListQueryOptions } from './api/get-customer-list';
import { customerQuery, DEFAULT_CUSTOMER_FILTERS, parseCustomerFilters, writeCustomerFilters, type CustomerFilters } from './customer-filters';

describe('customerQuery', () => {
  it('sends only the sort by default', () => {
    expect(customerQuery(DEFAULT_CUSTOMER_FILTERS)).toEqual({ sort: 'lastOrder' });
  });

  it('maps level, owner, orders and keyword to the customer/list body', () => {
    const filters: CustomerFilters = { keyword: ' 张 ', level: 'A', owner: 12, orders: 'no', sort: 'totalAmount' };
    expect(customerQuery(filters)).toEqual({ keyword: '张', level: 'A', ownerId: 12, hasOrders: false, sort: 'totalAmount' });
  });

  it('asks for unbound customers with ownerId 0, and for customers with orders with hasOrders true', () => {
    expect(customerQuery({ ...DEFAULT_CUSTOMER_FILTERS, owner: 'none', orders: 'yes' })).toMatchObject({ ownerId: 0, hasOrders: true });
  });
});

describe('customer filters in the query string', () => {
  it('round-trip', () => {
    for (const filters of [
      { keyword: '超市', level: 'B', owner: 'none', orders: 'yes', sort: 'createdAt' },
      { keyword: '', level: 'all', owner: 31, orders: 'all', sort: 'lastOrder' },
    ] satisfies CustomerFilters[]) {
      const params = new URLSearchParams();
      writeCustomerFilters(filters, params);
      expect(parseCustomerFilters(params)).toEqual(filters);
    }
  });

  it('keep the default out of the URL and ignore unknown values', () => {
    const params = new URLSearchParams('level=B');
    writeCustomerFilters(DEFAULT_CUSTOMER_FILTERS, params);
    expect(params.toString()).toBe('');
    expect(parseCustomerFilters(new URLSearchParams('level=D&owner=x&orders=maybe&sort=name'))).toEqual(DEFAULT_CUSTOMER_FILTERS);
  });
});

describe('customerListQueryOptions', () => {
  it('keys the list by site and filters', () => {
    const key = customerListQueryOptions(101, { sort: 'lastOrder' }).queryKey;
    expect(key.slice(0, 3)).toEqual(['customers', 101, 'list']);
    expect(customerListQueryOptions(201, { sort: 'lastOrder' }).queryKey).not.toEqual(key);
  });
});
