import { formatMoney, type PacingSpan } from '@sales/contract';

/** How a span's pacing reads: 距目标还差 X元 · 剩余 N 天 日均需 Y元 · 预计月末 Z元, or 已完成目标. */
export interface PacingText {
  /** 已完成目标, or 距目标还差 X元. */
  headline: string;
  /** 剩余 N 天 日均需 Y元; null once reached. */
  daily: string | null;
  /** 预计月末 Z元 (季末 for a quarter). */
  projection: string;
}

export function pacingText(span: PacingSpan, end: '月末' | '季末'): PacingText {
  return {
    headline: span.reached ? '已完成目标' : `距目标还差 ${formatMoney(span.remainingAmount)}`,
    daily: span.reached ? null : `剩余 ${span.daysLeft} 天 日均需 ${formatMoney(span.dailyNeeded)}`,
    projection: `预计${end} ${formatMoney(span.projectedAmount)}`,
  };
}

/**
 * Why the quarter has no pace: its months without an amount target, 12月未设目标 (11月、12月未设目标).
 * A month without a target is not a target of 0, so the quarter is paced only once all three are set.
 */
export function quarterUnsetText(months: readonly string[]): string | null {
  if (months.length === 0) return null;
  return `${months.map((month) => `${Number(month.slice(5, 7))}月`).join('、')}未设目标`;
}
