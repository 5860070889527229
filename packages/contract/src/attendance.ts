/**
 * Attendance (issue 7): clocking in and out, and a site's day and month, under
 * /seller/fenghe/staff/attendance/. Days are China-time 'YYYY-MM-DD'; timestamps ISO 8601.
 */
import Type from 'typebox';
import { Day, Id, Month, Nullable, SiteId, Timestamp } from './primitives.js';
import { MemberRef } from './performance.js';
import { CheckIn, GeoFix } from './field-work.js';
import { FOLLOW_UP_TYPES } from './sales-domain.js';

// Attendance

export const ATTENDANCE_STATUSES = ['normal', 'late', 'early', 'missing', 'leave'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
export const ATTENDANCE_STATUS_LABELS: Record<AttendanceStatus, string> = {
  normal: '正常',
  late: '迟到',
  early: '早退',
  missing: '缺卡',
  leave: '请假',
};

/** A clock placed more than this before its arrival (sent from the outbox) shows its arrival too (离线打卡…送达). */
export const CLOCK_DELAY_TOLERANCE_MS = 2 * 60 * 1000;
/** A clock tapped longer ago than this is refused (a day's attendance is not made up the next day). */
export const CLOCK_DELAY_MAX_HOURS = 12;

/**
 * The phone's time when it sends a clock (ISO 8601), set on each attempt — a header, so that the
 * body of every retry under one Idempotency-Key stays the same. With `tappedAt` it gives the time
 * the phone measured between the tap and the send, whatever its clock says.
 */
export const CLOCK_SENT_AT_HEADER = 'Sent-At';

/** The site's working hours (China time): clock in by 09:00, out from 18:00. */
export const WORK_HOURS = { start: '09:00', end: '18:00' } as const;

export const AttendanceRecord = Type.Object({
  id: Type.Integer(),
  staffId: Type.Integer(),
  date: Day,
  clockInAt: Nullable(Timestamp),
  clockOutAt: Nullable(Timestamp),
  /**
   * Derived from the working hours: leave, else missing (a clock absent once the day is over),
   * else late, else early, else normal. While the day runs an open record is normal or late.
   */
  status: Type.Enum(ATTENDANCE_STATUSES),
  /**
   * Every status that applies, in the order of ATTENDANCE_STATUSES: 迟到 and 早退 both when the
   * person came late and left early (缺卡 beside 迟到 when a late day was never clocked out);
   * [请假] or [正常] alone. `status` is the one the counts use.
   */
  statuses: Type.Array(Type.Enum(ATTENDANCE_STATUSES)),
  late: Type.Boolean(),
  early: Type.Boolean(),
  /** Where the phone was at clock-in and clock-out, when the person allowed it. */
  clockInPosition: Nullable(GeoFix),
  clockOutPosition: Nullable(GeoFix),
  /** A clock tapped without a network and sent later from the phone's outbox: when it reached the server. */
  clockInReceivedAt: Nullable(Timestamp),
  clockOutReceivedAt: Nullable(Timestamp),
});
export type AttendanceRecord = Type.Static<typeof AttendanceRecord>;

export const AttendanceClockBody = Type.Object({ siteId: SiteId });
/** Clock-in and clock-out, with the phone's position when the person allows it. */
export const AttendanceClockWriteBody = Type.Object({
  siteId: SiteId,
  position: Type.Optional(GeoFix),
  /**
   * When the person tapped (the phone's clock, ISO 8601). With the CLOCK_SENT_AT_HEADER of the
   * attempt, the clock counts at the server's arrival time minus (sent − tapped): the phone's clock
   * may be wrong, only the time it measured is used. A negative or longer than CLOCK_DELAY_MAX_HOURS
   * interval is refused; without the header the clock counts at its arrival.
   */
  tappedAt: Type.Optional(Type.String({ maxLength: 40 })),
});
export type AttendanceClockWriteBody = Type.Static<typeof AttendanceClockWriteBody>;
export type AttendanceClockBody = Type.Static<typeof AttendanceClockBody>;

/** The caller's record of today at the site (null before clocking in) and what they may do. */
export const AttendanceToday = Type.Object({
  date: Day,
  serverTime: Timestamp,
  workHours: Type.Object({ start: Type.String(), end: Type.String() }),
  record: Nullable(AttendanceRecord),
  canClockIn: Type.Boolean(),
  canClockOut: Type.Boolean(),
});
export type AttendanceToday = Type.Static<typeof AttendanceToday>;

export const AttendanceCounts = Type.Object({
  normal: Type.Integer(),
  late: Type.Integer(),
  early: Type.Integer(),
  missing: Type.Integer(),
  leave: Type.Integer(),
  /** Members with no record that day (not yet clocked in today; absent on a past working day). */
  none: Type.Integer(),
});
export type AttendanceCounts = Type.Static<typeof AttendanceCounts>;

/** A leader's day view of the site. */
export const AttendanceDayBody = Type.Object({ siteId: SiteId, date: Day });
export type AttendanceDayBody = Type.Static<typeof AttendanceDayBody>;

export const AttendanceDay = Type.Object({
  date: Day,
  counts: AttendanceCounts,
  members: Type.Array(Type.Object({ member: MemberRef, record: Nullable(AttendanceRecord) })),
});
export type AttendanceDay = Type.Static<typeof AttendanceDay>;

/** A month calendar: the site's counts per day (leaders), or one member's days (staffId; a salesperson: themself). */
export const AttendanceMonthBody = Type.Object({ siteId: SiteId, month: Month, staffId: Type.Optional(Id) });
export type AttendanceMonthBody = Type.Static<typeof AttendanceMonthBody>;

export const AttendanceMonth = Type.Object({
  month: Month,
  staffId: Nullable(Type.Integer()),
  /** Totals of the month. */
  counts: AttendanceCounts,
  days: Type.Array(
    Type.Object({
      date: Day,
      counts: AttendanceCounts,
      /** The member's record that day when staffId is given. */
      record: Nullable(AttendanceRecord),
    }),
  ),
});
export type AttendanceMonth = Type.Static<typeof AttendanceMonth>;

/** 团队考勤 → 拜访: each member's check-ins of one day at the site (leaders). */
export const AttendanceVisitsBody = Type.Object({ siteId: SiteId, date: Day });
export type AttendanceVisitsBody = Type.Static<typeof AttendanceVisitsBody>;

/** A check-in with its follow-up: what the leader opens from a 拜访 row (content, photos, check-in). */
export const Visit = Type.Object({
  followUpId: Type.Integer(),
  customer: Type.Object({ id: Type.Integer(), name: Type.String() }),
  type: Type.Enum(FOLLOW_UP_TYPES),
  content: Type.String(),
  images: Type.Array(Type.String()),
  checkIn: CheckIn,
});
export type Visit = Type.Static<typeof Visit>;

export const AttendanceVisits = Type.Object({
  date: Day,
  deviationMeters: Type.Integer(),
  /** Check-ins of the day, and how many of them are 位置偏离. */
  total: Type.Integer(),
  deviated: Type.Integer(),
  members: Type.Array(Type.Object({ member: MemberRef, visits: Type.Array(Visit) })),
});
export type AttendanceVisits = Type.Static<typeof AttendanceVisits>;
