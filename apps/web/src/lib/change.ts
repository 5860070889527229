/**
 * Period-over-period changes (环比, 同比) as the product shows them: `↑12.5%` / `↓3.1%`. Red is
 * up and green is down, the Chinese market convention (SCREENS.md "Figures").
 */

export type ChangeDirection = 'up' | 'down' | 'flat' | 'none';

export interface Change {
  direction: ChangeDirection;
  /** '↑12.5%', '↓3.1%', '0%', or '—' when there is nothing to compare with. */
  text: string;
}

/** A percentage with at most one decimal, without a trailing '.0': 12.5, 3, 1234.6. */
export function percentNumber(fraction: number): string {
  const rounded = Math.round(fraction * 1000) / 10;
  return String(Object.is(rounded, -0) ? 0 : rounded);
}

/** How a change reads: arrow and percentage, or '—' with no base. */
export function describeChange(rate: number | null | undefined): Change {
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return { direction: 'none', text: '—' };
  const magnitude = percentNumber(Math.abs(rate));
  if (magnitude === '0') return { direction: 'flat', text: '0%' };
  return rate > 0 ? { direction: 'up', text: `↑${magnitude}%` } : { direction: 'down', text: `↓${magnitude}%` };
}

/** Completion of a target as a whole-percent-or-one-decimal text ('87.5%'), '—' without a target. */
export function formatCompletion(rate: number | null | undefined): string {
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return '—';
  return `${percentNumber(rate)}%`;
}

/** How a completion bar looks: what CompletionBarView draws (a painted page fills it from an answer, app/prerender). */
export interface CompletionLook {
  className: string;
  /** 0–100: the bar's fill. */
  percent: number;
  fillColor: string;
  text: string;
}

export function completionLook(rate: number | null | undefined): CompletionLook {
  const known = rate !== null && rate !== undefined && Number.isFinite(rate);
  const done = known && rate >= 1;
  return {
    className: done ? 'completion completion--done' : 'completion',
    percent: known ? Math.max(0, Math.min(100, rate * 100)) : 0,
    fillColor: done ? '#cf1322' : 'var(--adm-color-primary)',
    text: known ? formatCompletion(rate) : '未设标准',
  };
}
