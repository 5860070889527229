/**
 * The span of the demo history and how business is spread over it: 25 months (from the 1st of the
 * month two years before the current one), growing about 18 % a year, with the same seasons every
 * year (stocking up before the Spring Festival, a quiet February, busier autumn and December) and
 * quieter weekends. A month's 同比 is therefore the growth with a little noise of its own, never a
 * comparison with an empty year.
 */
import { chinaCalendar, chinaMidnight, startOfChinaDay } from '@sales/contract';
import { SeededRandom } from '../lib/random.js';

export const HOUR_MS = 60 * 60 * 1000;
export const MINUTE_MS = 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

/** Whole months before the current one that the history covers (so 25 months with the current). */
export const HISTORY_MONTHS_BACK = 24;
/** Yearly growth of the business: this year's month ≈ 1.18 × the same month a year ago. */
const YEARLY_GROWTH = 1.18;
/** January … December, the same every year. */
const SEASON = [1.15, 0.8, 0.95, 0.95, 1, 1.05, 0.95, 0.95, 1.05, 1, 1.05, 1.1];
/** Sunday … Saturday. */
const WEEKDAY = [0.75, 1.05, 1.05, 1.05, 1.05, 1.05, 0.85];
/** Orders and new customers arrive between 08:00 and 22:00 China time. */
export const OPEN_MINUTE = 8 * 60;
export const CLOSE_MINUTE = 22 * 60;

/** Midnight in China of the first day of the history. */
export function historyStart(now: Date): Date {
  const { year, month } = chinaCalendar(now);
  return chinaMidnight(year, month - HISTORY_MONTHS_BACK, 1);
}

/** A float in [0, 1), the same for the same month on every start (a month's own ups and downs). */
function monthNoise(year: number, month: number): number {
  return new SeededRandom(year * 100 + month).next();
}

export function weightedPick<T>(random: SeededRandom, entries: readonly (readonly [T, number])[]): T {
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random.next() * total;
  for (const [value, weight] of entries) {
    roll -= weight;
    if (roll < 0) return value;
  }
  const last = entries[entries.length - 1];
  if (!last) throw new Error('pick from an empty list');
  return last[0];
}

export const randomTime = (random: SeededRandom, from: number, to: number) => new Date(from + Math.floor(random.next() * Math.max(0, to - from)));

/** Index of the first entry of an ascending list greater than a value (binary search). */
export function firstAbove(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((sorted[mid] ?? Infinity) > value) high = mid;
    else low = mid + 1;
  }
  return low;
}

/**
 * Picks moments of business over [from, now]: a day by its weight (growth × season × weekday × the
 * month's noise; today only for the hours already gone), then a minute within opening hours.
 */
export class BusinessCalendar {
  private readonly days: number[] = [];
  private readonly cumulative: number[] = [];
  private readonly nowMs: number;
  private readonly today: number;

  constructor(from: Date, now: Date) {
    this.nowMs = now.getTime();
    this.today = startOfChinaDay(now).getTime();
    const nowMinute = Math.floor((this.nowMs - this.today) / MINUTE_MS);
    let sum = 0;
    for (let day = startOfChinaDay(from).getTime(); day <= this.today; day += DAY_MS) {
      const { year, month, weekday } = chinaCalendar(new Date(day));
      const yearsAgo = (this.today - day) / (365.25 * DAY_MS);
      let weight = YEARLY_GROWTH ** -yearsAgo * (SEASON[month - 1] ?? 1) * (WEEKDAY[weekday] ?? 1) * (0.92 + 0.16 * monthNoise(year, month));
      if (day === this.today) weight *= Math.min(1, Math.max(0, (nowMinute - OPEN_MINUTE) / (CLOSE_MINUTE - OPEN_MINUTE)));
      if (weight <= 0) continue;
      sum += weight;
      this.days.push(day);
      this.cumulative.push(sum);
    }
  }

  /** A moment of business in the span, never after now. */
  pick(random: SeededRandom): Date {
    const total = this.cumulative[this.cumulative.length - 1] ?? 0;
    const day = total > 0 ? (this.days[Math.min(this.days.length - 1, firstAbove(this.cumulative, random.next() * total))] ?? this.today) : this.today;
    const close = day === this.today ? Math.min(CLOSE_MINUTE, Math.floor((this.nowMs - day) / MINUTE_MS)) : CLOSE_MINUTE;
    const minute = close > OPEN_MINUTE ? random.int(OPEN_MINUTE, close - 1) : random.int(0, Math.max(0, close - 1));
    const at = day + minute * MINUTE_MS + random.int(0, 59) * 1000;
    return new Date(Math.min(at, this.nowMs - 1000));
  }
}
