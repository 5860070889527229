/** Standards (validation, history, completion) and attendance (clock rules, concurrency, views). */
import { chinaDayString, type AttendanceDay, type AttendanceMonth, type AttendanceToday, type PersonFigures, type StandardHistory, type Standards } from '@sales/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { effectiveStatus, isEarly, isLate } from '../../../src/plugins/app/attendance/attendance-repository.js';
import { targetFor } from '../../../src/db/performance-figures.js';
import { expectFailure, rows, useTestServer } from '../../helper.js';
import { loginAll, staffCall, type Role, type Session } from '../sales/support.js';

const server = useTestServer();
let as: Record<Role, Session>;
const month = chinaDayString(new Date()).slice(0, 7);

beforeAll(async () => {
  as = await loginAll(server.app);
});

describe('performance standards', () => {
  it('has seeded site defaults and personal targets for every month of the history: 24 back and this one', async () => {
    const [counts] = await rows<{ months: number; defaults: number }>(
      server.db,
      sql`select count(distinct month)::int as months, count(*) filter (where staff_id is null)::int as defaults from performance_standards where site_id = 101`,
    );
    expect(counts).toEqual({ months: 25, defaults: 25 });
    const response = await staffCall<Standards>(server.app, as.liNa, 'performance/standard', { siteId: 101, month });
    expect(response.status).toBe(200);
    expect(response.body.data.canEdit).toBe(true);
    expect(response.body.data.siteDefault.isSet).toBe(true);
    expect(response.body.data.members.some((row) => row.member?.id === as.zhangWei.id)).toBe(true);
  });

  it('validates amounts and counts with clear Chinese messages', async () => {
    const update = (body: object) =>
      staffCall(server.app, as.liNa, 'performance/standard/update', { siteId: 101, month, targetAmount: 1000, targetOrders: 10, targetNewCustomers: 2, ...body });
    expectFailure(await update({ targetAmount: 12.345 }), 400, '目标金额须为 0 到 10 亿元之间的金额，最多两位小数');
    expectFailure(await update({ targetAmount: -1 }), 400, '目标金额须为 0 到 10 亿元之间的金额，最多两位小数');
    expectFailure(await update({ targetAmount: 2_000_000_000 }), 400, '目标金额须为 0 到 10 亿元之间的金额，最多两位小数');
    expectFailure(await update({ targetOrders: 1.5 }), 400, '目标订单数须为 0 到 100 万之间的整数');
    expectFailure(await update({ targetNewCustomers: -3 }), 400, '目标新客户数须为 0 到 100 万之间的整数');
    expectFailure(await update({ month: '2025-13' }), 400, '月份格式不正确');
    // A leader is not a salesperson with a target; a member of another site does not exist here.
    expectFailure(await update({ staffId: as.liNa.id }), 404, '员工不存在');
    expectFailure(await update({ staffId: as.liuYang.id }), 404, '员工不存在');
  });

  it('records every change with who, when, old and new values, and completion follows the new target', async () => {
    const before = await staffCall<PersonFigures>(server.app, as.zhangWei, 'performance/person', { siteId: 101, period: 'month' });
    const previous = await targetFor(server.db, { siteId: 101, staffId: as.zhangWei.id, month });
    const update = await staffCall<Standards>(server.app, as.liNa, 'performance/standard/update', {
      siteId: 101,
      month,
      staffId: as.zhangWei.id,
      targetAmount: 123456.78,
      targetOrders: 40,
      targetNewCustomers: 5,
    });
    expect(update.status).toBe(200);
    const row = update.body.data.members.find((entry) => entry.staffId === as.zhangWei.id);
    expect(row).toMatchObject({ targetAmount: 123456.78, targetOrders: 40, targetNewCustomers: 5, isSet: true, updatedBy: { id: as.liNa.id } });
    expect(await targetFor(server.db, { siteId: 101, staffId: as.zhangWei.id, month })).toEqual({ targetAmountFen: 12345678, targetOrders: 40, targetNewCustomers: 5 });
    const after = await staffCall<PersonFigures>(server.app, as.zhangWei, 'performance/person', { siteId: 101, period: 'month' });
    expect(after.body.data.figures.target.targetAmount).toBe(123456.78);
    expect(after.body.data.figures.completion.amount).toBeCloseTo(after.body.data.figures.current.orderAmount / 123456.78, 6);
    expect(before.body.data.figures.target.targetAmount).toBe(previous.targetAmountFen / 100);

    // The same values again change nothing; the site default records a change of its own.
    await staffCall(server.app, as.liNa, 'performance/standard/update', { siteId: 101, month, staffId: as.zhangWei.id, targetAmount: 123456.78, targetOrders: 40, targetNewCustomers: 5 });
    await staffCall(server.app, as.wangQiang, 'performance/standard/update', { siteId: 101, month, targetAmount: 50000, targetOrders: 20, targetNewCustomers: 3 });
    const history = await staffCall<StandardHistory>(server.app, as.liNa, 'performance/standard/history', { siteId: 101, month });
    expect(history.status).toBe(200);
    expect(history.body.data.total).toBe(2);
    const [latest, first] = history.body.data.list;
    expect(latest).toMatchObject({ staffId: null, changedBy: { id: as.wangQiang.id, username: '王强' }, new: { targetAmount: 50000, targetOrders: 20, targetNewCustomers: 3 } });
    expect(latest?.old).not.toBeNull();
    expect(first).toMatchObject({ staffId: as.zhangWei.id, member: { id: as.zhangWei.id }, changedBy: { id: as.liNa.id } });
    // Old values: his own seeded row, or none when he was on the default.
    if (first?.old) expect(first.old.targetAmount).toBe(previous.targetAmountFen / 100);
    // Falls back to the site default for a person without a row, and to zeros without any.
    const other = await rows<{ id: number }>(
      server.db,
      sql`select s.id from staff s join positions p on p.staff_id = s.id and p.site_id = 101 and not p.is_leader
          where s.id <> ${as.zhangWei.id} and not exists (select 1 from performance_standards ps where ps.site_id = 101 and ps.month = ${month} and ps.staff_id = s.id) limit 1`,
    );
    if (other[0]) {
      expect(await targetFor(server.db, { siteId: 101, staffId: other[0].id, month })).toEqual({ targetAmountFen: 5_000_000, targetOrders: 20, targetNewCustomers: 3 });
    }
    expect(await targetFor(server.db, { siteId: 101, staffId: as.zhangWei.id, month: '1999-01' })).toEqual({ targetAmountFen: 0, targetOrders: 0, targetNewCustomers: 0 });
  });

  it('lets only leaders of the site edit; reportAllSites reads', async () => {
    const body = { siteId: 101, month, targetAmount: 1, targetOrders: 1, targetNewCustomers: 1 };
    expectFailure(await staffCall(server.app, as.zhangWei, 'performance/standard/update', body), 403, '只有本站点的主管可以修改业绩标准');
    expectFailure(await staffCall(server.app, as.liuYang, 'performance/standard/update', body), 403);
    expectFailure(await staffCall(server.app, as.chenJing, 'performance/standard/update', body), 403, '您不是该站点的成员');
    const read = await staffCall<Standards>(server.app, as.liuYang, 'performance/standard', { siteId: 101, month });
    expect(read.status).toBe(200);
    expect(read.body.data.canEdit).toBe(false);
    expectFailure(await staffCall(server.app, as.zhangWei, 'performance/standard', { siteId: 101, month }), 403);
  });
});

