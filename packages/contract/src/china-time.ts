/**
 * China Standard Time (UTC+8, no daylight saving): the calendar the sales team works in. Days,
 * weeks, months, quarters and years start at the same instants for the app and the server,
 * whatever time zone the phone or the server is set to.
 */
const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const pad = (value: number) => String(value).padStart(2, '0');
/** Years are written with four digits, as the YYYY-MM-DD and YYYY-MM texts of the API read them. */
const padYear = (year: number) => String(year).padStart(4, '0');

/**
 * Midnight UTC of a calendar day, for any year: Date.UTC reads years 0–99 as 1900–1999, so a
 * month such as "0051-12" would otherwise land in 1951. Month and day may run over, as in Date.UTC.
 */
export function utcDay(year: number, month: number, day: number): Date {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date;
}

/** The wall-clock fields of an instant in China time; month 1–12, weekday 0 = Sunday. */
export interface ChinaCalendar {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
}

export function chinaCalendar(date: Date): ChinaCalendar {
  const shifted = new Date(date.getTime() + CHINA_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
    weekday: shifted.getUTCDay(),
  };
}

/**
 * Midnight in China of a calendar day. Month and day may run over: month 0 is December of the
 * year before and day 0 the last day of the month before, which is how 上月 and 同比 are reached.
 */
export function chinaMidnight(year: number, month: number, day = 1): Date {
  return new Date(utcDay(year, month, day).getTime() - CHINA_OFFSET_MS);
}

/** The same instant some whole days later (earlier when negative); China has no daylight saving. */
export const addDays = (date: Date, days: number): Date => new Date(date.getTime() + days * DAY_MS);

/** Midnight in China of the day holding an instant. */
export function startOfChinaDay(date: Date): Date {
  return new Date(Math.floor((date.getTime() + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_OFFSET_MS);
}

/** Midnight in China of the Monday of the week holding an instant (weeks start on Monday). */
export function startOfChinaWeek(date: Date): Date {
  const sinceMonday = (chinaCalendar(date).weekday + 6) % 7;
  return addDays(startOfChinaDay(date), -sinceMonday);
}

/** Midnight in China of the first day of the month holding an instant. */
export function startOfChinaMonth(date: Date): Date {
  const { year, month } = chinaCalendar(date);
  return chinaMidnight(year, month);
}

/** Midnight in China of the first day of the quarter (Jan, Apr, Jul, Oct) holding an instant. */
export function startOfChinaQuarter(date: Date): Date {
  const { year, month } = chinaCalendar(date);
  return chinaMidnight(year, month - ((month - 1) % 3));
}

/** Midnight in China of 1 January of the year holding an instant. */
export function startOfChinaYear(date: Date): Date {
  return chinaMidnight(chinaCalendar(date).year, 1);
}

/** 2025-10-31: the China-time day of an instant, the API's day format. */
export function chinaDayString(date: Date): string {
  const f = chinaCalendar(date);
  return `${padYear(f.year)}-${pad(f.month)}-${pad(f.day)}`;
}

/** 20251031: the China-time day of an instant, for file names and order numbers. */
export function chinaDayKey(date: Date): string {
  const f = chinaCalendar(date);
  return `${padYear(f.year)}${pad(f.month)}${pad(f.day)}`;
}

/** 2025-10-31 14:05:09 in China time, as spreadsheets and people read it. */
export function formatChinaDateTime(date: Date): string {
  const f = chinaCalendar(date);
  return `${chinaDayString(date)} ${pad(f.hour)}:${pad(f.minute)}:${pad(f.second)}`;
}

/** Midnight in China of a YYYY-MM-DD day, or null when the text is not a real calendar day. */
export function parseChinaDay(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Year 0000 does not exist in the calendar PostgreSQL keeps: 1 BC comes right before 1 AD.
  if (year === 0) return null;
  const check = utcDay(year, month, day);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return chinaMidnight(year, month, day);
}

const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * Parses an ISO 8601 date or date-time. A time without an offset is China time, because that is
 * what the seller platform's people mean; returns null for anything that is not a real instant.
 */
export function parseChinaTimestamp(text: string): Date | null {
  const match = ISO_TIME.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00', frac = '', zone] = match;
  if (!parseChinaDay(`${y}-${mo}-${d}`)) return null;
  const hours = Number(h);
  const minutes = Number(mi);
  const seconds = Number(s);
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  const millis = frac ? Math.round(Number(`0.${frac}`) * 1000) : 0;
  let offsetMs = CHINA_OFFSET_MS;
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
  return new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), hours, minutes, seconds, millis) - offsetMs);
}
