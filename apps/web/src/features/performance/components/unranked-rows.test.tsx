import type { Ranking } from '@sales/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UnrankedRows } from './unranked-rows';

const figures = (orderAmount: number, orderCount: number) => ({ orderAmount, orderCount, newCustomers: 0, followUps: 0 });
const unranked = (others: number): NonNullable<Ranking['unranked']> => ({
  unassigned: figures(2_468.5, 11),
  others: figures(others, others > 0 ? 1 : 0),
  site: figures(22_000 + others, 100),
});

afterEach(cleanup);

describe('below the ranking', () => {
  it('shows 未分配 and the site total it adds up to', () => {
    render(<UnrankedRows unranked={unranked(0)} metric="orderAmount" />);
    expect(screen.getByTestId('ranking-unassigned').textContent).toContain('未分配');
    expect(screen.getByTestId('ranking-unassigned-value').textContent).toBe('2,468.5元');
    expect(screen.getByTestId('ranking-site-total-value').textContent).toBe('22,000元');
    expect(screen.queryByTestId('ranking-others')).toBeNull();
  });

  it('adds 其他人员 when someone not ranked was credited, in the unit of the metric', () => {
    render(<UnrankedRows unranked={unranked(500)} metric="orderCount" />);
    expect(screen.getByTestId('ranking-unassigned-value').textContent).toBe('11单');
    expect(screen.getByTestId('ranking-others-value').textContent).toBe('1单');
    expect(screen.getByTestId('ranking-site-total-value').textContent).toBe('100单');
  });
});
