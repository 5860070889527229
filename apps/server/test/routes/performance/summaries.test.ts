import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recomputeSummaries } from '../../../src/db/performance-figures.js';
import { rows, useTestServer } from '../../helper.js';
import { firstCustomer, loginAll, staffCall } from '../sales/support.js';

const server = useTestServer();

interface SummaryRow {
  key: string;
  paid: number;
  paidFen: number;
  refunds: number;
  refundFen: number;
  newCustomers: number;
  followUps: number;
}

/** Every non-empty summary row, keyed by site, staff and day. */
async function summaries(): Promise<Map<string, SummaryRow>> {
  const list = await rows<SummaryRow>(
    server.db,
    sql`select site_id || '/' || staff_id || '/' || day as key, paid_count as paid, paid_amount_fen::float8 as "paidFen",
          refund_count as refunds, refund_amount_fen::float8 as "refundFen", new_customers as "newCustomers", follow_ups as "followUps"
        from performance_daily
        where paid_count <> 0 or paid_amount_fen <> 0 or refund_count <> 0 or refund_amount_fen <> 0 or new_customers <> 0 or follow_ups <> 0`,
  );
  return new Map(list.map((row) => [row.key, row]));
}

const NON_ZERO = sql`paid <> 0 or "paidFen" <> 0 or refunds <> 0 or "refundFen" <> 0 or "newCustomers" <> 0 or "followUps" <> 0`;

/**
 * Every non-empty month of performance_monthly keyed by site, staff and month, and the same months
 * summed from performance_daily (migration 0037's triggers keep the first equal to the second).
 */
async function months(): Promise<{ kept: Map<string, SummaryRow>; summed: Map<string, SummaryRow> }> {
  const kept = await rows<SummaryRow>(
    server.db,
    sql`select * from (select site_id || '/' || staff_id || '/' || month as key, paid_count as paid, paid_amount_fen::float8 as "paidFen",
          refund_count as refunds, refund_amount_fen::float8 as "refundFen", new_customers as "newCustomers", follow_ups as "followUps"
        from performance_monthly) m where ${NON_ZERO}`,
  );
  const summed = await rows<SummaryRow>(
    server.db,
    sql`select * from (select site_id || '/' || staff_id || '/' || date_trunc('month', day::timestamp)::date as key, sum(paid_count)::int as paid,
          sum(paid_amount_fen)::float8 as "paidFen", sum(refund_count)::int as refunds, sum(refund_amount_fen)::float8 as "refundFen",
          sum(new_customers)::int as "newCustomers", sum(follow_ups)::int as "followUps"
        from performance_daily group by site_id, staff_id, date_trunc('month', day::timestamp)) m where ${NON_ZERO}`,
  );
  const keyed = (list: SummaryRow[]) => new Map(list.map((row) => [row.key, row]));
  return { kept: keyed(kept), summed: keyed(summed) };
}

async function expectSummariesEqualRecomputation() {
  const kept = await summaries();
  const before = await months();
  expect(before.kept.size).toBeGreaterThan(0);
  expect(before.kept).toEqual(before.summed);
  await recomputeSummaries(server.db);
  const recomputed = await summaries();
  expect(recomputed.size).toBeGreaterThan(0);
  expect(kept).toEqual(recomputed);
  const after = await months();
  expect(after.kept).toEqual(after.summed);
  expect(after.kept).toEqual(before.kept);
}

