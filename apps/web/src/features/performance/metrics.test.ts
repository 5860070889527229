// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatMetric, shortDay } from './metrics';

describe('formatMetric', () => {
  it('shows amounts as money and counts with their unit', () => {
    expect(formatMetric('orderAmount', 12345.6)).toBe('12,345.6元');
    expect(formatMetric('orderCount', 1234)).toBe('1,234单');
    expect(formatMetric('newCustomers', 3)).toBe('3位');
    expect(formatMetric('followUps', 0)).toBe('0次');
    expect(formatMetric('orderCount', Number.NaN)).toBe('0单');
  });

  it('shortens a day to month and day', () => {
    expect(shortDay('2025-11-03')).toBe('11-03');
  });
});
