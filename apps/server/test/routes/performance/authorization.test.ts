/**
 * Who sees what of the performance, standards, attendance and member calls (DESIGN §4): each demo
 * account × each call × its own site, a foreign site and a colleague's record. 张伟 sells at 101,
 * 李娜 leads 101, 王强 leads 101 and 102 and sells at 201, 刘洋 sells at 201 with reportAllSites,
 * 陈静 leads 102. Nothing here changes data except standard/update, which writes the same values.
 */
import { ENDPOINTS, type PerformanceSites, type PersonFigures, type Ranking } from '@sales/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { chinaDayString } from '@sales/contract';
import { expectFailure, rows, useTestServer } from '../../helper.js';
import { loginAll, STAFF_API, staffCall, type Role, type Session } from '../sales/support.js';
import * as ROUTES from '@sales/contract/routes';

/** The performance, attendance and member calls of the contract's endpoint table. */
const PERFORMANCE_PATHS = ENDPOINTS.map(({ path }) => path).filter((path) => /^\/seller\/fenghe\/staff\/(performance|attendance|member)\//.test(path));

const server = useTestServer();
let as: Record<Role, Session>;
/** A salesperson of 101 other than 张伟, and one of 102. */
let colleague101: number;
let member102: number;
const month = chinaDayString(new Date()).slice(0, 7);

beforeAll(async () => {
  as = await loginAll(server.app);
  const pick = async (siteId: number, not: number) => {
    const [row] = await rows<{ id: number }>(
      server.db,
      sql`select staff_id as id from positions where site_id = ${siteId} and not is_leader and staff_id <> ${not}
          and staff_id not in (select staff_id from positions where site_id = ${siteId} and is_leader) order by staff_id limit 1`,
    );
    if (!row) throw new Error(`no salesperson at ${siteId}`);
    return row.id;
  };
  colleague101 = await pick(101, as.zhangWei.id);
  member102 = await pick(102, 0);
});

const path = (full: string) => full.slice(STAFF_API.length + 1);

/** Every call with a body valid apart from the site; `who` picks a record of the site asked. */
type Body = (siteId: number) => Record<string, unknown>;
const CALLS: Record<string, Body> = {
  [path(ROUTES.performancePerson)]: () => ({ period: 'month' }),
  [path(ROUTES.performanceSite)]: () => ({ period: 'month' }),
  [path(ROUTES.performanceDetails)]: () => ({ period: 'month', view: 'day' }),
  [path(ROUTES.performanceRanking)]: () => ({ period: 'month', metric: 'orderAmount' }),
  [path(ROUTES.performanceHome)]: () => ({}),
  [path(ROUTES.performanceSearch)]: () => ({ period: 'month', keyword: '张' }),
  [path(ROUTES.standardList)]: () => ({ month }),
  [path(ROUTES.standardUpdate)]: () => ({ month, targetAmount: 0, targetOrders: 0, targetNewCustomers: 0, staffId: 0 }),
  [path(ROUTES.standardHistory)]: () => ({}),
  [path(ROUTES.attendanceToday)]: () => ({}),
  [path(ROUTES.attendanceDay)]: () => ({ date: chinaDayString(new Date()) }),
  [path(ROUTES.attendanceVisits)]: () => ({ date: chinaDayString(new Date()) }),
  [path(ROUTES.attendanceMonth)]: () => ({ month }),
  [path(ROUTES.memberList)]: () => ({}),
  [path(ROUTES.memberDetail)]: () => ({ period: 'month', id: 0 }),
};

type Status = 200 | 403 | 404;
/** [call, role, site, expected] at the caller's own record or the site as a whole. */
const MATRIX: [string, Role, number, Status][] = [];
const add = (call: string, cells: [Role, number, Status][]) => cells.forEach(([role, site, status]) => MATRIX.push([call, role, site, status]));
// Everyone reads their own figures, ranking, home, details and search at their sites; reportAllSites
// (刘洋) anywhere; nobody else at a site they do not belong to.
for (const call of ['person', 'details', 'ranking', 'home', 'search', 'member/list']) {
  const name = call === 'member/list' ? call : `performance/${call}`;
  add(name, [
    ['zhangWei', 101, 200],
    ['zhangWei', 102, 403],
    ['liNa', 101, 200],
    ['liNa', 201, 403],
    ['wangQiang', 201, 200],
    ['liuYang', 201, 200],
    // Not a member of 101, 刘洋 has no figures of his own there.
    ['liuYang', 101, call === 'person' ? 404 : 200],
    ['chenJing', 102, 200],
    ['chenJing', 101, 403],
  ]);
}
// The site's figures and standards: leaders and reportAllSites.
for (const call of ['performance/site', 'performance/standard', 'performance/standard/history']) {
  add(call, [
    ['zhangWei', 101, 403],
    ['liNa', 101, 200],
    ['liNa', 102, 403],
    ['wangQiang', 102, 200],
    ['wangQiang', 201, 403],
    ['liuYang', 101, 200],
    ['liuYang', 102, 200],
    ['chenJing', 102, 200],
    ['chenJing', 201, 403],
  ]);
}
// Editing standards: leaders of that site only.
add('performance/standard/update', [
  ['zhangWei', 101, 403],
  ['liNa', 101, 200],
  ['liNa', 102, 403],
  ['wangQiang', 102, 200],
  ['wangQiang', 201, 403],
  ['liuYang', 101, 403],
  ['liuYang', 201, 403],
  ['chenJing', 102, 200],
]);
// Attendance is not widened by reportAllSites: members only; the site's day for leaders.
add('attendance/today', [
  ['zhangWei', 101, 200],
  ['zhangWei', 102, 403],
  ['liuYang', 201, 200],
  ['liuYang', 101, 403],
  ['chenJing', 102, 200],
]);
add('attendance/month', [
  ['zhangWei', 101, 200],
  ['liNa', 101, 200],
  ['liuYang', 101, 403],
  ['chenJing', 101, 403],
]);
add('attendance/day', [
  ['zhangWei', 101, 403],
  ['liNa', 101, 200],
  ['wangQiang', 102, 200],
  ['wangQiang', 201, 403],
  ['liuYang', 201, 403],
  ['liuYang', 101, 403],
]);
// 团队考勤 → 拜访 (issue 19): the same leaders as the day view.
add('attendance/visits', [
  ['zhangWei', 101, 403],
  ['liNa', 101, 200],
  ['wangQiang', 102, 200],
  ['wangQiang', 201, 403],
  ['liuYang', 201, 403],
  ['liuYang', 101, 403],
]);

describe('the performance calls', () => {
  it('covers every performance, attendance and member call', () => {
    const covered = new Set([...Object.keys(CALLS), 'performance/sites', 'attendance/clock-in', 'attendance/clock-out']);
    for (const full of PERFORMANCE_PATHS) expect(covered.has(path(full)), full).toBe(true);
    const inMatrix = new Set(MATRIX.map(([call]) => call));
    for (const call of Object.keys(CALLS)) if (call !== 'member/detail') expect(inMatrix.has(call), call).toBe(true);
  });

  it.each(MATRIX)('%s: %s at %i → %i', async (call, role, siteId, status) => {
    const bodyOf = CALLS[call];
    if (!bodyOf) throw new Error(`unknown call ${call}`);
    const body: Record<string, unknown> = { ...bodyOf(siteId), siteId };
    if (call === 'performance/standard/update') {
      // A salesperson of the site, with his current values, so a permitted call changes nothing visible.
      const person = siteId === 101 ? as.zhangWei.id : siteId === 102 ? member102 : as.liuYang.id;
      const [current] = await rows<{ amount: number; orders: number; customers: number }>(
        server.db,
        sql`select target_amount_fen::float8 / 100 as amount, target_orders as orders, target_new_customers as customers
            from performance_standards where site_id = ${siteId} and month = ${month} and (staff_id = ${person} or staff_id is null)
            order by staff_id nulls last limit 1`,
      );
      Object.assign(body, { staffId: person, targetAmount: current?.amount ?? 0, targetOrders: current?.orders ?? 0, targetNewCustomers: current?.customers ?? 0 });
    }
    const response = await staffCall(server.app, as[role], call, body);
    if (status === 200) expect(response.status, response.body.msg).toBe(200);
    else expectFailure(response, status);
  });

  it.each(Object.keys(CALLS))('%s without siteId → 400, without a session → 401', async (call) => {
    const bodyOf = CALLS[call];
    if (!bodyOf) throw new Error(call);
    expectFailure(await staffCall(server.app, as.liNa, call, bodyOf(101)), 400, '请填写站点');
    expectFailure(await staffCall(server.app, undefined, call, { ...bodyOf(101), siteId: 101 }), 401);
  });

  it("answers a colleague's record 404 to a salesperson and the record of another site 404 to anyone", async () => {
    const person = (session: Session, siteId: number, staffId: number) =>
      staffCall<PersonFigures>(server.app, session, 'performance/person', { siteId, staffId, period: 'month' });
    const member = (session: Session, siteId: number, id: number) => staffCall(server.app, session, 'member/detail', { siteId, id, period: 'month' });
    expect((await person(as.liNa, 101, colleague101)).status).toBe(200);
    expect((await person(as.liuYang, 101, colleague101)).status).toBe(200);
    expectFailure(await person(as.zhangWei, 101, colleague101), 404, '员工不存在');
    expectFailure(await person(as.liNa, 101, member102), 404, '员工不存在');
    expect((await member(as.liNa, 101, colleague101)).status).toBe(200);
    expect((await member(as.zhangWei, 101, as.zhangWei.id)).status).toBe(200);
    expectFailure(await member(as.zhangWei, 101, colleague101), 404, '员工不存在');
    expectFailure(await member(as.liNa, 101, member102), 404, '员工不存在');
    expectFailure(await member(as.liuYang, 201, as.wangQiang.id), 404, '员工不存在');
    expectFailure(await member(as.liuYang, 101, as.zhangWei.id), 403, '您不是该站点的成员');
    expectFailure(
      await staffCall(server.app, as.liNa, 'attendance/month', { siteId: 101, month, staffId: member102 }),
      404,
      '员工不存在',
    );
  });

  it('sends canPickMember (销售业绩 member picker) to leaders of the site and reportAllSites readers only', async () => {
    const picks = async (session: Session, siteId: number, staffId?: number) => {
      const response = await staffCall<PersonFigures>(server.app, session, 'performance/person', { siteId, period: 'month', ...(staffId ? { staffId } : {}) });
      expect(response.status, response.body.msg).toBe(200);
      return response.body.data.canPickMember;
    };
    expect(await picks(as.liNa, 101)).toBe(true);
    expect(await picks(as.liNa, 101, as.zhangWei.id)).toBe(true);
    expect(await picks(as.wangQiang, 101)).toBe(true);
    expect(await picks(as.chenJing, 102)).toBe(true);
    expect(await picks(as.zhangWei, 101)).toBe(false);
    // 王强 leads 101 and 102 but only sells at 201; 陈静 both sells and leads at 102 (a leader there).
    expect(await picks(as.wangQiang, 201)).toBe(false);
    // 刘洋 (reportAllSites) sells at 201 and reads every other site.
    expect(await picks(as.liuYang, 201)).toBe(true);
    expect(await picks(as.liuYang, 101, as.zhangWei.id)).toBe(true);
  });

  it('lists the sites whose performance the caller may read', async () => {
    const sitesOf = async (session: Session) => (await staffCall<PerformanceSites>(server.app, session, 'performance/sites', {})).body.data.list;
    expect(await sitesOf(as.liuYang)).toEqual([
      { siteId: 101, siteName: '华东一部', canEdit: false },
      { siteId: 102, siteName: '华东二部', canEdit: false },
      { siteId: 201, siteName: '华南大区', canEdit: false },
      // 华南大区's child sites (issue 26 §3): nobody works there yet, 刘洋 reads every site.
      { siteId: 202, siteName: '广州一部', canEdit: false },
      { siteId: 203, siteName: '深圳一部', canEdit: false },
    ]);
    expect(await sitesOf(as.wangQiang)).toEqual([
      { siteId: 101, siteName: '华东一部', canEdit: true },
      { siteId: 102, siteName: '华东二部', canEdit: true },
      { siteId: 201, siteName: '华南大区', canEdit: false },
    ]);
    expect(await sitesOf(as.zhangWei)).toEqual([{ siteId: 101, siteName: '华东一部', canEdit: false }]);
    expectFailure(await staffCall(server.app, undefined, 'performance/sites', {}), 401);
  });

  it("shows a salesperson colleagues' names and roles only, and reportAllSites the figures with masked phones", async () => {
    type Members = { list: { id: number; phone: string; full: boolean; customerCount: number | null; month: unknown }[] };
    const list = async (session: Session, siteId: number) => (await staffCall<Members>(server.app, session, 'member/list', { siteId })).body.data.list;
    const bySales = await list(as.zhangWei, 101);
    const other = bySales.find((row) => row.id === colleague101);
    expect(other).toMatchObject({ full: false, customerCount: null, month: null });
    expect(other?.phone).toMatch(/\*{4}/);
    expect(bySales.find((row) => row.id === as.zhangWei.id)).toMatchObject({ phone: '13800000001', full: true });
    const byLeader = await list(as.liNa, 101);
    expect(byLeader.find((row) => row.id === colleague101)?.full).toBe(true);
    expect(byLeader.find((row) => row.id === colleague101)?.month).not.toBeNull();
    const byReader = await list(as.liuYang, 101);
    expect(byReader.find((row) => row.id === colleague101)).toMatchObject({ full: false });
    expect(byReader.find((row) => row.id === colleague101)?.month).not.toBeNull();
    // Searching a colleague's phone finds nothing for a salesperson.
    const [phone] = await rows<{ phone: string }>(server.db, sql`select phone from staff where id = ${colleague101}`);
    const probe = await staffCall<Members>(server.app, as.zhangWei, 'member/list', { siteId: 101, keyword: phone?.phone });
    expect(probe.body.data.list).toHaveLength(0);
  });

  it('ranks another site for reportAllSites without a row of their own', async () => {
    const ranking = await staffCall<Ranking>(server.app, as.liuYang, 'performance/ranking', { siteId: 102, period: 'month', metric: 'orderAmount' });
    expect(ranking.status).toBe(200);
    expect(ranking.body.data.list.length).toBeGreaterThan(0);
    expect(ranking.body.data.me).toBeNull();
  });
});
