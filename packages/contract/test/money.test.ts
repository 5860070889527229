import { describe, expect, it } from 'vitest';
import { fenToYuan, formatMoney, yuanToFen } from '../src/money.js';

describe('formatMoney', () => {
  it('groups yuan the zh-CN way with a 元 suffix', () => {
    expect(formatMoney(12345.6)).toBe('12,345.6元');
    expect(formatMoney(1234567)).toBe('1,234,567元');
    expect(formatMoney(999)).toBe('999元');
    expect(formatMoney(0)).toBe('0元');
    expect(formatMoney(-1234.5)).toBe('-1,234.5元');
  });

  it('shows at most two decimals and hides floating-point noise', () => {
    expect(formatMoney(1234567.891)).toBe('1,234,567.89元');
    expect(formatMoney(0.1 + 0.2)).toBe('0.3元');
    expect(formatMoney(12.999)).toBe('13元');
    expect(formatMoney(12.5)).toBe('12.5元');
  });

  it('formats numeric strings like numbers', () => {
    expect(formatMoney('12345.6')).toBe('12,345.6元');
    expect(formatMoney(' 88.80 ')).toBe('88.8元');
    expect(formatMoney('0')).toBe('0元');
  });

  it('shows 0元 for anything that is not a finite number', () => {
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, undefined, null, 'abc', '', '   ', '12元', {}, [], true]) {
      expect(formatMoney(value), `formatMoney(${String(value)})`).toBe('0元');
    }
  });
});

describe('fenToYuan and yuanToFen', () => {
  it('converts stored fen to yuan', () => {
    expect(fenToYuan(1234567)).toBe(12345.67);
    expect(fenToYuan(1)).toBe(0.01);
    expect(fenToYuan(0)).toBe(0);
    expect(fenToYuan(100)).toBe(1);
  });

  it('converts yuan with two decimals to whole fen despite floating-point error', () => {
    expect(yuanToFen(19.99)).toBe(1999);
    expect(yuanToFen(0.1 + 0.2)).toBe(30);
    expect(yuanToFen(12345.67)).toBe(1234567);
    expect(yuanToFen(0.07)).toBe(7);
    expect(Number.isInteger(yuanToFen(1.1))).toBe(true);
  });

  it('round-trips every fen amount exactly', () => {
    const wrong: number[] = [];
    for (let fen = 0; fen <= 200_000; fen += 1) {
      if (yuanToFen(fenToYuan(fen)) !== fen) wrong.push(fen);
    }
    expect(wrong).toEqual([]);
  });

  it('formats a converted amount the way the user sees it', () => {
    expect(formatMoney(fenToYuan(1234560))).toBe('12,345.6元');
  });
});
