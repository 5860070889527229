import { describe, expect, it } from 'vitest';
import { changeRate, describeChange, formatCompletion } from './change';

describe('changeRate', () => {
  it('is the relative change from the previous figure', () => {
    expect(changeRate(112.5, 100)).toBeCloseTo(0.125);
    expect(changeRate(90, 100)).toBeCloseTo(-0.1);
    expect(changeRate(0, 40)).toBe(-1);
  });

  it('has no value without a base: missing or zero previous figure', () => {
    expect(changeRate(10, 0)).toBeNull();
    expect(changeRate(10, null)).toBeNull();
    expect(changeRate(null, 10)).toBeNull();
    expect(changeRate(Number.NaN, 10)).toBeNull();
  });

  it('measures against the size of a negative base (refunds can make a period negative)', () => {
    expect(changeRate(50, -100)).toBeCloseTo(1.5);
  });
});

describe('describeChange', () => {
  it('shows growth with ↑ and decline with ↓, one decimal at most', () => {
    expect(describeChange(0.125)).toEqual({ direction: 'up', text: '↑12.5%' });
    expect(describeChange(-0.031)).toEqual({ direction: 'down', text: '↓3.1%' });
    expect(describeChange(0.5)).toEqual({ direction: 'up', text: '↑50%' });
    expect(describeChange(12.3456)).toEqual({ direction: 'up', text: '↑1234.6%' });
  });

  it('shows no arrow for no change, also when it rounds to nothing', () => {
    expect(describeChange(0)).toEqual({ direction: 'flat', text: '0%' });
    expect(describeChange(-0.0001)).toEqual({ direction: 'flat', text: '0%' });
  });

  it('shows a dash when there is nothing to compare with', () => {
    expect(describeChange(null)).toEqual({ direction: 'none', text: '—' });
    expect(describeChange(Number.POSITIVE_INFINITY)).toEqual({ direction: 'none', text: '—' });
  });
});

describe('formatCompletion', () => {
  it('shows a rate as a percentage, or a dash without a target', () => {
    expect(formatCompletion(0.875)).toBe('87.5%');
    expect(formatCompletion(1.3)).toBe('130%');
    expect(formatCompletion(0)).toBe('0%');
    expect(formatCompletion(null)).toBe('—');
  });
});
