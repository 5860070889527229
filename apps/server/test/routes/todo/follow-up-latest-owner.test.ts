/**
 * follow_up_latest.owner_id (migration 0035) keeps each customer's owner beside its latest
 * follow-up, so a salesperson's 今日待办 and home's 今日待联系 read one index range instead of looking
 * up each customer. These tests hold it to customers.owner_id after every path that changes a
 * customer's owner — a leader's transfer and unbinding, 放弃 to the 公海, 领取, a leader's 分配 from
 * the pool, the return job's 自动回收, 离职 and 调岗 handovers (to a colleague and 退回站点), the
 * console's import and the platform's customer sync, plain UPDATEs of several customers — and after
 * follow-ups that create a customer's row (its first one, one moved to it). After each, 今日待办's
 * total and home's count for the people involved are the rule's, counted from customers.
 */
import type { FollowUpDue, HomeDashboard } from '@sales/contract';
import { chinaDayString, parseChinaDay, shiftDay } from '@sales/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMINISTRATOR } from '../../../src/db/seed.js';
import { POOL_RETURN_JOB } from '../../../src/plugins/app/pool/pool-return-job.js';
import { call, login, PHONES, rows, useTestServer, type LoginData } from '../../helper.js';
import { loginAll, scalar, staffCall, type Role, type Session } from '../sales/support.js';

const API_KEY = 'latest-owner-sync-key';
const server = useTestServer({ integrationApiKey: API_KEY });
let as: Record<Role, Session>;
let admin: LoginData;
const SITE = 101;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  as = await loginAll(server.app);
  admin = await login(server.app, DEMO_ADMINISTRATOR.phone);
});

/** No row of follow_up_latest names another owner than its customer's; `ids` (when given) all have a row. */
async function expectOwnersFresh(ids: readonly number[] = []): Promise<void> {
  const stale = await rows<{ customerId: number; kept: number | null; owner: number | null }>(
    server.db,
    sql`select l.customer_id as "customerId", l.owner_id as kept, c.owner_id as owner
        from follow_up_latest l join customers c on c.id = l.customer_id
        where l.owner_id is distinct from c.owner_id`,
  );
  expect(stale).toEqual([]);
  if (ids.length > 0) {
    const held = await scalar(server.db, sql`select count(*) as value from follow_up_latest where customer_id in ${ids}`);
    expect(held).toBe(ids.length);
  }
  // And the recomputation from scratch agrees with what the triggers kept.
  const read = () =>
    rows<{ line: string }>(server.db, sql`select customer_id || '/' || follow_up_id || '/' || coalesce(owner_id::text, '-') as line from follow_up_latest order by customer_id`).then(
      (found) => found.map((row) => row.line),
    );
  const kept = await read();
  await server.db.execute(sql`select follow_up_latest_recompute()`);
  expect(await read()).toEqual(kept);
}

const todayBounds = () => {
  const today = chinaDayString(new Date());
  return { from: parseChinaDay(today) as Date, to: parseChinaDay(shiftDay(today, 1)) as Date };
};

/** 今日待办's total and home's 今日待联系 count for `session`, as the API answers and as the rule counts them from customers. */
async function expectCountsByRule(session: Session): Promise<void> {
  const { from, to } = todayBounds();
  const due = await staffCall<FollowUpDue>(server.app, session, 'followup/due', { siteId: SITE, page: 1, pageSize: 1 });
  expect(due.status).toBe(200);
  const home = await staffCall<HomeDashboard>(server.app, session, 'performance/home', { siteId: SITE });
  expect(home.status).toBe(200);
  const leads = (await scalar(server.db, sql`select count(*) as value from positions where staff_id = ${session.id} and site_id = ${SITE} and is_leader`)) > 0;
  const sees = leads ? sql`true` : sql`c.owner_id = ${session.id}`;
  const dueByRule = await scalar(
    server.db,
    sql`select count(*) as value from follow_up_latest l join customers c on c.id = l.customer_id
        where l.site_id = ${SITE} and c.site_id = ${SITE} and l.staff_id = ${session.id} and l.next_contact_at < ${to.toISOString()} and ${sees}`,
  );
  const homeByRule = await scalar(
    server.db,
    sql`select count(*) as value from follow_up_latest l join customers c on c.id = l.customer_id
        where l.site_id = ${SITE} and c.site_id = ${SITE} and l.next_contact_at >= ${from.toISOString()} and l.next_contact_at < ${to.toISOString()} and ${sees}`,
  );
  expect(due.body.data.total).toBe(dueByRule);
  expect(home.body.data.toContactTotal).toBe(homeByRule);
}

