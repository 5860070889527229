/**
 * 消息中心: a user's notices (list newest first, unread count, read one or all, another user's
 * refused), the notices events create (a customer bound or transferred, a target changed, a
 * password reset), and the scheduler: due notices at their hour, exactly once with two instances
 * ticking at once, caught up after downtime, and the 90-day purge.
 */
import { addDays, chinaCalendar, chinaDayString, chinaMidnight, periodAt, periodLabel, shiftPeriod, TODO_PAGE_LINK, type NoticePage, type NoticeReadResult } from '@sales/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../src/db/client.js';
import { createNotices } from '../../../src/plugins/app/notices/notices-repository.js';
import { NoticeScheduler, reportDueAt } from '../../../src/plugins/app/notices/notice-scheduler.js';
import { resolveSalesScope } from '../../../src/plugins/app/sales/sales-authorization.js';
import { TodoRepository } from '../../../src/plugins/app/todo/todo-repository.js';
import { at, buildTestApp, call, expectFailure, rows, useTestServer, type ApiResponse } from '../../helper.js';
import { firstCustomer, loginAll, scalar, staffCall, type Role, type Session } from '../sales/support.js';

const server = useTestServer();
let as: Record<Role, Session>;

beforeAll(async () => {
  as = await loginAll(server.app);
});

const notice = <T>(session: Session, path: 'list' | 'read' | 'unread', body: unknown): Promise<ApiResponse<T>> =>
  call<T>(server.app, 'POST', `/seller/notice/${path}`, { token: session.token, body });

const unreadOf = async (session: Session) => (await notice<{ unread: number }>(session, 'unread', {})).body.data.unread;

/** Notices of a user of a kind, straight from the table. */
const noticesOf = (staffId: number, kind: string) =>
  rows<{ id: number; dedupeKey: string; title: string; body: string; link: string; siteId: number | null; actorId: number | null }>(
    server.db,
    sql`select id, dedupe_key as "dedupeKey", title, body, link, site_id as "siteId", actor_id as "actorId" from notices where staff_id = ${staffId} and kind = ${kind} order by id`,
  );

