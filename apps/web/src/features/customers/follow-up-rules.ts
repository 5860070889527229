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

/** The inline message for the next contact time, or null when it is fine (empty, or later than now). */
export function nextContactError(value: Date | null | undefined, now: Date = new Date()): string | null {
  if (!value) return null;
  return value.getTime() > now.getTime() ? null : '下次联系时间需晚于现在';
}

/** Where the next-contact picker starts: tomorrow at 10:00 on the phone's clock. */
export function suggestedNextContact(now: Date = new Date()): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 10, 0, 0, 0);
}
