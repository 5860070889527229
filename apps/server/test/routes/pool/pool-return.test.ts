/**
 * 自动回收 (issue 27 §3): the return job returns exactly the customers whose time is up (未跟进 by
 * the owner, 未成交, per level, inherited from a parent site), once, also with two instances at
 * once and after a downtime; it warns before; and the countdown the owner sees (list, sort, page,
 * 今日待办) is the job's own deadline, refreshed by a follow-up.
 */
import { randomBytes } from 'node:crypto';
import type { CustomerDetail, CustomerPage, FollowUpDue } from '@sales/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../src/db/client.js';
import { POOL_RETURN_JOB } from '../../../src/plugins/app/pool/pool-return-job.js';
import { daysLeft, returnDeadline } from '../../../src/plugins/app/pool/return-countdown.js';
import { buildTestApp, rows, useTestServer } from '../../helper.js';
import { loginAll, scalar, staffCall, type Role, type Session } from '../sales/support.js';

const server = useTestServer();
let as: Record<Role, Session>;
/** 司马琳, a salesperson of 广州一部 (202, under 华南大区 201). */
let siMaLin: number;

const DAY = 24 * 60 * 60 * 1000;
const now = new Date();
const daysAgo = (days: number, from = now) => new Date(from.getTime() - days * DAY);

beforeAll(async () => {
  as = await loginAll(server.app);
  siMaLin = await scalar(server.db, sql`select id as value from staff where username = '司马琳'`);
});

beforeEach(async () => {
  // Each test sets the rules it needs; the demo's customers go out of the way (their sites' rules off).
  await server.db.execute(sql`delete from site_pool_rules`);
  // Written behind the app's back: the rules it keeps go too, as a save in the console drops them.
  await server.app.sessionCache.invalidate({ poolRules: true });
});

async function setRules(siteId: number, rules: { noFollowUpDays?: number; noOrderDays?: number; warnDays?: number; levelDays?: object }): Promise<void> {
  await server.db.execute(sql`insert into site_pool_rules (site_id, no_follow_up_days, no_order_days, warn_days, level_days)
    values (${siteId}, ${rules.noFollowUpDays ?? null}, ${rules.noOrderDays ?? null}, ${rules.warnDays ?? null}, ${rules.levelDays ? JSON.stringify(rules.levelDays) : null}::jsonb)
    on conflict (site_id) do update set no_follow_up_days = excluded.no_follow_up_days, no_order_days = excluded.no_order_days,
      warn_days = excluded.warn_days, level_days = excluded.level_days`);
  await server.app.sessionCache.invalidate({ poolRules: true });
}

let made = 0;
/** A new customer of `ownerId` at `siteId`, bound `boundDaysAgo` days ago. */
async function customer(siteId: number, ownerId: number, boundDaysAgo: number, level: 'A' | 'B' | 'C' = 'C'): Promise<{ id: number; name: string }> {
  made += 1;
  const name = `回收测试${made}号店`;
  const id = await scalar(
    server.db,
    sql`insert into customers (site_id, name, contact_name, phone, level, owner_id, qr_token, created_at)
        values (${siteId}, ${name}, '测试', ${`139${String(made).padStart(8, '0')}`}, ${level}, ${ownerId}, ${randomBytes(12).toString('hex')}, ${daysAgo(boundDaysAgo).toISOString()})
        returning id as value`,
  );
  await server.db.execute(sql`insert into customer_bindings (customer_id, staff_id, bound_by, kind, bound_at) values (${id}, ${ownerId}, ${ownerId}, 'claim', ${daysAgo(boundDaysAgo).toISOString()})`);
  return { id, name };
}

async function followUp(customerId: number, staffId: number, at: Date): Promise<void> {
  await server.db.execute(sql`insert into follow_ups (customer_id, site_id, staff_id, type, content, created_at)
    select id, site_id, ${staffId}, '电话', '回收测试跟进', ${at.toISOString()} from customers where id = ${customerId}`);
}

async function paidOrder(customerId: number, at: Date, status = 'paid'): Promise<void> {
  await server.db.execute(sql`insert into orders (order_no, site_id, customer_id, amount_fen, status, created_at)
    select ${`PR${randomBytes(6).toString('hex')}`}, site_id, id, 10000, ${status}, ${at.toISOString()} from customers where id = ${customerId}`);
}