describe('attendance', () => {
  it('derives statuses from the working hours, China time', () => {
    expect(isLate(new Date('2025-05-14T09:00:59+08:00'))).toBe(false);
    expect(isLate(new Date('2025-05-14T09:01:00+08:00'))).toBe(true);
    expect(isEarly(new Date('2025-05-14T17:59:59+08:00'))).toBe(true);
    expect(isEarly(new Date('2025-05-14T18:00:00+08:00'))).toBe(false);
    const open = { day: '2025-05-14', status: 'normal' as const, clockInAt: new Date('2025-05-14T08:50:00+08:00'), clockOutAt: null };
    expect(effectiveStatus(open, '2025-05-14')).toBe('normal');
    expect(effectiveStatus(open, '2025-05-15')).toBe('missing');
    expect(effectiveStatus({ ...open, status: 'leave', clockInAt: null }, '2025-05-15')).toBe('leave');
  });

  it('has 60 days of seeded attendance with weekends off, every status, and today open', async () => {
    const today = chinaDayString(new Date());
    const [facts] = await rows<{ weekend: number; today: number; statuses: number; days: number }>(
      server.db,
      sql`select count(*) filter (where extract(isodow from day) in (6, 7))::int as weekend,
                 count(*) filter (where day = ${today}::date)::int as today,
                 count(distinct status)::int as statuses,
                 count(distinct day)::int as days
          from attendance`,
    );
    expect(facts).toMatchObject({ weekend: 0, today: 0, statuses: 5 });
    expect(facts?.days).toBeGreaterThanOrEqual(40);
  });

  it('clocks in once per day: concurrent clock-ins create one record, the second is refused', async () => {
    const clockIn = () => staffCall<AttendanceToday>(server.app, as.zhangWei, 'attendance/clock-in', { siteId: 101 });
    const before = await staffCall<AttendanceToday>(server.app, as.zhangWei, 'attendance/today', { siteId: 101 });
    expect(before.body.data).toMatchObject({ record: null, canClockIn: true, canClockOut: false, workHours: { start: '09:00', end: '18:00' } });
    expectFailure(await staffCall(server.app, as.zhangWei, 'attendance/clock-out', { siteId: 101 }), 409, '请先打上班卡');
    const results = await Promise.all([clockIn(), clockIn(), clockIn()]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409, 409]);
    const refused = results.find((result) => result.status === 409);
    expect(refused?.body.msg).toBe('今天已经打过上班卡了，不能重复打卡');
    const [count] = await rows<{ n: number }>(
      server.db,
      sql`select count(*)::int as n from attendance where staff_id = ${as.zhangWei.id} and site_id = 101 and day = ${chinaDayString(new Date())}::date`,
    );
    expect(count?.n).toBe(1);
    const out = await staffCall<AttendanceToday>(server.app, as.zhangWei, 'attendance/clock-out', { siteId: 101 });
    expect(out.status).toBe(200);
    expect(out.body.data.record?.clockOutAt).not.toBeNull();
    expect(out.body.data).toMatchObject({ canClockIn: false, canClockOut: false });
    expectFailure(await staffCall(server.app, as.zhangWei, 'attendance/clock-out', { siteId: 101 }), 409, '今天已经打过下班卡了');
    // 刘洋 reads every site's performance but is not a member of 101: no clocking there.
    expectFailure(await staffCall(server.app, as.liuYang, 'attendance/clock-in', { siteId: 101 }), 403, '您不是该站点的成员');
  });

  it('shows leaders the day with counts, and the month calendar', async () => {
    const today = chinaDayString(new Date());
    const day = await staffCall<AttendanceDay>(server.app, as.liNa, 'attendance/day', { siteId: 101, date: today });
    expect(day.status).toBe(200);
    const zhang = day.body.data.members.find((row) => row.member.id === as.zhangWei.id);
    expect(zhang?.record?.clockInAt).not.toBeNull();
    const counts = day.body.data.counts;
    expect(counts.normal + counts.late + counts.early + counts.missing + counts.leave + counts.none).toBe(day.body.data.members.length);
    expectFailure(await staffCall(server.app, as.zhangWei, 'attendance/day', { siteId: 101, date: today }), 403);

    const monthView = await staffCall<AttendanceMonth>(server.app, as.liNa, 'attendance/month', { siteId: 101, month });
    expect(monthView.status).toBe(200);
    const [stored] = await rows<{ n: number }>(
      server.db,
      sql`select count(*)::int as n from attendance where site_id = 101 and to_char(day, 'YYYY-MM') = ${month} and status = 'leave'`,
    );
    expect(monthView.body.data.counts.leave).toBe(stored?.n);
    const own = await staffCall<AttendanceMonth>(server.app, as.zhangWei, 'attendance/month', { siteId: 101, month });
    expect(own.body.data.staffId).toBe(as.zhangWei.id);
    expect(own.body.data.days.find((entry) => entry.date === today)?.record?.staffId).toBe(as.zhangWei.id);
    expectFailure(await staffCall(server.app, as.zhangWei, 'attendance/month', { siteId: 101, month, staffId: as.liNa.id }), 404, '员工不存在');
  });

  it('answers a month of a year long past with its empty days (the fuzz found "0651-12" answered 500)', async () => {
    for (const [month, days] of [
      ['0651-12', 31],
      ['0051-02', 28],
    ] as const) {
      const view = await staffCall<AttendanceMonth>(server.app, as.liNa, 'attendance/month', { siteId: 101, month, staffId: as.zhangWei.id });
      expect(view.status, month).toBe(200);
      expect(view.body.data.days, month).toHaveLength(days);
      expect(view.body.data.days[0]?.date, month).toBe(`${month}-01`);
      expect(view.body.data.days.every((entry) => entry.record === null), month).toBe(true);
    }
    // There is no year 0 in PostgreSQL's calendar (1 BC comes before 1 AD): refused, not a 500.
    const yearZero = await staffCall(server.app, as.liNa, 'attendance/month', { siteId: 101, month: '0000-02' });
    expect(yearZero.status).toBe(400);
    expect(yearZero.body.msg).toMatch(/[\u4e00-\u9fff]/);
    expectFailure(await staffCall(server.app, as.liNa, 'order/list', { siteId: 101, startDate: '0000-01-01' }), 400, '开始日期不是有效的日期');
  });
});
