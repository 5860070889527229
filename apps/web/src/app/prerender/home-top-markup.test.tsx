import type { AmountAndCount } from '@sales/contract';
import { describe, expect, it } from 'vitest';
import { HomeTopView } from '../../features/performance/components/home-dashboard';
import { homeTopText, type HomeTopData } from '../../features/performance/home-top-text';
import { fillSlotsIn, fragment } from './paint-core';
import { filled, rendered } from './paint-test-support';
import { homeTopMarkup } from './home-top-markup';
import { flatTexts, hasSlot, homeTopLook, slot, slotted } from './paint-slots';

/** What home's painter draws for this answer: the build's markup of its look, filled with its texts. */
function painted(data: HomeTopData): string {
  const text = homeTopText(data);
  return filled(homeTopMarkup()[homeTopLook(text)], flatTexts(text));
}

const sales = (orderAmount: number, orderCount: number, previousAmount: number, previousCount: number): AmountAndCount => ({ orderAmount, orderCount, previousAmount, previousCount });

const DASHBOARDS: [string, HomeTopData][] = [
  [
    'up and down, a standard part done',
    {
      todaySales: sales(5986.7, 5, 6602.1, 10),
      monthSales: sales(374_063.2, 383, 357_000, 338),
      month: { target: { targetAmount: 370_100, targetOrders: 378, targetNewCustomers: 18 }, completion: { amount: 1.0107, orders: 1.013, newCustomers: 14 / 18 } },
    },
  ],
  [
    'nothing sold, nothing before, no standard',
    {
      todaySales: sales(0, 0, 0, 0),
      monthSales: sales(0, 0, 0, 0),
      month: { target: { targetAmount: 0, targetOrders: 0, targetNewCustomers: 0 }, completion: { amount: null, orders: null, newCustomers: null } },
    },
  ],
  [
    'flat, a standard with one target only, refunds below zero',
    {
      todaySales: sales(-120.5, 1, -120.5, 1),
      monthSales: sales(1_234_567.89, 12_345, 0, 0),
      month: { target: { targetAmount: 0, targetOrders: 40, targetNewCustomers: 0 }, completion: { amount: null, orders: 0.3333333, newCustomers: null } },
    },
  ],
];

describe('home’s painted first screen (issue 29)', () => {
  it.each(DASHBOARDS)('%s: is the markup the app renders for the same answer', (_name, data) => {
    const app = rendered(<HomeTopView text={homeTopText(data)} isLeader />);
    expect(painted(data)).toBe(app);
    expect(hasSlot(painted(data))).toBe(false);
  });

  it('sets an answer’s texts as text, never as markup', () => {
    const copy = fragment(`<p title="${slot('a')}">${slot('a')}</p>`);
    fillSlotsIn(copy, { a: '<img src=x onerror=alert(1)>' });
    const paragraph = copy.firstElementChild;
    expect(paragraph?.children).toHaveLength(0);
    expect(paragraph?.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(paragraph?.getAttribute('title')).toBe('<img src=x onerror=alert(1)>');
  });

  it('names a placeholder by its path, and flatTexts gives each path its value', () => {
    const shape = { a: 'x', b: { c: 1, d: null } };
    expect(slotted(shape)).toEqual({ a: slot('a'), b: { c: slot('b_c'), d: slot('b_d') } });
    expect(flatTexts(shape)).toEqual({ a: 'x', b_c: '1', b_d: '' });
  });
});
