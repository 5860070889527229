/**
 * Dates as the product shows them: zh-CN order, China Standard Time (UTC+8, no daylight
 * saving), whatever zone the phone is set to, so a day means the same to the app and the server.
 */
import { chinaCalendar, chinaDayString, chinaMidnight, formatChinaDateTime, groupNumber } from '@sales/contract';

const pad = (value: number) => String(value).padStart(2, '0');

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'YYYY-MM-DD HH:mm', or '—' for a missing or invalid time. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  // The contract's 'YYYY-MM-DD HH:mm:ss' without the seconds.
  return date ? formatChinaDateTime(date).slice(0, 16) : '—';
}

/** 'YYYY-MM-DD', or '—' for a missing or invalid time. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? chinaDayString(date) : '—';
}

/** The day a date picker chose, 'YYYY-MM-DD', read in the phone's own calendar. */
export function localDay(value: Date): string {
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

/**
 * A picker's wheels read and write the phone's own calendar; the app's times are China time. The
 * date whose phone-calendar fields are the China wall time of an instant (what the wheels show)…
 */
export function pickerDateOf(instant: Date): Date {
  const f = chinaCalendar(instant);
  return new Date(f.year, f.month - 1, f.day, f.hour, f.minute, 0, 0);
}

/** …and the instant a picked date means: its fields read as China time. */
export function instantOfPicked(picked: Date): Date {
  const midnight = chinaMidnight(picked.getFullYear(), picked.getMonth() + 1, picked.getDate());
  return new Date(midnight.getTime() + (picked.getHours() * 60 + picked.getMinutes()) * 60_000);
}

/** A short number for chart axes: 8,500 · 1.2万 · 3.4亿 (at most one decimal). */
export function formatCompactNumber(value: number): string {
  if (!Number.isFinite(value)) return '0';
  const abs = Math.abs(value);
  const short = (scaled: number) => String(Math.round(scaled * 10) / 10);
  if (abs >= 1e8) return `${short(value / 1e8)}亿`;
  if (abs >= 1e4) return `${short(value / 1e4)}万`;
  return groupNumber(Math.round(value * 10) / 10, 3);
}
