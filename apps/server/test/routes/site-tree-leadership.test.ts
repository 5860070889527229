/**
 * Issue 26 §3: leadership follows the site tree, and a parent's performance rolls up its
 * descendants. The demo: 华南大区 (201, led by 朱刚) over 广州一部 (202, led by 欧阳晨, salespeople
 * 司马琳, 上官岚 and 诸葛彤) and 深圳一部 (203, nobody yet); 李娜 leads 华东一部 (101), another tree.
 */
import { resolvePeriod, type HomeDashboard, type PerformancePeriodKey, type PerformanceSites, type Ranking, type SalesDetails, type SiteFigures, type UserInfo } from '@sales/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { figuresFor } from '../../src/db/performance-figures.js';
import { CHILD_SITE_STAFF, DEMO_ADMINISTRATOR, extraStaff } from '../../src/db/seed.js';
import { call, expectFailure, login, PHONES, rows, useTestServer } from '../helper.js';
import { staffCall, type Session } from './sales/support.js';

const server = useTestServer();

const PARENT_LEADER = extraStaff().find((person) => person.positions.some((position) => position.siteId === 201 && position.isLeader));
const childPhone = (username: string) => CHILD_SITE_STAFF.find((person) => person.username === username)?.phone ?? '';

let zhuGang: Session;
let ouYang: Session;
let siMa: Session;
let liNa: Session;
let adminToken = '';

const asSession = async (phone: string): Promise<Session> => {
  const { accountInfo, token } = await login(server.app, phone);
  return { id: accountInfo.id, token };
};

beforeAll(async () => {
  if (!PARENT_LEADER) throw new Error('no leader of 201 in the demo');
  zhuGang = await asSession(PARENT_LEADER.phone);
  ouYang = await asSession(childPhone('欧阳晨'));
  siMa = await asSession(childPhone('司马琳'));
  liNa = await asSession(PHONES.liNa);
  adminToken = (await login(server.app, DEMO_ADMINISTRATOR.phone)).token;
});

const info = async (session: Session) => (await call<UserInfo>(server.app, 'POST', '/seller/user/info', { token: session.token, body: {} })).body.data;
const sitesOf = async (session: Session) => (await info(session)).positionUsers.map(({ departmentId, isLeader }) => ({ departmentId, isLeader }));
const picker = async (session: Session) => (await staffCall<PerformanceSites>(server.app, session, 'performance/sites', {})).body.data.list.map((row) => row.siteId);
const siteFigures = async (session: Session, siteId: number, period: PerformancePeriodKey = 'month') => {
  const response = await staffCall<SiteFigures>(server.app, session, 'performance/site', { siteId, period });
  expect(response.status, `performance/site ${siteId}`).toBe(200);
  return response.body.data;
};
const admin = (action: string, body: object) => call(server.app, 'POST', `/seller/admin/site/${action}`, { token: adminToken, body });
const fen = (yuan: number) => Math.round(yuan * 100);
const countAt = async (table: 'customers' | 'orders', siteId: number) =>
  (await rows<{ n: number }>(server.db, sql`select count(*)::int as n from ${sql.raw(table)} where site_id = ${siteId}`))[0]?.n ?? 0;

/** Every read of a site a leader makes: customers, orders, members, reports, attendance, figures, home. */
const READS: readonly [string, (siteId: number) => object][] = [
  ['customer/list', (siteId) => ({ siteId })],
  ['order/list', (siteId) => ({ siteId })],
  ['member/list', (siteId) => ({ siteId })],
  ['attendance/day', (siteId) => ({ siteId, date: resolvePeriod({ period: 'month' }).range.startDate })],
  ['performance/site', (siteId) => ({ siteId, period: 'month' })],
  ['performance/ranking', (siteId) => ({ siteId, period: 'month', metric: 'orderAmount' })],
  ['performance/home', (siteId) => ({ siteId })],
];
const reportList = (session: Session, siteId: number) => call(server.app, 'POST', '/seller/weekly/staff/list', { token: session.token, body: { siteId, scope: 'members' } });

