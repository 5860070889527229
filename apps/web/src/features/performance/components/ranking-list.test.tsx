import type { RankingEntry } from '@sales/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RankingList } from './ranking-list';
import { UnrankedRows } from './unranked-rows';

const figures = { orderAmount: 0, orderCount: 0, newCustomers: 0, followUps: 0 };

const entry = (id: number, rank: number, value: number, completion: number | null): RankingEntry => ({
  member: { id, username: `成员${id}`, avatar: null, isLeader: false },
  figures: { ...figures, orderAmount: value },
  rank,
  value,
  completion,
  isMe: id === 2,
});

/** What the site badge (features/site, badge-placement.ts) steps aside from besides controls. */
const KEEP_CLEAR = '[data-keep-clear]';

afterEach(cleanup);

describe('the ranking under the site badge', () => {
  // The badge rests at the right edge, where each row shows its figure and completion: both are
  // what the badge steps aside from (it covered the first row's 完成率 at top 160).
  it('marks each row’s figure and completion percentage as figures the badge keeps clear of', () => {
    const { container } = render(<RankingList entries={[entry(1, 1, 12_000, 0.5), entry(2, 2, 0, 0)]} metric="orderAmount" />);
    const rows = screen.getAllByTestId('ranking-row');
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.querySelector('[data-testid="ranking-value"]')?.matches(KEEP_CLEAR)).toBe(true);
      expect(row.querySelector('.completion__value')?.matches(KEEP_CLEAR)).toBe(true);
    }
    expect([...container.querySelectorAll(KEEP_CLEAR)].map((element) => element.textContent)).toEqual(['12,000元', '50%', '0元', '0%']);
  });

  it('marks 未分配 and 站点合计 the same way', () => {
    render(<UnrankedRows unranked={{ unassigned: figures, others: figures, site: figures }} metric="orderAmount" />);
    expect(screen.getByTestId('ranking-unassigned-value').matches(KEEP_CLEAR)).toBe(true);
    expect(screen.getByTestId('ranking-site-total-value').matches(KEEP_CLEAR)).toBe(true);
  });
});