describe('performance summaries', () => {
  it('equal a recomputation from the raw rows after seeding', async () => {
    await expectSummariesEqualRecomputation();
  });

  it('stay equal to a recomputation after ingestion, status changes, refunds, follow-ups and customers', async () => {
    const as = await loginAll(server.app);
    const customer = await firstCustomer(server.db, sql`site_id = 101 and owner_id = ${as.zhangWei.id}`);
    const item = [{ name: '矿泉水', quantity: 3, unitPrice: 12.5 }];
    const base = { siteId: 101, customerId: customer.id, items: item };
    const first = await server.app.orderIngestion.ingest([
      { ...base, orderNo: 'PERF-1', status: 'paid', createdAt: '2014-03-30T23:50:00+08:00', paidAt: '2014-03-30T23:59:00+08:00' },
      { ...base, orderNo: 'PERF-2', status: 'completed', createdAt: '2014-03-31T00:00:30+08:00', paidAt: '2014-03-31T00:01:00+08:00' },
      { ...base, orderNo: 'PERF-3', status: 'pending', createdAt: '2014-04-01T10:00:00+08:00' },
      { ...base, orderNo: 'PERF-4', staffId: null, status: 'shipped', createdAt: '2014-04-01T10:00:00+08:00', paidAt: '2014-04-01T10:05:00+08:00' },
    ]);
    expect(first.failed).toBe(0);
    // Paid on Sunday at 23:59 China time is a Sunday sale, a minute later a Monday one.
    const day = async (date: string) =>
      rows<{ paid: number; fen: number }>(
        server.db,
        sql`select coalesce(sum(paid_count), 0)::int as paid, coalesce(sum(paid_amount_fen), 0)::float8 as fen from performance_daily where site_id = 101 and day = ${date}::date and staff_id = ${as.zhangWei.id}`,
      );
    // (2014 shares 2025's calendar and lies years before the demo history, so these days hold just
    // the orders above.)
    expect(await day('2014-03-30')).toEqual([{ paid: 1, fen: 3750 }]);
    expect(await day('2014-03-31')).toEqual([{ paid: 1, fen: 3750 }]);
    await expectSummariesEqualRecomputation();

    // PERF-1 refunded on 5 April, PERF-2 paid → cancelled, PERF-3 paid now, PERF-4 moves to 张伟.
    const second = await server.app.orderIngestion.ingest([
      { ...base, orderNo: 'PERF-1', status: 'refunded', createdAt: '2014-03-30T23:50:00+08:00', paidAt: '2014-03-30T23:59:00+08:00', refundedAt: '2014-04-05T09:00:00+08:00' },
      { ...base, orderNo: 'PERF-2', status: 'cancelled', createdAt: '2014-03-31T00:00:30+08:00', cancelledAt: '2014-03-31T08:00:00+08:00' },
      { ...base, orderNo: 'PERF-3', status: 'paid', createdAt: '2014-04-01T10:00:00+08:00', paidAt: '2014-04-02T10:00:00+08:00' },
      { ...base, orderNo: 'PERF-4', staffId: as.zhangWei.id, status: 'shipped', createdAt: '2014-04-01T10:00:00+08:00', paidAt: '2014-04-01T10:05:00+08:00' },
    ]);
    expect(second.failed).toBe(0);
    const refundDay = await rows<{ refunds: number; fen: number }>(
      server.db,
      sql`select refund_count as refunds, refund_amount_fen::float8 as fen from performance_daily where site_id = 101 and day = '2014-04-05' and staff_id = ${as.zhangWei.id}`,
    );
    expect(refundDay).toEqual([{ refunds: 1, fen: 3750 }]);
    await expectSummariesEqualRecomputation();

    const followUp = await staffCall(server.app, as.zhangWei, 'followup/create', { siteId: 101, customerId: customer.id, type: '电话', content: '回访' });
    expect(followUp.status).toBe(200);
    await server.db.execute(
      sql`insert into customers (site_id, name, contact_name, phone, owner_id, qr_token, created_at) values (101, '测试新店', '王五', '13900000000', ${as.zhangWei.id}, 'perf-test-token-1', '2014-04-03T12:00:00+08:00')`,
    );
    // A later owner change does not move the new-customer credit.
    await server.db.execute(sql`update customers set owner_id = null where qr_token = 'perf-test-token-1'`);
    const credited = await rows<{ count: number }>(
      server.db,
      sql`select new_customers as count from performance_daily where site_id = 101 and day = '2014-04-03' and staff_id = ${as.zhangWei.id}`,
    );
    expect(credited[0]?.count).toBeGreaterThanOrEqual(1);
    await server.db.execute(sql`delete from orders where order_no = 'PERF-3'`);
    await server.db.execute(sql`delete from customers where qr_token = 'perf-test-token-1'`);
    await expectSummariesEqualRecomputation();
  });
});
