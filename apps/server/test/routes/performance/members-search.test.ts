/** Member list and detail, and performance search, against the raw rows. */
import { periodAt, resolvePeriod, type IngestResult, type MemberDetail, type MemberList, type PerformanceSearchResult, type ReportDetail } from '@sales/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectFailure, rows, useTestServer } from '../../helper.js';
import { firstCustomer, loginAll, scalar, staffCall, type Role, type Session } from '../sales/support.js';

const API_KEY = 'members-test-key';
const server = useTestServer({ integrationApiKey: API_KEY });
let as: Record<Role, Session>;

beforeAll(async () => {
  as = await loginAll(server.app);
});

describe('members', () => {
  it("lists a leader every member with role, full phone, customer count and this month's figures", async () => {
    const response = await staffCall<MemberList>(server.app, as.liNa, 'member/list', { siteId: 101 });
    expect(response.status).toBe(200);
    const { list, total } = response.body.data;
    expect(total).toBe(await scalar(server.db, sql`select count(distinct staff_id) as value from positions where site_id = 101`));
    const zhang = list.find((row) => row.id === as.zhangWei.id);
    expect(zhang).toMatchObject({ username: '张伟', isLeader: false, phone: '13800000001', full: true });
    expect(zhang?.customerCount).toBe(await scalar(server.db, sql`select count(*) as value from customers where site_id = 101 and owner_id = ${as.zhangWei.id}`));
    const month = resolvePeriod({ period: 'month' });
    const fen = await scalar(
      server.db,
      sql`select coalesce(sum(case when (paid_at at time zone 'Asia/Shanghai')::date between ${month.range.startDate}::date and ${month.range.endDate}::date then amount_fen else 0 end), 0)
            - coalesce(sum(case when status = 'refunded' and (coalesce(refunded_at, paid_at) at time zone 'Asia/Shanghai')::date between ${month.range.startDate}::date and ${month.range.endDate}::date then amount_fen else 0 end), 0) as value
          from orders where site_id = 101 and staff_id = ${as.zhangWei.id} and paid_at is not null and status in ('paid','shipped','completed','refunded')`,
    );
    expect(zhang?.month?.figures.orderAmount).toBe(fen / 100);
    expect(list.find((row) => row.id === as.liNa.id)?.isLeader).toBe(true);
  });

  it("gives a member's page with contact, figures with 环比 and recent orders", async () => {
    const response = await staffCall<MemberDetail>(server.app, as.liNa, 'member/detail', { siteId: 101, id: as.zhangWei.id, period: 'lastMonth' });
    expect(response.status).toBe(200);
    const detail = response.body.data;
    expect(detail).toMatchObject({ id: as.zhangWei.id, phone: '13800000001', siteName: '华东一部' });
    expect(detail.ranges.range).toEqual(resolvePeriod({ period: 'lastMonth' }).range);
    expect(detail.recentOrders.length).toBeGreaterThan(0);
    expect(detail.recentOrders.every((order) => order.staff?.id === as.zhangWei.id)).toBe(true);
    const [latest] = await rows<{ id: number }>(server.db, sql`select id from orders where site_id = 101 and staff_id = ${as.zhangWei.id} order by created_at desc, id desc limit 1`);
    expect(detail.recentOrders[0]?.id).toBe(latest?.id);
    expectFailure(await staffCall(server.app, as.liNa, 'member/detail', { siteId: 101, id: 999_999, period: 'month' }), 404, '员工不存在');
  });
});

