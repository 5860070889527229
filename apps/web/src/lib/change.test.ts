// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { describeChange, formatCompletion } from './change';

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