describe('a leader of a site leads every site below it', () => {
  it('offers the child sites in the switcher and the performance picker as leader positions, to the parent’s leader only', async () => {
    expect(await sitesOf(zhuGang)).toEqual([
      { departmentId: 201, isLeader: true },
      { departmentId: 202, isLeader: true },
      { departmentId: 203, isLeader: true },
    ]);
    expect(await picker(zhuGang)).toEqual([201, 202, 203]);
    expect(await sitesOf(ouYang)).toEqual([{ departmentId: 202, isLeader: true }]);
    expect(await picker(ouYang)).toEqual([202]);
    expect(await sitesOf(siMa)).toEqual([{ departmentId: 202, isLeader: false }]);
  });

  it('lets the parent’s leader read the child’s customers, orders, members, reports, attendance and figures as its leader', async () => {
    for (const [path, body] of READS) {
      const response = await staffCall(server.app, zhuGang, path, body(202));
      expect(response.status, path).toBe(200);
    }
    expect((await reportList(zhuGang, 202)).status).toBe(200);
    const customers = await staffCall<{ total: number }>(server.app, zhuGang, 'customer/list', { siteId: 202, pageSize: 100 });
    expect(customers.body.data.total).toBe(await countAt('customers', 202));
    const orders = await staffCall<{ total: number }>(server.app, zhuGang, 'order/list', { siteId: 202, pageSize: 100 });
    expect(orders.body.data.total).toBe(await countAt('orders', 202));
    const members = await staffCall<{ list: { username: string; isLeader: boolean }[] }>(server.app, zhuGang, 'member/list', { siteId: 202 });
    expect(members.body.data.list.map((member) => member.username)).toEqual(['欧阳晨', '司马琳', '上官岚', '诸葛彤']);
    // The same as the child's own leader sees.
    const own = await staffCall<{ total: number }>(server.app, ouYang, 'customer/list', { siteId: 202, pageSize: 100 });
    expect(own.body.data.total).toBe(customers.body.data.total);
    const home = await staffCall<HomeDashboard>(server.app, zhuGang, 'performance/home', { siteId: 202 });
    expect(home.body.data.scope).toBe('site');
  });

  it('keeps a child’s leader out of the parent and a sibling, and another tree’s leader out of the child', async () => {
    for (const [session, siteId] of [
      [ouYang, 201],
      [ouYang, 203],
      [siMa, 201],
      [siMa, 203],
      [liNa, 202],
      [liNa, 201],
    ] as const) {
      for (const [path, body] of READS) expectFailure(await staffCall(server.app, session, path, body(siteId)), 403);
      expectFailure(await reportList(session, siteId), 403);
    }
    // A salesperson of the child stays a salesperson there: only their own customers.
    const mine = await staffCall<{ total: number }>(server.app, siMa, 'customer/list', { siteId: 202, pageSize: 100 });
    expect(mine.body.data.total).toBe(5);
  });
});

