// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { PERFORMANCE_PERIOD_KEYS } from '@sales/contract';
import { parsePeriod, periodLabel, periodRange, writePeriod, type Period } from './period';

// Wednesday 2025-05-14, 10:00 in China.
const now = new Date('2025-05-14T10:00:00+08:00');

describe('periodRange', () => {
  it('gives no range for 全部时间', () => {
    expect(periodRange({ key: 'all' }, now)).toBeNull();
  });

  it('covers today, the week from Monday, the month, the quarter and the year to date', () => {
    expect(periodRange({ key: 'today' }, now)).toEqual({ startDate: '2025-05-14', endDate: '2025-05-14' });
    expect(periodRange({ key: 'week' }, now)).toEqual({ startDate: '2025-05-12', endDate: '2025-05-14' });
    expect(periodRange({ key: 'month' }, now)).toEqual({ startDate: '2025-05-01', endDate: '2025-05-14' });
    expect(periodRange({ key: 'quarter' }, now)).toEqual({ startDate: '2025-04-01', endDate: '2025-05-14' });
    expect(periodRange({ key: 'year' }, now)).toEqual({ startDate: '2025-01-01', endDate: '2025-05-14' });
  });

  it('covers the whole of last month, across a year boundary too', () => {
    expect(periodRange({ key: 'lastMonth' }, now)).toEqual({ startDate: '2025-04-01', endDate: '2025-04-30' });
    expect(periodRange({ key: 'lastMonth' }, new Date('2025-01-10T12:00:00+08:00'))).toEqual({ startDate: '2024-12-01', endDate: '2024-12-31' });
    expect(periodRange({ key: 'lastMonth' }, new Date('2024-03-03T12:00:00+08:00'))).toEqual({ startDate: '2024-02-01', endDate: '2024-02-29' });
  });

  it('starts the week on Monday when today is Sunday, and across a month boundary', () => {
    expect(periodRange({ key: 'week' }, new Date('2025-06-01T09:00:00+08:00'))).toEqual({ startDate: '2025-05-26', endDate: '2025-06-01' });
    expect(periodRange({ key: 'week' }, new Date('2025-05-12T00:30:00+08:00'))).toEqual({ startDate: '2025-05-12', endDate: '2025-05-12' });
  });

  it('uses China time, not the clock of the phone', () => {
    // 2025-05-31 17:00 UTC is already 1 June in China.
    expect(periodRange({ key: 'today' }, new Date('2025-05-31T17:00:00Z'))).toEqual({ startDate: '2025-06-01', endDate: '2025-06-01' });
  });

  it('passes a custom range through', () => {
    const range = { startDate: '2025-01-02', endDate: '2025-02-03' };
    expect(periodRange({ key: 'custom', range }, now)).toBe(range);
  });
});

describe('periodLabel', () => {
  it('names shortcuts and shortens a custom range within one year', () => {
    expect(periodLabel({ key: 'month' })).toBe('本月');
    expect(periodLabel({ key: 'custom', range: { startDate: '2025-01-02', endDate: '2025-02-03' } })).toBe('01-02 ~ 02-03');
    expect(periodLabel({ key: 'custom', range: { startDate: '2024-12-30', endDate: '2025-01-03' } })).toBe('2024-12-30 ~ 2025-01-03');
    expect(periodLabel({ key: 'custom', range: { startDate: '2025-01-02', endDate: '2025-01-02' } })).toBe('2025-01-02');
  });
});

describe('parsePeriod and writePeriod', () => {
  const roundTrip = (period: Period) => {
    const params = new URLSearchParams('id=5');
    writePeriod(period, params);
    expect(params.get('id')).toBe('5');
    return parsePeriod(params.get('period'), params.get('start'), params.get('end'));
  };

  it('round-trips shortcuts and custom ranges through the query string', () => {
    expect(roundTrip({ key: 'month' })).toEqual({ key: 'month' });
    expect(roundTrip({ key: 'all' })).toEqual({ key: 'all' });
    const custom: Period = { key: 'custom', range: { startDate: '2025-01-02', endDate: '2025-02-03' } };
    expect(roundTrip(custom)).toEqual(custom);
  });

  it('falls back to 全部时间 for unknown keys and malformed ranges, and orders a reversed range', () => {
    expect(parsePeriod('decade', null, null)).toEqual({ key: 'all' });
    expect(parsePeriod('custom', '2025-1-2', '2025-02-03')).toEqual({ key: 'all' });
    expect(parsePeriod('custom', null, '2025-02-03')).toEqual({ key: 'all' });
    expect(parsePeriod('custom', '2025-03-01', '2025-02-01')).toEqual({ key: 'custom', range: { startDate: '2025-02-01', endDate: '2025-03-01' } });
  });
});

describe('performance periods', () => {
  const options = { keys: PERFORMANCE_PERIOD_KEYS, fallback: { key: 'month' } as Period };

  it('reads the performance shortcuts and falls back to 本月 for anything else', () => {
    expect(parsePeriod('lastMonth', null, null, options)).toEqual({ key: 'lastMonth' });
    expect(parsePeriod('custom', '2025-03-01', '2025-03-31', options)).toEqual({ key: 'custom', range: { startDate: '2025-03-01', endDate: '2025-03-31' } });
    expect(parsePeriod('all', null, null, options)).toEqual({ key: 'month' });
    expect(parsePeriod('today', null, null, options)).toEqual({ key: 'month' });
    expect(parsePeriod(null, null, null, options)).toEqual({ key: 'month' });
    expect(parsePeriod('custom', 'x', null, options)).toEqual({ key: 'month' });
  });
});