/** A follow-up by `staffId` of each customer, due later today: each then has a row, on its owner's lists. */
async function dueToday(customerIds: readonly number[], staffId: number): Promise<void> {
  const { to } = todayBounds();
  const at = new Date(Math.min(Date.now() + 60_000, to.getTime() - 1000)).toISOString();
  await server.db.execute(sql`
    insert into follow_ups (customer_id, site_id, staff_id, type, content, next_contact_at, created_at)
    select id, site_id, ${staffId}, '电话', '归属测试', ${at}, now() from customers where id in ${customerIds}`);
}

/** Customers of the site owned by `ownerId` (null: the pool's), fresh ones without follow-ups when `fresh`. */
async function customersOf(ownerId: number | null, n: number): Promise<number[]> {
  const owner = ownerId === null ? sql`owner_id is null` : sql`owner_id = ${ownerId}`;
  const found = await rows<{ id: number }>(server.db, sql`select id from customers where site_id = ${SITE} and ${owner} order by id desc limit ${n}`);
  expect(found).toHaveLength(n);
  return found.map((row) => row.id);
}

let made = 0;
/** A new customer of the site, owned by `ownerId` (bound `boundDaysAgo` days ago) or in the pool. */
async function newCustomer(ownerId: number | null, boundDaysAgo = 0): Promise<number> {
  made += 1;
  const at = new Date(Date.now() - boundDaysAgo * DAY).toISOString();
  const id = await scalar(
    server.db,
    sql`insert into customers (site_id, name, contact_name, phone, owner_id, qr_token, created_at)
        values (${SITE}, ${`归属测试${made}号店`}, '测试', ${`1370000${String(made).padStart(4, '0')}`}, ${ownerId}, ${`latest-owner-${made}`}, ${at})
        returning id as value`,
  );
  if (ownerId !== null) {
    await server.db.execute(sql`insert into customer_bindings (customer_id, staff_id, bound_by, kind, bound_at) values (${id}, ${ownerId}, ${ownerId}, 'bind', ${at})`);
  }
  return id;
}

const ownerOf = (id: number) => scalar(server.db, sql`select coalesce(owner_id, 0) as value from customers where id = ${id}`);

