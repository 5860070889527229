/**
 * What the speed work must not change: keyword search through the trigram indexes finds exactly
 * what a substring match finds, pages cover a list exactly once, and the streamed exports hold the
 * list's rows in the list's order, also across their keyset batches.
 */
import type { CustomerPage, OrderPage } from '@sales/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../../src/lib/csv.js';
import { resolveSalesScope } from '../../../src/plugins/app/sales/sales-authorization.js';
import { rows, useTestServer } from '../../helper.js';
import { loginAll, STAFF_API, staffCall, type Role, type Session } from './support.js';

const server = useTestServer();
let as: Record<Role, Session>;

beforeAll(async () => {
  as = await loginAll(server.app);
});

const SITE = 101;
const customerList = (session: Session, body: Record<string, unknown>) => staffCall<CustomerPage>(server.app, session, 'customer/list', { siteId: SITE, ...body });
const orderList = (session: Session, body: Record<string, unknown>) => staffCall<OrderPage>(server.app, session, 'order/list', { siteId: SITE, ...body });

/** Every page of a list, walked as the app does. */
async function allPages<T extends { id: number }>(fetchPage: (page: number) => Promise<{ list: T[]; total: number }>, pageSize: number): Promise<{ ids: number[]; total: number }> {
  const ids: number[] = [];
  let total = 0;
  for (let page = 1; ; page += 1) {
    const data = await fetchPage(page);
    total = data.total;
    ids.push(...data.list.map((row) => row.id));
    if (data.list.length < pageSize) return { ids, total };
  }
}

interface CustomerText {
  id: number;
  name: string;
  contactName: string;
  phone: string;
}

describe('keyword search through the trigram indexes', () => {
  it('finds exactly the customers whose name, contact or phone holds the keyword — Chinese, digits, short and long', async () => {
    const site = await rows<CustomerText>(server.db, sql`select id, name, contact_name as "contactName", phone from customers where site_id = ${SITE}`);
    const sample = site[0];
    if (!sample) throw new Error('no customers at 101');
    const keywords = ['超市', '便利', sample.name.slice(0, 5), sample.contactName, '138', sample.phone.slice(3, 9), '8', 'zz不存在的词'];
    for (const keyword of keywords) {
      const expected = site
        .filter((row) => [row.name, row.contactName, row.phone].some((text) => text.toLowerCase().includes(keyword.toLowerCase())))
        .map((row) => row.id)
        .sort((a, b) => a - b);
      const found = await allPages((page) => customerList(as.liNa, { keyword, page, pageSize: 100 }).then((response) => response.body.data as CustomerPage), 100);
      expect([...found.ids].sort((a, b) => a - b), keyword).toEqual(expected);
      expect(found.total, keyword).toBe(expected.length);
    }
  });

  it('finds orders by part of their number or their customer’s name', async () => {
    const site = await rows<{ id: number; orderNo: string; customerName: string }>(
      server.db,
      sql`select o.id, o.order_no as "orderNo", c.name as "customerName" from orders o join customers c on c.id = o.customer_id where o.site_id = ${SITE}`,
    );
    const sample = site[0];
    if (!sample) throw new Error('no orders at 101');
    for (const keyword of [sample.orderNo.slice(-6), sample.customerName.slice(0, 4), '便利店']) {
      const expected = site
        .filter((row) => row.orderNo.toLowerCase().includes(keyword.toLowerCase()) || row.customerName.includes(keyword))
        .map((row) => row.id)
        .sort((a, b) => a - b);
      const found = await allPages((page) => orderList(as.liNa, { keyword, page, pageSize: 100 }).then((response) => response.body.data as OrderPage), 100);
      expect([...found.ids].sort((a, b) => a - b), keyword).toEqual(expected);
    }
  });
});

