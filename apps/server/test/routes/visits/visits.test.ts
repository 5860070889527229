/** 拜访签到 (issue 19 §2): check-in on a 拜访 follow-up, customer positions, the leaders' 拜访 view, clock-in positions. */
import { chinaDayString, CUSTOMER_OUT_OF_REACH, type AttendanceToday, type AttendanceVisits, type CustomerDetail, type CustomerPositionResult, type FollowUp, type FollowUpPage } from '@sales/contract';
import { desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../src/db/schema.js';
import { FollowUpsRepository } from '../../../src/plugins/app/customers/follow-ups-repository.js';
import { resolveSalesScope } from '../../../src/plugins/app/sales/sales-authorization.js';
import { at, call, expectFailure, multipartBody, PNG_1X1, rows, useTestServer } from '../../helper.js';
import { customersWhere, loginAll, scalar, staffCall, type CustomerFact, type Role, type Session } from '../sales/support.js';

const server = useTestServer();
let as: Record<Role, Session>;
/** 张伟's customers at 101, each test on its own so positions do not cross. */
let mine: CustomerFact[];
let photo: string;

/** A shop in 上海 and points about 445 m and 556 m north of it. */
const SHOP = { latitude: 31.2304, longitude: 121.4737 };
const NEAR = { latitude: SHOP.latitude + 0.004, longitude: SHOP.longitude, accuracy: 12 };
const FAR = { latitude: SHOP.latitude + 0.005, longitude: SHOP.longitude, accuracy: 30 };

async function upload(session: Session, contentType = 'image/png', data: Buffer = PNG_1X1): Promise<string> {
  const { payload, headers } = multipartBody([{ name: 'file', filename: 'shop.png', contentType, data }]);
  const response = await call<{ url: string }>(server.app, 'POST', '/seller/upload/img', { token: session.token, payload, headers });
  expect(response.status).toBe(200);
  return response.body.data.url;
}

beforeAll(async () => {
  as = await loginAll(server.app);
  mine = await customersWhere(server.db, sql`site_id = 101 and owner_id = ${as.zhangWei.id} and latitude is null`);
  expect(mine.length).toBeGreaterThanOrEqual(8);
  photo = await upload(as.zhangWei);
});

const visit = (session: Session, customerId: number, body: Record<string, unknown> = {}) =>
  staffCall<FollowUp>(server.app, session, 'followup/create', { siteId: 101, customerId, type: '拜访', content: '到店拜访', ...body });
const setPosition = (session: Session, body: Record<string, unknown>) => staffCall<CustomerPositionResult>(server.app, session, 'customer/position', { siteId: 101, ...body });
const followUpCount = () => scalar(server.db, sql`select count(*) as value from follow_ups`);

describe('check-in on a 拜访 follow-up', () => {
  it("stamps the server's time and keeps the fix and the photo; no customer position, no distance", async () => {
    const customer = at(mine, 0);
    const before = Date.now();
    const created = await visit(as.zhangWei, customer.id, { checkIn: { ...NEAR, photo } });
    expect(created.status).toBe(200);
    const checkIn = created.body.data.checkIn;
    expect(checkIn).toMatchObject({ latitude: NEAR.latitude, longitude: NEAR.longitude, accuracy: 12, photo, distance: null, deviated: false });
    expect(Date.parse(checkIn?.at ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(checkIn?.at ?? '')).toBeLessThanOrEqual(Date.now() + 1000);
    const page = await staffCall<FollowUpPage>(server.app, as.zhangWei, 'followup/list', { siteId: 101, customerId: customer.id });
    expect(page.body.data.list[0]).toEqual(created.body.data);
  });

  it('leaves checkIn null on a follow-up without one', async () => {
    const created = await visit(as.zhangWei, at(mine, 0).id);
    expect(created.body.data.checkIn).toBeNull();
  });

  it('measures the distance to the customer position and marks 位置偏离 beyond 500 m', async () => {
    const customer = at(mine, 1);
    expect((await setPosition(as.liNa, { customerId: customer.id, ...SHOP })).status).toBe(200);
    const near = await visit(as.zhangWei, customer.id, { checkIn: NEAR });
    expect(near.body.data.checkIn).toMatchObject({ distance: 445, deviated: false });
    const far = await visit(as.zhangWei, customer.id, { checkIn: FAR });
    expect(far.body.data.checkIn).toMatchObject({ distance: 556, deviated: true });
  });

  it('takes the threshold from the configuration', async () => {
    expect(server.config.visitDeviationMeters).toBe(500);
    const customer = at(mine, 1);
    const strict = new FollowUpsRepository(server.db, server.app.customers, 100);
    const scope = await resolveSalesScope(server.db, as.zhangWei.id, 101);
    const created = await strict.create(scope, '张伟', { siteId: 101, customerId: customer.id, type: '拜访', content: '严格阈值', checkIn: NEAR });
    expect(created.checkIn).toMatchObject({ distance: 445, deviated: true });
  });

  it('refuses a check-in on anything but 拜访, a photo that is not an image the caller uploaded, bad coordinates; writes nothing', async () => {
    const customer = at(mine, 2);
    const other = await upload(as.liNa);
    const cases: [Record<string, unknown>, string][] = [
      [{ type: '电话', checkIn: NEAR }, '只有拜访可以签到'],
      [{ checkIn: { ...NEAR, photo: 'https://example.com/a.png' } }, '签到照片必须通过上传接口上传'],
      [{ checkIn: { ...NEAR, photo: '/seller/upload/files/0123456789abcdef0123456789abcdef.png' } }, '签到照片不存在，请重新上传'],
      [{ checkIn: { ...NEAR, photo: other } }, '签到照片不存在，请重新上传'],
      [{ checkIn: { ...NEAR, latitude: 91 } }, '纬度格式不正确'],
      [{ checkIn: { ...NEAR, latitude: -90.5 } }, '纬度格式不正确'],
      [{ checkIn: { ...NEAR, longitude: 181 } }, '经度格式不正确'],
      [{ checkIn: { ...NEAR, accuracy: -1 } }, '定位精度格式不正确'],
      [{ checkIn: { ...NEAR, latitude: '31.2' } }, '纬度格式不正确'],
      [{ checkIn: { latitude: 31.2, longitude: 121.4 } }, '请填写定位精度'],
      [{ checkIn: '签到' }, '签到格式不正确'],
    ];
    const before = await followUpCount();
    for (const [body, msg] of cases) expectFailure(await visit(as.zhangWei, customer.id, body), 400, msg);
    expect(await followUpCount()).toBe(before);
  });

  it('answers 404 for a customer the caller may not see, and writes nothing', async () => {
    const others = await customersWhere(server.db, sql`site_id = 101 and owner_id <> ${as.zhangWei.id}`);
    const before = await followUpCount();
    expectFailure(await visit(as.zhangWei, at(others, 0).id, { checkIn: NEAR }), 404, CUSTOMER_OUT_OF_REACH);
    expect(await followUpCount()).toBe(before);
  });
});

describe('customer/position', () => {
  it('lets a leader set and replace the point, audited, and the detail shows it', async () => {
    const customer = at(mine, 3);
    const set = await setPosition(as.liNa, { customerId: customer.id, ...SHOP });
    expect(set.body.data).toMatchObject({ customerId: customer.id, position: { ...SHOP, source: 'leader' } });
    const moved = await setPosition(as.liNa, { customerId: customer.id, latitude: 31.3, longitude: 121.5 });
    expect(moved.body.data.position).toMatchObject({ latitude: 31.3, longitude: 121.5, source: 'leader' });
    const detail = await staffCall<CustomerDetail>(server.app, as.zhangWei, 'customer/detail', { siteId: 101, id: customer.id });
    expect(detail.body.data.position).toEqual(moved.body.data.position);
    const [entry] = await server.db.select().from(auditLog).where(eq(auditLog.action, 'customer.position')).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ actorId: as.liNa.id, targetId: as.zhangWei.id, detail: `customer ${customer.id} by leader` });
  });

  it("lets the author confirm their check-in's point on a customer with no position, once", async () => {
    const customer = at(mine, 4);
    const checkedIn = await visit(as.zhangWei, customer.id, { checkIn: NEAR });
    const confirmed = await setPosition(as.zhangWei, { customerId: customer.id, followUpId: checkedIn.body.data.id });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.position).toMatchObject({ latitude: NEAR.latitude, longitude: NEAR.longitude, source: 'check_in' });
    expectFailure(await setPosition(as.zhangWei, { customerId: customer.id, followUpId: checkedIn.body.data.id }), 409, '该客户已有位置，只有站点主管可以修改');
    // The next check-in is measured against it.
    expect((await visit(as.zhangWei, customer.id, { checkIn: NEAR })).body.data.checkIn).toMatchObject({ distance: 0, deviated: false });
  });

  it("lets a leader confirm a salesperson's check-in", async () => {
    const customer = at(mine, 5);
    const checkedIn = await visit(as.zhangWei, customer.id, { checkIn: FAR });
    const confirmed = await setPosition(as.liNa, { customerId: customer.id, followUpId: checkedIn.body.data.id });
    expect(confirmed.body.data.position).toMatchObject({ latitude: FAR.latitude, source: 'check_in' });
  });

  it("refuses a salesperson's point, someone else's check-in, a follow-up without check-in, another customer's, and wrong bodies", async () => {
    const customer = at(mine, 6);
    const plain = await visit(as.zhangWei, customer.id);
    const leaders = await visit(as.liNa, customer.id, { checkIn: NEAR });
    const own = await visit(as.zhangWei, customer.id, { checkIn: NEAR });
    expectFailure(await setPosition(as.zhangWei, { customerId: customer.id, ...SHOP }), 403, '只有站点主管可以设置客户位置');
    expectFailure(await setPosition(as.zhangWei, { customerId: customer.id, followUpId: leaders.body.data.id }), 404, '签到记录不存在');
    expectFailure(await setPosition(as.zhangWei, { customerId: customer.id, followUpId: plain.body.data.id }), 404, '签到记录不存在');
    expectFailure(await setPosition(as.zhangWei, { customerId: at(mine, 7).id, followUpId: own.body.data.id }), 404, '签到记录不存在');
    const others = await customersWhere(server.db, sql`site_id = 101 and owner_id <> ${as.zhangWei.id}`);
    expectFailure(await setPosition(as.zhangWei, { customerId: at(others, 0).id, followUpId: own.body.data.id }), 404, CUSTOMER_OUT_OF_REACH);
    expectFailure(await setPosition(as.liNa, { customerId: customer.id }), 400, '请提供签到记录，或经纬度（二选一）');
    expectFailure(await setPosition(as.liNa, { customerId: customer.id, followUpId: own.body.data.id, ...SHOP }), 400, '请提供签到记录，或经纬度（二选一）');
    expectFailure(await setPosition(as.liNa, { customerId: customer.id, latitude: 31 }), 400, '经度和纬度须同时提供');
    expectFailure(await setPosition(as.liNa, { customerId: customer.id, latitude: 91, longitude: 121 }), 400, '纬度格式不正确');
    expectFailure(await setPosition(as.liNa, { customerId: customer.id, latitude: 31, longitude: '121' }), 400, '经度格式不正确');
    expectFailure(await setPosition(as.liNa, { customerId: customer.id, followUpId: 'x' }), 400, '跟进记录格式不正确');
    const [facts] = await rows<{ latitude: number | null }>(server.db, sql`select latitude from customers where id = ${customer.id}`);
    expect(facts?.latitude).toBeNull();
  });
});

