/** Idempotency-Key on 上下班打卡 and on 提交周报/半月报 (issue 19). */
import { periodAt, type AttendanceToday, type ReportDetail } from '@sales/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, useTestServer } from '../../helper.js';
import { loginAll, scalar, STAFF_API, type Role, type Session } from '../sales/support.js';
import { expectBadKey, expectBodyChanged, expire, keyedCall, keysOf, newKey } from './support.js';

const server = useTestServer();
let as: Record<Role, Session>;

beforeAll(async () => {
  as = await loginAll(server.app);
});

const clock = (session: Session, kind: 'in' | 'out', key?: string, position?: { latitude: number; longitude: number; accuracy: number }) =>
  keyedCall<AttendanceToday>(server.app, session, `${STAFF_API}/attendance/clock-${kind}`, { siteId: 101, ...(position ? { position } : {}) }, key);
const attendanceRows = (session: Session) => scalar(server.db, sql`select count(*) as value from attendance where staff_id = ${session.id} and day = (now() at time zone 'Asia/Shanghai')::date`);

describe('Idempotency-Key on attendance/clock-in and clock-out', () => {
  it('a repeated clock-in returns the first answer (not 已打卡) and keeps one record; a changed body is a 409', async () => {
    const key = newKey();
    const first = await clock(as.zhangWei, 'in', key);
    expect(first.status).toBe(200);
    const again = await clock(as.zhangWei, 'in', key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await attendanceRows(as.zhangWei)).toBe(1);
    expectBodyChanged(await clock(as.zhangWei, 'in', key, { latitude: 31.23, longitude: 121.47, accuracy: 20 }));
    // The same key on clock-out is another request.
    expectBodyChanged(await clock(as.zhangWei, 'out', key));
    expect(await attendanceRows(as.zhangWei)).toBe(1);

    const out = newKey();
    const clockedOut = await clock(as.zhangWei, 'out', out);
    expect(clockedOut.status).toBe(200);
    expect((await clock(as.zhangWei, 'out', out)).body).toEqual(clockedOut.body);
  });

  it('two concurrent clock-ins with one key write once and both succeed', async () => {
    const key = newKey();
    const answers = await Promise.all([clock(as.liNa, 'in', key), clock(as.liNa, 'in', key), clock(as.liNa, 'in', key)]);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body.data.record?.clockInAt).toBe(answers[0]?.body.data.record?.clockInAt);
    }
    expect(await attendanceRows(as.liNa)).toBe(1);
  });

  it('a refused clock-out (not clocked in) leaves the key free; a bad key is a 400', async () => {
    const key = newKey();
    const before = await keysOf(server.db, as.wangQiang.id);
    expect((await clock(as.wangQiang, 'out', key)).status).toBe(409);
    expect(await keysOf(server.db, as.wangQiang.id)).toBe(before);
    expectBadKey(await clock(as.wangQiang, 'in', 'x'.repeat(36)));
    expect(await attendanceRows(as.wangQiang)).toBe(0);
    // The key the refused call used is free: the clock-in may take it.
    expect((await clock(as.wangQiang, 'in', key)).status).toBe(200);
  });
});

type Api = 'weekly' | 'halfmonth';
const report = (session: Session, api: Api, periodStart: string, summary: string, key?: string) =>
  keyedCall<ReportDetail>(server.app, session, `/seller/${api}/staff/create`, { siteId: 101, periodStart, summary, plan: '下周拜访五家新客户。' }, key);
const reportsOf = (session: Session, periodStart: string) => scalar(server.db, sql`select count(*) as value from reports where staff_id = ${session.id} and kind = 'weekly' and period_start = ${periodStart}`);

describe('Idempotency-Key on weekly and half-month report create', () => {
  const weekKey = newKey();
  const week = () => periodAt('weekly', new Date()).start;

  it('a repeat returns the first report (not 已提交); a changed body is a 409; the key on the half-month create is a 409', async () => {
    const first = await report(as.zhangWei, 'weekly', week(), '本周拜访十家客户。', weekKey);
    expect(first.status).toBe(200);
    const again = await report(as.zhangWei, 'weekly', week(), '本周拜访十家客户。', weekKey);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(again.body).toEqual(first.body);
    expectBodyChanged(await report(as.zhangWei, 'weekly', week(), '改过的总结。', weekKey));
    expectBodyChanged(await report(as.zhangWei, 'halfmonth', periodAt('halfMonth', new Date()).start, '本周拜访十家客户。', weekKey));
    expect(await reportsOf(as.zhangWei, week())).toBe(1);
    expectBadKey(await report(as.zhangWei, 'weekly', week(), '本周拜访十家客户。', `${weekKey}0`));
  });

  it('two concurrent submits with one key write one report', async () => {
    const period = periodAt('halfMonth', new Date()).start;
    const key = newKey();
    const answers = await Promise.all([1, 2, 3].map(() => report(as.zhangWei, 'halfmonth', period, '半月总结。', key)));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body.data.id).toBe(answers[0]?.body.data.id);
    }
    expect(await scalar(server.db, sql`select count(*) as value from reports where staff_id = ${as.zhangWei.id} and kind = 'halfMonth' and period_start = ${period}`)).toBe(1);
  });

  it('an expired key submits again: refused by the one-per-period rule (已提交), not replayed', async () => {
    await expire(server.db, as.zhangWei.id, weekKey);
    expectFailure(await report(as.zhangWei, 'weekly', week(), '本周拜访十家客户。', weekKey), 409, /已提交/);
    expect(await reportsOf(as.zhangWei, week())).toBe(1);
  });
});