describe("a member's recent orders and reports", () => {
  const detailOf = (session: Session, id: number) => staffCall<MemberDetail>(server.app, session, 'member/detail', { siteId: 101, id, period: 'month' });

  it('lists the latest orders of every status, newest created first, each with its status and a payment time only when paid', async () => {
    const customer = await firstCustomer(server.db, sql`site_id = 101 and owner_id = ${as.zhangWei.id}`);
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const item = [{ name: '五常大米 10kg', quantity: 1, unitPrice: 89.9 }];
    // Paid well after it was placed: its payment time is later than the creation of the two after it.
    const orders = [
      { orderNo: 'MEMBER-PENDING', status: 'pending', createdAt: ago(1) },
      { orderNo: 'MEMBER-CANCELLED', status: 'cancelled', createdAt: ago(10) },
      { orderNo: 'MEMBER-PAID', status: 'paid', createdAt: ago(30), paidAt: ago(0.5) },
    ].map((order) => ({ siteId: 101, customerId: customer.id, items: item, ...order }));
    const pushed = await call<IngestResult>(server.app, 'POST', '/seller/integration/orders', { headers: { 'x-api-key': API_KEY }, body: { orders } });
    expect(pushed.body.data.errors).toEqual([]);

    const response = await detailOf(as.liNa, as.zhangWei.id);
    expect(response.status).toBe(200);
    const recent = response.body.data.recentOrders;
    const expected = await rows<{ id: number }>(
      server.db,
      sql`select id from orders where site_id = 101 and staff_id = ${as.zhangWei.id} order by created_at desc, id desc limit 10`,
    );
    expect(recent.map((order) => order.id)).toEqual(expected.map((row) => row.id));
    expect(recent.slice(0, 3).map((order) => [order.orderNo, order.status])).toEqual([
      ['MEMBER-PENDING', 'pending'],
      ['MEMBER-CANCELLED', 'cancelled'],
      ['MEMBER-PAID', 'paid'],
    ]);
    const times = recent.map((order) => Date.parse(order.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(recent[0]).toMatchObject({ siteId: 101, paidAt: null, staff: { id: as.zhangWei.id, username: '张伟' } });
    expect(recent[1]?.paidAt).toBeNull();
    expect(Date.parse(recent[2]?.paidAt ?? '')).toBeGreaterThan(Date.parse(recent[0]?.createdAt ?? ''));
  });

  it("gives a leader the member's latest three weekly and three half-month reports, newest period first", async () => {
    const [member] = await rows<{ id: number }>(
      server.db,
      sql`select r.staff_id as id from reports r join positions p on p.staff_id = r.staff_id and p.site_id = 101 and not p.is_leader
          where r.site_id = 101 group by r.staff_id
          having count(*) filter (where r.kind = 'weekly') > 3 and count(*) filter (where r.kind = 'halfMonth') > 3 order by r.staff_id limit 1`,
    );
    if (!member) throw new Error('no member of 101 with more than three reports of each kind');
    const latest = (kind: string) =>
      rows<{ id: number; kind: string; periodStart: string; read: boolean }>(
        server.db,
        sql`select id, kind, period_start as "periodStart", exists (select 1 from report_reads rr where rr.report_id = reports.id) as read
            from reports where site_id = 101 and staff_id = ${member.id} and kind = ${kind} order by period_start desc limit 3`,
      );
    const expected = [...(await latest('weekly')), ...(await latest('halfMonth'))].sort(
      (a, b) => b.periodStart.localeCompare(a.periodStart) || (a.kind === 'halfMonth' ? -1 : 1),
    );
    const response = await detailOf(as.liNa, member.id);
    expect(response.status).toBe(200);
    const reports = response.body.data.recentReports;
    expect(reports.map((report) => [report.id, report.kind, report.periodStart, report.read])).toEqual(
      expected.map((report) => [report.id, report.kind, report.periodStart, report.read]),
    );
    expect(reports.every((report) => report.staff.id === member.id && report.siteId === 101)).toBe(true);
  });

  it("gives a salesperson his own reports on his page and none of a colleague's", async () => {
    const periodStart = periodAt('weekly', new Date()).start;
    const created = await call<ReportDetail>(server.app, 'POST', '/seller/weekly/staff/create', {
      token: as.zhangWei.token,
      body: { siteId: 101, periodStart, summary: '本周拜访八家客户。', plan: '下周跟进两笔大额订单。' },
    });
    expect(created.status).toBe(200);
    const own = (await detailOf(as.zhangWei, as.zhangWei.id)).body.data.recentReports;
    expect(own[0]).toMatchObject({ id: created.body.data.id, kind: 'weekly', periodStart, read: false });
    expect(own.every((report) => report.staff.id === as.zhangWei.id && report.siteId === 101)).toBe(true);
    expect(own.filter((report) => report.kind === 'weekly').map((report) => report.id)).toEqual(
      (await rows<{ id: number }>(server.db, sql`select id from reports where site_id = 101 and staff_id = ${as.zhangWei.id} and kind = 'weekly' order by period_start desc limit 3`)).map(
        (row) => row.id,
      ),
    );

    const [colleague] = await rows<{ id: number }>(
      server.db,
      sql`select distinct r.staff_id as id from reports r join positions p on p.staff_id = r.staff_id and p.site_id = 101 and not p.is_leader
          where r.site_id = 101 and r.staff_id <> ${as.zhangWei.id} order by r.staff_id limit 1`,
    );
    if (!colleague) throw new Error('no colleague of 张伟 with reports');
    const response = await detailOf(as.zhangWei, colleague.id);
    expectFailure(response, 404, '员工不存在');
    expect(JSON.stringify(response.body)).not.toContain('recentReports');
  });
});

describe('performance search', () => {
  it("finds a leader's salespeople and customers with the period's figures", async () => {
    const [customer] = await rows<{ id: number; name: string }>(
      server.db,
      sql`select c.id, c.name from customers c where c.site_id = 101 and exists (select 1 from orders o where o.customer_id = c.id and o.status in ('paid','shipped','completed')) order by c.id limit 1`,
    );
    if (!customer) throw new Error('no customer with sales');
    const response = await staffCall<PerformanceSearchResult>(server.app, as.liNa, 'performance/search', {
      siteId: 101,
      keyword: customer.name,
      period: 'custom',
      startDate: resolvePeriod({ period: 'year' }, new Date(Date.now() - 200 * 86_400_000)).range.startDate,
      endDate: resolvePeriod({ period: 'month' }).range.endDate,
    });
    expect(response.status).toBe(200);
    const found = response.body.data.customers.find((row) => row.id === customer.id);
    expect(found).toBeDefined();
    const { range } = response.body.data.ranges;
    const count = await scalar(
      server.db,
      sql`select count(*) filter (where (paid_at at time zone 'Asia/Shanghai')::date between ${range.startDate}::date and ${range.endDate}::date)
            - count(*) filter (where status = 'refunded' and (coalesce(refunded_at, paid_at) at time zone 'Asia/Shanghai')::date between ${range.startDate}::date and ${range.endDate}::date) as value
          from orders where customer_id = ${customer.id} and paid_at is not null and status in ('paid','shipped','completed','refunded')`,
    );
    expect(found?.orderCount).toBe(count);

    const people = await staffCall<PerformanceSearchResult>(server.app, as.liNa, 'performance/search', { siteId: 101, keyword: '张伟', period: 'month' });
    expect(people.body.data.staff.map((row) => row.member.id)).toEqual([as.zhangWei.id]);
  });

  it('finds only a salesperson himself and his own customers', async () => {
    const people = await staffCall<PerformanceSearchResult>(server.app, as.zhangWei, 'performance/search', { siteId: 101, keyword: '李娜', period: 'month' });
    expect(people.body.data.staff).toEqual([]);
    const [other] = await rows<{ name: string }>(server.db, sql`select name from customers where site_id = 101 and owner_id <> ${as.zhangWei.id} order by id limit 1`);
    const customers = await staffCall<PerformanceSearchResult>(server.app, as.zhangWei, 'performance/search', { siteId: 101, keyword: other?.name, period: 'month' });
    expect(customers.body.data.customers.every((row) => row.owner?.id === as.zhangWei.id)).toBe(true);
    expectFailure(await staffCall(server.app, as.zhangWei, 'performance/search', { siteId: 101, keyword: '', period: 'month' }), 400, '请填写搜索关键词');
  });
});

describe("a colleague's phone number (issue 17)", () => {
  // 李娜's number: 张伟, a salesperson of 101, must not learn it through any list's keyword.
  const colleaguePhone = '13800000002';
  const containsWholePhone = (body: unknown) => JSON.stringify(body).includes(colleaguePhone);

  it.each([
    ['staff/list', { siteId: 101, keyword: colleaguePhone }],
    ['staff/list', { siteId: 101, keyword: '0002' }],
    ['member/list', { siteId: 101, keyword: colleaguePhone }],
    ['member/list', { siteId: 101, keyword: '0002' }],
  ])('%s %o finds nobody by a colleague’s phone for a salesperson', async (path, body) => {
    const response = await staffCall<{ list: { id: number }[] }>(server.app, as.zhangWei, path, body);
    expect(response.status).toBe(200);
    expect(response.body.data.list.map((member) => member.id)).not.toContain(as.liNa.id);
    expect(containsWholePhone(response.body)).toBe(false);
  });

  it('performance/search finds no colleague by phone for a salesperson', async () => {
    const response = await staffCall<PerformanceSearchResult>(server.app, as.zhangWei, 'performance/search', { siteId: 101, keyword: colleaguePhone, period: 'month' });
    expect(response.status).toBe(200);
    expect(response.body.data.staff.map((row) => row.member.id)).not.toContain(as.liNa.id);
    expect(containsWholePhone(response.body)).toBe(false);
  });

  it('a salesperson still finds themself by their own phone, and a leader finds a member by phone', async () => {
    const own = await staffCall<{ list: { id: number }[] }>(server.app, as.zhangWei, 'staff/list', { siteId: 101, keyword: '13800000001' });
    expect(own.body.data.list.map((member) => member.id)).toEqual([as.zhangWei.id]);
    const leader = await staffCall<{ list: { id: number }[] }>(server.app, as.liNa, 'staff/list', { siteId: 101, keyword: '13800000001' });
    expect(leader.body.data.list.map((member) => member.id)).toEqual([as.zhangWei.id]);
  });
});
