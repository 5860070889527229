/**
 * Attendance: 上班打卡 / 下班打卡 for the caller at the current site (server time, one record per
 * staff, site and China-time day) and the leaders' day and month views. Working hours are
 * WORK_HOURS of the contract; 缺卡 of a finished day is derived when read.
 */
import {
  ATTENDANCE_STATUSES,
  CLOCK_DELAY_MAX_HOURS,
  CLOCK_DELAY_TOLERANCE_MS,
  parseChinaTimestamp,
  type AttendanceClockWriteBody,
  type GeoFix,
  chinaCalendar,
  chinaDayString,
  eachDay,
  parseChinaDay,
  shiftDay,
  WORK_HOURS,
  type AttendanceCounts,
  type AttendanceDay,
  type AttendanceMonth,
  type AttendanceRecord,
  type AttendanceStatus,
  type AttendanceToday,
} from '@sales/contract';
import { and, asc, eq, gte, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { attendance } from '../../../db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../../../lib/errors.js';
import { memberRef } from '../performance/performance-views.js';
import { siteMembers } from '../members/site-members.js';
import { canClock, canSeeAttendanceOf, canSeeSiteAttendance, LEADERS_ONLY, NOT_A_MEMBER, STAFF_NOT_FOUND, type SalesScope } from '../sales/sales-authorization.js';

type Row = typeof attendance.$inferSelect;

const minutesOf = (text: string) => {
  const [hours, minutes] = text.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};
const START = minutesOf(WORK_HOURS.start);
const END = minutesOf(WORK_HOURS.end);

/** Minutes since China midnight of an instant. */
const minuteOfDay = (date: Date) => {
  const { hour, minute } = chinaCalendar(date);
  return hour * 60 + minute;
};

/** Late: clocked in after the start minute (09:00:59 is still on time). */
export const isLate = (clockInAt: Date) => minuteOfDay(clockInAt) > START;
/** Early: clocked out before the end of the day's hours. */
export const isEarly = (clockOutAt: Date) => minuteOfDay(clockOutAt) < END;

/** What the clock times say, as stored when a clock is written. */
function statusOfTimes(clockInAt: Date | null, clockOutAt: Date | null): AttendanceStatus {
  if (clockInAt && isLate(clockInAt)) return 'late';
  if (clockOutAt && isEarly(clockOutAt)) return 'early';
  return 'normal';
}

/** The status shown: leave; a past day missing a clock is 缺卡; otherwise late, early or normal. */
export function effectiveStatus(row: Pick<Row, 'day' | 'status' | 'clockInAt' | 'clockOutAt'>, today: string): AttendanceStatus {
  if (row.status === 'leave') return 'leave';
  if (row.day < today && (!row.clockInAt || !row.clockOutAt)) return 'missing';
  if (row.status === 'missing' && (!row.clockInAt || !row.clockOutAt)) return 'missing';
  return statusOfTimes(row.clockInAt, row.clockOutAt);
}

/** Every status that applies to a day (迟到 and 早退 both, 缺卡 beside 迟到), or its one status. */
export function statusesOf(row: Pick<Row, 'day' | 'status' | 'clockInAt' | 'clockOutAt'>, today: string): AttendanceStatus[] {
  const main = effectiveStatus(row, today);
  if (main === 'leave') return ['leave'];
  const applies: Record<AttendanceStatus, boolean> = {
    normal: false,
    late: Boolean(row.clockInAt && isLate(row.clockInAt)),
    early: Boolean(row.clockOutAt && isEarly(row.clockOutAt)),
    missing: main === 'missing',
    leave: false,
  };
  const statuses = ATTENDANCE_STATUSES.filter((status) => applies[status]);
  return statuses.length > 0 ? statuses : [main];
}

export function toRecord(row: Row, today: string): AttendanceRecord {
  return {
    id: row.id,
    staffId: row.staffId,
    date: row.day,
    clockInAt: row.clockInAt?.toISOString() ?? null,
    clockOutAt: row.clockOutAt?.toISOString() ?? null,
    status: effectiveStatus(row, today),
    statuses: statusesOf(row, today),
    late: row.clockInAt ? isLate(row.clockInAt) : false,
    early: row.clockOutAt ? isEarly(row.clockOutAt) : false,
    clockInPosition: fixOf(row.clockInLatitude, row.clockInLongitude, row.clockInAccuracy),
    clockOutPosition: fixOf(row.clockOutLatitude, row.clockOutLongitude, row.clockOutAccuracy),
    clockInReceivedAt: row.clockInReceivedAt?.toISOString() ?? null,
    clockOutReceivedAt: row.clockOutReceivedAt?.toISOString() ?? null,
  };
}

/** A clock as written: the body, and the phone's time of this attempt (CLOCK_SENT_AT_HEADER) when it gave one. */
export type ClockWrite = AttendanceClockWriteBody & { sentAt?: string };

/**
 * When a clock counts, without trusting the phone's clock: the phone says when it tapped and when
 * it sent (both on its own clock, so a clock set wrong cancels out), and the tap is placed at the
 * server's arrival time minus that interval. Placed more than CLOCK_DELAY_TOLERANCE_MS before its
 * arrival (sent from the phone's outbox), the arrival is kept for the leaders. A negative interval
 * (the phone's clock changed meanwhile) or one over CLOCK_DELAY_MAX_HOURS is refused; without both
 * times the clock counts at its arrival.
 */
export function clockMoment(tappedAt: string | undefined, sentAt: string | undefined, now: Date): { at: Date; receivedAt: Date | null } {
  if (tappedAt === undefined) return { at: now, receivedAt: null };
  const tapped = parseChinaTimestamp(tappedAt);
  if (!tapped) throw badRequest('打卡时间格式不正确');
  if (sentAt === undefined) return { at: now, receivedAt: null };
  const sent = parseChinaTimestamp(sentAt);
  if (!sent) throw badRequest('发送时间格式不正确');
  const elapsed = sent.getTime() - tapped.getTime();
  if (elapsed < 0) throw badRequest('手机时间在打卡后被调整过，无法确定打卡时间，请删除后重新打卡');
  if (elapsed > CLOCK_DELAY_MAX_HOURS * 3600_000) throw badRequest(`打卡已超过${CLOCK_DELAY_MAX_HOURS}小时才送达，不能补打，请联系主管`);
  const at = new Date(now.getTime() - elapsed);
  return { at, receivedAt: elapsed > CLOCK_DELAY_TOLERANCE_MS ? now : null };
}

function fixOf(latitude: number | null, longitude: number | null, accuracy: number | null): GeoFix | null {
  return latitude !== null && longitude !== null && accuracy !== null ? { latitude, longitude, accuracy } : null;
}

const emptyCounts = (): AttendanceCounts => ({ normal: 0, late: 0, early: 0, missing: 0, leave: 0, none: 0 });

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export class AttendanceRepository {
  constructor(private readonly db: Db) {}

  private async own(scope: SalesScope, day: string, db: Db = this.db): Promise<Row | undefined> {
    const [row] = await db
      .select()
      .from(attendance)
      .where(and(eq(attendance.staffId, scope.userId), eq(attendance.siteId, scope.siteId), eq(attendance.day, day)));
    return row;
  }

  async today(scope: SalesScope, now = new Date(), db: Db = this.db): Promise<AttendanceToday> {
    if (!canClock(scope)) throw forbidden(NOT_A_MEMBER);
    const day = chinaDayString(now);
    const row = await this.own(scope, day, db);
    return {
      date: day,
      serverTime: now.toISOString(),
      workHours: { start: WORK_HOURS.start, end: WORK_HOURS.end },
      record: row ? toRecord(row, day) : null,
      canClockIn: !row,
      canClockOut: Boolean(row && row.status !== 'leave' && row.clockInAt && !row.clockOutAt),
    };
  }

  /**
   * 上班打卡: creates today's record; a second one (also at the same instant) is refused with 409.
   * `db` is the transaction of the call's Idempotency-Key when it has one.
   */
  async clockIn(scope: SalesScope, body: ClockWrite, db: Db = this.db, now = new Date()): Promise<AttendanceToday> {
    if (!canClock(scope)) throw forbidden(NOT_A_MEMBER);
    const { at, receivedAt } = clockMoment(body.tappedAt, body.sentAt, now);
    const day = chinaDayString(at);
    // The unique (staff, site, day) index decides between concurrent requests: one insert wins.
    const created = await db
      .insert(attendance)
      .values({
        staffId: scope.userId,
        siteId: scope.siteId,
        day,
        clockInAt: at,
        clockInReceivedAt: receivedAt,
        status: statusOfTimes(at, null),
        // The phone's position, only when the person allowed it (validated by the body's schema).
        clockInLatitude: body.position?.latitude ?? null,
        clockInLongitude: body.position?.longitude ?? null,
        clockInAccuracy: body.position?.accuracy ?? null,
      })
      .onConflictDoNothing({ target: [attendance.staffId, attendance.siteId, attendance.day] })
      .returning({ id: attendance.id });
    if (created.length === 0) {
      const existing = await this.own(scope, day, db);
      if (existing?.status === 'leave') throw conflict('今天您已请假，无需打卡');
      throw conflict('今天已经打过上班卡了，不能重复打卡');
    }
    return this.today(scope, now, db);
  }

  /** 下班打卡: once, after clocking in today. */
  async clockOut(scope: SalesScope, body: ClockWrite, db: Db = this.db, now = new Date()): Promise<AttendanceToday> {
    if (!canClock(scope)) throw forbidden(NOT_A_MEMBER);
    const { at, receivedAt } = clockMoment(body.tappedAt, body.sentAt, now);
    const day = chinaDayString(at);
    const existing = await this.own(scope, day, db);
    if (!existing || !existing.clockInAt) throw conflict('请先打上班卡');
    if (existing.status === 'leave') throw conflict('今天您已请假，无需打卡');
    const updated = await db
      .update(attendance)
      .set({
        clockOutAt: at,
        clockOutReceivedAt: receivedAt,
        status: statusOfTimes(existing.clockInAt, at),
        updatedAt: now,
        clockOutLatitude: body.position?.latitude ?? null,
        clockOutLongitude: body.position?.longitude ?? null,
        clockOutAccuracy: body.position?.accuracy ?? null,
      })
      .where(and(eq(attendance.id, existing.id), isNull(attendance.clockOutAt), isNotNull(attendance.clockInAt)))
      .returning({ id: attendance.id });
    if (updated.length === 0) throw conflict('今天已经打过下班卡了');
    return this.today(scope, now, db);
  }

  async day(scope: SalesScope, date: string, now = new Date()): Promise<AttendanceDay> {
    if (!canSeeSiteAttendance(scope)) throw forbidden(LEADERS_ONLY);
    if (!parseChinaDay(date)) throw badRequest('日期不正确');
    const today = chinaDayString(now);
    const [members, rows] = await Promise.all([
      siteMembers(this.db, scope.siteId, undefined, undefined, date),
      this.db.select().from(attendance).where(and(eq(attendance.siteId, scope.siteId), eq(attendance.day, date))),
    ]);
    const byStaff = new Map(rows.map((row) => [row.staffId, row]));
    const counts = emptyCounts();
    const list = members.map((member) => {
      const row = byStaff.get(member.id);
      const record = row ? toRecord(row, today) : null;
      counts[record ? record.status : 'none'] += 1;
      return { member: memberRef(member), record };
    });
    return { date, counts, members: list };
  }

  async month(scope: SalesScope, month: string, staffId: number | undefined, now = new Date()): Promise<AttendanceMonth> {
    const match = MONTH.exec(month);
    if (!match) throw badRequest('月份格式不正确');
    // A salesperson sees their own month; leaders the site's, or one member's.
    const person = staffId ?? (canSeeSiteAttendance(scope) ? null : scope.userId);
    const first = `${month}-01`;
    if (person !== null) {
      if (!canSeeAttendanceOf(scope, person)) throw notFound(STAFF_NOT_FOUND);
      const [member] = await siteMembers(this.db, scope.siteId, [person], undefined, first);
      if (!member) throw notFound(STAFF_NOT_FOUND);
    }
    const today = chinaDayString(now);
    const last = shiftDay(`${shiftDay(`${month}-28`, 4).slice(0, 7)}-01`, -1);
    const days = eachDay({ startDate: first, endDate: last });
    const conditions = [eq(attendance.siteId, scope.siteId), gte(attendance.day, first), lte(attendance.day, last)];
    if (person !== null) conditions.push(eq(attendance.staffId, person));
    const [rows, members] = await Promise.all([
      this.db.select().from(attendance).where(and(...conditions)).orderBy(asc(attendance.day)),
      person === null ? siteMembers(this.db, scope.siteId, undefined, undefined, first) : Promise.resolve([]),
    ]);
    const headcount = person === null ? members.length : 1;
    const byDay = new Map<string, Row[]>();
    for (const row of rows) byDay.set(row.day, [...(byDay.get(row.day) ?? []), row]);
    const total = emptyCounts();
    const list = days.map((date) => {
      const counts = emptyCounts();
      const dayRows = byDay.get(date) ?? [];
      for (const row of dayRows) counts[effectiveStatus(row, today)] += 1;
      // Days still ahead have no 未打卡 yet; weekends are days off.
      const weekday = chinaCalendar(parseChinaDay(date) ?? now).weekday;
      const working = date <= today && weekday !== 0 && weekday !== 6;
      counts.none = working ? Math.max(0, headcount - dayRows.length) : 0;
      for (const status of [...ATTENDANCE_STATUSES, 'none'] as const) total[status] += counts[status];
      const own = person !== null ? dayRows[0] : undefined;
      return { date, counts, record: own ? toRecord(own, today) : null };
    });
    return { month, staffId: person, counts: total, days: list };
  }
}
