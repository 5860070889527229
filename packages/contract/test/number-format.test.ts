import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupNumber } from '../src/number-format.js';

const formats = [0, 1, 2, 3].map((digits) => new Intl.NumberFormat('zh-CN', { maximumFractionDigits: digits }));
const intl = (value: number, digits: number) => (formats[digits] ?? formats[0])?.format(value);

describe('groupNumber', () => {
  it('writes what Intl.NumberFormat zh-CN writes, for any number and 0–3 decimals', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer({ min: 0, max: 3 }), (value, digits) => {
        expect(groupNumber(value, digits)).toBe(intl(value, digits));
      }),
      { numRuns: 20_000 },
    );
  });

  it('agrees with Intl on amounts as the app meets them: fen over 100, yuan with a few decimals, counts', () => {
    const amounts = fc.oneof(
      fc.integer({ min: -1e12, max: 1e12 }).map((fen) => fen / 100),
      fc.integer({ min: -1e9, max: 1e9 }).map((tenths) => tenths / 10),
      fc.integer({ min: -1e15, max: 1e15 }),
      fc.tuple(fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 0, max: 999 })).map(([whole, thousandths]) => whole + thousandths / 1000 + 0.0005),
    );
    fc.assert(
      fc.property(amounts, fc.integer({ min: 0, max: 3 }), (value, digits) => {
        expect(groupNumber(value, digits)).toBe(intl(value, digits));
      }),
      { numRuns: 20_000 },
    );
  });

  it('rounds half away from zero on the shortest decimal form, as Intl does', () => {
    expect(groupNumber(1.005, 2)).toBe('1.01');
    expect(groupNumber(2.675, 2)).toBe('2.68');
    expect(groupNumber(999.995, 2)).toBe('1,000');
    expect(groupNumber(-0.005, 2)).toBe('-0.01');
    expect(groupNumber(0.125, 2)).toBe('0.13');
    expect(groupNumber(1234.5678, 3)).toBe('1,234.568');
  });

  it('groups by thousands and drops trailing zeros', () => {
    expect(groupNumber(1234567.891, 2)).toBe('1,234,567.89');
    expect(groupNumber(0.1 + 0.2, 2)).toBe('0.3');
    expect(groupNumber(12.5, 2)).toBe('12.5');
    expect(groupNumber(100, 2)).toBe('100');
    expect(groupNumber(123456, 0)).toBe('123,456');
  });

  it('keeps the sign of negative numbers, -0 and what rounds to 0 included', () => {
    expect(groupNumber(-1234.5, 2)).toBe('-1,234.5');
    expect(groupNumber(-0, 2)).toBe('-0');
    expect(groupNumber(-0.001, 2)).toBe('-0');
    expect(groupNumber(0.001, 2)).toBe('0');
  });

  it('leaves numbers JavaScript writes with an exponent to Intl', () => {
    expect(groupNumber(1e21, 2)).toBe('1,000,000,000,000,000,000,000');
    expect(groupNumber(1e-7, 2)).toBe('0');
    expect(groupNumber(-1e-7, 2)).toBe('-0');
  });
});