describe('消息中心', () => {
  it('has demo notices for every demo user, some unread, so the feature shows on first login', async () => {
    for (const role of Object.keys(as) as Role[]) {
      const page = await notice<NoticePage>(as[role], 'list', {});
      expect(page.body.data.total, role).toBeGreaterThan(0);
      expect(page.body.data.unread, role).toBeGreaterThan(0);
      expect(page.body.data.list.some((item) => item.read), role).toBe(true);
    }
  });

  it('seeds a target change and report reminders for salespeople only, and a new customer of their own site for each demo user who owns one', async () => {
    const seeded = await rows<{ staffId: number; kind: string; leads: boolean; ownsHere: boolean }>(
      server.db,
      sql`select s.id as "staffId", n.kind, exists (select 1 from positions p where p.staff_id = s.id and p.is_leader) as leads,
            exists (select 1 from customers c where c.owner_id = s.id and c.site_id = (select min(p.site_id) from positions p where p.staff_id = s.id)) as "ownsHere"
          from staff s left join notices n on n.staff_id = s.id and n.dedupe_key like 'seed:%' and n.kind in ('targetChanged', 'weeklyDue', 'halfMonthDue', 'customerAssigned') and n.read_at is null
          where s.id in (${as.zhangWei.id}, ${as.liNa.id}, ${as.chenJing.id})`,
    );
    const kinds = (staffId: number) => new Set(seeded.filter((row) => row.staffId === staffId).map((row) => row.kind));
    const leads = (staffId: number) => seeded.find((row) => row.staffId === staffId)?.leads;
    expect(leads(as.zhangWei.id)).toBe(false);
    expect(kinds(as.zhangWei.id).has('targetChanged')).toBe(true);
    for (const leader of [as.liNa.id, as.chenJing.id]) {
      expect(leads(leader)).toBe(true);
      expect(kinds(leader).has('targetChanged')).toBe(false);
      expect(kinds(leader).has('weeklyDue')).toBe(false);
    }
    for (const person of [as.zhangWei.id, as.liNa.id, as.chenJing.id]) {
      const ownsHere = seeded.find((row) => row.staffId === person)?.ownsHere;
      expect(kinds(person).has('customerAssigned'), String(person)).toBe(ownsHere);
    }
  });

  it('seeds one 今日待联系 a day at most, and yesterday’s counts the customers still due that day (none for someone with nothing due)', async () => {
    const seeded = await rows<{ staffId: number; dedupeKey: string; body: string; day: string }>(
      server.db,
      sql`select staff_id as "staffId", dedupe_key as "dedupeKey", body, to_char((created_at at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD') as day
          from notices where kind = 'followUpDue' and dedupe_key like 'seed:%' order by staff_id, created_at`,
    );
    expect(seeded.length).toBeGreaterThan(0);
    const perDay = new Set(seeded.map((row) => `${row.staffId} ${row.day}`));
    expect(perDay.size).toBe(seeded.length);

    const yesterday = chinaDayString(addDays(new Date(), -1));
    const due = await rows<{ staffId: number; n: number }>(
      server.db,
      sql`select staff_id as "staffId", count(*)::int as n from follow_up_latest
          where next_contact_at >= ${`${yesterday}T00:00:00+08:00`}::timestamptz and next_contact_at < ${`${yesterday}T00:00:00+08:00`}::timestamptz + interval '1 day' group by staff_id`,
    );
    const told = seeded.filter((row) => row.dedupeKey === `seed:followUpDue:${yesterday}`);
    expect(told.map((row) => [row.staffId, row.body]).sort()).toEqual(due.map((row) => [row.staffId, `今天有 ${row.n} 位客户约定了下次联系，记得按时跟进。`]).sort());
  });

  it('lists my notices newest first with their read state, counts the unread and marks one or all read', async () => {
    const me = as.zhangWei.id;
    await server.db.execute(sql`delete from notices where staff_id = ${me}`);
    const created = await createNotices(
      server.db,
      [1, 2, 3].map((n) => ({ staffId: me, kind: 'passwordReset' as const, dedupeKey: `test:list:${n}`, title: `消息${n}`, body: `正文${n}`, link: '/pages/my/index' })),
    );
    expect(created).toHaveLength(3);
    // Distinct times: the second is the newest.
    await server.db.execute(sql`update notices set created_at = now() - interval '1 hour' * (case title when '消息1' then 3 when '消息2' then 1 else 2 end) where staff_id = ${me}`);
    const page = await notice<NoticePage>(as.zhangWei, 'list', { page: 1, pageSize: 2 });
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ total: 3, page: 1, pageSize: 2, unread: 3 });
    expect(page.body.data.list.map((item) => item.title)).toEqual(['消息2', '消息3']);
    expect(page.body.data.list[0]).toMatchObject({ kind: 'passwordReset', body: '正文2', link: '/pages/my/index', read: false });
    const second = await notice<NoticePage>(as.zhangWei, 'list', { page: 2, pageSize: 2 });
    expect(second.body.data.list.map((item) => item.title)).toEqual(['消息1']);
    expect(await unreadOf(as.zhangWei)).toBe(3);

    const target = at(page.body.data.list, 0);
    const read = await notice<NoticeReadResult>(as.zhangWei, 'read', { id: target.id });
    expect(read.body.data).toEqual({ marked: 1, unread: 2 });
    // Reading it again changes nothing.
    expect((await notice<NoticeReadResult>(as.zhangWei, 'read', { id: target.id })).body.data).toEqual({ marked: 0, unread: 2 });
    const after = await notice<NoticePage>(as.zhangWei, 'list', {});
    expect(after.body.data.list.find((item) => item.id === target.id)?.read).toBe(true);
    expect(after.body.data.unread).toBe(2);

    expect((await notice<NoticeReadResult>(as.zhangWei, 'read', { all: true })).body.data).toEqual({ marked: 2, unread: 0 });
    expect(await unreadOf(as.zhangWei)).toBe(0);
    expect((await notice<NoticePage>(as.zhangWei, 'list', {})).body.data.list.every((item) => item.read)).toBe(true);
  });

  it('refuses another user’s notice with a Chinese 404 and changes nothing', async () => {
    const [theirs] = await createNotices(server.db, [
      { staffId: as.liNa.id, kind: 'passwordReset', dedupeKey: 'test:theirs', title: '李娜的消息', body: '正文', link: '/pages/my/index' },
    ]);
    if (!theirs) throw new Error('not created');
    expectFailure(await notice(as.zhangWei, 'read', { id: theirs.id }), 404, '消息不存在');
    expectFailure(await notice(as.zhangWei, 'read', { id: 99_999_999 }), 404, '消息不存在');
    const [row] = await rows<{ readAt: string | null }>(server.db, sql`select read_at as "readAt" from notices where id = ${theirs.id}`);
    expect(row?.readAt).toBeNull();
    // 全部已读 of mine leaves hers unread.
    await notice(as.zhangWei, 'read', { all: true });
    expect(await scalar(server.db, sql`select count(*) as value from notices where id = ${theirs.id} and read_at is null`)).toBe(1);
    const mine = await notice<NoticePage>(as.zhangWei, 'list', { pageSize: 100 });
    expect(mine.body.data.list.map((item) => item.id)).not.toContain(theirs.id);
  });

  it('refuses bad input with a Chinese 400', async () => {
    expectFailure(await notice(as.zhangWei, 'read', {}), 400, '请指定要标为已读的消息');
    expectFailure(await notice(as.zhangWei, 'read', { id: 1, all: true }), 400, '标记单条消息时不能同时全部已读');
    expectFailure(await notice(as.zhangWei, 'read', { id: '1' }), 400, '编号格式不正确');
    expectFailure(await notice(as.zhangWei, 'read', { all: false }), 400, '全部已读格式不正确');
    expectFailure(await notice(as.zhangWei, 'list', { pageSize: 1000 }), 400);
    expectFailure(await notice(as.zhangWei, 'list', { page: '2' }), 400, '页码格式不正确');
    expectFailure(await call(server.app, 'POST', '/seller/notice/unread', { body: {} }), 401);
  });
});

