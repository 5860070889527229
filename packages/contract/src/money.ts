import { groupNumber } from './number-format.js';

/** Formats an amount of yuan the zh-CN way with a 元 suffix: 12,345.6元; anything invalid shows 0元. */
export function formatMoney(value: unknown): string {
  const amount = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return '0元';
  return `${groupNumber(amount, 2)}元`;
}

/** Converts integer fen (as stored) to yuan (as sent). */
export function fenToYuan(fen: number): number {
  return Math.round(fen) / 100;
}

/** Converts yuan with up to two decimals to integer fen. */
export function yuanToFen(yuan: number): number {
  return Math.round(yuan * 100);
}
