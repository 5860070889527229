/**
 * A clock tapped without a network and sent later from the phone's outbox (issue 19 §1) counts at
 * the tap, with its arrival kept for the leaders; a prompt one, or a phone clock ahead of the
 * server, counts at the server's time; one tapped too long ago is refused and writes nothing.
 */
import { chinaDayString, CLOCK_DELAY_MAX_HOURS, type AttendanceDay, type AttendanceToday } from '@sales/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { clockMoment } from '../../../src/plugins/app/attendance/attendance-repository.js';
import { expectFailure, rows, useTestServer } from '../../helper.js';
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

describe('when a clock counts', () => {
  const now = new Date('2026-11-24T01:30:00Z');
  it('at the server time without a tap time, within two minutes of it, or with the phone ahead', () => {
    expect(clockMoment(undefined, now)).toEqual({ at: now, receivedAt: null });
    expect(clockMoment(new Date(now.getTime() - 119_000).toISOString(), now)).toEqual({ at: now, receivedAt: null });
    expect(clockMoment(new Date(now.getTime() + 3_600_000).toISOString(), now)).toEqual({ at: now, receivedAt: null });
  });

  it('at the tap, with the arrival, when it came later; refused past the limit or unreadable', () => {
    const tapped = new Date(now.getTime() - 40 * 60_000);
    expect(clockMoment(tapped.toISOString(), now)).toEqual({ at: tapped, receivedAt: now });
    expect(() => clockMoment(new Date(now.getTime() - (CLOCK_DELAY_MAX_HOURS * 3600_000 + 1000)).toISOString(), now)).toThrow(/不能补打/);
    expect(() => clockMoment('yesterday', now)).toThrow('打卡时间格式不正确');
  });
});

describe('clocking from the outbox', () => {
  it('an old tap is refused and writes nothing; a late one counts at the tap and the leader sees its arrival', async () => {
    const staffId = as.zhangWei.id;
    const tooOld = new Date(Date.now() - (CLOCK_DELAY_MAX_HOURS + 1) * 3600_000).toISOString();
    const thatDay = await clockRows(staffId, chinaDayString(new Date(tooOld)));
    expectFailure(await staffCall(server.app, as.zhangWei, 'attendance/clock-in', { siteId: 101, tappedAt: tooOld }), 400, /不能补打/);
    expectFailure(await staffCall(server.app, as.zhangWei, 'attendance/clock-in', { siteId: 101, tappedAt: 'now' }), 400, '打卡时间格式不正确');
    expect(await clockRows(staffId)).toEqual([]);
    expect(await clockRows(staffId, chinaDayString(new Date(tooOld)))).toEqual(thatDay);

    const tapped = new Date(Date.now() - 10 * 60_000);
    const clockedIn = await staffCall<AttendanceToday>(server.app, as.zhangWei, 'attendance/clock-in', { siteId: 101, tappedAt: tapped.toISOString() });
    expect(clockedIn.status).toBe(200);
    const [row] = await clockRows(staffId, chinaDayString(tapped));
    expect(ms(row?.clock_in_at)).toBe(tapped.getTime());
    expect(ms(row?.clock_in_received_at)).toBeGreaterThan(tapped.getTime() + 9 * 60_000);

    const day = await staffCall<AttendanceDay>(server.app, as.liNa, 'attendance/day', { siteId: 101, date: clockedIn.body.data.date });
    const mine = day.body.data.members.find((entry) => entry.member.id === staffId);
    if (clockedIn.body.data.record) {
      expect(mine?.record?.clockInAt).toBe(tapped.toISOString());
      expect(mine?.record?.clockInReceivedAt).not.toBeNull();
    }

    // A prompt clock-out counts at the server's time and has no separate arrival.
    const clockedOut = await staffCall<AttendanceToday>(server.app, as.zhangWei, 'attendance/clock-out', { siteId: 101, tappedAt: new Date().toISOString() });
    expect(clockedOut.status).toBe(200);
    const [after] = await clockRows(staffId, chinaDayString(tapped));
    expect(after?.clock_out_at).not.toBeNull();
    expect(after?.clock_out_received_at).toBeNull();
  });
});
