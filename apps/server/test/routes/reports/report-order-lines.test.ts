/**
 * Issue 25 §1: an order paid and refunded within one period is two lines of that period's order
 * lists (a sale and a refund), each with its own identity, so a list keyed by it keeps both —
 * 周报订单列表, 半月报's and 部门销售明细's 按订单.
 */
import { orderLineId, periodAt, shiftDay, shiftPeriod, type IngestResult, type OrderLine, type ReportDetail, type ReportKind, type ReportOrders, type SalesDetails } from '@sales/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, rows, useTestServer } from '../../helper.js';
import { firstCustomer, loginAll, staffCall, type Role, type Session } from '../sales/support.js';

const API_KEY = 'order-lines-test-key';
const server = useTestServer({ integrationApiKey: API_KEY });
let as: Record<Role, Session>;
let customerId: number;

beforeAll(async () => {
  as = await loginAll(server.app);
  customerId = (await firstCustomer(server.db, sql`site_id = 101 and owner_id = ${as.zhangWei.id}`)).id;
});

/** Pushes one order of 张伟's, paid on `paidDay` and refunded on `refundedDay` (China days). */
async function paidAndRefunded(orderNo: string, paidDay: string, refundedDay: string): Promise<number> {
  const pushed = await call<IngestResult>(server.app, 'POST', '/seller/integration/orders', {
    headers: { 'x-api-key': API_KEY },
    body: {
      orders: [
        {
          orderNo,
          siteId: 101,
          customerId,
          staffId: as.zhangWei.id,
          status: 'refunded',
          createdAt: `${paidDay}T09:00:00+08:00`,
          paidAt: `${paidDay}T09:10:00+08:00`,
          refundedAt: `${refundedDay}T15:00:00+08:00`,
          items: [{ name: '金龙鱼食用调和油 5L', quantity: 1, unitPrice: 1234.5 }],
        },
      ],
    },
  });
  expect(pushed.status).toBe(200);
  const [stored] = await rows<{ id: number }>(server.db, sql`select id from orders where order_no = ${orderNo}`);
  if (!stored) throw new Error(`order ${orderNo} was not stored`);
  return stored.id;
}

/** Every line of a paged list, page after page. */
async function allLines(fetchPage: (page: number) => Promise<{ list: OrderLine[]; total: number; pageSize: number }>): Promise<OrderLine[]> {
  const lines: OrderLine[] = [];
  for (let page = 1; ; page += 1) {
    const result = await fetchPage(page);
    lines.push(...result.list);
    if (result.list.length === 0 || page * result.pageSize >= result.total) return lines;
  }
}

const api = (kind: ReportKind) => (kind === 'weekly' ? 'weekly' : 'halfmonth');

/** 张伟 writes his report of the period before the current one; its order lines, all pages. */
async function reportLines(kind: ReportKind): Promise<OrderLine[]> {
  const period = shiftPeriod(periodAt(kind, new Date()), -1);
  await server.db.execute(sql`delete from reports where staff_id = ${as.zhangWei.id} and period_start = ${period.start} and kind = ${kind}`);
  const created = await call<ReportDetail>(server.app, 'POST', `/seller/${api(kind)}/staff/create`, {
    token: as.zhangWei.token,
    body: { siteId: 101, periodStart: period.start, summary: '本期一笔订单付款后又退款了。', plan: '继续跟进。', problems: '无' },
  });
  expect(created.status).toBe(200);
  return allLines(async (page) => {
    const response = await call<ReportOrders>(server.app, 'POST', `/seller/${api(kind)}/staff/orders`, {
      token: as.zhangWei.token,
      body: { siteId: 101, id: created.body.data.id, page, pageSize: 50 },
    });
    expect(response.status).toBe(200);
    return response.body.data;
  });
}

function expectTwoLinesOf(lines: OrderLine[], orderId: number) {
  const ofOrder = lines.filter((line) => line.id === orderId);
  expect(ofOrder.map((line) => [line.line, line.lineId, line.lineAmount]).sort()).toEqual([
    ['refund', orderLineId('refund', orderId), -1234.5],
    ['sale', orderLineId('sale', orderId), 1234.5],
  ]);
  // No two lines of a list share an identity.
  expect(new Set(lines.map((line) => line.lineId)).size).toBe(lines.length);
}

describe('order lines of a period with an order paid and refunded in it', () => {
  it('are two lines with distinct identities in the weekly report order list', async () => {
    const last = shiftPeriod(periodAt('weekly', new Date()), -1);
    const orderId = await paidAndRefunded('LINES-WEEK-1', shiftDay(last.start, 1), shiftDay(last.start, 2));
    expectTwoLinesOf(await reportLines('weekly'), orderId);
  });

  it('are two lines with distinct identities in the half-month report order list', async () => {
    const last = shiftPeriod(periodAt('halfMonth', new Date()), -1);
    const orderId = await paidAndRefunded('LINES-HALF-1', shiftDay(last.start, 2), shiftDay(last.start, 4));
    expectTwoLinesOf(await reportLines('halfMonth'), orderId);
  });

  it('are two lines with distinct identities in 部门销售明细 order by order', async () => {
    const last = shiftPeriod(periodAt('weekly', new Date()), -1);
    const orderId = await paidAndRefunded('LINES-DETAILS-1', shiftDay(last.start, 3), shiftDay(last.start, 4));
    const lines = await allLines(async (page) => {
      const response = await staffCall<SalesDetails>(server.app, as.liNa, 'performance/details', {
        siteId: 101,
        period: 'custom',
        startDate: last.start,
        endDate: last.end,
        view: 'order',
        page,
        pageSize: 50,
      });
      expect(response.status).toBe(200);
      const orders = response.body.data.orders;
      if (!orders) throw new Error('the order view has no order list');
      return orders;
    });
    expectTwoLinesOf(lines, orderId);
  });
});
