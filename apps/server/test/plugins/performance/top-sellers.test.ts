/** Home's top five (performance-views' topSellers): the month's best sellers, never people who sold nothing. */
import { describe, expect, it } from 'vitest';
import { completionOf, topSellers, type FigureRow } from '../../../src/plugins/app/performance/performance-views.js';

const target = { targetAmountFen: 1_000_000, targetOrders: 10, targetNewCustomers: 1 };
const person = (id: number, amountFen: number): FigureRow => {
  const totals = { orderCount: amountFen > 0 ? 1 : 0, orderAmountFen: amountFen, newCustomers: 0, followUps: 0 };
  return { person: { id, username: `业务员${id}`, avatar: null, isLeader: false }, totals, target, completion: completionOf(totals, target) };
};

describe('home’s top sellers', () => {
  it('is empty when nobody has sold this month (a month’s first hours), not five people at 0元', () => {
    expect(topSellers([person(1, 0), person(2, 0), person(3, 0), person(4, 0), person(5, 0), person(6, 0)], 1, 5)).toEqual([]);
  });

  it('lists only those who sold, best first, with the ranking’s shared ranks, at most five', () => {
    const rows = [person(1, 0), person(2, 50_000), person(3, 120_000), person(4, 50_000), person(5, -3_000), person(6, 90_000), person(7, 10_000), person(8, 7_000)];
    const top = topSellers(rows, 4, 5);
    expect(top.map((entry) => [entry.rank, entry.member.id, entry.value, entry.isMe])).toEqual([
      [1, 3, 1200, false],
      [2, 6, 900, false],
      [3, 2, 500, false],
      [3, 4, 500, true],
      [5, 7, 100, false],
    ]);
    expect(topSellers(rows.slice(0, 3), 1, 5).map((entry) => entry.member.id)).toEqual([3, 2]);
  });
});
