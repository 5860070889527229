import type { Pacing, PacingSpan } from '@sales/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PacingCard } from './pacing-card';

const november: PacingSpan = {
  startDate: '2026-11-01',
  endDate: '2026-11-30',
  targetAmount: 60_000,
  actualAmount: 19_472,
  completion: 19_472 / 60_000,
  remainingAmount: 40_528,
  reached: false,
  daysLeft: 4,
  dailyNeeded: 10_132,
  projectedAmount: 21_635.56,
};
const quarter: PacingSpan = {
  startDate: '2026-10-01',
  endDate: '2026-12-31',
  targetAmount: 180_000,
  actualAmount: 65_000,
  completion: 65_000 / 180_000,
  remainingAmount: 115_000,
  reached: false,
  daysLeft: 35,
  dailyNeeded: 3285.72,
  projectedAmount: 103_898.3,
};

afterEach(cleanup);

describe('PacingCard', () => {
  it('with December not set: no quarter daily pace, it says 12月未设目标; the month keeps its own (issue 25 §3)', () => {
    const pacing: Pacing = { today: '2026-11-27', month: november, quarter: null, quarterUnsetMonths: ['2026-12'] };
    render(<PacingCard pacing={pacing} />);
    expect(screen.getByTestId('pacing-month-daily').textContent).toBe('剩余 4 天 日均需 10,132元');
    expect(screen.getByTestId('pacing-quarter-unset').textContent).toContain('12月未设目标');
    expect(screen.queryByTestId('pacing-quarter-daily')).toBeNull();
    expect(screen.queryByTestId('pacing-quarter-target')).toBeNull();
  });

  it('with all three months set: the quarter with its target, completion and daily pace', () => {
    const pacing: Pacing = { today: '2026-11-27', month: november, quarter, quarterUnsetMonths: [] };
    render(<PacingCard pacing={pacing} />);
    expect(screen.getByTestId('pacing-quarter-daily').textContent).toBe('剩余 35 天 日均需 3,285.72元');
    expect(screen.queryByTestId('pacing-quarter-unset')).toBeNull();
  });

  it('with this month not set either: only which months have no target', () => {
    const pacing: Pacing = { today: '2026-11-27', month: null, quarter: null, quarterUnsetMonths: ['2026-11', '2026-12'] };
    render(<PacingCard pacing={pacing} />);
    expect(screen.queryByTestId('pacing-month')).toBeNull();
    expect(screen.getByTestId('pacing-quarter-unset').textContent).toContain('11月、12月未设目标');
  });
});
