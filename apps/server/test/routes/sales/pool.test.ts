/**
 * The 公海 pool (issue 27 §2): the list and what it shows, 领取 under each of the site's rules (and
 * the QR claim under the same rules), 放弃 with a reason, 分配 by a leader with the cap and its
 * override, who may do what, and exactly one winner of two claims at once.
 */
import { CUSTOMER_OUT_OF_REACH, CUSTOMER_QR_PREFIX, type CustomerDetail, type PoolAssignResult, type PoolLastOwners, type PoolPage, type PoolRules } from '@sales/contract';
import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectFailure, login, rows, useTestServer } from '../../helper.js';
import { loginAll, scalar, staffCall, type Role, type Session } from './support.js';

const server = useTestServer();
let as: Record<Role, Session>;
const SITE = 101;

beforeAll(async () => {
  as = await loginAll(server.app);
});

beforeEach(async () => {
  await server.db.execute(sql`delete from site_pool_rules`);
  // Written behind the app's back: the rules it keeps go too, as a save in the console drops them.
  await server.app.sessionCache.invalidate({ poolRules: true });
});

let made = 0;
/** A new pool customer of a site, with a name no demo customer has. */
async function poolCustomer(siteId = SITE, level: 'A' | 'B' | 'C' = 'B', name?: string): Promise<{ id: number; name: string; phone: string }> {
  made += 1;
  const customerName = name ?? `公海测试客户${made}号`;
  const phone = `1990000${String(made).padStart(4, '0')}`;
  const [row] = await rows<{ id: number }>(
    server.db,
    sql`insert into customers (site_id, name, contact_name, phone, address, level, source, qr_token)
        values (${siteId}, ${customerName}, ${'联系人' + made}, ${phone}, ${'测试路' + made + '号'}, ${level}, ${'地推'}, ${randomBytes(12).toString('hex')})
        returning id`,
  );
  if (!row) throw new Error('no customer');
  return { id: row.id, name: customerName, phone };
}

async function setRules(siteId: number, rules: { ownLimit?: number; dailyClaimLimit?: number; reclaimBlockDays?: number }): Promise<void> {
  await server.db.execute(sql`
    insert into site_pool_rules (site_id, own_limit, daily_claim_limit, reclaim_block_days)
    values (${siteId}, ${rules.ownLimit ?? null}, ${rules.dailyClaimLimit ?? null}, ${rules.reclaimBlockDays ?? null})
    on conflict (site_id) do update set own_limit = excluded.own_limit, daily_claim_limit = excluded.daily_claim_limit, reclaim_block_days = excluded.reclaim_block_days`);
  await server.app.sessionCache.invalidate({ poolRules: true });
}

const owned = (staffId: number, siteId = SITE) => scalar(server.db, sql`select count(*) as value from customers where site_id = ${siteId} and owner_id = ${staffId}`);
const ownerOf = async (customerId: number) => (await rows<{ ownerId: number | null }>(server.db, sql`select owner_id as "ownerId" from customers where id = ${customerId}`))[0]?.ownerId ?? null;
const bindingCount = () => scalar(server.db, sql`select count(*) as value from customer_bindings`);
const claim = (session: Session, customerId: number, siteId = SITE) => staffCall<CustomerDetail>(server.app, session, 'pool/claim', { siteId, customerId });
const release = (session: Session, customerId: number, reason: string, siteId = SITE) => staffCall<{ customerId: number }>(server.app, session, 'pool/release', { siteId, customerId, reason });
const list = (session: Session, body: Record<string, unknown> = {}) => staffCall<PoolPage>(server.app, session, 'pool/list', { siteId: SITE, pageSize: 100, ...body });
const rulesOf = (session: Session, siteId = SITE) => staffCall<PoolRules>(server.app, session, 'pool/rules', { siteId });

/** Another salesperson of 101 (not a demo account). */
async function colleagueOf101(): Promise<number> {
  return scalar(
    server.db,
    sql`select min(p.staff_id) as value from positions p join staff s on s.id = p.staff_id
        where p.site_id = 101 and not p.is_leader and s.status = 'active' and s.phone not like '1380000000%'`,
  );
}

