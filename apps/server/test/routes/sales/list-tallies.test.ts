/**
 * The customer and order lists' totals without a keyword are read from customer_tallies,
 * order_tallies and order_tallies_monthly (migrations 0010, 0011 and 0039), kept by statement triggers. These tests hold them to a
 * count of the rows themselves: for every filter a list can take, as a leader and as a
 * salesperson, and after every kind of write that moves a row between tallies.
 */
import { chinaDayKey, type CustomerPage, type OrderPage } from '@sales/contract';
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

/** A tally table's non-empty rows as key → value text, before and after its recompute function rebuilds it. */
async function expectKeptEqualRecomputed(tallies: ReturnType<typeof sql>, recompute: string): Promise<void> {
  const read = async () => new Map((await rows<{ key: string; value: string }>(server.db, tallies)).map((row) => [row.key, row.value]));
  const kept = await read();
  await server.db.execute(sql`select ${sql.identifier(recompute)}()`);
  const recomputed = await read();
  expect(recomputed.size).toBeGreaterThan(0);
  expect(kept).toEqual(recomputed);
}

const expectTalliesEqualRecomputation = () =>
  expectKeptEqualRecomputed(
    sql`select site_id || '/' || owner_id || '/' || level || '/' || has_orders as key, customers::text as value from customer_tallies where customers <> 0`,
    'customer_tallies_recompute',
  );

/** order_tallies_monthly (migration 0039) holds each month's order_tallies summed, kept by its triggers. */
async function expectMonthlyOrderTalliesEqualDays(): Promise<void> {
  const read = async (query: ReturnType<typeof sql>) => new Map((await rows<{ key: string; value: string }>(server.db, query)).map((row) => [row.key, row.value]));
  const kept = await read(
    sql`select site_id || '/' || staff_id || '/' || status || '/' || month as key, orders || '/' || amount_fen as value
        from order_tallies_monthly where orders <> 0 or amount_fen <> 0`,
  );
  const summed = await read(
    sql`select * from (select site_id || '/' || staff_id || '/' || status || '/' || date_trunc('month', day::timestamp)::date as key, sum(orders) || '/' || sum(amount_fen) as value
        from order_tallies group by site_id, staff_id, status, date_trunc('month', day::timestamp) having sum(orders) <> 0 or sum(amount_fen) <> 0) m`,
  );
  expect(kept.size).toBeGreaterThan(1);
  expect(kept).toEqual(summed);
}

async function expectOrderTalliesEqualRecomputation(): Promise<void> {
  await expectMonthlyOrderTalliesEqualDays();
  await expectKeptEqualRecomputed(
    sql`select site_id || '/' || staff_id || '/' || status || '/' || day as key, orders || '/' || amount_fen as value
        from order_tallies where orders <> 0 or amount_fen <> 0`,
    'order_tallies_recompute',
  );
  await expectMonthlyOrderTalliesEqualDays();
}

const total = async (session: Session, body: Record<string, unknown>) => {
  const response = await staffCall<CustomerPage>(server.app, session, 'customer/list', { siteId: SITE, page: 1, pageSize: 1, ...body });
  expect(response.status, JSON.stringify(body)).toBe(200);
  return response.body.data.total;
};

