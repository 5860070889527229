/** 今日待办 (issue 18 §1): the caller's own due and overdue follow-ups, cleared by a later one, and the reports owed. */
import { addDays, chinaDayString, periodAt, startOfChinaDay, type FollowUpDue, type ReportDetail } from '@sales/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectFailure, rows, useTestServer } from '../../helper.js';
import { customersWhere, loginAll, scalar, staffCall, type CustomerFact, type Role, type Session } from '../sales/support.js';

const server = useTestServer();
let as: Record<Role, Session>;
/** Customers of 张伟 at 101 whose follow-ups the tests write: overdue, today, cleared, tomorrow, moved away. */
let mine: CustomerFact[];

const HOUR = 60 * 60 * 1000;
const now = new Date();
const todayStart = startOfChinaDay(now);
const at = (days: number, hour: number) => new Date(addDays(todayStart, days).getTime() + hour * HOUR);

const due = (session: Session, body: Record<string, unknown> = {}) => staffCall<FollowUpDue>(server.app, session, 'followup/due', { siteId: 101, ...body });

async function allPages(session: Session, siteId = 101): Promise<FollowUpDue['list']> {
  const out: FollowUpDue['list'] = [];
  for (let page = 1; ; page += 1) {
    const response = await due(session, { siteId, page, pageSize: 50 });
    expect(response.status, response.body.msg).toBe(200);
    out.push(...response.body.data.list);
    if (response.body.data.list.length < 50) return out;
  }
}

async function addFollowUp(customer: CustomerFact, staffId: number, createdAt: Date, nextContactAt: Date | null, content = '测试跟进'): Promise<number> {
  return scalar(
    server.db,
    sql`insert into follow_ups (customer_id, site_id, staff_id, type, content, next_contact_at, created_at)
        values (${customer.id}, ${customer.siteId}, ${staffId}, '电话', ${content}, ${nextContactAt?.toISOString() ?? null}, ${createdAt.toISOString()})
        returning id as value`,
  );
}

/** The rule written another way: each customer's latest follow-up, when it is the caller's, names a next contact before tomorrow and the customer is visible. */
async function expectedTotal(staffId: number, siteId: number, ownedOnly: boolean): Promise<number> {
  const tomorrow = addDays(todayStart, 1).toISOString();
  return scalar(
    server.db,
    sql`select count(*) as value from (
          select distinct on (f.customer_id) f.customer_id, f.staff_id, f.next_contact_at
          from follow_ups f where f.site_id = ${siteId}
          order by f.customer_id, f.created_at desc, f.id desc
        ) latest join customers c on c.id = latest.customer_id
        where latest.staff_id = ${staffId} and latest.next_contact_at < ${tomorrow}::timestamptz
          and (${!ownedOnly} or c.owner_id = ${staffId})`,
  );
}

beforeAll(async () => {
  as = await loginAll(server.app);
  mine = (await customersWhere(server.db, sql`site_id = 101 and owner_id = ${as.zhangWei.id}`)).slice(0, 5);
  expect(mine).toHaveLength(5);
  const [overdue, today, cleared, tomorrow, moved] = mine as [CustomerFact, CustomerFact, CustomerFact, CustomerFact, CustomerFact];
  await server.db.execute(sql`delete from follow_ups where customer_id in ${sql.raw(`(${mine.map((c) => c.id).join(',')})`)}`);
  await addFollowUp(overdue, as.zhangWei.id, at(-10, 10), at(-3, 10), '逾期三天的回访');
  await addFollowUp(today, as.zhangWei.id, at(-5, 10), at(0, 15), '今天下午回访');
  await addFollowUp(cleared, as.zhangWei.id, at(-9, 10), at(-2, 10), '被后来的跟进清掉');
  await addFollowUp(cleared, as.liNa.id, at(-1, 10), null, '主管已经联系过');
  await addFollowUp(tomorrow, as.zhangWei.id, at(-1, 10), at(1, 10), '明天再联系');
  await addFollowUp(moved, as.zhangWei.id, at(-4, 10), at(-1, 10), '客户已转给别人');
  const colleague = await scalar(
    server.db,
    sql`select min(p.staff_id) as value from positions p where p.site_id = 101 and not p.is_leader and p.staff_id <> ${as.zhangWei.id}`,
  );
  await server.db.execute(sql`update customers set owner_id = ${colleague} where id = ${moved.id}`);
  // 李娜 (leader of 101) follows up one of 张伟's customers: due today in her list, not in his.
  const leaders = (await customersWhere(server.db, sql`site_id = 101 and owner_id = ${as.zhangWei.id}`)).slice(5, 6);
  await server.db.execute(sql`delete from follow_ups where customer_id = ${leaders[0]?.id ?? 0}`);
  if (leaders[0]) await addFollowUp(leaders[0], as.liNa.id, at(-2, 9), at(0, 9), '主管亲自回访');
});