describe('follow_up_latest.owner_id', () => {
  it('equals the customers’ owners after the seed', async () => {
    expect(await scalar(server.db, sql`select count(*) as value from follow_up_latest where owner_id is not null`)).toBeGreaterThan(0);
    await expectOwnersFresh();
    await expectCountsByRule(as.zhangWei);
    await expectCountsByRule(as.liNa);
  });

  it('follows a leader’s transfer and unbinding', async () => {
    const [customer] = await customersOf(as.zhangWei.id, 1);
    if (customer === undefined) throw new Error('张伟 owns no customer');
    await dueToday([customer], as.zhangWei.id);
    await expectOwnersFresh([customer]);
    const [other] = await rows<{ id: number }>(
      server.db,
      sql`select p.staff_id as id from positions p join staff s on s.id = p.staff_id
          where p.site_id = ${SITE} and not p.is_leader and s.status = 'active' and p.staff_id <> ${as.zhangWei.id} order by p.staff_id limit 1`,
    );
    if (!other) throw new Error('no other salesperson at the site');
    expect((await staffCall(server.app, as.liNa, 'customer/bind', { siteId: SITE, customerId: customer, staffId: other.id })).status).toBe(200);
    expect(await ownerOf(customer)).toBe(other.id);
    await expectOwnersFresh([customer]);
    // Gone from 张伟's 今日待办 (his follow-up of a customer he no longer owns).
    await expectCountsByRule(as.zhangWei);
    expect((await staffCall(server.app, as.liNa, 'customer/unbind', { siteId: SITE, customerId: customer })).status).toBe(200);
    expect(await ownerOf(customer)).toBe(0);
    await expectOwnersFresh([customer]);
    expect((await staffCall(server.app, as.liNa, 'customer/bind', { siteId: SITE, customerId: customer, staffId: as.zhangWei.id })).status).toBe(200);
    await expectOwnersFresh([customer]);
    await expectCountsByRule(as.zhangWei);
    await expectCountsByRule(as.liNa);
  });

  it('follows 放弃 to the 公海, 领取, and a leader’s 分配 from the pool', async () => {
    await server.db.execute(sql`delete from site_pool_rules where site_id = ${SITE}`);
    await server.app.sessionCache.invalidate({ poolRules: true });
    const [released, assigned] = await customersOf(as.zhangWei.id, 2);
    if (released === undefined || assigned === undefined) throw new Error('张伟 owns too few customers');
    await dueToday([released, assigned], as.zhangWei.id);
    for (const customerId of [released, assigned]) {
      expect((await staffCall(server.app, as.zhangWei, 'pool/release', { siteId: SITE, customerId, reason: '归属测试放弃' })).status).toBe(200);
    }
    expect(await ownerOf(released)).toBe(0);
    await expectOwnersFresh([released, assigned]);
    await expectCountsByRule(as.zhangWei);
    expect((await staffCall(server.app, as.zhangWei, 'pool/claim', { siteId: SITE, customerId: released })).status).toBe(200);
    expect(await ownerOf(released)).toBe(as.zhangWei.id);
    await expectOwnersFresh([released]);
    await expectCountsByRule(as.zhangWei);
    expect((await staffCall(server.app, as.liNa, 'pool/assign', { siteId: SITE, customerIds: [assigned], staffId: as.zhangWei.id })).status).toBe(200);
    expect(await ownerOf(assigned)).toBe(as.zhangWei.id);
    await expectOwnersFresh([released, assigned]);
    await expectCountsByRule(as.zhangWei);
  });

  it('follows the return job’s 自动回收', async () => {
    // Bound 40 days ago, and followed up since only by the leader: 未跟进 30 days returns it.
    const customer = await newCustomer(as.zhangWei.id, 40);
    await server.db.execute(sql`insert into follow_ups (customer_id, site_id, staff_id, type, content, next_contact_at, created_at)
      values (${customer}, ${SITE}, ${as.liNa.id}, '电话', '负责人的跟进', now(), now() - interval '35 days')`);
    await expectOwnersFresh([customer]);
    await server.db.execute(sql`insert into site_pool_rules (site_id, no_follow_up_days) values (${SITE}, 30)
      on conflict (site_id) do update set no_follow_up_days = 30, no_order_days = null, level_days = null, warn_days = null`);
    await server.app.noticeScheduler.runJob(POOL_RETURN_JOB, new Date());
    await server.db.execute(sql`delete from site_pool_rules where site_id = ${SITE}`);
    await server.app.sessionCache.invalidate({ poolRules: true });
    expect(await ownerOf(customer)).toBe(0);
    await expectOwnersFresh([customer]);
    await expectCountsByRule(as.zhangWei);
    await expectCountsByRule(as.liNa);
  });

  it('follows 离职 and 调岗 handovers, to a colleague and back to the site', async () => {
    const hire = async (username: string, phone: string) => {
      const created = await call<{ id: number }>(server.app, 'POST', '/seller/admin/staff/create', {
        token: admin.token,
        body: { username, phone, positions: [{ siteId: SITE, isLeader: false, drawAuth: false }] },
      });
      expect(created.status).toBe(200);
      return created.body.data.id;
    };
    const leaving = await hire('归属离职', '19900035001');
    const handed = [await newCustomer(leaving), await newCustomer(leaving)];
    await dueToday(handed, leaving);
    await expectOwnersFresh(handed);
    const left = await call(server.app, 'POST', '/seller/admin/staff/deactivate', { token: admin.token, body: { staffId: leaving, handovers: [{ siteId: SITE, toStaffId: as.zhangWei.id }] } });
    expect(left.status).toBe(200);
    for (const id of handed) expect(await ownerOf(id)).toBe(as.zhangWei.id);
    await expectOwnersFresh(handed);
    await expectCountsByRule(as.zhangWei);

    const moving = await hire('归属调岗', '19900035002');
    const returned = [await newCustomer(moving), await newCustomer(moving)];
    await dueToday(returned, moving);
    await expectOwnersFresh(returned);
    const moved = await call(server.app, 'POST', '/seller/admin/staff/update', {
      token: admin.token,
      body: { staffId: moving, positions: [{ siteId: 102, isLeader: false, drawAuth: false }], handovers: [{ siteId: SITE, toStaffId: null }] },
    });
    expect(moved.status).toBe(200);
    for (const id of returned) expect(await ownerOf(id)).toBe(0);
    await expectOwnersFresh(returned);
  });

  it('reads the owner of customers imported in the console and synced by the platform, and follows the sync’s owner changes', async () => {
    const header = '客户名称,联系人,电话,地址,等级,来源,站点,负责人手机号';
    const csv = Buffer.from(`\uFEFF${header}\r\n归属导入店,赵一,13712340001,,A,,华东一部,${PHONES.zhangWei}\r\n`, 'utf8');
    const imported = await call(server.app, 'POST', '/seller/admin/customer/import/apply', { token: admin.token, body: { fileName: '归属.csv', fileBase64: csv.toString('base64') } });
    expect(imported.status).toBe(200);
    const importedId = await scalar(server.db, sql`select id as value from customers where name = '归属导入店'`);
    expect(await ownerOf(importedId)).toBe(as.zhangWei.id);
    // Its first follow-up, through the API: a new row, which reads the owner.
    const { to } = todayBounds();
    const nextContactAt = new Date(to.getTime() - 60_000).toISOString();
    expect((await staffCall(server.app, as.zhangWei, 'followup/create', { siteId: SITE, customerId: importedId, type: '电话', content: '导入后第一次跟进', nextContactAt })).status).toBe(200);
    await expectOwnersFresh([importedId]);
    await expectCountsByRule(as.zhangWei);

    const push = (list: unknown[]) => call(server.app, 'POST', '/seller/integration/customers', { headers: { 'x-api-key': API_KEY }, body: { customers: list } });
    const synced = { externalId: 'OWNER-C-1', siteId: SITE, name: '归属同步店', contactName: '钱', phone: '13712340002', ownerPhone: PHONES.zhangWei };
    expect((await push([synced])).status).toBe(200);
    const syncedId = await scalar(server.db, sql`select id as value from customers where external_id = 'OWNER-C-1'`);
    await dueToday([syncedId], as.zhangWei.id);
    await expectOwnersFresh([syncedId]);
    expect((await push([{ ...synced, ownerPhone: null }])).status).toBe(200);
    expect(await ownerOf(syncedId)).toBe(0);
    await expectOwnersFresh([syncedId]);
    await expectCountsByRule(as.zhangWei);
    expect((await push([{ ...synced, ownerPhone: PHONES.zhangWei }])).status).toBe(200);
    expect(await ownerOf(syncedId)).toBe(as.zhangWei.id);
    await expectOwnersFresh([syncedId]);
    await expectCountsByRule(as.zhangWei);
  });

  it('follows plain UPDATEs of several customers, follow-ups moved to another customer, and a change of owner and follow-up in one transaction', async () => {
    const ids = await customersOf(as.zhangWei.id, 3);
    await dueToday(ids, as.zhangWei.id);
    await server.db.execute(sql`update customers set owner_id = case when id = ${ids[0]} then null else ${as.liNa.id}::int end where id in ${ids}`);
    await expectOwnersFresh(ids);
    await server.db.execute(sql`update customers set owner_id = ${as.zhangWei.id} where id in ${ids}`);
    await expectOwnersFresh(ids);
    // A follow-up moved to a customer without one gives that customer its row, with its owner.
    const target = await newCustomer(as.liNa.id);
    await server.db.execute(sql`update follow_ups set customer_id = ${target} where id = (select follow_up_id from follow_up_latest where customer_id = ${ids[1]})`);
    await expectOwnersFresh([target]);
    // The owner changed, then the first follow-up written, in one transaction (and the other way round).
    const both = [await newCustomer(null), await newCustomer(as.zhangWei.id)];
    await server.db.transaction(async (tx) => {
      await tx.execute(sql`update customers set owner_id = ${as.zhangWei.id} where id = ${both[0]}`);
      await tx.execute(sql`insert into follow_ups (customer_id, site_id, staff_id, type, content, next_contact_at) values (${both[0]}, ${SITE}, ${as.zhangWei.id}, '电话', '同一事务', now())`);
      await tx.execute(sql`insert into follow_ups (customer_id, site_id, staff_id, type, content, next_contact_at) values (${both[1]}, ${SITE}, ${as.zhangWei.id}, '电话', '同一事务', now())`);
      await tx.execute(sql`update customers set owner_id = null where id = ${both[1]}`);
    });
    expect(await ownerOf(both[0] ?? 0)).toBe(as.zhangWei.id);
    await expectOwnersFresh(both);
    await expectCountsByRule(as.zhangWei);
    await expectCountsByRule(as.liNa);
  });
});
