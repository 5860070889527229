import { ATTENDANCE_STATUS_LABELS, chinaCalendar, type AttendanceCounts, type AttendanceStatus } from '@sales/contract';
import type { CalendarDay, DayTone } from './components/attendance-calendar';

export const STATUS_TONES: Record<AttendanceStatus, DayTone> = {
  normal: 'normal',
  late: 'warn',
  early: 'warn',
  missing: 'bad',
  leave: 'leave',
};

/** The counts shown on a day or month, in the order of SCREENS.md, then 未打卡. */
export const COUNT_KEYS = ['normal', 'late', 'early', 'missing', 'leave', 'none'] as const satisfies readonly (keyof AttendanceCounts)[];

export const COUNT_LABELS: Record<(typeof COUNT_KEYS)[number], string> = { ...ATTENDANCE_STATUS_LABELS, none: '未打卡' };

/** The colour of a day with these statuses: the worst of them (缺卡 over 迟到/早退 over the rest). */
const TONE_ORDER: readonly DayTone[] = ['bad', 'warn', 'leave', 'normal'];

/**
 * One member's day on the calendar: every status that applies (迟到早退 when both) in the colour of
 * the worst, or 未打卡 on a past working day without a record — the day the month's 未打卡 counts
 * (`none`), so the calendar and the total agree.
 */
export function personDay(statuses: readonly AttendanceStatus[] | null | undefined, unclocked = false): CalendarDay | undefined {
  if (statuses && statuses.length > 0) {
    const labels = statuses.map((status) => ATTENDANCE_STATUS_LABELS[status]);
    const tone = TONE_ORDER.find((candidate) => statuses.some((status) => STATUS_TONES[status] === candidate)) ?? 'normal';
    return { tone, mark: labels.join(''), description: labels.join('，') };
  }
  return unclocked ? { tone: 'bad', mark: COUNT_LABELS.none, description: COUNT_LABELS.none } : undefined;
}

/**
 * A site's day on the calendar: red when someone missed a clock, amber when someone was late or
 * left early, green when all went well; the mark counts the irregular records.
 */
export function siteDay(counts: AttendanceCounts): CalendarDay | undefined {
  const present = counts.normal + counts.late + counts.early + counts.missing + counts.leave;
  if (present === 0) return undefined;
  const irregular = counts.late + counts.early + counts.missing;
  const description = COUNT_KEYS.filter((key) => counts[key] > 0)
    .map((key) => `${COUNT_LABELS[key]}${counts[key]}人`)
    .join('，');
  if (counts.missing > 0) return { tone: 'bad', mark: `异常${irregular}`, description };
  if (irregular > 0) return { tone: 'warn', mark: `异常${irregular}`, description };
  return { tone: 'normal', mark: '正常', description };
}

/** A clock-out now would be 早退: China time is before the end of the working day ('18:00'). */
export function leavesEarly(now: Date, end: string): boolean {
  const [hours = 0, minutes = 0] = end.split(':').map(Number);
  const { hour, minute } = chinaCalendar(now);
  return hour * 60 + minute < hours * 60 + minutes;
}
