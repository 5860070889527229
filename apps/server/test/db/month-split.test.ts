/**
 * monthSplit (issue 29): a range read as its whole months from performance_monthly and its other
 * days from performance_daily. Every day of the range is read exactly once, either way.
 */
import { eachDay, shiftDay, type DayRange } from '@sales/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { monthSplit, openMonthSplit } from '../../src/db/performance-figures.js';

/** The days a split reads: each month's days and the day ranges'. */
function daysRead(split: ReturnType<typeof monthSplit>): string[] {
  const days = split.days.flatMap((range) => eachDay(range));
  if (split.months) {
    const last = split.months.endDate;
    let month = split.months.startDate;
    while (month <= last) {
      const next = shiftDay(month, 32).slice(0, 8) + '01';
      days.push(...eachDay({ startDate: month, endDate: shiftDay(next, -1) }));
      month = next;
    }
  }
  return days.sort();
}

describe('monthSplit', () => {
  it('reads a year as its months and the days after them', () => {
    expect(monthSplit({ startDate: '2026-01-01', endDate: '2026-11-29' })).toEqual({
      months: { startDate: '2026-01-01', endDate: '2026-10-01' },
      days: [{ startDate: '2026-11-01', endDate: '2026-11-29' }],
    });
    expect(monthSplit({ startDate: '2025-01-01', endDate: '2025-12-31' })).toEqual({ months: { startDate: '2025-01-01', endDate: '2025-12-01' }, days: [] });
  });

  it('reads the days before and after the whole months, and a range within a month as days', () => {
    expect(monthSplit({ startDate: '2026-08-31', endDate: '2026-11-29' })).toEqual({
      months: { startDate: '2026-09-01', endDate: '2026-10-01' },
      days: [
        { startDate: '2026-08-31', endDate: '2026-08-31' },
        { startDate: '2026-11-01', endDate: '2026-11-29' },
      ],
    });
    expect(monthSplit({ startDate: '2026-02-01', endDate: '2026-02-28' })).toEqual({ months: { startDate: '2026-02-01', endDate: '2026-02-01' }, days: [] });
    expect(monthSplit({ startDate: '2024-02-01', endDate: '2024-02-28' })).toEqual({ months: null, days: [{ startDate: '2024-02-01', endDate: '2024-02-28' }] });
    expect(monthSplit({ startDate: '2026-11-29', endDate: '2026-11-29' })).toEqual({ months: null, days: [{ startDate: '2026-11-29', endDate: '2026-11-29' }] });
  });

  it('reads nothing for a range that ends before it starts', () => {
    expect(monthSplit({ startDate: '2026-11-29', endDate: '2026-11-28' })).toEqual({ months: null, days: [] });
  });

  it('reads every day of any range exactly once', () => {
    const start = '2023-12-01';
    const range = fc.tuple(fc.nat(1200), fc.integer({ min: -3, max: 800 })).map(([from, length]): DayRange => {
      const startDate = shiftDay(start, from);
      return { startDate, endDate: shiftDay(startDate, length) };
    });
    fc.assert(
      fc.property(range, (one) => {
        expect(daysRead(monthSplit(one))).toEqual(one.startDate <= one.endDate ? eachDay(one) : []);
      }),
      { numRuns: 300 },
    );
  });
});

describe('openMonthSplit', () => {
  it('reads a range open at either end as its whole months and the days outside them', () => {
    expect(openMonthSplit()).toEqual({ months: {}, days: [] });
    expect(openMonthSplit('2026-11-23')).toEqual({ months: { from: '2026-12-01' }, days: [{ startDate: '2026-11-23', endDate: '2026-11-30' }] });
    expect(openMonthSplit('2026-11-01')).toEqual({ months: { from: '2026-11-01' }, days: [] });
    expect(openMonthSplit(undefined, '2026-09-30')).toEqual({ months: { to: '2026-09-01' }, days: [] });
    expect(openMonthSplit(undefined, '2026-03-05')).toEqual({ months: { to: '2026-02-01' }, days: [{ startDate: '2026-03-01', endDate: '2026-03-05' }] });
    expect(openMonthSplit(undefined, '2024-02-29')).toEqual({ months: { to: '2024-02-01' }, days: [] });
    expect(openMonthSplit(undefined, '2026-01-15')).toEqual({ months: { to: '2025-12-01' }, days: [{ startDate: '2026-01-01', endDate: '2026-01-15' }] });
    expect(openMonthSplit('2026-12-31')).toEqual({ months: { from: '2027-01-01' }, days: [{ startDate: '2026-12-31', endDate: '2026-12-31' }] });
  });

  it('reads a closed range as monthSplit does', () => {
    expect(openMonthSplit('2026-08-31', '2026-11-29')).toEqual({
      months: { from: '2026-09-01', to: '2026-10-01' },
      days: [
        { startDate: '2026-08-31', endDate: '2026-08-31' },
        { startDate: '2026-11-01', endDate: '2026-11-29' },
      ],
    });
    expect(openMonthSplit('2026-11-02', '2026-11-29')).toEqual({ months: null, days: [{ startDate: '2026-11-02', endDate: '2026-11-29' }] });
  });
});
