import { ATTENDANCE_STATUS_LABELS, type AttendanceCounts, type AttendanceStatus } from '@sales/contract';
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

/**
 * One member's day on the calendar: the status's colour and name, or 未打卡 on a past working day
 * without a record — the day the month's 未打卡 counts (`none`), so the calendar and the total agree.
 */
export function personDay(status: AttendanceStatus | null | undefined, unclocked = false): CalendarDay | undefined {
  if (status) return { tone: STATUS_TONES[status], mark: ATTENDANCE_STATUS_LABELS[status], description: ATTENDANCE_STATUS_LABELS[status] };
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