describe('pool/list', () => {
  it('lists the site’s customers without an owner, newest first, paged, without phone or contact', async () => {
    const created = await poolCustomer();
    const first = await list(as.zhangWei, { pageSize: 5 });
    expect(first.status).toBe(200);
    expect(first.body.data.total).toBe(await scalar(server.db, sql`select count(*) as value from customers where site_id = 101 and owner_id is null`));
    expect(first.body.data.list[0]).toEqual({
      id: created.id,
      name: created.name,
      level: 'B',
      address: expect.stringContaining('测试路') as string,
      source: '地推',
      createdAt: expect.any(String) as string,
      lastOwner: null,
      leftAt: null,
      leftReason: null,
      leftNote: null,
    });
    expect(JSON.stringify(first.body.data)).not.toContain(created.phone);
    const all = await list(as.liNa);
    const times = all.body.data.list.map((customer) => Date.parse(customer.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const second = await list(as.zhangWei, { pageSize: 5, page: 2 });
    const ids = [...first.body.data.list, ...second.body.data.list].map((customer) => customer.id);
    expect(new Set(ids).size).toBe(ids.length);
    // The total comes with the page's rows; a page past the last has none, and the same total.
    expect(all.body.data.total).toBe(await scalar(server.db, sql`select count(*) as value from customers where site_id = ${SITE} and owner_id is null`));
    for (const body of [{}, { level: 'A' }, { lastOwnerId: as.zhangWei.id }]) {
      const whole = (await list(as.liNa, body)).body.data.total;
      const past = (await list(as.liNa, { ...body, pageSize: 5, page: Math.floor(whole / 5) + 2 })).body.data;
      expect(past.list).toEqual([]);
      expect(past.total, JSON.stringify(body)).toBe(whole);
    }
  });

  it('searches by name for salespeople and by phone too for leaders, and filters by level', async () => {
    const created = await poolCustomer(SITE, 'A', '公海搜索专用便利店');
    expect((await list(as.zhangWei, { keyword: '搜索专用' })).body.data.list.map((customer) => customer.id)).toEqual([created.id]);
    expect((await list(as.zhangWei, { keyword: created.phone })).body.data.total).toBe(0);
    expect((await list(as.liNa, { keyword: created.phone })).body.data.list.map((customer) => customer.id)).toEqual([created.id]);
    const levelA = await list(as.liNa, { level: 'A' });
    expect(levelA.body.data.list.length).toBeGreaterThan(0);
    expect(levelA.body.data.list.every((customer) => customer.level === 'A')).toBe(true);
    // The exact total of the level (counted from its own index, customers_site_pool_level_idx), not the pool's.
    expect(levelA.body.data.total).toBe(await scalar(server.db, sql`select count(*) as value from customers where site_id = ${SITE} and owner_id is null and level = 'A'`));
    expect(levelA.body.data.total).toBeLessThan((await list(as.liNa, {})).body.data.total);
  });

  it('shows who had a customer last, when and why, and filters by that person', async () => {
    const customer = await poolCustomer();
    expect((await claim(as.zhangWei, customer.id)).status).toBe(200);
    expect((await release(as.zhangWei, customer.id, '  店铺已转让  ')).status).toBe(200);
    const shown = (await list(as.liNa, { lastOwnerId: as.zhangWei.id })).body.data.list;
    expect(shown.map((row) => row.id)).toContain(customer.id);
    expect(shown.every((row) => row.lastOwner?.id === as.zhangWei.id)).toBe(true);
    expect(shown.find((row) => row.id === customer.id)).toMatchObject({ lastOwner: { id: as.zhangWei.id, username: '张伟' }, leftReason: 'release', leftNote: '店铺已转让' });
    const owners = await staffCall<PoolLastOwners>(server.app, as.zhangWei, 'pool/last-owners', { siteId: SITE });
    const zhang = owners.body.data.list.find((owner) => owner.id === as.zhangWei.id);
    expect(zhang?.customers).toBe((await list(as.liNa, { lastOwnerId: as.zhangWei.id })).body.data.total);
  });

  it('answers 403 to someone who holds no position at the site and leads nothing above it', async () => {
    expectFailure(await staffCall(server.app, as.zhangWei, 'pool/list', { siteId: 201 }), 403);
    expectFailure(await staffCall(server.app, as.zhangWei, 'pool/last-owners', { siteId: 201 }), 403);
    expectFailure(await staffCall(server.app, as.liuYang, 'pool/rules', { siteId: SITE }), 403);
  });
});

describe('pool/claim', () => {
  it('binds a pool customer to the salesperson (kind claim), audited, and the next claim of it is 409 已被领取', async () => {
    const customer = await poolCustomer();
    const claimed = await claim(as.zhangWei, customer.id);
    expect(claimed.status).toBe(200);
    expect(claimed.body.data).toMatchObject({ id: customer.id, owner: { id: as.zhangWei.id }, phone: customer.phone });
    const [binding] = await rows<{ kind: string; staffId: number; boundBy: number }>(
      server.db,
      sql`select kind, staff_id as "staffId", bound_by as "boundBy" from customer_bindings where customer_id = ${customer.id} and unbound_at is null`,
    );
    expect(binding).toEqual({ kind: 'claim', staffId: as.zhangWei.id, boundBy: as.zhangWei.id });
    expect(await scalar(server.db, sql`select count(*) as value from audit_log where action = 'customer.pool.claim' and actor_id = ${as.zhangWei.id} and detail = ${`customer ${customer.id}`}`)).toBe(1);
    expectFailure(await claim(as.zhangWei, customer.id), 409, '该客户已是您的客户');
  });

  it('refuses leaders (they assign) and customers of another site (404)', async () => {
    const customer = await poolCustomer();
    expectFailure(await claim(as.liNa, customer.id), 403, '站点负责人请使用分配');
    const elsewhere = await poolCustomer(201);
    expectFailure(await claim(as.zhangWei, elsewhere.id), 404, CUSTOMER_OUT_OF_REACH);
    expectFailure(await claim(as.zhangWei, elsewhere.id, 201), 403);
    expect(await ownerOf(customer.id)).toBeNull();
    expect(await ownerOf(elsewhere.id)).toBeNull();
  });

  it('refuses past 拥有上限 with the numbers, and writes nothing', async () => {
    const customer = await poolCustomer();
    const mine = await owned(as.zhangWei.id);
    await setRules(SITE, { ownLimit: mine });
    const before = await bindingCount();
    expectFailure(await claim(as.zhangWei, customer.id), 409, `已拥有 ${mine}/${mine}（拥有上限）`);
    expect(await bindingCount()).toBe(before);
    expect(await ownerOf(customer.id)).toBeNull();
    await setRules(SITE, { ownLimit: mine + 1 });
    expect((await claim(as.zhangWei, customer.id)).status).toBe(200);
    expect((await rulesOf(as.zhangWei)).body.data).toMatchObject({ ownLimit: mine + 1, usage: { owned: mine + 1 }, canClaim: true, canAssign: false });
  });

  it('refuses past 每日领取上限 (China day), by code as from the pool', async () => {
    const [a, b, c] = [await poolCustomer(), await poolCustomer(), await poolCustomer()];
    const today = (await rulesOf(as.zhangWei)).body.data.usage?.claimedToday ?? 0;
    await setRules(SITE, { dailyClaimLimit: today + 1 });
    expect((await claim(as.zhangWei, a.id)).status).toBe(200);
    expectFailure(await claim(as.zhangWei, b.id), 409, `今日已领取 ${today + 1}/${today + 1}（每日领取上限）`);
    const [token] = await rows<{ token: string }>(server.db, sql`select qr_token as token from customers where id = ${c.id}`);
    expectFailure(await staffCall(server.app, as.zhangWei, 'customer/claim', { siteId: SITE, qrToken: `${CUSTOMER_QR_PREFIX}${token?.token}` }), 409, `今日已领取 ${today + 1}/${today + 1}（每日领取上限）`);
    expect(await ownerOf(b.id)).toBeNull();
    expect(await ownerOf(c.id)).toBeNull();
    // Claims before midnight China time do not count today.
    await server.db.execute(sql`update customer_bindings set bound_at = bound_at - interval '2 days' where staff_id = ${as.zhangWei.id} and kind = 'claim'`);
    expect((await claim(as.zhangWei, b.id)).status).toBe(200);
  });

  it('makes the former owner wait reclaimBlockDays, counting down, while others may claim at once', async () => {
    const customer = await poolCustomer();
    expect((await claim(as.zhangWei, customer.id)).status).toBe(200);
    expect((await release(as.zhangWei, customer.id, '暂时无法跟进')).status).toBe(200);
    await setRules(SITE, { reclaimBlockDays: 7 });
    expectFailure(await claim(as.zhangWei, customer.id), 409, '前负责人 7 天内不能再领取（还需 7 天）');
    await server.db.execute(sql`update customer_bindings set unbound_at = now() - interval '5 days' - interval '1 hour' where customer_id = ${customer.id}`);
    expectFailure(await claim(as.zhangWei, customer.id), 409, '前负责人 7 天内不能再领取（还需 2 天）');
    await server.db.execute(sql`update customer_bindings set unbound_at = now() - interval '7 days' - interval '1 minute' where customer_id = ${customer.id}`);
    expect((await claim(as.zhangWei, customer.id)).status).toBe(200);
  });

  it('lets exactly one of two claims of one customer at once win; the other gets 409 已被领取', async () => {
    const colleague = await colleagueOf101();
    const [phone] = await rows<{ phone: string }>(server.db, sql`select phone from staff where id = ${colleague}`);
    const colleagueSession = { id: colleague, token: (await login(server.app, phone?.phone ?? '')).token };
    for (let round = 0; round < 3; round += 1) {
      const customer = await poolCustomer();
      const answers = await Promise.all([claim(as.zhangWei, customer.id), claim(colleagueSession, customer.id)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const lost = answers.find((answer) => answer.status === 409);
      expect(lost?.body.msg).toBe('该客户已被领取');
      expect(await scalar(server.db, sql`select count(*) as value from customer_bindings where customer_id = ${customer.id}`)).toBe(1);
    }
  });
});

describe('pool/claim at once within a cap', () => {
  it('lets one of two claims of different customers by one salesperson at once pass 拥有上限 when one place is left', async () => {
    for (let round = 0; round < 3; round += 1) {
      const [a, b] = [await poolCustomer(), await poolCustomer()];
      await setRules(SITE, { ownLimit: (await owned(as.zhangWei.id)) + 1 });
      const answers = await Promise.all([claim(as.zhangWei, a.id), claim(as.zhangWei, b.id)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.status === 409)?.body.msg).toMatch(/^已拥有 \d+\/\d+（拥有上限）$/);
      expect([await ownerOf(a.id), await ownerOf(b.id)].filter((owner) => owner === as.zhangWei.id)).toHaveLength(1);
    }
  });
});

describe('pool/release', () => {
  it('closes the owner’s binding with the reason and puts the customer in the pool', async () => {
    const customer = await poolCustomer();
    await claim(as.zhangWei, customer.id);
    const released = await release(as.zhangWei, customer.id, '客户已搬迁');
    expect(released.status).toBe(200);
    expect(await ownerOf(customer.id)).toBeNull();
    const [binding] = await rows<{ reason: string; note: string; by: number }>(
      server.db,
      sql`select unbound_reason as reason, unbound_note as note, unbound_by as by from customer_bindings where customer_id = ${customer.id} order by id desc limit 1`,
    );
    expect(binding).toEqual({ reason: 'release', note: '客户已搬迁', by: as.zhangWei.id });
    expect(await scalar(server.db, sql`select count(*) as value from audit_log where action = 'customer.release' and actor_id = ${as.zhangWei.id}`)).toBeGreaterThan(0);
    expect((await list(as.zhangWei, { keyword: customer.name })).body.data.list.map((row) => row.id)).toEqual([customer.id]);
  });

  it('refuses someone else’s customer (404 to a salesperson, 403 to a leader), a pool customer, and a blank or long reason', async () => {
    const colleagueCustomer = (await rows<{ id: number }>(server.db, sql`select id from customers where site_id = 101 and owner_id = ${await colleagueOf101()} order by id limit 1`))[0];
    expect(colleagueCustomer).toBeDefined();
    const id = colleagueCustomer?.id ?? 0;
    const before = await bindingCount();
    expectFailure(await release(as.zhangWei, id, '不想跟了'), 404, CUSTOMER_OUT_OF_REACH);
    expectFailure(await release(as.liNa, id, '不想跟了'), 403, '只能放弃自己负责的客户');
    const pool = await poolCustomer();
    expectFailure(await release(as.liNa, pool.id, '不想跟了'), 403, '只能放弃自己负责的客户');
    expectFailure(await release(as.zhangWei, pool.id, '不想跟了'), 404, CUSTOMER_OUT_OF_REACH);
    const mine = (await rows<{ id: number }>(server.db, sql`select id from customers where site_id = 101 and owner_id = ${as.zhangWei.id} order by id limit 1`))[0]?.id ?? 0;
    expectFailure(await release(as.zhangWei, mine, '   '), 400, '请填写放弃原因');
    expectFailure(await release(as.zhangWei, mine, ''), 400, '请填写原因');
    expectFailure(await release(as.zhangWei, mine, '字'.repeat(201)), 400, '原因过长');
    expect(await bindingCount()).toBe(before);
    expect(await ownerOf(mine)).toBe(as.zhangWei.id);
  });
});

describe('pool/assign', () => {
  const assign = (session: Session, body: Record<string, unknown>) => staffCall<PoolAssignResult>(server.app, session, 'pool/assign', { siteId: SITE, ...body });

  it('lets a leader assign several pool customers to a member at once (kind assign), telling the member once', async () => {
    const [a, b] = [await poolCustomer(), await poolCustomer()];
    const notices = await scalar(server.db, sql`select count(*) as value from notices where staff_id = ${as.zhangWei.id} and kind = 'customerAssigned'`);
    const assigned = await assign(as.liNa, { customerIds: [a.id, b.id], staffId: as.zhangWei.id });
    expect(assigned.status).toBe(200);
    expect(assigned.body.data).toEqual({ staff: { id: as.zhangWei.id, username: '张伟' }, assigned: 2, overridden: false });
    for (const customer of [a, b]) expect(await ownerOf(customer.id)).toBe(as.zhangWei.id);
    const bindings = await rows<{ kind: string; boundBy: number }>(server.db, sql`select kind, bound_by as "boundBy" from customer_bindings where customer_id in (${a.id}, ${b.id})`);
    expect(bindings).toEqual([
      { kind: 'assign', boundBy: as.liNa.id },
      { kind: 'assign', boundBy: as.liNa.id },
    ]);
    expect(await scalar(server.db, sql`select count(*) as value from notices where staff_id = ${as.zhangWei.id} and kind = 'customerAssigned'`)).toBe(notices + 1);
    const [notice] = await rows<{ body: string }>(server.db, sql`select body from notices where staff_id = ${as.zhangWei.id} and kind = 'customerAssigned' order by id desc limit 1`);
    expect(notice?.body).toContain('等 2 位客户已从公海分配给您负责');
    expect(await scalar(server.db, sql`select count(*) as value from audit_log where action = 'customer.assign' and target_id = ${as.zhangWei.id}`)).toBe(2);
  });

  it('applies the member’s 拥有上限 to the whole batch unless the leader overrides it with a reason', async () => {
    const [a, b] = [await poolCustomer(), await poolCustomer()];
    const mine = await owned(as.zhangWei.id);
    await setRules(SITE, { ownLimit: mine + 1, dailyClaimLimit: 0 });
    const before = await bindingCount();
    expectFailure(await assign(as.liNa, { customerIds: [a.id, b.id], staffId: as.zhangWei.id }), 409, `张伟已拥有 ${mine}/${mine + 1}（拥有上限），再分配 2 位将超出`);
    expect(await bindingCount()).toBe(before);
    expectFailure(await assign(as.liNa, { customerIds: [a.id, b.id], staffId: as.zhangWei.id, override: { reason: '  ' } }), 400, '请填写超限分配的原因');
    const overridden = await assign(as.liNa, { customerIds: [a.id, b.id], staffId: as.zhangWei.id, override: { reason: '接手离职同事片区' } });
    expect(overridden.body.data).toMatchObject({ assigned: 2, overridden: true });
    expect(await scalar(server.db, sql`select count(*) as value from audit_log where action = 'customer.assign' and detail = ${`customer ${a.id}（超限分配：接手离职同事片区）`}`)).toBe(1);
  });

  it('is all or nothing: one customer already owned, of another site or unknown refuses the whole batch', async () => {
    const [a, b] = [await poolCustomer(), await poolCustomer()];
    await claim(as.zhangWei, b.id);
    const colleague = await colleagueOf101();
    const before = await bindingCount();
    expectFailure(await assign(as.liNa, { customerIds: [a.id, b.id], staffId: colleague }), 409, `「${b.name}」已被领取，请刷新后重试`);
    const elsewhere = await poolCustomer(201);
    expectFailure(await assign(as.liNa, { customerIds: [a.id, elsewhere.id], staffId: colleague }), 404, CUSTOMER_OUT_OF_REACH);
    expectFailure(await assign(as.liNa, { customerIds: [a.id], staffId: as.liuYang.id }), 400, '该员工不是本站点成员');
    expect(await bindingCount()).toBe(before);
    expect(await ownerOf(a.id)).toBeNull();
  });

  it('refuses salespeople (403) and checks the batch’s size', async () => {
    const a = await poolCustomer();
    expectFailure(await assign(as.zhangWei, { customerIds: [a.id], staffId: as.zhangWei.id }), 403, '只有站点负责人可以分配公海客户');
    expectFailure(await assign(as.liNa, { customerIds: [], staffId: as.zhangWei.id }), 400, '客户格式不正确');
    expectFailure(await assign(as.liNa, { customerIds: Array.from({ length: 51 }, (_, i) => i + 1), staffId: as.zhangWei.id }), 400, '客户格式不正确');
    expect(await ownerOf(a.id)).toBeNull();
  });

  it('lets a leader of a site above assign at the site below', async () => {
    const rules = await rulesOf(as.wangQiang, 102);
    expect(rules.body.data).toMatchObject({ canAssign: true, canClaim: false, usage: null });
    const child = await rows<{ site: number; leader: string; member: number }>(
      server.db,
      sql`select s.id as site, l.phone as leader, (select min(p2.staff_id) from positions p2 join staff m on m.id = p2.staff_id where p2.site_id = s.id and not p2.is_leader and m.status = 'active') as member
          from sites s join positions lp on lp.site_id = s.parent_id and lp.is_leader join staff l on l.id = lp.staff_id
          where s.parent_id is not null and not exists (select 1 from positions x where x.site_id = s.id and x.staff_id = l.id)
          order by s.id limit 1`,
    );
    const target = child[0];
    expect(target?.member).toBeGreaterThan(0);
    if (!target) return;
    const parentLeader = { id: 0, token: (await login(server.app, target.leader)).token };
    const customer = await poolCustomer(target.site);
    const assigned = await staffCall<PoolAssignResult>(server.app, parentLeader, 'pool/assign', { siteId: target.site, customerIds: [customer.id], staffId: target.member });
    expect(assigned.status, assigned.body.msg).toBe(200);
    expect(await ownerOf(customer.id)).toBe(target.member);
  });
});

describe('pool/rules', () => {
  it('shows the site’s effective rules, inherited from the site above, and the caller’s usage', async () => {
    await setRules(SITE, { ownLimit: 300, dailyClaimLimit: 5, reclaimBlockDays: 3 });
    const salesperson = (await rulesOf(as.zhangWei)).body.data;
    expect(salesperson).toMatchObject({ siteId: SITE, ownLimit: 300, dailyClaimLimit: 5, reclaimBlockDays: 3, canClaim: true, canAssign: false });
    expect(salesperson.usage?.owned).toBe(await owned(as.zhangWei.id));
    const leader = (await rulesOf(as.liNa)).body.data;
    expect(leader).toMatchObject({ ownLimit: 300, usage: null, canClaim: false, canAssign: true });
    const [child] = await rows<{ id: number; parent: number }>(server.db, sql`select id, parent_id as parent from sites where parent_id is not null order by id limit 1`);
    expect(child).toBeDefined();
    if (child) {
      await setRules(child.parent, { ownLimit: 42 });
      const [leaderPhone] = await rows<{ phone: string }>(server.db, sql`select s.phone from positions p join staff s on s.id = p.staff_id where p.site_id = ${child.parent} and p.is_leader order by s.id limit 1`);
        const parentLeader = { id: 0, token: (await login(server.app, leaderPhone?.phone ?? '')).token };
      expect((await rulesOf(parentLeader, child.id)).body.data.ownLimit).toBe(42);
    }
  });
});
