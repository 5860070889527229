import { addDays, startOfChinaDay } from '@sales/contract';
/** The most a follow-up's text may hold (FollowUpCreateBody). */
export const FOLLOW_UP_MAX_LENGTH = 500;
/** The most photos one follow-up may carry. */
export const FOLLOW_UP_MAX_IMAGES = 9;

/** The inline message for a follow-up's content, or null when it is fine. */
export function followUpContentError(content: string | undefined): string | null {
  const text = (content ?? '').trim();
  if (!text) return '请填写跟进内容';
  if (text.length > FOLLOW_UP_MAX_LENGTH) return `跟进内容不能超过 ${FOLLOW_UP_MAX_LENGTH} 字`;
  return null;
}

/** The next-contact picker offers times in steps of this many minutes. */
export const NEXT_CONTACT_STEP_MINUTES = 30;
/** Its earliest choice is at least this far ahead, so it is still ahead when the form is saved. */
const NEXT_CONTACT_LEAD_MS = 15 * 60_000;
const STEP_MS = NEXT_CONTACT_STEP_MINUTES * 60_000;
const DAY_MS = 24 * 60 * 60_000;
/** The server takes a next contact up to a year ahead (366 days from the start of today). */
const NEXT_CONTACT_DAYS_AHEAD = 365;

/**
 * The inline message for the next contact time, or null when it is fine: the server's own rule
 * (from today, China time, to a year ahead), so a time the picker offered is never refused — even
 * one that has just passed while the form stayed open.
 */
export function nextContactError(value: Date | null | undefined, now: Date = new Date()): string | null {
  if (!value) return null;
  const today = startOfChinaDay(now);
  if (value.getTime() < today.getTime()) return '下次联系时间不能早于今天';
  if (value.getTime() > addDays(today, NEXT_CONTACT_DAYS_AHEAD + 1).getTime()) return '下次联系时间不能超过一年';
  return null;
}

/**
 * The earliest choice of the picker: the first whole or half hour (China time) at least 15 minutes
 * from now — 10:10 offers 10:30, 10:20 offers 11:00 — then every half hour of today and later.
 */
export function earliestNextContact(now: Date = new Date()): Date {
  // China is a whole number of hours ahead of UTC: its half hours are those of the epoch.
  return new Date(Math.ceil((now.getTime() + NEXT_CONTACT_LEAD_MS) / STEP_MS) * STEP_MS);
}

/** The latest choice: the last half hour of the day a year ahead that the server still takes. */
export function latestNextContact(now: Date = new Date()): Date {
  return new Date(addDays(startOfChinaDay(now), NEXT_CONTACT_DAYS_AHEAD).getTime() + DAY_MS - STEP_MS);
}

/** Where the next-contact picker starts: tomorrow at 10:00, China time. */
export function suggestedNextContact(now: Date = new Date()): Date {
  return new Date(addDays(startOfChinaDay(now), 1).getTime() + 10 * 60 * 60_000);
}