const ownerOf = (id: number) => scalar(server.db, sql`select coalesce(owner_id, 0) as value from customers where id = ${id}`);

interface ClosedBinding {
  customerId: number;
  unboundReason: string;
  unboundNote: string;
  unboundBy: number | null;
}
const autoReturns = (ids: readonly number[]) =>
  rows<ClosedBinding>(
    server.db,
    sql`select customer_id as "customerId", unbound_reason as "unboundReason", unbound_note as "unboundNote", unbound_by as "unboundBy"
        from customer_bindings where unbound_reason = 'auto_return' and customer_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) order by customer_id`,
  );

const run = (at: Date = now, app: FastifyInstance = server.app) => app.noticeScheduler.runJob(POOL_RETURN_JOB, at);

describe('the countdown, as a pure function', () => {
  it('is the earlier of the two rules, from the later of the binding and the owner’s last follow-up or paid order', () => {
    const boundAt = new Date('2026-01-01T00:00:00Z');
    expect(returnDeadline({ noFollowUpDays: 30, noOrderDays: null }, { boundAt, ownerFollowedUpAt: null, lastPaidOrderAt: null })).toEqual({
      at: new Date('2026-01-31T00:00:00Z'),
      rule: 'noFollowUp',
      days: 30,
    });
    // A follow-up before the binding (by a former owner's time) does not count.
    expect(returnDeadline({ noFollowUpDays: 30, noOrderDays: 20 }, { boundAt, ownerFollowedUpAt: new Date('2025-12-01T00:00:00Z'), lastPaidOrderAt: null })?.rule).toBe('noOrder');
    expect(returnDeadline({ noFollowUpDays: 30, noOrderDays: 20 }, { boundAt, ownerFollowedUpAt: null, lastPaidOrderAt: new Date('2026-01-20T00:00:00Z') })).toEqual({
      at: new Date('2026-01-31T00:00:00Z'),
      rule: 'noFollowUp',
      days: 30,
    });
    expect(returnDeadline({ noFollowUpDays: null, noOrderDays: null }, { boundAt, ownerFollowedUpAt: null, lastPaidOrderAt: null })).toBeNull();
    expect(daysLeft(new Date('2026-01-31T00:00:00Z'), new Date('2026-01-30T04:00:00Z'))).toBe(1);
    expect(daysLeft(new Date('2026-01-31T00:00:00Z'), new Date('2026-01-28T00:00:00Z'))).toBe(3);
  });
});

