/**
 * customer_bindings.last_follow_up_at (migration 0034): every binding's latest follow-up by its
 * person, kept by triggers on follow_ups and on the binding's insert; 今日待办's 即将回收 reads the
 * 未跟进 rule's anchor from it. These tests hold it to a recomputation from the follow-ups after
 * every kind of write: the seed's bulk load, a follow-up logged through the API, a transfer and an
 * unbinding (new and closed bindings), 放弃 to the 公海 and an assignment back, follow-ups moved to another
 * person or customer, back-dated, edited and deleted, and a deleted customer.
 */
import type { FollowUpDue } from '@sales/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows, useTestServer } from '../../helper.js';
import { loginAll, staffCall, type Role, type Session } from '../sales/support.js';

const server = useTestServer();
let as: Record<Role, Session>;
const SITE = 101;

beforeAll(async () => {
  as = await loginAll(server.app);
});

/** Every binding's kept value next to a fresh max over follow_ups: they must be equal. */
async function expectKeptEqualFresh(): Promise<void> {
  const stale = await rows<{ id: number; kept: string | null; fresh: string | null }>(
    server.db,
    sql`select b.id, b.last_follow_up_at::text as kept, f.at::text as fresh
        from customer_bindings b
        left join (select customer_id, staff_id, max(created_at) as at from follow_ups group by customer_id, staff_id) f
          on f.customer_id = b.customer_id and f.staff_id = b.staff_id
        where b.last_follow_up_at is distinct from f.at`,
  );
  expect(stale).toEqual([]);
  const [held] = await rows<{ count: number }>(server.db, sql`select count(*)::int as count from customer_bindings where last_follow_up_at is not null`);
  expect(held?.count).toBeGreaterThan(0);
}

const keptOf = async (customerId: number) => {
  const [row] = await rows<{ at: string | null }>(
    server.db,
    sql`select b.last_follow_up_at::text as at from customer_bindings b join customers c on c.id = b.customer_id and c.owner_id = b.staff_id
        where b.customer_id = ${customerId} and b.unbound_at is null`,
  );
  return row?.at ?? null;
};

