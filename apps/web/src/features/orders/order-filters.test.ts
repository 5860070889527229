// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { orderListQueryOptions } from './api/get-order-list';
import { DEFAULT_ORDER_FILTERS, orderQuery, parseOrderFilters, writeOrderFilters, type OrderFilters } from './order-filters';

const now = new Date('2025-05-14T10:00:00+08:00');

describe('orderQuery', () => {
  it('sends nothing but what was chosen', () => {
    expect(orderQuery(DEFAULT_ORDER_FILTERS, {}, now)).toEqual({});
  });

  it('maps status, period, salesperson and keyword to the order/list body', () => {
    const filters: OrderFilters = { status: 'closed', period: { key: 'month' }, staffId: 7, keyword: '  DD2025 ' };
    expect(orderQuery(filters, {}, now)).toEqual({ status: 'closed', staffId: 7, startDate: '2025-05-01', endDate: '2025-05-14', keyword: 'DD2025' });
  });

  it('lets the page scope win over the salesperson filter, and adds the customer', () => {
    expect(orderQuery({ ...DEFAULT_ORDER_FILTERS, staffId: 7 }, { staffId: 3, customerId: 9 }, now)).toEqual({ staffId: 3, customerId: 9 });
  });

  it('caps the keyword at the 50 characters the API takes', () => {
    expect(orderQuery({ ...DEFAULT_ORDER_FILTERS, keyword: 'x'.repeat(80) }, {}, now).keyword).toHaveLength(50);
  });
});

describe('order filters in the query string', () => {
  it('round-trip and leave the page parameters alone', () => {
    const filters: OrderFilters = { status: 'shipped', period: { key: 'custom', range: { startDate: '2025-02-01', endDate: '2025-02-10' } }, staffId: 12, keyword: '华联' };
    const params = new URLSearchParams('staffId=5');
    writeOrderFilters(filters, params);
    expect(params.get('staffId')).toBe('5');
    expect(parseOrderFilters(params)).toEqual(filters);
  });

  it('drop defaults from the URL and ignore nonsense in it', () => {
    const params = new URLSearchParams('status=shipped&staff=4&q=a');
    writeOrderFilters(DEFAULT_ORDER_FILTERS, params);
    expect(params.toString()).toBe('');
    expect(parseOrderFilters(new URLSearchParams('status=lost&staff=-1&period=never'))).toEqual(DEFAULT_ORDER_FILTERS);
  });
});

describe('orderListQueryOptions', () => {
  it('keys the list by site, so switching site refetches, and by the filters', () => {
    const key101 = orderListQueryOptions(101, { status: 'paid' }).queryKey;
    expect(key101[0]).toBe('orders');
    expect(key101[1]).toBe(101);
    expect(orderListQueryOptions(102, { status: 'paid' }).queryKey).not.toEqual(key101);
    expect(orderListQueryOptions(101, { status: 'pending' }).queryKey).not.toEqual(key101);
    expect(orderListQueryOptions(101, { status: 'paid' }).queryKey).toEqual(key101);
  });

  it('waits for a current site', () => {
    expect(orderListQueryOptions(null, {}).enabled).toBe(false);
  });
});