describe('自动回收', () => {
  it('returns exactly the customers whose time is up, records the rule and tells the former owner once', async () => {
    const me = as.zhangWei.id;
    await setRules(101, { noFollowUpDays: 30 });
    const silent = await customer(101, me, 40);
    const followed = await customer(101, me, 40);
    await followUp(followed.id, me, daysAgo(10));
    const byOther = await customer(101, me, 40);
    await followUp(byOther.id, as.liNa.id, daysAgo(5));
    const fresh = await customer(101, me, 10);

    const result = await run();
    expect(result.ran).toBe(true);
    expect(await ownerOf(silent.id)).toBe(0);
    expect(await ownerOf(byOther.id)).toBe(0);
    expect(await ownerOf(followed.id)).toBe(me);
    expect(await ownerOf(fresh.id)).toBe(me);
    const closed = await autoReturns([silent.id, followed.id, byOther.id, fresh.id]);
    expect(closed).toEqual([
      { customerId: silent.id, unboundReason: 'auto_return', unboundNote: '未跟进 30 天', unboundBy: null },
      { customerId: byOther.id, unboundReason: 'auto_return', unboundNote: '未跟进 30 天', unboundBy: null },
    ]);
    // The binding history the phone shows names the rule.
    const history = await staffCall<{ list: { unboundReason: string | null; unboundNote: string | null }[] }>(server.app, as.liNa, 'customer/bindings', { siteId: 101, customerId: silent.id });
    expect(history.body.data.list[0]).toMatchObject({ unboundReason: 'auto_return', unboundNote: '未跟进 30 天' });
    // One notice for the run, however many of their customers it returned (the demo's old ones too).
    const told = await rows<{ body: string; link: string }>(server.db, sql`select body, link from notices where staff_id = ${me} and kind = 'customerReturned'`);
    expect(told).toHaveLength(1);
    expect(told[0]?.body).toMatch(/^「.+」.*因未跟进 30 天已自动回收至公海。$/);

    // Once: the next run returns nothing and tells nobody again.
    expect((await run()).counts.returned).toBe(0);
    expect(await autoReturns([silent.id, followed.id, byOther.id, fresh.id])).toHaveLength(2);
    expect(await scalar(server.db, sql`select count(*) as value from notices where staff_id = ${me} and kind = 'customerReturned'`)).toBe(1);
  });

  it('applies the level’s own days and the 未成交 rule (a paid order since the binding resets it, a pending one does not)', async () => {
    const me = as.zhangWei.id;
    await setRules(101, { noOrderDays: 20, levelDays: { A: { noFollowUpDays: null, noOrderDays: 60 } } });
    const levelA = await customer(101, me, 40, 'A');
    const levelC = await customer(101, me, 40, 'C');
    const paid = await customer(101, me, 40, 'C');
    await paidOrder(paid.id, daysAgo(5));
    const pending = await customer(101, me, 40, 'C');
    await paidOrder(pending.id, daysAgo(5), 'pending');
    await run();
    expect(await ownerOf(levelA.id)).toBe(me);
    expect(await ownerOf(paid.id)).toBe(me);
    expect(await ownerOf(levelC.id)).toBe(0);
    expect(await ownerOf(pending.id)).toBe(0);
    expect((await autoReturns([levelC.id]))[0]?.unboundNote).toBe('未成交 20 天');
  });

  it('inherits a parent site’s rules unless the child sets its own', async () => {
    await setRules(201, { noFollowUpDays: 30 });
    const inherited = await customer(202, siMaLin, 40);
    await run();
    expect(await ownerOf(inherited.id)).toBe(0);

    await setRules(202, { noFollowUpDays: 100 });
    const own = await customer(202, siMaLin, 40);
    await run();
    expect(await ownerOf(own.id)).toBe(siMaLin);
  });

  it('catches up after a downtime: every customer due by then goes back once, none before its time', async () => {
    const me = as.zhangWei.id;
    await setRules(101, { noFollowUpDays: 30 });
    const list = [await customer(101, me, 5), await customer(101, me, 20), await customer(101, me, 29)];
    const later = await customer(101, me, 0);
    await followUp(later.id, me, new Date(now.getTime() + DAY));
    // Down for 28 days: the job's next run sees a month of due customers at once.
    const back = new Date(now.getTime() + 28 * DAY);
    const result = await run(back);
    expect(result.counts.returned).toBeGreaterThanOrEqual(3);
    for (const one of list) expect(await ownerOf(one.id)).toBe(0);
    expect(await ownerOf(later.id)).toBe(me);
    expect(await autoReturns(list.map((one) => one.id))).toHaveLength(3);
    // Each owned customer of 101 left with a deadline after `back`.
    const overdue = await scalar(
      server.db,
      sql`select count(*) as value from customers c join customer_bindings b on b.customer_id = c.id and b.unbound_at is null
          where c.site_id = 101 and c.owner_id is not null
            and greatest(b.bound_at, (select max(created_at) from follow_ups f where f.customer_id = c.id and f.staff_id = c.owner_id)) + interval '30 days' <= ${back.toISOString()}::timestamptz`,
    );
    expect(overdue).toBe(0);
  });

  it('returns each customer once with two instances running the job at once', async () => {
    const me = as.zhangWei.id;
    await setRules(101, { noFollowUpDays: 30 });
    const list = await Promise.all(Array.from({ length: 6 }, () => customer(101, me, 45)));
    let second: Database | undefined;
    let other: FastifyInstance | undefined;
    try {
      second = server.database.kind === 'postgres' ? await openDatabase({ databaseUrl: server.config.databaseUrl }) : server.database;
      other = await buildTestApp(second, server.config);
      const results = await Promise.all([run(now), run(now, other), run(now), run(now, other)]);
      expect(results.some((result) => result.ran)).toBe(true);
      const closed = await autoReturns(list.map((one) => one.id));
      expect(closed.map((row) => row.customerId)).toEqual(list.map((one) => one.id).sort((x, y) => x - y));
      const returned = results.reduce((sum, result) => sum + (result.counts.returned ?? 0), 0);
      expect(returned).toBeGreaterThanOrEqual(list.length);
      const twice = await scalar(
        server.db,
        sql`select count(*) as value from (select customer_id from customer_bindings where unbound_reason = 'auto_return' group by customer_id, unbound_at having count(*) > 1) d`,
      );
      expect(twice).toBe(0);
    } finally {
      await other?.close();
      if (second && second !== server.database) await second.close();
    }
  });

  it('warns the owner once before, shows 剩余 N 天 on the card and page, sorts by it, lists it in 今日待办, and a follow-up resets it', async () => {
    const me = as.zhangWei.id;
    await setRules(101, { noFollowUpDays: 30, warnDays: 3 });
    const near = await customer(101, me, 28);
    const far = await customer(101, me, 5);

    const first = await run();
    expect(first.counts.warned).toBeGreaterThanOrEqual(1);
    const warnings = () => scalar(server.db, sql`select count(*) as value from notices where staff_id = ${me} and kind = 'customerReturnWarning' and body like ${`%${near.name}%`}`);
    expect(await warnings()).toBe(1);
    await run();
    expect(await warnings()).toBe(1);

    const list = await staffCall<CustomerPage>(server.app, as.zhangWei, 'customer/list', { siteId: 101, sort: 'returnSoon', pageSize: 100 });
    expect(list.status, list.body.msg).toBe(200);
    const days = list.body.data.list.map((item) => item.returnDaysLeft);
    expect(list.body.data.list[0]?.id).toBe(near.id);
    expect(list.body.data.list[0]?.returnDaysLeft).toBe(2);
    // Ascending, customers without a countdown last.
    const counted = days.filter((value): value is number => value !== null);
    expect(counted).toEqual([...counted].sort((a, b) => a - b));
    expect(days.indexOf(null) === -1 || days.slice(days.indexOf(null)).every((value) => value === null)).toBe(true);
    expect(list.body.data.list.find((item) => item.id === far.id)?.returnDaysLeft).toBe(25);
    // A keyword's list reads the rules along with its counts: the same 剩余 N 天.
    const found = await staffCall<CustomerPage>(server.app, as.zhangWei, 'customer/list', { siteId: 101, keyword: near.name });
    expect(found.status, found.body.msg).toBe(200);
    expect(found.body.data.list.find((item) => item.id === near.id)?.returnDaysLeft).toBe(2);

    const detail = await staffCall<CustomerDetail>(server.app, as.zhangWei, 'customer/detail', { siteId: 101, id: near.id });
    expect(detail.body.data.returnDaysLeft).toBe(2);
    const todo = await staffCall<FollowUpDue>(server.app, as.zhangWei, 'followup/due', { siteId: 101 });
    expect(todo.body.data.returning.find((item) => item.customer.id === near.id)).toMatchObject({ daysLeft: 2, rule: '未跟进 30 天' });
    expect(todo.body.data.returning.some((item) => item.customer.id === far.id)).toBe(false);

    // A follow-up by the owner through the app: 剩余 30 天 at once, out of 今日待办.
    const created = await staffCall(server.app, as.zhangWei, 'followup/create', { siteId: 101, customerId: near.id, type: '电话', content: '回访，客户要续订' });
    expect(created.status, created.body.msg).toBe(200);
    const after = await staffCall<CustomerDetail>(server.app, as.zhangWei, 'customer/detail', { siteId: 101, id: near.id });
    expect(after.body.data.returnDaysLeft).toBe(30);
    const todoAfter = await staffCall<FollowUpDue>(server.app, as.zhangWei, 'followup/due', { siteId: 101 });
    expect(todoAfter.body.data.returning.some((item) => item.customer.id === near.id)).toBe(false);
  });

  it('shows no countdown where the rules return nobody, nor on a pool customer', async () => {
    const list = await staffCall<CustomerPage>(server.app, as.liNa, 'customer/list', { siteId: 101, sort: 'returnSoon', pageSize: 50 });
    expect(list.status, list.body.msg).toBe(200);
    expect(list.body.data.list.every((item) => item.returnDaysLeft === null)).toBe(true);
    await setRules(101, { noFollowUpDays: 30 });
    const pool = await staffCall<CustomerPage>(server.app, as.liNa, 'customer/list', { siteId: 101, ownerId: 0, pageSize: 50 });
    expect(pool.body.data.list.every((item) => item.returnDaysLeft === null)).toBe(true);
  });
});