describe('pagination', () => {
  it.each([{}, { sort: 'totalAmount' }, { sort: 'createdAt' }, { level: 'B' }, { ownerId: 0 }])('returns every customer exactly once across the pages (%o)', async (filter) => {
    const found = await allPages((page) => customerList(as.liNa, { ...filter, page, pageSize: 7 }).then((response) => response.body.data as CustomerPage), 7);
    expect(new Set(found.ids).size).toBe(found.ids.length);
    expect(found.ids).toHaveLength(found.total);
  });

  it('returns every order of a salesperson exactly once across the pages', async () => {
    const found = await allPages((page) => orderList(as.zhangWei, { page, pageSize: 9 }).then((response) => response.body.data as OrderPage), 9);
    const credited = await rows<{ count: number }>(server.db, sql`select count(*)::int as count from orders where site_id = ${SITE} and staff_id = ${as.zhangWei.id}`);
    expect(new Set(found.ids).size).toBe(found.ids.length);
    expect(found.ids).toHaveLength(credited[0]?.count ?? -1);
  });
});

describe('streamed exports', () => {
  const exportCsv = async (path: string, query: string) => {
    const response = await server.app.inject({ method: 'GET', url: `${STAFF_API}/${path}?siteId=${SITE}${query}`, headers: { authorization: as.liNa.token } });
    expect(response.statusCode).toBe(200);
    const text = response.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [, ...body] = parseCsv(text).rows;
    expect(response.headers['x-export-rows']).toBe(String(body.length));
    expect(response.headers['x-export-truncated']).toBe('false');
    return body;
  };

  it.each([
    ['', {}],
    ['&sort=totalAmount', { sort: 'totalAmount' }],
    ['&sort=createdAt&level=A', { sort: 'createdAt', level: 'A' }],
    ['&keyword=%E8%B6%85%E5%B8%82', { keyword: '超市' }],
  ])('holds the customer list’s rows in its order (%s)', async (query, filter) => {
    const listed = await allPages((page) => customerList(as.liNa, { ...filter, page, pageSize: 100 }).then((response) => response.body.data as CustomerPage), 100);
    const exported = await exportCsv('customer/export', query);
    expect(exported.map((cells) => Number(cells[0]))).toEqual(listed.ids);
  });

  it('holds the order list’s rows in its order', async () => {
    const listed = await allPages((page) => orderList(as.liNa, { status: 'completed', page, pageSize: 100 }).then((response) => response.body.data as OrderPage), 100);
    const numbers = await rows<{ id: number; orderNo: string }>(server.db, sql`select id, order_no as "orderNo" from orders where site_id = ${SITE}`);
    const idOf = new Map(numbers.map((row) => [row.orderNo, row.id]));
    const exported = await exportCsv('order/export', '&status=completed');
    expect(exported.map((cells) => idOf.get(cells[0] ?? ''))).toEqual(listed.ids);
  });

  it('continues each keyset batch exactly where the last one ended, in every sort, ties included', async () => {
    const scope = await resolveSalesScope(server.db, as.liNa.id, SITE);
    // Ties on the sort value: the id must decide, or a batch boundary would skip or repeat rows.
    await server.db.execute(sql`update customers set last_order_at = (select max(last_order_at) from customers where site_id = ${SITE})
                                where id in (select id from customers where site_id = ${SITE} and last_order_at is not null order by id limit 12)`);
    for (const sort of [undefined, 'totalAmount', 'createdAt'] as const) {
      const listed = await allPages((page) => customerList(as.liNa, { sort, page, pageSize: 100 }).then((response) => response.body.data as CustomerPage), 100);
      const batched: number[] = [];
      for await (const batch of server.app.customers.exportBatches(scope, { sort }, 10_000, 5)) batched.push(...batch.map((row) => row.id));
      expect(batched, String(sort)).toEqual(listed.ids);
    }
    const orders: number[] = [];
    for await (const batch of server.app.orders.exportBatches(scope, {}, 10_000, 13)) orders.push(...batch.map((row) => row.id));
    const listedOrders = await allPages((page) => orderList(as.liNa, { page, pageSize: 100 }).then((response) => response.body.data as OrderPage), 100);
    expect(orders).toEqual(listedOrders.ids);
  });
});
