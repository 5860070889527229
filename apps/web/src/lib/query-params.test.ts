// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseId } from './query-params';

describe('parseId', () => {
  it('accepts positive integers', () => {
    expect(parseId('12')).toBe(12);
    expect(parseId(' 7 ')).toBe(7);
  });

  it('rejects missing, zero, negative, fractional, padded and oversized ids', () => {
    for (const raw of [null, undefined, '', '0', '-3', '1.5', '012', 'abc', '12abc', '1e3', '99999999999999999']) {
      expect(parseId(raw), String(raw)).toBeNull();
    }
  });
});
