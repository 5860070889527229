/**
 * Dates as the product shows them: zh-CN order, China Standard Time (UTC+8, no daylight
 * saving), whatever zone the phone is set to, so a day means the same to the app and the server.
 */
const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;

const pad = (value: number) => String(value).padStart(2, '0');

/** The calendar fields of an instant in China Standard Time. */
function chinaParts(value: Date) {
  const shifted = new Date(value.getTime() + CHINA_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    weekday: shifted.getUTCDay(),
  };
}

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'YYYY-MM-DD HH:mm', or '—' for a missing or invalid time. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return '—';
  const p = chinaParts(date);
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}`;
}

/** 'YYYY-MM-DD', or '—' for a missing or invalid time. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return '—';
  return chinaDay(date);
}

/** The China-time calendar day of an instant, 'YYYY-MM-DD' (the API's day format). */
export function chinaDay(value: Date): string {
  const p = chinaParts(value);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** Year, month (1–12), day and weekday (0 = Sunday) of an instant in China time. */
export function chinaCalendar(value: Date): { year: number; month: number; day: number; weekday: number } {
  const { year, month, day, weekday } = chinaParts(value);
  return { year, month, day, weekday };
}

/** The day a date picker chose, 'YYYY-MM-DD', read in the phone's own calendar. */
export function localDay(value: Date): string {
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}
