import { describe, expect, it } from 'vitest';
import { flattenPages, nextPageParam } from './paging';

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