describe('notices of events', () => {
  it('tells a salesperson a customer was bound, then tells the next one it was transferred to them', async () => {
    const customer = await firstCustomer(server.db, sql`site_id = 101 and owner_id is null`);
    const [colleague] = await rows<{ id: number }>(
      server.db,
      sql`select staff_id as id from positions where site_id = 101 and not is_leader and staff_id <> ${as.zhangWei.id} and staff_id not in (select staff_id from positions where site_id = 101 and is_leader) order by staff_id limit 1`,
    );
    if (!colleague) throw new Error('no colleague at 101');
    const before = (await noticesOf(as.zhangWei.id, 'customerAssigned')).length;
    expect((await staffCall(server.app, as.liNa, 'customer/bind', { siteId: 101, customerId: customer.id, staffId: as.zhangWei.id })).status).toBe(200);
    const mine = await noticesOf(as.zhangWei.id, 'customerAssigned');
    expect(mine).toHaveLength(before + 1);
    expect(mine.at(-1)).toMatchObject({ link: `/pages/details/customerDetails?id=${customer.id}`, siteId: 101, actorId: as.liNa.id });
    expect(mine.at(-1)?.body).toContain(customer.name);
    expect((await staffCall(server.app, as.liNa, 'customer/bind', { siteId: 101, customerId: customer.id, staffId: colleague.id })).status).toBe(200);
    const theirs = await noticesOf(colleague.id, 'customerAssigned');
    expect(theirs.at(-1)?.body).toContain('转给您');
    // A refused bind (already theirs) tells nobody.
    await staffCall(server.app, as.liNa, 'customer/bind', { siteId: 101, customerId: customer.id, staffId: colleague.id });
    expect(await noticesOf(colleague.id, 'customerAssigned')).toHaveLength(theirs.length);
  });

  it('tells a member their target changed, and the members without their own target when the site default changes', async () => {
    const month = '2031-01';
    await staffCall(server.app, as.liNa, 'performance/standard/update', { siteId: 101, month, staffId: as.zhangWei.id, targetAmount: 5000, targetOrders: 5, targetNewCustomers: 1 });
    const own = await noticesOf(as.zhangWei.id, 'targetChanged');
    expect(own.at(-1)).toMatchObject({ link: '/pages/index/salesPerformance', siteId: 101, actorId: as.liNa.id });
    expect(own.at(-1)?.body).toContain('2031年1月');
    // The site default: 张伟 has his own target that month, so only the others hear of it.
    const before = await scalar(server.db, sql`select count(*) as value from notices where kind = 'targetChanged'`);
    await staffCall(server.app, as.liNa, 'performance/standard/update', { siteId: 101, month, staffId: null, targetAmount: 3000, targetOrders: 3, targetNewCustomers: 1 });
    const told = await rows<{ staffId: number }>(
      server.db,
      sql`select staff_id as "staffId" from notices where kind = 'targetChanged' and dedupe_key = (select 'targetChanged:' || max(id) from performance_standard_changes) order by staff_id`,
    );
    const expected = await rows<{ staffId: number }>(
      server.db,
      sql`select distinct p.staff_id as "staffId" from positions p join staff s on s.id = p.staff_id
          where p.site_id = 101 and s.status = 'active' and p.staff_id not in (select staff_id from positions where site_id = 101 and is_leader)
            and p.staff_id <> ${as.zhangWei.id} order by 1`,
    );
    expect(told).toEqual(expected);
    expect(told.length).toBeGreaterThan(0);
    expect(await scalar(server.db, sql`select count(*) as value from notices where kind = 'targetChanged'`)).toBe(before + expected.length);
    // The same values again change nothing and tell nobody.
    await staffCall(server.app, as.liNa, 'performance/standard/update', { siteId: 101, month, staffId: null, targetAmount: 3000, targetOrders: 3, targetNewCustomers: 1 });
    expect(await scalar(server.db, sql`select count(*) as value from notices where kind = 'targetChanged'`)).toBe(before + expected.length);
  });

  it('tells a member their password was reset by a leader', async () => {
    const [member] = await rows<{ id: number }>(
      server.db,
      sql`select staff_id as id from positions where site_id = 102 and not is_leader and staff_id not in (select id from staff where phone like '1380000000%')
          and staff_id not in (select staff_id from positions where is_leader) order by staff_id desc limit 1`,
    );
    if (!member) throw new Error('no member at 102');
    const reset = await call(server.app, 'POST', '/seller/user/reset/staff/password', { token: as.chenJing.token, body: { staffId: member.id } });
    expect(reset.status, reset.body.msg).toBe(200);
    const [told] = await noticesOf(member.id, 'passwordReset');
    expect(told).toMatchObject({ title: '密码已被重置', link: '/pages/my/updatePassword', actorId: as.chenJing.id });
  });
});

