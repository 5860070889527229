/**
 * A clock tapped without a network and sent later from the phone's outbox (issue 19 §1, issue 25
 * §4) counts at the tap — placed on the server's clock at its arrival minus the time the phone
 * measured between tap and send, so a phone clock set wrong changes nothing — with its arrival kept
 * for the leaders when it came late; one tapped too long ago is refused and writes nothing.
 */
import { chinaDayString, CLOCK_DELAY_MAX_HOURS, CLOCK_SENT_AT_HEADER, type AttendanceDay, type AttendanceToday } from '@sales/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { clockMoment } from '../../../src/plugins/app/attendance/attendance-repository.js';
import { randomUUID } from 'node:crypto';
import { call, expectFailure, rows, useTestServer } from '../../helper.js';
import { loginAll, staffCall, type Role, type Session } from '../sales/support.js';

const server = useTestServer();
let as: Record<Role, Session>;

beforeAll(async () => {
  as = await loginAll(server.app);
});

/** The member's attendance rows at 华东一部 for one China day (the demo has earlier days). */
async function clockRows(staffId: number, day = chinaDayString(new Date())) {
  return rows<{ clock_in_at: Date | string; clock_in_received_at: Date | string | null; clock_out_at: Date | string | null; clock_out_received_at: Date | string | null }>(
    server.db,
    sql`select clock_in_at, clock_in_received_at, clock_out_at, clock_out_received_at from attendance where staff_id = ${staffId} and site_id = 101 and day = ${day}`,
  );
}
const ms = (value: Date | string | null | undefined) => (value === null || value === undefined ? null : new Date(value).getTime());

/** A phone whose clock is `offsetMs` off: what it writes for a tap and a send at these real instants. */
const phone = (offsetMs: number, tap: Date, send: Date) => ({ tappedAt: new Date(tap.getTime() + offsetMs).toISOString(), sentAt: new Date(send.getTime() + offsetMs).toISOString() });
const HOUR = 3_600_000;

describe('when a clock counts', () => {
  const now = new Date('2026-11-24T01:30:00Z');
  it('at the server time without a tap time, or without the phone’s send time (its clock is not trusted alone)', () => {
    expect(clockMoment(undefined, undefined, now)).toEqual({ at: now, receivedAt: null });
    expect(clockMoment(new Date(now.getTime() - 40 * 60_000).toISOString(), undefined, now)).toEqual({ at: now, receivedAt: null });
    expect(clockMoment(new Date(now.getTime() + HOUR).toISOString(), undefined, now)).toEqual({ at: now, receivedAt: null });
  });

  it('at the arrival minus the time the phone measured, whatever its clock says', () => {
    for (const offset of [0, 3 * HOUR, -3 * HOUR, 26 * HOUR]) {
      const { tappedAt, sentAt } = phone(offset, new Date(now.getTime() - 70_000), new Date(now.getTime() - 1_000));
      // Sent 69 s after the tap, arrived a second later: counted 70 s ago, no separate arrival shown.
      expect(clockMoment(tappedAt, sentAt, now)).toEqual({ at: new Date(now.getTime() - 69_000), receivedAt: null });
      const late = phone(offset, new Date(now.getTime() - 40 * 60_000), now);
      expect(clockMoment(late.tappedAt, late.sentAt, now)).toEqual({ at: new Date(now.getTime() - 40 * 60_000), receivedAt: now });
    }
  });

  it('refused past the limit, when the phone’s clock went back between tap and send, or unreadable', () => {
    const old = phone(3 * HOUR, new Date(now.getTime() - (CLOCK_DELAY_MAX_HOURS * HOUR + 1000)), now);
    expect(() => clockMoment(old.tappedAt, old.sentAt, now)).toThrow(/不能补打/);
    expect(() => clockMoment(now.toISOString(), new Date(now.getTime() - 1000).toISOString(), now)).toThrow(/手机时间在打卡后被调整过/);
    expect(() => clockMoment('yesterday', now.toISOString(), now)).toThrow('打卡时间格式不正确');
    expect(() => clockMoment(now.toISOString(), 'soon', now)).toThrow('发送时间格式不正确');
  });
});