describe('a parent’s performance rolls up its descendants', () => {
  it('equals its own figures plus its children’s for every period, and the lists opened from it add up', async () => {
    for (const period of ['week', 'month', 'lastMonth', 'quarter', 'year'] as const) {
      const parent = await siteFigures(zhuGang, 201, period);
      const children = [await siteFigures(zhuGang, 202, period), await siteFigures(zhuGang, 203, period)];
      const own = await figuresFor(server.db, { siteId: 201, staffId: null, ...parent.ranges.range });
      const childAmount = children.reduce((sum, child) => sum + fen(child.figures.current.orderAmount), 0);
      expect(fen(parent.figures.current.orderAmount), period).toBe(own.orderAmountFen + childAmount);
      expect(parent.figures.current.orderCount, period).toBe(own.orderCount + children.reduce((sum, child) => sum + child.figures.current.orderCount, 0));
      // 广州一部 sold this month and this year: the roll-up shows.
      if (period === 'month' || period === 'year') expect(childAmount, period).toBeGreaterThan(0);

      // The figures' members plus what no row shows (ranking's unranked) make the figure.
      const ranking = (await staffCall<Ranking>(server.app, zhuGang, 'performance/ranking', { siteId: 201, period, metric: 'orderAmount' })).body.data;
      const rowsFen = parent.members.reduce((sum, member) => sum + fen(member.figures.orderAmount), 0);
      const rest = ranking.unranked;
      expect(rest).not.toBeNull();
      expect(rowsFen + fen(rest?.unassigned.orderAmount ?? 0) + fen(rest?.others.orderAmount ?? 0), period).toBe(fen(parent.figures.current.orderAmount));
      expect(fen(rest?.site.orderAmount ?? 0)).toBe(fen(parent.figures.current.orderAmount));
      expect(ranking.list.map((entry) => entry.member.id).sort()).toEqual(parent.members.map((member) => member.member.id).sort());
      // The child sites' salespeople are among the parent's members.
      expect(parent.members.map((member) => member.member.username)).toEqual(expect.arrayContaining(['司马琳', '上官岚', '诸葛彤']));

      // 部门销售明细: its totals, its days and its orders (every page) add up to the figure.
      const byDay = (await staffCall<SalesDetails>(server.app, zhuGang, 'performance/details', { siteId: 201, period, view: 'day', pageSize: 100 })).body.data;
      expect(fen(byDay.totals.orderAmount)).toBe(fen(parent.figures.current.orderAmount));
      let linesFen = 0;
      let seen = 0;
      for (let page = 1; ; page += 1) {
        const lines = (await staffCall<SalesDetails>(server.app, zhuGang, 'performance/details', { siteId: 201, period, view: 'order', page, pageSize: 100 })).body.data.orders;
        if (!lines) throw new Error('no order lines');
        linesFen += lines.list.reduce((sum, line) => sum + fen(line.lineAmount), 0);
        seen += lines.list.length;
        if (seen >= lines.total || lines.list.length === 0) break;
      }
      expect(linesFen, period).toBe(fen(parent.figures.current.orderAmount));
    }
  });

  it('shows the roll-up on home, whose month equals 部门销售业绩’s', async () => {
    const home = (await staffCall<HomeDashboard>(server.app, zhuGang, 'performance/home', { siteId: 201 })).body.data;
    const month = await siteFigures(zhuGang, 201, 'month');
    expect(fen(home.month.figures.orderAmount)).toBe(fen(month.figures.current.orderAmount));
    expect(home.month.target).toEqual(month.figures.target);
    expect(home.pacing?.month?.targetAmount ?? 0).toBe(month.pacing?.month?.targetAmount ?? 0);
  });

  it('gives the parent its own salespeople’s target plus its children’s, and the sum of its children’s when it has none', async () => {
    const parent = await siteFigures(zhuGang, 201);
    const children = [await siteFigures(zhuGang, 202), await siteFigures(zhuGang, 203)];
    const childTargets = children.reduce((sum, child) => sum + fen(child.figures.target.targetAmount), 0);
    expect(fen(children[0]?.figures.target.targetAmount ?? 0)).toBeGreaterThan(0);
    // Moved out of the tree, 201 is flat again: its own target (and figures), as before the tree.
    expect((await admin('move', { id: 202, parentId: null })).status).toBe(200);
    expect((await admin('move', { id: 203, parentId: null })).status).toBe(200);
    try {
      const alone = await siteFigures(zhuGang, 201);
      expect(fen(parent.figures.target.targetAmount)).toBe(fen(alone.figures.target.targetAmount) + childTargets);
      expect(fen(parent.figures.current.orderAmount)).toBe(fen(alone.figures.current.orderAmount) + children.reduce((sum, child) => sum + fen(child.figures.current.orderAmount), 0));
      // The move is seen at once (the cached info and scopes were dropped): 朱刚 no longer leads 202.
      expect((await sitesOf(zhuGang)).map((site) => site.departmentId)).toEqual([201]);
      expectFailure(await staffCall(server.app, zhuGang, 'customer/list', { siteId: 202 }), 403);
    } finally {
      expect((await admin('move', { id: 202, parentId: 201 })).status).toBe(200);
      expect((await admin('move', { id: 203, parentId: 201 })).status).toBe(200);
    }
    expect((await sitesOf(zhuGang)).map((site) => site.departmentId)).toEqual([201, 202, 203]);

    // Without standards of its own this month, the parent's target is the sum of its children's —
    // and its pacing paces that figure.
    const month = parent.ranges.range.startDate.slice(0, 7);
    await server.db.execute(sql`delete from performance_standards where site_id = 201 and month = ${month}`);
    const bare = await siteFigures(zhuGang, 201);
    expect(fen(bare.figures.target.targetAmount)).toBe(childTargets);
    expect(fen(bare.pacing?.month?.targetAmount ?? 0)).toBe(childTargets);
  });
});

