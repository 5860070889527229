/**
 * China Standard Time (UTC+8, no daylight saving): the calendar the sales team works in. Days,
 * months and the times written into CSV files follow it whatever the server's time zone is.
 */
const OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The wall-clock fields of an instant in China time. */
function fields(date: Date) {
  const shifted = new Date(date.getTime() + OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  };
}

/** Midnight in China of the day holding an instant. */
export function startOfChinaDay(date: Date): Date {
  return new Date(Math.floor((date.getTime() + OFFSET_MS) / DAY_MS) * DAY_MS - OFFSET_MS);
}

/** Midnight in China of the first day of the month holding an instant. */
export function startOfChinaMonth(date: Date): Date {
  const { year, month } = fields(date);
  return new Date(Date.UTC(year, month - 1, 1) - OFFSET_MS);
}

/** Midnight in China of a YYYY-MM-DD day, or null when the text is not a real calendar day. */
export function chinaDayStart(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = Date.UTC(year, month - 1, date);
  const check = new Date(utc);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) return null;
  return new Date(utc - OFFSET_MS);
}

export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

/** 2025-10-31 14:05:09 in China time, as spreadsheets and people read it. */
export function formatChinaDateTime(date: Date): string {
  const f = fields(date);
  return `${f.year}-${pad(f.month)}-${pad(f.day)} ${pad(f.hour)}:${pad(f.minute)}:${pad(f.second)}`;
}

/** 20251031: the China-time day of an instant, for file names and order numbers. */
export function chinaDayKey(date: Date): string {
  const f = fields(date);
  return `${f.year}${pad(f.month)}${pad(f.day)}`;
}

const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * Parses an ISO 8601 date or date-time. A time without an offset is China time, because that is
 * what the seller platform's people mean; returns null for anything that is not a real instant.
 */
export function parseTimestamp(text: string): Date | null {
  const match = ISO_TIME.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00', frac = '', zone] = match;
  const day = chinaDayStart(`${y}-${mo}-${d}`);
  if (!day) return null;
  const hours = Number(h);
  const minutes = Number(mi);
  const seconds = Number(s);
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  const millis = frac ? Math.round(Number(`0.${frac}`) * 1000) : 0;
  let offsetMs = OFFSET_MS;
  if (zone && zone.toUpperCase() !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const zoneHours = Number(digits.slice(0, 2));
    const zoneMinutes = Number(digits.slice(2, 4));
    if (zoneHours > 14 || zoneMinutes > 59) return null;
    offsetMs = sign * (zoneHours * 60 + zoneMinutes) * 60 * 1000;
  } else if (zone) {
    offsetMs = 0;
  }
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), hours, minutes, seconds, millis) - offsetMs;
  return new Date(utc);
}
