import { describe, expect, it } from 'vitest';
import { periodAt, periodLabel, periodMonths, periodStartingOn, shiftPeriod } from '../src/report-periods.js';

// 2025-11-30 is a Sunday; 2025-12-01 a Monday.
const at = (text: string) => new Date(text);

describe('weeks', () => {
  it('run Monday to Sunday in China time, whatever the UTC day', () => {
    // Sunday 23:30 China time is still Sunday there, although it is Sunday 15:30 UTC.
    expect(periodAt('weekly', at('2025-11-30T15:30:00Z'))).toEqual({ kind: 'weekly', start: '2025-11-24', end: '2025-11-30' });
    // Monday 00:10 China time is Sunday 16:10 UTC: already the next week.
    expect(periodAt('weekly', at('2025-11-30T16:10:00Z'))).toEqual({ kind: 'weekly', start: '2025-12-01', end: '2025-12-07' });
  });

  it('may cross a month end, and then spread over both months by days', () => {
    const week = periodAt('weekly', at('2025-10-29T04:00:00Z'));
    expect(week).toEqual({ kind: 'weekly', start: '2025-10-27', end: '2025-11-02' });
    expect(periodMonths(week)).toEqual([
      { month: '2025-10', days: 5, daysInMonth: 31 },
      { month: '2025-11', days: 2, daysInMonth: 30 },
    ]);
    expect(periodLabel(week)).toBe('10月27日–11月2日');
  });

  it('start only on a Monday', () => {
    expect(periodStartingOn('weekly', '2025-11-17')?.end).toBe('2025-11-23');
    expect(periodStartingOn('weekly', '2025-11-18')).toBeNull();
    expect(periodStartingOn('weekly', '2025-02-30')).toBeNull();
  });

  it('step back across a year end', () => {
    expect(shiftPeriod({ kind: 'weekly', start: '2026-01-05', end: '2026-01-11' }, -1)).toEqual({ kind: 'weekly', start: '2025-12-29', end: '2026-01-04' });
  });
});

describe('half months', () => {
  it('are the 1st–15th and the 16th–last day', () => {
    expect(periodAt('halfMonth', at('2025-11-15T15:59:00Z'))).toEqual({ kind: 'halfMonth', start: '2025-11-01', end: '2025-11-15' });
    expect(periodAt('halfMonth', at('2025-11-15T16:00:00Z'))).toEqual({ kind: 'halfMonth', start: '2025-11-16', end: '2025-11-30' });
    expect(periodLabel({ kind: 'halfMonth', start: '2025-11-16', end: '2025-11-30' })).toBe('2025年11月下半月');
  });

  it('end February on the 28th, or the 29th in a leap year', () => {
    expect(periodAt('halfMonth', at('2026-02-20T04:00:00Z')).end).toBe('2026-02-28');
    expect(periodAt('halfMonth', at('2028-02-20T04:00:00Z')).end).toBe('2028-02-29');
    expect(periodMonths(periodAt('halfMonth', at('2026-02-20T04:00:00Z')))).toEqual([{ month: '2026-02', days: 13, daysInMonth: 28 }]);
  });

  it('start only on the 1st or the 16th', () => {
    expect(periodStartingOn('halfMonth', '2025-11-16')?.end).toBe('2025-11-30');
    expect(periodStartingOn('halfMonth', '2025-11-15')).toBeNull();
  });

  it('step across months and years', () => {
    const first = { kind: 'halfMonth' as const, start: '2026-01-01', end: '2026-01-15' };
    expect(shiftPeriod(first, -1)).toEqual({ kind: 'halfMonth', start: '2025-12-16', end: '2025-12-31' });
    expect(shiftPeriod(first, -2)).toEqual({ kind: 'halfMonth', start: '2025-12-01', end: '2025-12-15' });
    expect(shiftPeriod(first, 3)).toEqual({ kind: 'halfMonth', start: '2026-02-16', end: '2026-02-28' });
  });
});
