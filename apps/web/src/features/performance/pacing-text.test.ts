// @vitest-environment node
import type { PacingSpan } from '@sales/contract';
import { describe, expect, it } from 'vitest';
import { pacingText, quarterUnsetText } from './pacing-text';

const span: PacingSpan = {
  startDate: '2026-11-01',
  endDate: '2026-11-30',
  targetAmount: 3000,
  actualAmount: 1000,
  completion: 1 / 3,
  remainingAmount: 2000,
  reached: false,
  daysLeft: 21,
  dailyNeeded: 95.24,
  projectedAmount: 3000,
};

describe('pacingText', () => {
  it('reads what is missing, the daily need and the projection', () => {
    expect(pacingText(span, '月末')).toEqual({ headline: '距目标还差 2,000元', daily: '剩余 21 天 日均需 95.24元', projection: '预计月末 3,000元' });
  });

  it('says a reached target is done, with no daily need and no negative gap', () => {
    const text = pacingText({ ...span, actualAmount: 3500, remainingAmount: 0, reached: true, dailyNeeded: 0, completion: 3500 / 3000, projectedAmount: 10500 }, '季末');
    expect(text).toEqual({ headline: '已完成目标', daily: null, projection: '预计季末 10,500元' });
  });

  it('on the last day: one day left', () => {
    expect(pacingText({ ...span, daysLeft: 1, dailyNeeded: 2000 }, '月末').daily).toBe('剩余 1 天 日均需 2,000元');
  });
});

describe('quarterUnsetText', () => {
  it('names the months of the quarter without a target, and nothing when all are set', () => {
    expect(quarterUnsetText(['2026-12'])).toBe('12月未设目标');
    expect(quarterUnsetText(['2026-11', '2026-12'])).toBe('11月、12月未设目标');
    expect(quarterUnsetText(['2027-01'])).toBe('1月未设目标');
    expect(quarterUnsetText([])).toBeNull();
  });
});