describe('an archived child site', () => {
  it('leaves the switcher and the picker, while its history stays readable and in the parent’s figures', async () => {
    // 深圳一部's history: a sale by 诸葛彤 while he worked there (he has since moved to 广州一部).
    const zhuge = (await rows<{ id: number }>(server.db, sql`select id from staff where phone = ${childPhone('诸葛彤')}`))[0]?.id ?? 0;
    const [customer] = await rows<{ id: number }>(
      server.db,
      sql`insert into customers (site_id, name, contact_name, phone, owner_id, qr_token, created_at)
          values (203, '福田测试商行', '测先生', '13512345678', ${zhuge}, 'TREE-TEST-203', now() - interval '40 days') returning id`,
    );
    await server.db.execute(sql`insert into orders (order_no, site_id, customer_id, staff_id, amount_fen, status, created_at, paid_at, completed_at)
      values ('TREE-TEST-203-1', 203, ${customer?.id ?? 0}, ${zhuge}, 123400, 'completed', now() - interval '30 days', now() - interval '30 days', now() - interval '30 days')`);
    const before = await siteFigures(zhuGang, 203, 'year');
    expect(fen(before.figures.current.orderAmount)).toBe(123400);
    const parentBefore = await siteFigures(zhuGang, 201, 'year');
    expect((await admin('archive', { id: 203 })).status).toBe(200);

    expect((await sitesOf(zhuGang)).map((site) => site.departmentId)).toEqual([201, 202]);
    expect(await picker(zhuGang)).toEqual([201, 202]);
    const after = await siteFigures(zhuGang, 203, 'year');
    expect(after.figures.current).toEqual(before.figures.current);
    const orders = await staffCall<{ total: number }>(server.app, zhuGang, 'order/list', { siteId: 203, pageSize: 100 });
    expect(orders.status).toBe(200);
    expect(orders.body.data.total).toBe(1);
    const parentAfter = await siteFigures(zhuGang, 201, 'year');
    expect(parentAfter.figures.current).toEqual(parentBefore.figures.current);
    // Nobody else gains it: another tree's leader and 广州一部's leader read nothing there.
    expectFailure(await staffCall(server.app, liNa, 'order/list', { siteId: 203 }), 403);
    expectFailure(await staffCall(server.app, ouYang, 'order/list', { siteId: 203 }), 403);
  });
});

describe('a salesperson of a child site who leaves', () => {
  it('leaves the parent’s past figures, targets and ranking as they were', async () => {
    const lastMonth = async () => ({
      figures: await siteFigures(zhuGang, 201, 'lastMonth'),
      ranking: (await staffCall<Ranking>(server.app, zhuGang, 'performance/ranking', { siteId: 201, period: 'lastMonth', metric: 'orderAmount' })).body.data,
    });
    const before = await lastMonth();
    expect(fen(before.figures.figures.target.targetAmount)).toBeGreaterThan(0);
    const leaving = await call(server.app, 'POST', '/seller/admin/staff/deactivate', { token: adminToken, body: { staffId: siMa.id, handovers: [{ siteId: 202, toStaffId: null }] } });
    expect(leaving.status).toBe(200);
    expect(JSON.stringify(await lastMonth())).toBe(JSON.stringify(before));
    // Had they left in the middle of last month, last month would still read the same.
    const midLastMonth = before.figures.ranges.range.startDate.replace(/-01$/, '-15');
    await server.db.execute(sql`update staff set deactivated_at = ${`${midLastMonth}T04:00:00Z`}::timestamptz where id = ${siMa.id}`);
    expect(JSON.stringify(await lastMonth())).toBe(JSON.stringify(before));
  });
});