describe('a tap at 08:59:30 that reaches the server at 09:00:40', () => {
  // A day no demo record covers; the server's "now" is given to the repository.
  const tap = new Date('2027-03-02T00:59:30Z');
  const arrival = new Date('2027-03-02T01:00:40Z');
  const send = new Date(arrival.getTime() - 2_000);
  it('is on time with the phone’s clock three hours ahead, and its 18:30 clock-out three hours behind is not 早退', async () => {
    const scope = { userId: as.zhangWei.id, siteId: 101, siteName: '华东一部', isLeader: false, isMember: true, reportAllSites: false, hasSitesBelow: false };
    const clockedIn = await server.app.attendance.clockIn(scope, { siteId: 101, ...phone(3 * HOUR, tap, send) }, undefined, arrival);
    expect(clockedIn.record?.status).toBe('normal');
    expect(clockedIn.record?.clockInAt).toBe(new Date(tap.getTime() + 2_000).toISOString());
    expect(clockedIn.record?.clockInReceivedAt).toBeNull();

    const outTap = new Date('2027-03-02T10:30:00Z');
    const outArrival = new Date(outTap.getTime() + 5 * 60_000);
    const clockedOut = await server.app.attendance.clockOut(scope, { siteId: 101, ...phone(-3 * HOUR, outTap, outArrival) }, undefined, outArrival);
    expect(clockedOut.record?.status).toBe('normal');
    expect(clockedOut.record?.clockOutAt).toBe(outTap.toISOString());
    expect(clockedOut.record?.clockOutReceivedAt).toBe(outArrival.toISOString());
  });
});

describe('every status that applies (issue 25 §11)', () => {
  it('a day clocked in late and out early is 迟到 and 早退 on the card, the day view and the calendar; a late day never clocked out is 迟到 and 缺卡', async () => {
    const scope = { userId: as.zhangWei.id, siteId: 101, siteName: '华东一部', isLeader: false, isMember: true, reportAllSites: false, hasSitesBelow: false };
    const leader = { ...scope, userId: as.liNa.id, isLeader: true };
    const date = '2027-03-03';
    const inAt = new Date('2027-03-03T01:10:00Z'); // 09:10
    const outAt = new Date('2027-03-03T09:00:00Z'); // 17:00
    await server.app.attendance.clockIn(scope, { siteId: 101 }, undefined, inAt);
    const out = await server.app.attendance.clockOut(scope, { siteId: 101 }, undefined, outAt);
    expect(out.record?.status).toBe('late');
    expect(out.record?.statuses).toEqual(['late', 'early']);

    const day = await server.app.attendance.day(leader, date, outAt);
    expect(day.members.find((entry) => entry.member.id === scope.userId)?.record?.statuses).toEqual(['late', 'early']);
    // The counts count each person once, by the main status.
    expect(day.counts.late).toBe(1);
    expect(day.counts.early).toBe(0);

    const month = await server.app.attendance.month(scope, '2027-03', undefined, outAt);
    expect(month.days.find((entry) => entry.date === date)?.record?.statuses).toEqual(['late', 'early']);

    const nextDay = new Date('2027-03-04T01:20:00Z');
    await server.app.attendance.clockIn(scope, { siteId: 101 }, undefined, nextDay);
    const later = await server.app.attendance.month(scope, '2027-03', undefined, new Date('2027-03-05T01:00:00Z'));
    expect(later.days.find((entry) => entry.date === '2027-03-04')?.record).toMatchObject({ status: 'missing', statuses: ['late', 'missing'] });
    const onTime = await server.app.attendance.today(scope, new Date('2027-03-04T02:00:00Z'));
    expect(onTime.record?.statuses).toEqual(['late']);
  });
});