describe('customer_bindings.last_follow_up_at', () => {
  it('equals a recomputation after the seed, and the recompute changes nothing', async () => {
    await expectKeptEqualFresh();
    await server.db.execute(sql`select binding_follow_up_at_recompute()`);
    await expectKeptEqualFresh();
  });

  it('follows a follow-up logged through the API, a transfer, an unbinding and a rebinding', async () => {
    const [customer] = await rows<{ id: number; ownerId: number }>(
      server.db,
      sql`select id, owner_id as "ownerId" from customers where site_id = ${SITE} and owner_id is not null and owner_id <> ${as.zhangWei.id} order by id limit 1`,
    );
    if (!customer) throw new Error('no customer owned by someone else than 张伟');
    const logged = await staffCall(server.app, as.liNa, 'followup/create', { siteId: SITE, customerId: customer.id, type: '电话', content: '绑定时钟测试' });
    expect(logged.status).toBe(200);
    await expectKeptEqualFresh();
    // To 张伟: a new open binding, which reads his follow-ups of the customer (none yet, or older ones).
    expect((await staffCall(server.app, as.liNa, 'customer/bind', { siteId: SITE, customerId: customer.id, staffId: as.zhangWei.id })).status).toBe(200);
    await expectKeptEqualFresh();
    const zhangWeis = await staffCall(server.app, as.zhangWei, 'followup/create', { siteId: SITE, customerId: customer.id, type: '微信', content: '接手后第一次跟进' });
    expect(zhangWeis.status).toBe(200);
    await expectKeptEqualFresh();
    expect(await keptOf(customer.id)).not.toBeNull();
    // Unbound (to the 公海), then back to its former owner: the new binding reads that person's follow-ups again.
    expect((await staffCall(server.app, as.liNa, 'customer/unbind', { siteId: SITE, customerId: customer.id })).status).toBe(200);
    await expectKeptEqualFresh();
    expect((await staffCall(server.app, as.liNa, 'customer/bind', { siteId: SITE, customerId: customer.id, staffId: customer.ownerId })).status).toBe(200);
    await expectKeptEqualFresh();
  });

  it('follows 放弃 to the 公海 and an assignment back', async () => {
    const [customer] = await rows<{ id: number }>(
      server.db,
      sql`select id from customers where site_id = ${SITE} and owner_id = ${as.zhangWei.id} order by id desc limit 1`,
    );
    if (!customer) throw new Error('张伟 owns no customer');
    const released = await staffCall(server.app, as.zhangWei, 'pool/release', { siteId: SITE, customerId: customer.id, reason: '测试放弃' });
    expect(released.status).toBe(200);
    await expectKeptEqualFresh();
    const claimed = await staffCall(server.app, as.liNa, 'customer/bind', { siteId: SITE, customerId: customer.id, staffId: as.zhangWei.id });
    expect(claimed.status).toBe(200);
    await expectKeptEqualFresh();
  });

  it('follows follow-ups inserted, back-dated, moved to another person or customer, and deleted', async () => {
    const customers = await rows<{ id: number; ownerId: number }>(
      server.db,
      sql`select id, owner_id as "ownerId" from customers where site_id = ${SITE} and owner_id is not null order by id limit 3`,
    );
    const ids = customers.map((row) => row.id);
    const staffId = customers[0]?.ownerId ?? 0;
    await server.db.execute(sql`
      insert into follow_ups (customer_id, site_id, staff_id, type, content, created_at)
      select id, ${SITE}, owner_id, '电话', 'clock test', now() + interval '1 minute' from customers where id in ${ids}`);
    await expectKeptEqualFresh();
    await server.db.execute(sql`
      insert into follow_ups (customer_id, site_id, staff_id, type, content, created_at)
      values (${ids[0]}, ${SITE}, ${staffId}, '微信', 'clock back-dated', now() - interval '400 days')`);
    await expectKeptEqualFresh();
    await server.db.execute(sql`update follow_ups set created_at = now() + interval '2 minutes' where content = 'clock back-dated'`);
    await expectKeptEqualFresh();
    // Moved to another person, then to another customer: the old pair and the new one both change.
    await server.db.execute(sql`update follow_ups set staff_id = ${as.liNa.id} where content = 'clock back-dated'`);
    await expectKeptEqualFresh();
    await server.db.execute(sql`update follow_ups set customer_id = ${ids[1]}, staff_id = ${customers[1]?.ownerId ?? 0} where content = 'clock back-dated'`);
    await expectKeptEqualFresh();
    await server.db.execute(sql`delete from follow_ups where content in ('clock test', 'clock back-dated')`);
    await expectKeptEqualFresh();
    await server.db.execute(sql`delete from follow_ups where customer_id = ${ids[2]}`);
    await expectKeptEqualFresh();
    expect(await keptOf(ids[2] ?? 0)).toBeNull();
  });

  it('reads the follow-ups already logged when a binding is inserted, and goes with a deleted customer', async () => {
    const [customer] = await rows<{ id: number }>(
      server.db,
      sql`insert into customers (site_id, name, contact_name, phone, owner_id, qr_token)
          values (${SITE}, '时钟临时客户', '临时', '13900009998', ${as.zhangWei.id}, 'clock-test-token-1') returning id`,
    );
    if (!customer) throw new Error('no customer inserted');
    await server.db.execute(sql`insert into follow_ups (customer_id, site_id, staff_id, type, content, created_at)
      values (${customer.id}, ${SITE}, ${as.zhangWei.id}, '电话', 'before the binding', now() - interval '3 days')`);
    await server.db.execute(sql`insert into customer_bindings (customer_id, staff_id, bound_by, kind, bound_at)
      values (${customer.id}, ${as.zhangWei.id}, ${as.zhangWei.id}, 'create', now() - interval '5 days')`);
    expect(await keptOf(customer.id)).not.toBeNull();
    await expectKeptEqualFresh();
    await server.db.execute(sql`delete from customers where id = ${customer.id}`);
    await expectKeptEqualFresh();
  });

  it("lists in 今日待办 the same customers about to return as the rule's own look into follow_ups", async () => {
    const due = await staffCall<FollowUpDue>(server.app, as.zhangWei, 'followup/due', { siteId: SITE, page: 1, pageSize: 20 });
    expect(due.status).toBe(200);
    const expected = await rows<{ id: number }>(
      server.db,
      sql`select c.id from customers c
          join customer_bindings b on b.customer_id = c.id and b.unbound_at is null and b.staff_id = c.owner_id
          where c.site_id = ${SITE} and c.owner_id = ${as.zhangWei.id}
            and b.last_follow_up_at is not distinct from (select max(f.created_at) from follow_ups f where f.customer_id = c.id and f.staff_id = c.owner_id)`,
    );
    const ids = new Set(expected.map((row) => row.id));
    for (const returning of due.body.data.returning) expect(ids.has(returning.customer.id)).toBe(true);
  });
});
