import type { RankingEntry } from '@sales/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Podium, podiumEntries } from './podium';

const entry = (id: number, rank: number, value: number): RankingEntry => ({
  rank,
  member: { id, username: `业务员${id}`, avatar: null, isLeader: false },
  value,
  figures: { orderAmount: value, orderCount: 0, newCustomers: 0, followUps: 0 },
  completion: null,
  isMe: false,
});

afterEach(cleanup);

const step = (place: 1 | 2 | 3) => screen.getByTestId(`podium-${place}`);

describe('the podium of 员工业绩排行', () => {
  it('crowns nobody when nobody has a figure yet (a month’s first hours): no podium at all', () => {
    const list = [entry(1, 1, 0), entry(2, 1, 0), entry(3, 1, 0), entry(4, 1, 0)];
    expect(podiumEntries(list, 'orderAmount')).toEqual([]);
    render(<Podium entries={podiumEntries(list, 'orderAmount')} currentUserId={1} />);
    expect(screen.queryByTestId('podium')).toBeNull();
  });

  it('labels each step by its rank, as the list numbers it: two who share first place are both 冠军', () => {
    render(<Podium entries={podiumEntries([entry(1, 1, 900), entry(2, 1, 900), entry(3, 3, 40.5)], 'orderAmount')} currentUserId={3} />);
    expect(step(1).textContent).toContain('冠军');
    expect(step(2).textContent).toContain('冠军');
    expect(step(2).textContent).toContain('第1名');
    expect(step(2).className).toContain('podium__place--1');
    expect(step(3).textContent).toContain('季军');
    expect(step(3).textContent).toContain('40.5元');
    expect(step(3).textContent).toContain('我');
  });

  it('leaves out of the podium those in the first three with nothing, keeping those with a figure', () => {
    const entries = podiumEntries([entry(1, 1, 5), entry(2, 2, 0), entry(3, 2, 0)], 'orderCount');
    expect(entries.map((item) => [item.staffId, item.rank, item.value])).toEqual([[1, 1, '5单']]);
    render(<Podium entries={entries} currentUserId={null} />);
    expect(step(1).textContent).toContain('冠军');
    expect(screen.queryByTestId('podium-2')).toBeNull();
  });
});
