/**
 * Dates as the product shows them: zh-CN order, China Standard Time (UTC+8, no daylight
 * saving), whatever zone the phone is set to, so a day means the same to the app and the server.
 */
import { chinaDayString, formatChinaDateTime } from '@sales/contract';

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