describe('attendance/visits', () => {
  it('has demo check-ins of today and yesterday at 101 on a fresh start, one of them 位置偏离', async () => {
    const days = [chinaDayString(new Date()), chinaDayString(new Date(Date.now() - 24 * 60 * 60 * 1000))];
    const views = await Promise.all(days.map((date) => staffCall<AttendanceVisits>(server.app, as.liNa, 'attendance/visits', { siteId: 101, date })));
    const seeded = views.flatMap((view) => view.body.data.members.flatMap((entry) => entry.visits)).filter((entry) => entry.content !== '到店拜访');
    expect(seeded.length).toBeGreaterThanOrEqual(5);
    expect(seeded.some((entry) => entry.checkIn.deviated && (entry.checkIn.distance ?? 0) > 500)).toBe(true);
    expect(seeded.some((entry) => entry.checkIn.distance === null)).toBe(true);
    expect(await scalar(server.db, sql`select count(*) as value from customers where site_id = 101 and position_source = 'leader'`)).toBeGreaterThanOrEqual(3);
  });

  it("lists the day's check-ins of the site by member with customer, content and 位置偏离, for leaders", async () => {
    const today = chinaDayString(new Date());
    const view = await staffCall<AttendanceVisits>(server.app, as.liNa, 'attendance/visits', { siteId: 101, date: today });
    expect(view.status).toBe(200);
    expect(view.body.data.deviationMeters).toBe(500);
    const zhang = view.body.data.members.find((entry) => entry.member.id === as.zhangWei.id);
    const visits = zhang?.visits ?? [];
    const farOne = visits.find((entry) => entry.customer.id === at(mine, 1).id && entry.checkIn.deviated);
    expect(farOne).toMatchObject({ customer: { name: at(mine, 1).name }, content: '到店拜访', checkIn: { distance: 556, deviated: true } });
    const all = view.body.data.members.flatMap((entry) => entry.visits);
    expect(view.body.data.total).toBe(all.length);
    expect(view.body.data.deviated).toBe(all.filter((entry) => entry.checkIn.deviated).length);
    const times = visits.map((entry) => Date.parse(entry.checkIn.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const lina = view.body.data.members.find((entry) => entry.member.id === as.liNa.id);
    expect(lina?.visits.length).toBeGreaterThanOrEqual(1);
  });

  it('gives the owner their own 位置偏离 in the time line, and the leader’s 拜访 row all it needs to open the follow-up', async () => {
    const customer = at(mine, 1);
    expect((await setPosition(as.liNa, { customerId: customer.id, ...SHOP })).status).toBe(200);
    const content = '到店拜访：陈列调整，拍了货架照片';
    const created = await visit(as.zhangWei, customer.id, { content, images: [photo], checkIn: { ...FAR, photo } });
    expect(created.status, created.body.msg).toBe(200);
    const id = created.body.data.id;

    // The salesperson's own time line carries the distance and the mark, as the leader's does.
    const own = await staffCall<FollowUpPage>(server.app, as.zhangWei, 'followup/list', { siteId: 101, customerId: customer.id });
    expect(own.body.data.list.find((entry) => entry.id === id)?.checkIn).toMatchObject({ distance: 556, deviated: true, photo });
    const leaders = await staffCall<FollowUpPage>(server.app, as.liNa, 'followup/list', { siteId: 101, customerId: customer.id });
    expect(leaders.body.data.list.find((entry) => entry.id === id)).toEqual(own.body.data.list.find((entry) => entry.id === id));

    // 团队考勤 → 拜访: the row has the follow-up's type, content and photos beside its check-in.
    const view = await staffCall<AttendanceVisits>(server.app, as.liNa, 'attendance/visits', { siteId: 101, date: chinaDayString(new Date()) });
    const row = view.body.data.members.flatMap((entry) => entry.visits).find((entry) => entry.followUpId === id);
    expect(row).toEqual({
      followUpId: id,
      customer: { id: customer.id, name: customer.name },
      type: '拜访',
      content,
      images: [photo],
      checkIn: created.body.data.checkIn,
    });
  });

  it('shows nothing of a day without check-ins and refuses salespeople and bad dates', async () => {
    const empty = await staffCall<AttendanceVisits>(server.app, as.liNa, 'attendance/visits', { siteId: 101, date: '2020-01-01' });
    expect(empty.body.data).toMatchObject({ total: 0, deviated: 0 });
    expect(empty.body.data.members.every((entry) => entry.visits.length === 0)).toBe(true);
    expectFailure(await staffCall(server.app, as.zhangWei, 'attendance/visits', { siteId: 101, date: '2020-01-01' }), 403, '仅站点主管可以查看');
    expectFailure(await staffCall(server.app, as.liNa, 'attendance/visits', { siteId: 101, date: '2020-02-30' }), 400, '日期不正确');
    expectFailure(await staffCall(server.app, as.liNa, 'attendance/visits', { siteId: 101, date: '今天' }), 400, '日期格式不正确');
    expectFailure(await staffCall(server.app, as.liuYang, 'attendance/visits', { siteId: 101, date: '2020-01-01' }), 403);
  });
});

describe('clock-in and clock-out positions', () => {
  it('stores the position when sent, and clocks without one too', async () => {
    const position = { latitude: 31.2, longitude: 121.4, accuracy: 25 };
    expectFailure(await staffCall(server.app, as.zhangWei, 'attendance/clock-in', { siteId: 101, position: { ...position, latitude: 91 } }), 400, '纬度格式不正确');
    expectFailure(await staffCall(server.app, as.zhangWei, 'attendance/clock-in', { siteId: 101, position: { ...position, accuracy: -1 } }), 400, '定位精度格式不正确');
    const clockedIn = await staffCall<AttendanceToday>(server.app, as.zhangWei, 'attendance/clock-in', { siteId: 101, position });
    expect(clockedIn.status).toBe(200);
    expect(clockedIn.body.data.record).toMatchObject({ clockInPosition: position, clockOutPosition: null });
    const clockedOut = await staffCall<AttendanceToday>(server.app, as.zhangWei, 'attendance/clock-out', { siteId: 101 });
    expect(clockedOut.body.data.record).toMatchObject({ clockInPosition: position, clockOutPosition: null });
    const leader = await staffCall<AttendanceToday>(server.app, as.liNa, 'attendance/clock-in', { siteId: 101 });
    expect(leader.body.data.record).toMatchObject({ clockInPosition: null });
    const out = await staffCall<AttendanceToday>(server.app, as.liNa, 'attendance/clock-out', { siteId: 101, position });
    expect(out.body.data.record).toMatchObject({ clockInPosition: null, clockOutPosition: position });
  });
});