describe('customer list totals from the tallies', () => {
  it('come with the page’s rows, and a page past the last customer has none and the same total', async () => {
    for (const body of [{}, { level: 'A' }, { ownerId: 0 }, { hasOrders: true, level: 'B' }, { keyword: '店' }]) {
      const first = await total(as.liNa, body);
      expect(first, JSON.stringify(body)).toBeGreaterThan(0);
      const past = await staffCall<CustomerPage>(server.app, as.liNa, 'customer/list', { siteId: SITE, page: first + 1, pageSize: 1, ...body });
      expect(past.status).toBe(200);
      expect(past.body.data.list).toEqual([]);
      expect(past.body.data.total, JSON.stringify(body)).toBe(first);
    }
  });

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

const orderTotals = async (session: Session, body: Record<string, unknown>) => {
  const response = await staffCall<OrderPage>(server.app, session, 'order/list', { siteId: SITE, page: 1, pageSize: 1, ...body });
  expect(response.status, JSON.stringify(body)).toBe(200);
  const { total, summary } = response.body.data;
  expect(summary.count).toBe(total);
  return { count: total, amount: summary.amount };
};

const dayText = (daysAgo: number) => {
  const key = chinaDayKey(new Date(Date.now() - daysAgo * 86_400_000));
  return `${key.slice(0, 4)}-${key.slice(4, 6)}-${key.slice(6)}`;
};

/** The first day of the month `monthsAgo` months before this one (China time). */
const monthStart = (monthsAgo: number) => {
  const today = dayText(0);
  const index = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7)) - 1 - monthsAgo;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
};
/** The last day of that month. */
const monthEnd = (monthsAgo: number) => {
  const next = monthStart(monthsAgo - 1);
  return new Date(Date.parse(`${next}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
};

describe('order list totals from the tallies', () => {
  it('equal the count and amount of the orders for every filter, as a leader and as a salesperson', async () => {
    const colleague = await scalar(server.db, sql`select staff_id as value from orders where site_id = ${SITE} and staff_id <> ${as.zhangWei.id} limit 1`);
    // Open and closed ranges, within a month and across months, whole months alone (the monthly
    // tallies) and whole months with days around them.
    const ranges: [string | undefined, string | undefined][] = [
      [undefined, undefined],
      [dayText(30), dayText(0)],
      [dayText(7), undefined],
      [undefined, dayText(60)],
      [dayText(0), dayText(0)],
      [monthStart(3), monthEnd(1)],
      [monthStart(2), undefined],
      [undefined, monthEnd(2)],
      [dayText(95), dayText(40)],
    ];
    for (const [session, ownScope] of [
      [as.liNa, sql`true`],
      [as.zhangWei, sql`staff_id = ${as.zhangWei.id}`],
    ] as const) {
      for (const staffId of [undefined, as.zhangWei.id, colleague]) {
        for (const status of [undefined, 'pending', 'paid', 'completed', 'closed']) {
          for (const [startDate, endDate] of ranges) {
            const conditions = [sql`site_id = ${SITE}`, ownScope];
            if (staffId !== undefined) conditions.push(sql`staff_id = ${staffId}`);
            if (status === 'closed') conditions.push(sql`status in ('cancelled', 'refunded')`);
            else if (status) conditions.push(sql`status = ${status}`);
            if (startDate) conditions.push(sql`created_at >= (${startDate}::date::timestamp at time zone 'Asia/Shanghai')`);
            if (endDate) conditions.push(sql`created_at < ((${endDate}::date + 1)::timestamp at time zone 'Asia/Shanghai')`);
            const [expected] = await rows<{ count: number; fen: number }>(
              server.db,
              sql`select count(*)::int as count, coalesce(sum(amount_fen), 0)::float8 as fen from orders where ${sql.join(conditions, sql` and `)}`,
            );
            const body = { staffId, status, startDate, endDate };
            expect(await orderTotals(session, body), JSON.stringify(body)).toEqual({ count: expected?.count, amount: (expected?.fen ?? 0) / 100 });
          }
        }
      }
    }
  });

  it('stay equal to a recomputation after orders are created, change status, salesperson and amount, and are deleted', async () => {
    await expectOrderTalliesEqualRecomputation();
    const customer = await firstCustomer(server.db, sql`site_id = ${SITE} and owner_id = ${as.zhangWei.id}`);
    const todayOnly = { startDate: dayText(0), endDate: dayText(0) };
    const fen = (totals: { count: number; amount: number }) => ({ count: totals.count, fen: Math.round(totals.amount * 100) });
    const today = fen(await orderTotals(as.zhangWei, todayOnly));
    const paidToday = fen(await orderTotals(as.zhangWei, { ...todayOnly, status: 'paid' }));
    const base = { siteId: SITE, customerId: customer.id, createdAt: new Date().toISOString(), items: [{ name: '矿泉水', quantity: 2, unitPrice: 3 }] };
    const first = await server.app.orderIngestion.ingest([
      { ...base, orderNo: 'TALLY-O1', staffId: as.zhangWei.id, status: 'pending' },
      { ...base, orderNo: 'TALLY-O2', staffId: null, status: 'paid', paidAt: new Date().toISOString() },
    ]);
    expect(first.failed).toBe(0);
    expect(fen(await orderTotals(as.zhangWei, todayOnly))).toEqual({ count: today.count + 1, fen: today.fen + 600 });
    await expectOrderTalliesEqualRecomputation();

    // Paid and given more items; the other one moves to 张伟.
    const second = await server.app.orderIngestion.ingest([
      { ...base, orderNo: 'TALLY-O1', staffId: as.zhangWei.id, status: 'paid', paidAt: new Date().toISOString(), items: [{ name: '矿泉水', quantity: 5, unitPrice: 3 }] },
      { ...base, orderNo: 'TALLY-O2', staffId: as.zhangWei.id, status: 'paid', paidAt: new Date().toISOString() },
    ]);
    expect(second.failed).toBe(0);
    expect(fen(await orderTotals(as.zhangWei, { ...todayOnly, status: 'paid' }))).toEqual({ count: paidToday.count + 2, fen: paidToday.fen + 1500 + 600 });
    await expectOrderTalliesEqualRecomputation();
    await server.db.execute(sql`delete from order_items where order_id in (select id from orders where order_no in ('TALLY-O1', 'TALLY-O2'))`);
    await server.db.execute(sql`delete from orders where order_no in ('TALLY-O1', 'TALLY-O2')`);
    expect(fen(await orderTotals(as.zhangWei, todayOnly))).toEqual(today);
    await expectOrderTalliesEqualRecomputation();
  });
});
