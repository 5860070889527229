// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { flattenPages, nextPageParam, rowKey } from './paging';

const page = (pageNo: number, ids: number[], total: number, pageSize = 2) => ({ list: ids.map((id) => ({ id })), total, page: pageNo, pageSize });

describe('nextPageParam', () => {
  it('asks for the next page while rows remain', () => {
    expect(nextPageParam(page(1, [1, 2], 5))).toBe(2);
    expect(nextPageParam(page(2, [3, 4], 5))).toBe(3);
  });

  it('stops at the last page, and on an empty page', () => {
    expect(nextPageParam(page(3, [5], 5))).toBeUndefined();
    expect(nextPageParam(page(2, [3, 4], 4))).toBeUndefined();
    expect(nextPageParam(page(4, [], 10))).toBeUndefined();
  });
});

describe('flattenPages', () => {
  it('joins pages in order and drops a row that moved onto the next page', () => {
    expect(flattenPages([page(1, [1, 2], 5), page(2, [2, 3], 5)]).map((row) => row.id)).toEqual([1, 2, 3]);
    expect(flattenPages(undefined)).toEqual([]);
  });
});

describe('flattenPages with order lines', () => {
  // An order paid and refunded in one week: a sale line and a refund line, both of order 7.
  const sale = { id: 7, lineId: 'sale-7', lineAmount: 1234.5 };
  const refund = { id: 7, lineId: 'refund-7', lineAmount: -1234.5 };

  it('keeps both lines of one order, on one page or across two', () => {
    expect(flattenPages([{ list: [refund, sale] }])).toEqual([refund, sale]);
    expect(flattenPages([{ list: [refund] }, { list: [sale] }])).toEqual([refund, sale]);
  });

  it('still drops a line repeated when it shifts onto the next page', () => {
    expect(flattenPages([{ list: [refund, sale] }, { list: [sale] }]).map(rowKey)).toEqual(['refund-7', 'sale-7']);
  });

  it('keys a line by its lineId and any other row by its id', () => {
    expect(rowKey(sale)).not.toBe(rowKey(refund));
    expect(rowKey({ id: 7 })).not.toBe(rowKey(sale));
  });
});
