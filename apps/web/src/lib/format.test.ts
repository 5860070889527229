// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatCompactNumber, formatDate, formatDateTime } from './format';

describe('formatDateTime', () => {
  it('shows an instant as YYYY-MM-DD HH:mm in China time', () => {
    expect(formatDateTime('2025-03-04T01:05:00Z')).toBe('2025-03-04 09:05');
    expect(formatDateTime('2025-12-31T16:30:00Z')).toBe('2026-01-01 00:30');
  });

  it('shows a dash for missing or invalid times', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime(undefined)).toBe('—');
    expect(formatDateTime('')).toBe('—');
    expect(formatDateTime('not a date')).toBe('—');
  });
});

describe('formatDate', () => {
  it('shows the China-time calendar day, or a dash for a missing time', () => {
    expect(formatDate('2025-06-30T15:59:59Z')).toBe('2025-06-30');
    expect(formatDate('2025-06-30T16:00:00Z')).toBe('2025-07-01');
    expect(formatDate(new Date('2025-01-01T00:00:00+08:00'))).toBe('2025-01-01');
    expect(formatDate(null)).toBe('—');
  });
});

describe('formatCompactNumber', () => {
  it('shortens large figures to 万 and 亿 for chart axes', () => {
    expect(formatCompactNumber(8500)).toBe('8,500');
    expect(formatCompactNumber(12000)).toBe('1.2万');
    expect(formatCompactNumber(100000)).toBe('10万');
    expect(formatCompactNumber(340000000)).toBe('3.4亿');
    expect(formatCompactNumber(-25000)).toBe('-2.5万');
    expect(formatCompactNumber(0.25)).toBe('0.3');
    expect(formatCompactNumber(Number.NaN)).toBe('0');
  });
});
