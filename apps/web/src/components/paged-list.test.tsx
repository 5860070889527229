import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PagedList, type PagedQuery } from './paged-list';

interface Row {
  id: number;
  name: string;
}
type Page = { list: Row[]; total: number; page: number; pageSize: number };

function query(overrides: Partial<PagedQuery<Page>>): PagedQuery<Page> {
  return {
    data: undefined,
    isPending: true,
    isError: false,
    hasNextPage: false,
    refetch: vi.fn(async () => undefined),
    fetchNextPage: vi.fn(async () => ({ isError: false, error: null })),
    ...overrides,
  };
}

const renderList = (q: PagedQuery<Page>) =>
  render(
    <PagedList
      query={q}
      empty="暂无客户"
      renderItem={(row) => (
        <div key={row.id} data-testid="row">
          {row.name}
        </div>
      )}
      header={(total) => <div data-testid="total">共 {total} 位客户</div>}
    />,
  );

afterEach(cleanup);

describe('PagedList', () => {
  it('shows skeleton cards while the first page loads', () => {
    renderList(query({}));
    expect(screen.getByTestId('list-skeleton')).toBeTruthy();
    expect(screen.queryByTestId('total')).toBeNull();
  });

  it('shows an error state whose 重试 reloads', () => {
    const q = query({ isPending: false, isError: true });
    renderList(q);
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(q.refetch).toHaveBeenCalledTimes(1);
  });

  it('shows the total and the empty state when nothing matches', () => {
    renderList(query({ isPending: false, data: { pages: [{ list: [], total: 0, page: 1, pageSize: 20 }] } }));
    expect(screen.getByTestId('total').textContent).toBe('共 0 位客户');
    expect(screen.getByText('暂无客户')).toBeTruthy();
  });

  it('shows the rows of every page once, and the total of the first', () => {
    const pages = [
      { list: [{ id: 1, name: '华联超市' }, { id: 2, name: '永辉' }], total: 3, page: 1, pageSize: 2 },
      { list: [{ id: 2, name: '永辉' }, { id: 3, name: '物美' }], total: 3, page: 2, pageSize: 2 },
    ];
    renderList(query({ isPending: false, data: { pages } }));
    expect(screen.getAllByTestId('row').map((row) => row.textContent)).toEqual(['华联超市', '永辉', '物美']);
    expect(screen.getByTestId('total').textContent).toBe('共 3 位客户');
    expect(screen.queryByText('暂无客户')).toBeNull();
  });

  it('shows both lines of an order paid and refunded in one week (a sale and a refund share the order id)', () => {
    const lines = [
      { id: 7, lineId: 'refund-7', line: '退款 −1,234.5元' },
      { id: 7, lineId: 'sale-7', line: '付款 1,234.5元' },
      { id: 5, lineId: 'sale-5', line: '付款 88元' },
    ];
    const pages = [
      { list: lines.slice(0, 1), total: 3, page: 1, pageSize: 1 },
      { list: lines.slice(1), total: 3, page: 2, pageSize: 2 },
    ];
    render(
      <PagedList
        query={{ ...query({}), isPending: false, data: { pages } }}
        empty="本周暂无成交订单"
        renderItem={(row) => <div data-testid="line">{row.line}</div>}
      />,
    );
    expect(screen.getAllByTestId('line').map((line) => line.textContent)).toEqual(['退款 −1,234.5元', '付款 1,234.5元', '付款 88元']);
  });
});