describe('clocking from the outbox', () => {
  const clockCall = <T>(session: Session, path: string, body: object, sentAt?: string, key?: string) =>
    call<T>(server.app, 'POST', `/seller/fenghe/staff/${path}`, {
      token: session.token,
      body,
      headers: { ...(sentAt === undefined ? {} : { [CLOCK_SENT_AT_HEADER]: sentAt }), ...(key === undefined ? {} : { 'Idempotency-Key': key }) },
    });

  it('an old tap is refused and writes nothing; a late one counts at the tap on the server’s clock and the leader sees its arrival', async () => {
    const staffId = as.zhangWei.id;
    // The phone's clock is three hours behind.
    const offset = -3 * HOUR;
    const tooOld = phone(offset, new Date(Date.now() - (CLOCK_DELAY_MAX_HOURS + 1) * HOUR), new Date());
    const thatDay = await clockRows(staffId, chinaDayString(new Date(Date.now() - (CLOCK_DELAY_MAX_HOURS + 1) * HOUR)));
    expectFailure(await clockCall(as.zhangWei, 'attendance/clock-in', { siteId: 101, tappedAt: tooOld.tappedAt }, tooOld.sentAt), 400, /不能补打/);
    expectFailure(await clockCall(as.zhangWei, 'attendance/clock-in', { siteId: 101, tappedAt: 'now' }, tooOld.sentAt), 400, '打卡时间格式不正确');
    expectFailure(await clockCall(as.zhangWei, 'attendance/clock-in', { siteId: 101, tappedAt: tooOld.sentAt }, 'later'), 400, '发送时间格式不正确');
    expect(await clockRows(staffId)).toEqual([]);
    expect(await clockRows(staffId, chinaDayString(new Date(Date.now() - (CLOCK_DELAY_MAX_HOURS + 1) * HOUR)))).toEqual(thatDay);

    const tapped = new Date(Date.now() - 10 * 60_000);
    const key = randomUUID();
    const body = { siteId: 101, tappedAt: phone(offset, tapped, tapped).tappedAt };
    const before = Date.now();
    // The first attempt's answer was lost; the retry has the same body and key, and a later send time.
    const clockedIn = await clockCall<AttendanceToday>(as.zhangWei, 'attendance/clock-in', body, phone(offset, tapped, new Date()).sentAt, key);
    const after = Date.now();
    expect(clockedIn.status).toBe(200);
    const retried = await clockCall<AttendanceToday>(as.zhangWei, 'attendance/clock-in', body, phone(offset, tapped, new Date(Date.now() + 60_000)).sentAt, key);
    expect(retried.status).toBe(200);
    expect(retried.body.data.record?.clockInAt).toBe(clockedIn.body.data.record?.clockInAt);

    const [row] = await clockRows(staffId, chinaDayString(tapped));
    // Placed at the arrival minus the phone's ten minutes (its wrong clock plays no part).
    expect(ms(row?.clock_in_at)).toBeGreaterThanOrEqual(tapped.getTime() - 1_000);
    expect(ms(row?.clock_in_at)).toBeLessThanOrEqual(tapped.getTime() + (after - before) + 1_000);
    expect(ms(row?.clock_in_received_at)).toBeGreaterThan(tapped.getTime() + 9 * 60_000);

    const day = await staffCall<AttendanceDay>(server.app, as.liNa, 'attendance/day', { siteId: 101, date: clockedIn.body.data.date });
    const mine = day.body.data.members.find((entry) => entry.member.id === staffId);
    expect(mine?.record?.clockInAt).toBe(new Date(ms(row?.clock_in_at) ?? 0).toISOString());
    expect(mine?.record?.clockInReceivedAt).not.toBeNull();

    // A prompt clock-out counts at the server's time and has no separate arrival.
    const now = new Date();
    const clockedOut = await clockCall<AttendanceToday>(as.zhangWei, 'attendance/clock-out', { siteId: 101, tappedAt: phone(offset, now, now).tappedAt }, phone(offset, now, now).sentAt);
    expect(clockedOut.status).toBe(200);
    const [afterOut] = await clockRows(staffId, chinaDayString(tapped));
    expect(afterOut?.clock_out_at).not.toBeNull();
    expect(afterOut?.clock_out_received_at).toBeNull();
  });
});
