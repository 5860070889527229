/**
 * The customer list's total without a keyword is read from customer_tallies (migration 0010), kept
 * by statement triggers on customers. These tests hold it to a count of the customers themselves:
 * for every filter a list can take, as a leader and as a salesperson, and after every kind of write
 * that moves a customer between tallies.
 */
import type { CustomerPage } from '@sales/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows, useTestServer } from '../../helper.js';
import { firstCustomer, loginAll, scalar, staffCall, type Role, type Session } from './support.js';

const server = useTestServer();
let as: Record<Role, Session>;

beforeAll(async () => {
  as = await loginAll(server.app);
});

const SITE = 101;

/** Every tally, keyed by site, owner, level and whether the customers have orders. */
async function tallies(): Promise<Map<string, number>> {
  const list = await rows<{ key: string; customers: number }>(
    server.db,
    sql`select site_id || '/' || owner_id || '/' || level || '/' || has_orders as key, customers from customer_tallies where customers <> 0`,
  );
  return new Map(list.map((row) => [row.key, row.customers]));
}

async function expectTalliesEqualRecomputation(): Promise<void> {
  const kept = await tallies();
  await server.db.execute(sql`select customer_tallies_recompute()`);
  const recomputed = await tallies();
  expect(recomputed.size).toBeGreaterThan(0);
  expect(kept).toEqual(recomputed);
}

const total = async (session: Session, body: Record<string, unknown>) => {
  const response = await staffCall<CustomerPage>(server.app, session, 'customer/list', { siteId: SITE, page: 1, pageSize: 1, ...body });
  expect(response.status, JSON.stringify(body)).toBe(200);
  return response.body.data.total;
};

describe('customer list totals from the tallies', () => {
  it('equal a count of the customers for every filter, as a leader and as a salesperson', async () => {
    const owners = await rows<{ id: number }>(server.db, sql`select distinct owner_id as id from customers where site_id = ${SITE} and owner_id is not null limit 3`);
    const ownerFilters = [undefined, 0, as.zhangWei.id, ...owners.map((row) => row.id)];
    for (const [session, ownScope] of [
      [as.liNa, sql`true`],
      [as.zhangWei, sql`owner_id = ${as.zhangWei.id}`],
    ] as const) {
      for (const ownerId of ownerFilters) {
        for (const level of [undefined, 'A', 'B', 'C']) {
          for (const hasOrders of [undefined, true, false]) {
            const conditions = [sql`site_id = ${SITE}`, ownScope];
            if (ownerId !== undefined) conditions.push(ownerId === 0 ? sql`owner_id is null` : sql`owner_id = ${ownerId}`);
            if (level) conditions.push(sql`level = ${level}`);
            if (hasOrders !== undefined) conditions.push(hasOrders ? sql`order_count > 0` : sql`order_count = 0`);
            const expected = await scalar(server.db, sql`select count(*) as value from customers where ${sql.join(conditions, sql` and `)}`);
            const body = { ownerId, level, hasOrders };
            expect(await total(session, body), JSON.stringify(body)).toBe(expected);
          }
        }
      }
    }
  });

  it('stay equal to a recomputation after binding, claiming, orders, level changes, a staff removal and a deletion', async () => {
    await expectTalliesEqualRecomputation();
    const unbound = await firstCustomer(server.db, sql`site_id = ${SITE} and owner_id is null`);
    const unboundBefore = await total(as.liNa, { ownerId: 0 });

    // Bound to 张伟: one customer leaves "no owner" for 张伟's tally.
    const bound = await staffCall(server.app, as.liNa, 'customer/bind', { siteId: SITE, customerId: unbound.id, staffId: as.zhangWei.id });
    expect(bound.status).toBe(200);
    expect(await total(as.liNa, { ownerId: 0 })).toBe(unboundBefore - 1);
    await expectTalliesEqualRecomputation();

    // A first sales order moves a customer from "without orders" to "with orders".
    const [orderless] = await rows<{ id: number }>(
      server.db,
      sql`insert into customers (site_id, name, contact_name, phone, qr_token, owner_id) values (${SITE}, '计数测试客户甲', '王五', '13900000001', 'tally-test-token-1', ${as.zhangWei.id}) returning id`,
    );
    await expectTalliesEqualRecomputation();
    const withOrders = await total(as.liNa, { hasOrders: true });
    const ingested = await server.app.orderIngestion.ingest([
      {
        orderNo: 'TALLY-1',
        siteId: SITE,
        customerId: orderless?.id ?? 0,
        staffId: as.zhangWei.id,
        status: 'paid',
        createdAt: new Date().toISOString(),
        paidAt: new Date().toISOString(),
        items: [{ name: '矿泉水', quantity: 2, unitPrice: 3 }],
      },
    ]);
    expect(ingested.failed).toBe(0);
    expect(await total(as.liNa, { hasOrders: true })).toBe(withOrders + 1);
    await expectTalliesEqualRecomputation();

    // Unbound again, a level changed, a salesperson removed (their customers lose their owner),
    // and a customer deleted: each statement moves customers between tallies.
    expect((await staffCall(server.app, as.liNa, 'customer/unbind', { siteId: SITE, customerId: unbound.id })).status).toBe(200);
    await server.db.execute(sql`update customers set level = case level when 'A' then 'B' else 'A' end where site_id = ${SITE} and id % 7 = 0`);
    await expectTalliesEqualRecomputation();
    const departing = await scalar(server.db, sql`select owner_id as value from customers where site_id = ${SITE} and owner_id is not null and owner_id <> ${as.zhangWei.id} limit 1`);
    await server.db.execute(sql`update customers set owner_id = null where owner_id = ${departing}`);
    await expectTalliesEqualRecomputation();
    const fresh = await rows<{ id: number }>(
      server.db,
      sql`insert into customers (site_id, name, contact_name, phone, qr_token) values (${SITE}, '计数测试客户乙', '王五', '13900000002', 'tally-test-token-2') returning id`,
    );
    expect(await total(as.liNa, { ownerId: 0 })).toBe((await scalar(server.db, sql`select count(*) as value from customers where site_id = ${SITE} and owner_id is null`)));
    await server.db.execute(sql`delete from customers where id = ${fresh[0]?.id ?? 0}`);
    await expectTalliesEqualRecomputation();
  });
});