/** Friday 18:00 China time of the current week, and the same day's 07:59 and 10:00. */
function clock() {
  const week = periodAt('weekly', new Date());
  const [y, m, d] = week.start.split('-').map(Number) as [number, number, number];
  const friday = addDays(chinaMidnight(y, m, d), 4);
  const hour = (h: number, min = 0) => new Date(friday.getTime() + (h * 60 + min) * 60_000);
  return { week, friday, hour, day: chinaDayString(friday) };
}

/** A follow-up by a person of a customer whose next contact is a given instant. */
async function followUpDue(staffId: number, siteId: number, customerId: number, next: Date): Promise<void> {
  await server.db.execute(
    sql`insert into follow_ups (customer_id, site_id, staff_id, type, content, next_contact_at) values (${customerId}, ${siteId}, ${staffId}, '电话', '约好周五再联系', ${next.toISOString()}::timestamptz)`,
  );
}

describe('the notice scheduler', () => {
  const scheduler = () => new NoticeScheduler(server.db, { intervalMs: 60_000, retentionDays: 90 });

  it('sends 今日待联系 from 08:00 and catches up after downtime without duplicates', async () => {
    const { hour, day } = clock();
    const customer = await firstCustomer(server.db, sql`site_id = 101 and owner_id = ${as.zhangWei.id}`);
    await followUpDue(as.zhangWei.id, 101, customer.id, hour(15));
    const key = `followUpDue:${day}`;
    const early = await scheduler().tick(hour(7, 59));
    expect(early.ran).toBe(true);
    expect(early.followUpDue).toBe(0);
    expect((await noticesOf(as.zhangWei.id, 'followUpDue')).filter((row) => row.dedupeKey === key)).toHaveLength(0);
    // Down from 07:00 to 10:00: the first tick after the restart still sends the 08:00 notices.
    const late = await scheduler().tick(hour(10));
    expect(late.followUpDue).toBeGreaterThan(0);
    const mine = (await noticesOf(as.zhangWei.id, 'followUpDue')).filter((row) => row.dedupeKey === key);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ title: '今日待联系', link: TODO_PAGE_LINK });
    expect(mine[0]?.body).toMatch(/今天有 \d+ 位客户/);
    // Another restart, another tick: nothing new.
    expect((await scheduler().tick(hour(11))).followUpDue).toBe(0);
    expect(await scalar(server.db, sql`select count(*) as value from notices where dedupe_key = ${key} and staff_id = ${as.zhangWei.id}`)).toBe(1);
  });

  it('counts only the latest follow-up of a customer by that person', async () => {
    const { hour, day } = clock();
    const [person] = await rows<{ id: number }>(
      server.db,
      sql`select staff_id as id from positions where site_id = 102 and not is_leader and staff_id not in (select staff_id from positions where is_leader) order by staff_id limit 1`,
    );
    if (!person) throw new Error('no salesperson at 102');
    const customer = await firstCustomer(server.db, sql`site_id = 102`);
    await server.db.execute(sql`delete from follow_ups where staff_id = ${person.id}`);
    await server.db.execute(sql`delete from notices where staff_id = ${person.id} and kind = 'followUpDue'`);
    await followUpDue(person.id, 102, customer.id, hour(15));
    // A later follow-up of the same customer without a next contact supersedes it.
    await server.db.execute(sql`insert into follow_ups (customer_id, site_id, staff_id, type, content, created_at) values (${customer.id}, 102, ${person.id}, '电话', '已联系', now() + interval '1 minute')`);
    await scheduler().tick(hour(9));
    expect((await noticesOf(person.id, 'followUpDue')).filter((row) => row.dedupeKey === `followUpDue:${day}`)).toHaveLength(0);
  });

  it('counts what 今日待办 lists as due today: a colleague’s later follow-up clears a customer, and one the person no longer sees is left out', async () => {
    const { hour, day } = clock();
    const [person] = await rows<{ id: number }>(
      server.db,
      sql`select staff_id as id from positions where site_id = 102 and not is_leader and staff_id not in (select staff_id from positions where is_leader)
          and staff_id in (select owner_id from customers where site_id = 102 group by owner_id having count(*) >= 3) order by staff_id desc limit 1`,
    );
    const [leader] = await rows<{ id: number }>(server.db, sql`select staff_id as id from positions where site_id = 102 and is_leader order by staff_id limit 1`);
    if (!person || !leader) throw new Error('no salesperson or leader at 102');
    const owned = await rows<{ id: number }>(server.db, sql`select id from customers where site_id = 102 and owner_id = ${person.id} order by id limit 3`);
    const [other] = await rows<{ id: number }>(server.db, sql`select id from customers where site_id = 102 and owner_id <> ${person.id} order by id limit 1`);
    if (owned.length < 3 || !other) throw new Error('not enough customers at 102');
    await server.db.execute(sql`delete from follow_ups where staff_id = ${person.id}`);
    await server.db.execute(sql`delete from notices where staff_id = ${person.id} and kind = 'followUpDue'`);
    for (const customer of [...owned, other]) await followUpDue(person.id, 102, customer.id, hour(15));
    // The leader called the third customer afterwards: it is no longer the person's to call.
    await server.db.execute(
      sql`insert into follow_ups (customer_id, site_id, staff_id, type, content, created_at) values (${at(owned, 2).id}, 102, ${leader.id}, '电话', '已联系', now() + interval '1 minute')`,
    );

    await scheduler().tick(hour(9));
    const [told] = (await noticesOf(person.id, 'followUpDue')).filter((row) => row.dedupeKey === `followUpDue:${day}`);
    expect(told?.body).toBe('今天有 2 位客户约定了下次联系，记得按时跟进。');
    const scope = await resolveSalesScope(server.db, person.id, 102);
    const todo = await new TodoRepository(server.db).due(scope, { siteId: 102 }, hour(9));
    expect(todo.todayTotal).toBe(2);
    expect(todo.list.map((item) => item.customer.id).sort()).toEqual([at(owned, 0).id, at(owned, 1).id].sort());
  });

  it('sends 周报待提交 from Friday 17:00 to each salesperson who has not written it, and 半月报待提交 from the last day 17:00', async () => {
    const { week, hour } = clock();
    const written = await call(server.app, 'POST', '/seller/weekly/staff/create', {
      token: as.zhangWei.token,
      body: { siteId: 101, periodStart: week.start, summary: '本周总结', plan: '下周计划' },
    });
    expect([200, 409]).toContain(written.status);
    expect((await scheduler().tick(hour(16, 59))).weeklyDue).toBe(0);
    const result = await scheduler().tick(hour(17, 1));
    const key = `weeklyDue:${week.start}`;
    const told = await rows<{ staffId: number }>(server.db, sql`select staff_id as "staffId" from notices where dedupe_key = ${key} order by staff_id`);
    const owing = await rows<{ staffId: number }>(
      server.db,
      sql`select distinct p.staff_id as "staffId" from positions p join staff s on s.id = p.staff_id and s.status = 'active'
          where not exists (select 1 from positions l where l.staff_id = p.staff_id and l.site_id = p.site_id and l.is_leader)
            and not exists (select 1 from reports r where r.kind = 'weekly' and r.staff_id = p.staff_id and r.site_id = p.site_id and r.period_start = ${week.start})
          order by 1`,
    );
    expect(told).toEqual(owing);
    expect(result.weeklyDue).toBe(owing.length);
    expect(told.map((row) => row.staffId)).not.toContain(as.zhangWei.id);
    // Leaders owe nothing: 李娜 leads 101 only.
    expect(told.map((row) => row.staffId)).not.toContain(as.liNa.id);
    const [one] = await noticesOf(at(told, 0).staffId, 'weeklyDue');
    expect(one).toMatchObject({ title: '周报待提交', link: '/pages/weeklyReport/index?write=1' });

    const half = periodAt('halfMonth', hour(12));
    const due = reportDueAt(half);
    expect(chinaCalendar(due).hour).toBe(17);
    expect((await scheduler().tick(new Date(due.getTime() - 60_000))).halfMonthDue).toBe(0);
    expect((await scheduler().tick(due)).halfMonthDue).toBeGreaterThan(0);
    expect(await scalar(server.db, sql`select count(*) as value from notices where dedupe_key = ${`halfMonthDue:${half.start}`}`)).toBeGreaterThan(0);
  });

  it('creates each due notice exactly once with two app instances ticking at once', async () => {
    const { hour, day, week } = clock();
    const keys = [`followUpDue:${day}`, `weeklyDue:${week.start}`];
    await server.db.execute(sql`delete from notices where dedupe_key in (${keys[0]}, ${keys[1]})`);
    // A second instance: its own app and, on PostgreSQL, its own connection pool to the same database.
    let second: Database | undefined;
    let other: FastifyInstance | undefined;
    try {
      second = server.database.kind === 'postgres' ? await openDatabase({ databaseUrl: server.config.databaseUrl }) : server.database;
      other = await buildTestApp(second, server.config);
      const results = await Promise.all([server.app.noticeScheduler.tick(hour(18)), other.noticeScheduler.tick(hour(18)), server.app.noticeScheduler.tick(hour(18)), other.noticeScheduler.tick(hour(18))]);
      expect(results.some((result) => result.ran)).toBe(true);
      const created = results.reduce((sum, result) => sum + result.followUpDue + result.weeklyDue, 0);
      const duplicates = await rows<{ staffId: number; dedupeKey: string; copies: number }>(
        server.db,
        sql`select staff_id as "staffId", dedupe_key as "dedupeKey", count(*)::int as copies from notices where dedupe_key in (${keys[0]}, ${keys[1]}) group by 1, 2 having count(*) > 1`,
      );
      expect(duplicates).toEqual([]);
      const stored = await scalar(server.db, sql`select count(*) as value from notices where dedupe_key in (${keys[0]}, ${keys[1]})`);
      expect(stored).toBeGreaterThan(0);
      expect(created).toBe(stored);
      // Fresh instances (no memory of what they did) ticking together again create nothing.
      const again = await Promise.all([scheduler().tick(hour(19)), new NoticeScheduler(second.db, { intervalMs: 60_000, retentionDays: 90 }).tick(hour(19))]);
      expect(again.reduce((sum, result) => sum + result.followUpDue + result.weeklyDue, 0)).toBe(0);
      expect(await scalar(server.db, sql`select count(*) as value from notices where dedupe_key in (${keys[0]}, ${keys[1]})`)).toBe(stored);
    } finally {
      await other?.close();
      if (second && second !== server.database) await second.close();
    }
  });

  it('catches up the previous period’s 周报待提交 after a downtime across the boundary, once per person', async () => {
    const { hour } = clock();
    // Down from before the Friday 17:00 four weeks on until the Monday after it: that week was never
    // reminded. (Four weeks on: the ticks of the tests above reach up to a half-month's end, which
    // can be eleven days after this week's Friday, and catch up the week before them.)
    const missed = periodAt('weekly', hour(24 * 28));
    const monday = hour(24 * 31 + 9);
    expect(periodAt('weekly', monday).start).not.toBe(missed.start);
    const key = `weeklyDue:${missed.start}`;
    const result = await scheduler().tick(monday);
    const told = await rows<{ staffId: number }>(server.db, sql`select staff_id as "staffId" from notices where dedupe_key = ${key} order by staff_id`);
    const owing = await rows<{ staffId: number }>(
      server.db,
      sql`select distinct p.staff_id as "staffId" from positions p join staff s on s.id = p.staff_id and s.status = 'active'
          where not exists (select 1 from positions l where l.staff_id = p.staff_id and l.site_id = p.site_id and l.is_leader)
            and not exists (select 1 from reports r where r.kind = 'weekly' and r.staff_id = p.staff_id and r.site_id = p.site_id and r.period_start = ${missed.start})
          order by 1`,
    );
    expect(owing.length).toBeGreaterThan(0);
    expect(told).toEqual(owing);
    expect(result.weeklyDue).toBe(owing.length);
    const [one] = (await noticesOf(at(told, 0).staffId, 'weeklyDue')).filter((row) => row.dedupeKey === key);
    expect(one?.body).toBe(`${periodLabel(missed)}的周报还未提交，请尽快填写。`);
    // A restart and another tick: nobody is told twice.
    expect((await scheduler().tick(hour(24 * 31 + 10))).weeklyDue).toBe(0);
    expect(await scalar(server.db, sql`select count(*) as value from notices where dedupe_key = ${key}`)).toBe(owing.length);
  });

  it('reminds a newcomer to a site on the next tick after the period’s reminder went out, and not of a period before they joined', async () => {
    const { hour } = clock();
    const week = periodAt('weekly', hour(24 * 14));
    const before = shiftPeriod(week, -1);
    const running = scheduler();
    const first = await running.tick(hour(24 * 14 + 17, 1));
    expect(first.weeklyDue).toBeGreaterThan(0);
    const key = `weeklyDue:${week.start}`;
    const toldBefore = await scalar(server.db, sql`select count(*) as value from notices where dedupe_key = ${key}`);
    expect((await running.tick(hour(24 * 14 + 17, 2))).weeklyDue).toBe(0);

    // 小周 joins 101 as a salesperson at 17:30, after that week's reminder went out.
    const [newcomer] = await rows<{ id: number }>(
      server.db,
      sql`insert into staff (username, phone, password_hash) values ('周新', '13800009925', 'not-a-password') returning id`,
    );
    if (!newcomer) throw new Error('no newcomer');
    await server.db.execute(sql`insert into positions (staff_id, site_id, created_at) values (${newcomer.id}, 101, ${hour(24 * 14 + 17, 30).toISOString()}::timestamptz)`);
    const next = await running.tick(hour(24 * 14 + 17, 31));
    expect(next.weeklyDue).toBe(1);
    const his = await noticesOf(newcomer.id, 'weeklyDue');
    expect(his.map((row) => row.dedupeKey)).toEqual([key]);
    expect(his[0]).toMatchObject({ siteId: 101, title: '周报待提交' });
    expect(await scalar(server.db, sql`select count(*) as value from notices where dedupe_key = ${key}`)).toBe(toldBefore + 1);
    expect(await scalar(server.db, sql`select count(*) as value from notices where dedupe_key = ${`weeklyDue:${before.start}`} and staff_id = ${newcomer.id}`)).toBe(0);
    // Nothing new on the following ticks, on this instance or a restarted one.
    expect((await running.tick(hour(24 * 14 + 17, 32))).weeklyDue).toBe(0);
    expect((await scheduler().tick(hour(24 * 14 + 18))).weeklyDue).toBe(0);
  });

  it('purges notices older than 90 days', async () => {
    const [old, recent] = await createNotices(server.db, [
      { staffId: as.wangQiang.id, kind: 'passwordReset', dedupeKey: 'test:old', title: '旧消息', body: '正文', link: '/pages/my/index' },
      { staffId: as.wangQiang.id, kind: 'passwordReset', dedupeKey: 'test:recent', title: '近消息', body: '正文', link: '/pages/my/index' },
    ]);
    if (!old || !recent) throw new Error('not created');
    await server.db.execute(sql`update notices set created_at = now() - interval '91 days' where id = ${old.id}`);
    await server.db.execute(sql`update notices set created_at = now() - interval '89 days' where id = ${recent.id}`);
    const result = await scheduler().tick(new Date());
    expect(result.purged).toBeGreaterThanOrEqual(1);
    expect(await scalar(server.db, sql`select count(*) as value from notices where id = ${old.id}`)).toBe(0);
    expect(await scalar(server.db, sql`select count(*) as value from notices where id = ${recent.id}`)).toBe(1);
  });
});
