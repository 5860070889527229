/**
 * Issue 25 §2: a customer transferred to a salesperson brings its orders along for them to see —
 * its 订单 tab lists every order of the customer, matching its header — while the credit for the
 * past sales stays with whoever sold them (their order lists, the performance figures).
 */
import { CUSTOMER_OUT_OF_REACH, SALES_STATUSES, type CustomerDetail, type OrderDetail, type OrderPage, type OrderStatus, type PersonFigures } from '@sales/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, useTestServer } from '../../helper.js';
import { firstCustomer, loginAll, ordersWhere, scalar, staffCall, type CustomerFact, type Role, type Session } from './support.js';

const server = useTestServer();
let as: Record<Role, Session>;
/** A customer of 101 with sales, owned by a colleague of 张伟's who sold them all. */
let customer: CustomerFact;
/** 张伟's sales figures of the year before the transfer. */
let salesBefore: { orderCount: number; orderAmount: number };

beforeAll(async () => {
  as = await loginAll(server.app);
  customer = await firstCustomer(
    server.db,
    sql`site_id = 101 and owner_id is not null and owner_id <> ${as.zhangWei.id} and order_count > 0
        and not exists (select 1 from orders o where o.customer_id = customers.id and o.staff_id is distinct from customers.owner_id)`,
  );
});

const isSale = (status: OrderStatus) => (SALES_STATUSES as readonly string[]).includes(status);

/** What a caller sees of the customer: its header's figures and its 订单 tab (every status, all pages). */
async function headerAndTab(session: Session) {
  const detail = await staffCall<CustomerDetail>(server.app, session, 'customer/detail', { siteId: 101, id: customer.id });
  expect(detail.status).toBe(200);
  const tab = await staffCall<OrderPage>(server.app, session, 'customer/orders', { siteId: 101, customerId: customer.id, pageSize: 100 });
  expect(tab.status).toBe(200);
  return { header: detail.body.data, tab: tab.body.data };
}

function expectAgree({ header, tab }: Awaited<ReturnType<typeof headerAndTab>>, allOrders: number) {
  expect(tab.total).toBe(allOrders);
  expect(tab.list).toHaveLength(allOrders);
  const sales = tab.list.filter((order) => isSale(order.status));
  // 成交订单 · 累计金额 of the header are the tab's sales.
  expect(sales).toHaveLength(header.orderCount);
  expect(sales.reduce((fen, order) => fen + Math.round(order.amount * 100), 0)).toBe(Math.round(header.totalAmount * 100));
}

async function zhangsSales() {
  const response = await staffCall<PersonFigures>(server.app, as.zhangWei, 'performance/person', { siteId: 101, period: 'year' });
  expect(response.status).toBe(200);
  const { orderCount, orderAmount } = response.body.data.figures.current;
  return { orderCount, orderAmount };
}

describe("a customer transferred to 张伟", () => {
  it('shows him every order of the customer in its 订单 tab, as its header counts them, and opens them', async () => {
    const allOrders = await scalar(server.db, sql`select count(*) as value from orders where customer_id = ${customer.id}`);
    const sold = await ordersWhere(server.db, sql`customer_id = ${customer.id}`);
    const formerOwner = customer.ownerId;
    expect(sold.every((order) => order.staffId === formerOwner)).toBe(true);
    salesBefore = await zhangsSales();
    expectFailure(await staffCall(server.app, as.zhangWei, 'customer/orders', { siteId: 101, customerId: customer.id }), 404, CUSTOMER_OUT_OF_REACH);

    const transferred = await staffCall<CustomerDetail>(server.app, as.liNa, 'customer/bind', { siteId: 101, customerId: customer.id, staffId: as.zhangWei.id });
    expect(transferred.status).toBe(200);

    const zhang = await headerAndTab(as.zhangWei);
    expect(zhang.header.orderCount).toBeGreaterThan(0);
    expectAgree(zhang, allOrders);
    expect(zhang.tab.list.every((order) => order.customer.id === customer.id && order.staff?.id === formerOwner)).toBe(true);
    // The leader sees the same.
    expectAgree(await headerAndTab(as.liNa), allOrders);
    // A status tab lists that status of the customer's orders, with its totals.
    const [first] = zhang.tab.list;
    if (!first) throw new Error('the customer has no orders');
    const sameStatus = await staffCall<OrderPage>(server.app, as.zhangWei, 'customer/orders', { siteId: 101, customerId: customer.id, status: first.status, pageSize: 100 });
    expect(sameStatus.body.data.total).toBe(zhang.tab.list.filter((order) => order.status === first.status).length);

    // The tab's orders open.
    const detail = await staffCall<OrderDetail>(server.app, as.zhangWei, 'order/detail', { siteId: 101, id: first.id });
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({ id: first.id, customer: { id: customer.id }, staff: { id: formerOwner } });
  });

  it('leaves the credit for the past sales where it was: not in his order list nor his figures', async () => {
    const sold = await ordersWhere(server.db, sql`customer_id = ${customer.id}`);
    expect(sold.every((order) => order.staffId === customer.ownerId)).toBe(true);
    const own = await staffCall<OrderPage>(server.app, as.zhangWei, 'order/list', { siteId: 101, customerId: customer.id, pageSize: 100 });
    expect(own.body.data).toMatchObject({ total: 0, summary: { count: 0, amount: 0 } });
    const mine = await staffCall<OrderPage>(server.app, as.zhangWei, 'order/list', { siteId: 101, pageSize: 100 });
    expect(mine.body.data.list.every((order) => order.staff?.id === as.zhangWei.id)).toBe(true);
    // His figures count what he sold, as before the transfer.
    expect(await zhangsSales()).toEqual(salesBefore);
  });

  it('shows nothing of its orders to a salesperson who does not own it', async () => {
    // Back to its former owner: 张伟 no longer sees it, nor its orders.
    const back = await staffCall(server.app, as.liNa, 'customer/bind', { siteId: 101, customerId: customer.id, staffId: customer.ownerId });
    expect(back.status).toBe(200);
    expectFailure(await staffCall(server.app, as.zhangWei, 'customer/orders', { siteId: 101, customerId: customer.id }), 404, CUSTOMER_OUT_OF_REACH);
    const [order] = await ordersWhere(server.db, sql`customer_id = ${customer.id}`);
    if (!order) throw new Error('the customer has no orders');
    expectFailure(await staffCall(server.app, as.zhangWei, 'order/detail', { siteId: 101, id: order.id }), 404, '订单不存在');
  });
});

