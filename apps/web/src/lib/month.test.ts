// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { monthGrid, monthLabel, shiftMonth } from './month';

describe('monthGrid', () => {
  it('starts on Monday: a month beginning on Saturday has five blanks', () => {
    const cells = monthGrid('2025-11');
    expect(cells.slice(0, 6)).toEqual([null, null, null, null, null, '2025-11-01']);
    expect(cells.at(-1)).toBe('2025-11-30');
    expect(cells.filter(Boolean)).toHaveLength(30);
  });

  it('has no blank for a month beginning on Monday, and knows leap Februaries', () => {
    expect(monthGrid('2025-09')[0]).toBe('2025-09-01');
    expect(monthGrid('2024-02').filter(Boolean)).toHaveLength(29);
    expect(monthGrid('2025-02').filter(Boolean)).toHaveLength(28);
    // 2025-06-01 is a Sunday: six blanks.
    expect(monthGrid('2025-06').indexOf('2025-06-01')).toBe(6);
  });
});

describe('shiftMonth', () => {
  it('moves across year boundaries', () => {
    expect(shiftMonth('2025-01', -1)).toBe('2024-12');
    expect(shiftMonth('2025-12', 1)).toBe('2026-01');
    expect(shiftMonth('2025-05', 0)).toBe('2025-05');
  });
});

describe('monthLabel', () => {
  it('names a month in Chinese', () => {
    expect(monthLabel('2025-03')).toBe('2025年3月');
  });
});
