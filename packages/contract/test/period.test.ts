import { describe, expect, it } from 'vitest';
import { changeRatio, completionRatio, customRangeProblem, monthsInRange, resolvePeriod, yearEarlier } from '../src/period.js';

// Sunday 2025-03-30, 23:59 in China (15:59 UTC): still March and still the week of 24 March.
const sundayNight = new Date('2025-03-30T23:59:00+08:00');

describe('performance periods', () => {
  it('runs the week from Monday in China time and compares with the same days of the week before', () => {
    const week = resolvePeriod({ period: 'week' }, sundayNight);
    expect(week.range).toEqual({ startDate: '2025-03-24', endDate: '2025-03-30' });
    expect(week.previous).toEqual({ startDate: '2025-03-17', endDate: '2025-03-23' });
    expect(week.targetRange).toEqual({ startDate: '2025-03-24', endDate: '2025-03-30' });
    const monday = resolvePeriod({ period: 'week' }, new Date('2025-03-31T00:01:00+08:00'));
    expect(monday.range).toEqual({ startDate: '2025-03-31', endDate: '2025-03-31' });
    expect(monday.previous).toEqual({ startDate: '2025-03-24', endDate: '2025-03-24' });
  });

  it('cuts 环比 of a running month to the shorter month before', () => {
    const month = resolvePeriod({ period: 'month' }, sundayNight);
    expect(month.range).toEqual({ startDate: '2025-03-01', endDate: '2025-03-30' });
    expect(month.previous).toEqual({ startDate: '2025-02-01', endDate: '2025-02-28' });
    expect(month.yearAgo).toEqual({ startDate: '2024-03-01', endDate: '2024-03-30' });
    expect(month.targetRange).toEqual({ startDate: '2025-03-01', endDate: '2025-03-31' });
  });

  it('resolves 上月, 本季度 and 本年 across year ends', () => {
    const january = new Date('2025-01-10T08:00:00+08:00');
    const lastMonth = resolvePeriod({ period: 'lastMonth' }, january);
    expect(lastMonth.range).toEqual({ startDate: '2024-12-01', endDate: '2024-12-31' });
    expect(lastMonth.previous).toEqual({ startDate: '2024-11-01', endDate: '2024-11-30' });
    const quarter = resolvePeriod({ period: 'quarter' }, january);
    expect(quarter.range).toEqual({ startDate: '2025-01-01', endDate: '2025-01-10' });
    expect(quarter.previous).toEqual({ startDate: '2024-10-01', endDate: '2024-10-10' });
    expect(quarter.targetRange.endDate).toBe('2025-03-31');
    const year = resolvePeriod({ period: 'year' }, january);
    expect(year.previous).toEqual({ startDate: '2024-01-01', endDate: '2024-01-10' });
    expect(year.targetRange).toEqual({ startDate: '2025-01-01', endDate: '2025-12-31' });
    // 23:30 on 31 December UTC is already 1 January in China.
    expect(resolvePeriod({ period: 'year' }, new Date('2024-12-31T23:30:00Z')).range.startDate).toBe('2025-01-01');
  });

  it('compares a custom range with as many days just before it and checks it', () => {
    const custom = resolvePeriod({ period: 'custom', startDate: '2025-03-01', endDate: '2025-03-10' });
    expect(custom.previous).toEqual({ startDate: '2025-02-19', endDate: '2025-02-28' });
    expect(customRangeProblem('2025-03-10', '2025-03-01')).toBe('开始日期不能晚于结束日期');
    expect(customRangeProblem('2024-01-01', '2025-01-01')).toBe('自定义时间范围不能超过一年');
    expect(customRangeProblem('2024-01-01', '2024-12-31')).toBeNull();
    expect(customRangeProblem('2025-02-30', '2025-03-01')).toBe('开始日期不正确');
    expect(customRangeProblem(undefined, '2025-03-01')).toBe('请选择开始日期和结束日期');
  });

  it('maps 29 February to the 28th a year earlier and splits ranges by month', () => {
    expect(yearEarlier('2024-02-29')).toBe('2023-02-28');
    expect(monthsInRange({ startDate: '2025-01-30', endDate: '2025-03-02' })).toEqual([
      { month: '2025-01', days: 2, daysInMonth: 31 },
      { month: '2025-02', days: 28, daysInMonth: 28 },
      { month: '2025-03', days: 2, daysInMonth: 31 },
    ]);
  });

  it('gives no ratio without a base', () => {
    expect(changeRatio(110, 100)).toBeCloseTo(0.1);
    expect(changeRatio(5, 0)).toBeNull();
    expect(changeRatio(5, null)).toBeNull();
    expect(completionRatio(50, 0)).toBeNull();
    expect(completionRatio(50, 200)).toBe(0.25);
  });
});