describe('followup/due', () => {
  it("lists the caller's customers due today (first, earliest first) and overdue (the most recently due first)", async () => {
    const list = await allPages(as.zhangWei);
    const ids = list.map((item) => item.customer.id);
    const [overdue, today, cleared, tomorrow, moved] = mine as [CustomerFact, CustomerFact, CustomerFact, CustomerFact, CustomerFact];
    expect(ids).toContain(overdue.id);
    expect(ids).toContain(today.id);
    expect(ids).not.toContain(cleared.id);
    expect(ids).not.toContain(tomorrow.id);
    expect(ids).not.toContain(moved.id);
    const overdueItem = list.find((item) => item.customer.id === overdue.id);
    expect(overdueItem).toMatchObject({ daysOverdue: 3, type: '电话', content: '逾期三天的回访', nextContactAt: at(-3, 10).toISOString() });
    expect(overdueItem?.customer.name).toBe(overdue.name);
    expect(list.find((item) => item.customer.id === today.id)).toMatchObject({ daysOverdue: 0, content: '今天下午回访' });
    // Today's before the overdue ones; today's by next contact ascending, overdue descending (the most recently due first).
    const firstOverdue = list.findIndex((item) => item.daysOverdue > 0);
    const todayItems = firstOverdue === -1 ? list : list.slice(0, firstOverdue);
    const overdueItems = firstOverdue === -1 ? [] : list.slice(firstOverdue);
    expect(overdueItems.every((item) => item.daysOverdue > 0)).toBe(true);
    expect(todayItems.every((item) => item.daysOverdue === 0)).toBe(true);
    const times = (items: typeof list) => items.map((item) => Date.parse(item.nextContactAt));
    expect(times(overdueItems)).toEqual([...times(overdueItems)].sort((a, b) => b - a));
    expect(times(todayItems)).toEqual([...times(todayItems)].sort((a, b) => a - b));
    const first = await due(as.zhangWei);
    expect(first.body.data.total).toBe(list.length);
    expect(first.body.data.total).toBe(await expectedTotal(as.zhangWei.id, 101, true));
    expect(first.body.data.todayTotal).toBe(todayItems.length);
    expect(first.body.data.today).toBe(chinaDayString(now));
    // Every item is a follow-up of 张伟's.
    const staffIds = await rows<{ staffId: number }>(
      server.db,
      sql`select distinct staff_id as "staffId" from follow_ups where id in ${sql.raw(`(${list.map((item) => item.id).join(',')})`)}`,
    );
    expect(staffIds).toEqual([{ staffId: as.zhangWei.id }]);
  });

  it('is cleared by writing a follow-up', async () => {
    const [overdue] = mine as [CustomerFact];
    const before = await due(as.zhangWei);
    const written = await staffCall(server.app, as.zhangWei, 'followup/create', { siteId: 101, customerId: overdue.id, type: '微信', content: '已经联系' });
    expect(written.status).toBe(200);
    const after = await due(as.zhangWei);
    expect(after.body.data.total).toBe(before.body.data.total - 1);
    expect((await allPages(as.zhangWei)).map((item) => item.customer.id)).not.toContain(overdue.id);
  });

  it("shows a leader their own follow-ups, not the team's", async () => {
    const list = await allPages(as.liNa);
    expect(list.some((item) => item.content === '主管亲自回访' && item.daysOverdue === 0)).toBe(true);
    expect(list.some((item) => item.content === '今天下午回访')).toBe(false);
    const response = await due(as.liNa);
    expect(response.body.data.total).toBe(await expectedTotal(as.liNa.id, 101, false));
    // A leader writes no reports, so owes none.
    expect(response.body.data.reports).toEqual([]);
    expect(response.body.data.count).toBe(response.body.data.total);
  });

  it('pages without overlap', async () => {
    const one = await due(as.zhangWei, { page: 1, pageSize: 1 });
    const two = await due(as.zhangWei, { page: 2, pageSize: 1 });
    expect(one.body.data).toMatchObject({ page: 1, pageSize: 1 });
    expect(two.body.data).toMatchObject({ page: 2, pageSize: 1, total: one.body.data.total });
    expect(one.body.data.list).toHaveLength(1);
    expect(two.body.data.list[0]?.id).not.toBe(one.body.data.list[0]?.id);
    const beyond = await due(as.zhangWei, { page: 1000, pageSize: 20 });
    expect(beyond.body.data.list).toEqual([]);
    expectFailure(await due(as.zhangWei, { pageSize: 0 }), 400);
    expectFailure(await due(as.zhangWei, { page: '1' }), 400);
  });

  it("pages in the rule's order across today's and the overdue ones, equal times the later follow-up first", async () => {
    // Two more customers due at today's 15:00 and two at the overdue item's time: ties on both sides.
    const more = (await customersWhere(server.db, sql`site_id = 101 and owner_id = ${as.zhangWei.id}`)).slice(6, 10);
    expect(more).toHaveLength(4);
    await server.db.execute(sql`delete from follow_ups where customer_id in ${sql.raw(`(${more.map((c) => c.id).join(',')})`)}`);
    for (const [index, customer] of more.entries()) await addFollowUp(customer, as.zhangWei.id, at(-1, index), index < 2 ? at(0, 15) : at(-3, 10), '同一时间');
    const todayFrom = todayStart.toISOString();
    const expected = await rows<{ id: number }>(
      server.db,
      sql`select l.follow_up_id as id from follow_up_latest l join customers c on c.id = l.customer_id
          where l.site_id = 101 and c.site_id = 101 and l.staff_id = ${as.zhangWei.id} and c.owner_id = ${as.zhangWei.id}
            and l.next_contact_at < ${addDays(todayStart, 1).toISOString()}::timestamptz
          order by l.next_contact_at >= ${todayFrom}::timestamptz desc, case when l.next_contact_at >= ${todayFrom}::timestamptz then l.next_contact_at end asc nulls last,
            l.next_contact_at desc, l.follow_up_id desc`,
    );
    expect(expected.length).toBeGreaterThanOrEqual(5);
    for (const pageSize of [1, 3, 7]) {
      const ids: number[] = [];
      for (let page = 1; ids.length < expected.length; page += 1) {
        const response = await due(as.zhangWei, { page, pageSize });
        expect(response.body.data.total).toBe(expected.length);
        expect(response.body.data.list.length).toBe(Math.min(pageSize, expected.length - ids.length));
        ids.push(...response.body.data.list.map((item) => item.id));
      }
      expect(ids).toEqual(expected.map((row) => row.id));
    }
  });

  it("lists this week's and this half month's reports until they are submitted, and counts them", async () => {
    const week = periodAt('weekly', now);
    const half = periodAt('halfMonth', now);
    await server.db.execute(sql`delete from reports where staff_id = ${as.zhangWei.id} and site_id = 101 and period_start in (${week.start}, ${half.start})`);
    const owed = await due(as.zhangWei);
    expect(owed.body.data.reports.map((report) => [report.kind, report.periodStart, report.periodEnd])).toEqual([
      ['weekly', week.start, week.end],
      ['halfMonth', half.start, half.end],
    ]);
    expect(owed.body.data.count).toBe(owed.body.data.total + 2);
    const created = await call<ReportDetail>(server.app, 'POST', '/seller/weekly/staff/create', {
      token: as.zhangWei.token,
      body: { siteId: 101, periodStart: week.start, summary: '本周拜访了十家店', plan: '下周继续' },
    });
    expect(created.status, created.body.msg).toBe(200);
    const after = await due(as.zhangWei);
    expect(after.body.data.reports.map((report) => report.kind)).toEqual(['halfMonth']);
    expect(after.body.data.count).toBe(after.body.data.total + 1);
  });

  it('follows the siteId rule: required, a number, and a site the caller works at', async () => {
    expectFailure(await staffCall(server.app, as.zhangWei, 'followup/due', {}), 400, '请填写站点');
    expectFailure(await staffCall(server.app, as.zhangWei, 'followup/due', { siteId: '101' }), 400, '站点格式不正确');
    expectFailure(await due(as.zhangWei, { siteId: 102 }), 403, '您不是该站点的成员');
    // reportAllSites reads performance anywhere, not someone else's to-do.
    expectFailure(await due(as.liuYang, { siteId: 101 }), 403, '您不是该站点的成员');
    expectFailure(await staffCall(server.app, undefined, 'followup/due', { siteId: 101 }), 401);
    // 王强 at 201, where he is a salesperson: his own list there, no one else's.
    const wang = await due(as.wangQiang, { siteId: 201 });
    expect(wang.status).toBe(200);
    expect(wang.body.data.total).toBe(await expectedTotal(as.wangQiang.id, 201, true));
  });
});
