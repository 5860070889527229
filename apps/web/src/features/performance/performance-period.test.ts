// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { carriedPerformanceQuery, parsePerformancePeriod, periodFields, writePerformancePeriod } from './performance-period';

describe('performance period in the query string', () => {
  it('is 本月 by default and round-trips the others', () => {
    expect(parsePerformancePeriod(new URLSearchParams(''))).toEqual({ key: 'month' });
    for (const period of [{ key: 'week' }, { key: 'lastMonth' }, { key: 'quarter' }, { key: 'year' }] as const) {
      const params = new URLSearchParams('staffId=3');
      writePerformancePeriod(period, params);
      expect(parsePerformancePeriod(params)).toEqual(period);
      expect(params.get('staffId')).toBe('3');
    }
  });

  it('keeps 本月 out of the link and carries a custom range', () => {
    const params = new URLSearchParams('period=week');
    writePerformancePeriod({ key: 'month' }, params);
    expect(params.toString()).toBe('');
    writePerformancePeriod({ key: 'custom', range: { startDate: '2025-01-01', endDate: '2025-03-31' } }, params);
    expect(params.toString()).toBe('period=custom&start=2025-01-01&end=2025-03-31');
    expect(parsePerformancePeriod(params)).toEqual({ key: 'custom', range: { startDate: '2025-01-01', endDate: '2025-03-31' } });
  });

  it('does not offer 全部时间 or 今天 on performance pages', () => {
    expect(parsePerformancePeriod(new URLSearchParams('period=all'))).toEqual({ key: 'month' });
    expect(parsePerformancePeriod(new URLSearchParams('period=today'))).toEqual({ key: 'month' });
  });
});

describe('periodFields', () => {
  it('sends the key, and the days of a custom range', () => {
    expect(periodFields({ key: 'lastMonth' })).toEqual({ period: 'lastMonth' });
    expect(periodFields({ key: 'custom', range: { startDate: '2025-01-01', endDate: '2025-01-31' } })).toEqual({ period: 'custom', startDate: '2025-01-01', endDate: '2025-01-31' });
  });
});

describe('carriedPerformanceQuery', () => {
  it('passes the period and the picked site on, and nothing else', () => {
    expect(carriedPerformanceQuery(new URLSearchParams('period=custom&start=2025-01-01&end=2025-01-31&site=101&metric=followUps'))).toEqual({
      period: 'custom',
      start: '2025-01-01',
      end: '2025-01-31',
      site: '101',
    });
    expect(carriedPerformanceQuery(new URLSearchParams(''))).toEqual({ period: undefined, start: undefined, end: undefined, site: undefined });
  });
});
