/**
 * Orders coming in: POST /seller/integration/orders (API key, per-row report, idempotent by
 * orderNo, customer figures), the import command and its file formats, and the demo seed that
 * feeds everything else.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CUSTOMER_QR_PREFIX, isMobile, ORDER_STATUSES, parseCustomerQr, type IngestResult, startOfChinaDay } from '@sales/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { planCustomers, planFollowUps, planOrders, type SiteMembers } from '../../../src/db/seed-sales.js';
import { csvDocument, csvRecords, parseCsv } from '../../../src/lib/csv.js';
import { OrderIngestion } from '../../../src/plugins/app/orders/order-ingestion.js';
import { formatReport, importOrderFile } from '../../../scripts/order-file.js';
import { buildTestApp, call, expectFailure, pgliteDataDir, rows, testConfig, useTestServer } from '../../helper.js';
import { firstCustomer, loginAll, ordersWhere, scalar, type Role, type Session } from './support.js';

const API_KEY = 'ingestion-test-key';
const server = useTestServer({ integrationApiKey: API_KEY });
const serverRoot = path.resolve(import.meta.dirname, '../../..');
const examples = path.join(serverRoot, 'scripts', 'examples');

let as: Record<Role, Session>;
let c101: number;
let c101b: number;
let c102: number;

beforeAll(async () => {
  as = await loginAll(server.app);
  c101 = (await firstCustomer(server.db, sql`site_id = 101 and owner_id = ${as.zhangWei.id}`)).id;
  c101b = (await firstCustomer(server.db, sql`site_id = 101 and id <> ${c101}`)).id;
  c102 = (await firstCustomer(server.db, sql`site_id = 102`)).id;
});

/** Pushes orders with the API key, another key, or none (null). */
function push(orders: unknown, key: string | null = API_KEY) {
  return call<IngestResult>(server.app, 'POST', '/seller/integration/orders', { headers: key === null ? {} : { 'x-api-key': key }, body: { orders } });
}

const order = (overrides: Record<string, unknown> = {}) => ({
  orderNo: 'ING-0001',
  siteId: 101,
  customerId: c101,
  status: 'paid',
  createdAt: '2026-01-05T09:00:00+08:00',
  paidAt: '2026-01-05T09:10:00+08:00',
  items: [
    { name: '金龙鱼食用调和油 5L', quantity: 3, unitPrice: 69.9 },
    { name: '五常大米 10kg', quantity: 1, unitPrice: 89.9 },
  ],
  ...overrides,
});

/** The columns of the CSV files the import tests write. */
const HEADER = ['orderNo', 'siteId', 'customerId', 'staffId', 'status', 'amount', 'createdAt', 'paidAt', 'remark', 'itemName', 'quantity', 'unitPrice'];

async function writeFile(name: string, text: string): Promise<string> {
  const file = path.join(server.dataDir, name);
  await fs.writeFile(file, text);
  return file;
}

const importText = async (name: string, text: string) => importOrderFile(server.database, await writeFile(name, text));

async function figures(customerId: number) {
  const [row] = await rows<{ orderCount: number; totalFen: string; lastOrderAt: Date | null }>(
    server.db,
    sql`select order_count as "orderCount", total_amount_fen as "totalFen", last_order_at as "lastOrderAt" from customers where id = ${customerId}`,
  );
  return { orderCount: row?.orderCount, totalFen: Number(row?.totalFen), lastOrderAt: row?.lastOrderAt ? new Date(row.lastOrderAt).toISOString() : null };
}

/** What the figures must be, recomputed from the orders. */
async function expectedFigures(customerId: number) {
  const [row] = await rows<{ orderCount: number; totalFen: string; lastOrderAt: Date | null }>(
    server.db,
    sql`select count(*) filter (where status in ('paid', 'shipped', 'completed'))::int as "orderCount",
               coalesce(sum(amount_fen) filter (where status in ('paid', 'shipped', 'completed')), 0) as "totalFen",
               max(created_at) as "lastOrderAt"
        from orders where customer_id = ${customerId}`,
  );
  return { orderCount: row?.orderCount, totalFen: Number(row?.totalFen), lastOrderAt: row?.lastOrderAt ? new Date(row.lastOrderAt).toISOString() : null };
}

describe('POST /seller/integration/orders: the API key', () => {
  it('answers 401 without the right X-Api-Key, before looking at the body', async () => {
    expectFailure(await push([order()], null), 401, '接口密钥不正确');
    expectFailure(await push([order()], 'wrong-key'), 401, '接口密钥不正确');
    const garbage = await server.app.inject({ method: 'POST', url: '/seller/integration/orders', headers: { 'content-type': 'application/json', 'x-api-key': 'nope' }, payload: '{not json' });
    expect(garbage.statusCode).toBe(401);
    expect(await scalar(server.db, sql`select count(*) as value from orders where order_no = 'ING-0001'`)).toBe(0);
  });

  it('answers 503 when no key is configured', async () => {
    const keyless = await buildTestApp(server.database, testConfig(server.dataDir));
    try {
      const response = await call(keyless, 'POST', '/seller/integration/orders', { headers: { 'x-api-key': '' }, body: { orders: [order()] } });
      expectFailure(response, 503, '订单接口未启用');
    } finally {
      await keyless.close();
    }
  });

  it('takes 1 to 1,000 orders per call', async () => {
    expectFailure(await push([]), 400);
    expectFailure(await push(Array.from({ length: 1001 }, (_, index) => order({ orderNo: `MANY-${index}` }))), 400);
    expectFailure(await call(server.app, 'POST', '/seller/integration/orders', { headers: { 'x-api-key': API_KEY }, body: {} }), 400, '请填写订单');
  });
});

describe('POST /seller/integration/orders: idempotent by orderNo', () => {
  it('creates an order once and updates it when it is sent again; the customer figures follow', async () => {
    const before = await figures(c101);
    const created = await push([order()]);
    expect(created.body.data).toEqual({ created: 1, updated: 0, failed: 0, errors: [] });
    const after = await figures(c101);
    expect(after.orderCount).toBe((before.orderCount ?? 0) + 1);
    expect(after.totalFen).toBe(before.totalFen + 3 * 6990 + 8990);

    const again = await push([order()]);
    expect(again.body.data).toEqual({ created: 0, updated: 1, failed: 0, errors: [] });
    expect(await figures(c101)).toEqual(after);

    const refunded = await push([order({ status: 'refunded', refundedAt: '2026-01-08T10:00:00+08:00', items: [{ name: '五常大米 10kg', quantity: 2, unitPrice: 89.9 }] })]);
    expect(refunded.body.data.updated).toBe(1);
    expect(await ordersWhere(server.db, sql`order_no = 'ING-0001'`)).toHaveLength(1);
    const [stored] = await rows<{ status: string; amount: string; items: number; refundedAt: Date }>(
      server.db,
      sql`select status, amount_fen::text as amount, refunded_at as "refundedAt", (select count(*)::int from order_items i where i.order_id = o.id) as items from orders o where order_no = 'ING-0001'`,
    );
    expect(stored).toMatchObject({ status: 'refunded', amount: '17980', items: 1 });
    expect(new Date(stored?.refundedAt ?? 0).toISOString()).toBe('2026-01-08T02:00:00.000Z');
    expect(await figures(c101)).toEqual({ ...before, lastOrderAt: (await expectedFigures(c101)).lastOrderAt });
    expect(await figures(c101)).toEqual(await expectedFigures(c101));
  });

  it('moves an order to another customer of the site and recomputes both', async () => {
    await push([order({ orderNo: 'ING-MOVE', status: 'completed', shippedAt: '2026-01-06T09:00:00+08:00', completedAt: '2026-01-08T09:00:00+08:00' })]);
    await push([order({ orderNo: 'ING-MOVE', customerId: c101b, status: 'completed', shippedAt: '2026-01-06T09:00:00+08:00', completedAt: '2026-01-08T09:00:00+08:00' })]);
    expect(await figures(c101)).toEqual(await expectedFigures(c101));
    expect(await figures(c101b)).toEqual(await expectedFigures(c101b));
    expect((await ordersWhere(server.db, sql`order_no = 'ING-MOVE'`))[0]?.customerId).toBe(c101b);
  });

  it("credits the customer's owner when no salesperson is sent, and keeps the credit on a re-send without one", async () => {
    await push([order({ orderNo: 'ING-OWNER' })]);
    expect((await ordersWhere(server.db, sql`order_no = 'ING-OWNER'`))[0]?.staffId).toBe(as.zhangWei.id);
    await push([order({ orderNo: 'ING-OWNER', staffId: as.liNa.id })]);
    expect((await ordersWhere(server.db, sql`order_no = 'ING-OWNER'`))[0]?.staffId).toBe(as.liNa.id);
    await push([order({ orderNo: 'ING-OWNER', status: 'shipped', shippedAt: '2026-01-06T08:00:00+08:00' })]);
    expect((await ordersWhere(server.db, sql`order_no = 'ING-OWNER'`))[0]?.staffId).toBe(as.liNa.id);
    await push([order({ orderNo: 'ING-OWNER', staffId: null })]);
    expect((await ordersWhere(server.db, sql`order_no = 'ING-OWNER'`))[0]?.staffId).toBeNull();
  });

  it('stores an order sent twice at the same moment once', async () => {
    const [first, second] = await Promise.all([push([order({ orderNo: 'ING-RACE' })]), push([order({ orderNo: 'ING-RACE' })])]);
    expect([first.body.data.created + second.body.data.created, first.body.data.updated + second.body.data.updated]).toEqual([1, 1]);
    expect(await ordersWhere(server.db, sql`order_no = 'ING-RACE'`)).toHaveLength(1);
    expect(await figures(c101)).toEqual(await expectedFigures(c101));
  });

  it('creates the new orders of a batch with their items, crediting each customer’s owner, and a number sent twice updates the order it created', async () => {
    const before = { a: await figures(c101), b: await figures(c101b) };
    const batch = [
      order({ orderNo: 'ING-BULK-1' }),
      order({ orderNo: 'ING-BULK-2', customerId: c101b, status: 'pending', paidAt: null, items: [{ name: '旺旺雪饼 520g', quantity: 2, unitPrice: 23.9 }] }),
      order({ orderNo: 'ING-BULK-3', staffId: as.liNa.id, remark: '门店补货' }),
      // ING-BULK-1 again, later in the batch: it wins, as if the rows had come one by one.
      order({ orderNo: 'ING-BULK-1', status: 'shipped', shippedAt: '2026-01-06T09:00:00+08:00', items: [{ name: '五常大米 10kg', quantity: 4, unitPrice: 89.9 }] }),
      // The same number at another site, after it was created at 101 by this batch.
      order({ orderNo: 'ING-BULK-2', siteId: 102, customerId: c102 }),
    ];
    const [ownerOfB] = await rows<{ ownerId: number | null }>(server.db, sql`select owner_id as "ownerId" from customers where id = ${c101b}`);
    const response = await push(batch);
    expect(response.body.data).toEqual({ created: 3, updated: 1, failed: 1, errors: [{ index: 4, orderNo: 'ING-BULK-2', message: '订单号已被其他站点的订单使用' }] });
    const stored = await rows<{ orderNo: string; siteId: number; customerId: number; staffId: number | null; status: string; amount: string; remark: string; items: string }>(
      server.db,
      sql`select order_no as "orderNo", site_id as "siteId", customer_id as "customerId", staff_id as "staffId", status, amount_fen::text as amount, remark,
                 (select string_agg(i.name || ' x' || i.quantity || ' @' || i.unit_price_fen, '; ' order by i.name) from order_items i where i.order_id = o.id) as items
          from orders o where order_no like 'ING-BULK-%' order by order_no`,
    );
    expect(stored).toEqual([
      { orderNo: 'ING-BULK-1', siteId: 101, customerId: c101, staffId: as.zhangWei.id, status: 'shipped', amount: '35960', remark: '', items: '五常大米 10kg x4 @8990' },
      { orderNo: 'ING-BULK-2', siteId: 101, customerId: c101b, staffId: ownerOfB?.ownerId ?? null, status: 'pending', amount: '4780', remark: '', items: '旺旺雪饼 520g x2 @2390' },
      { orderNo: 'ING-BULK-3', siteId: 101, customerId: c101, staffId: as.liNa.id, status: 'paid', amount: '29960', remark: '门店补货', items: '五常大米 10kg x1 @8990; 金龙鱼食用调和油 5L x3 @6990' },
    ]);
    expect(await figures(c101)).toEqual(await expectedFigures(c101));
    expect(await figures(c101b)).toEqual(await expectedFigures(c101b));
    expect((await figures(c101)).orderCount).toBe((before.a.orderCount ?? 0) + 2);
    expect((await figures(c101b)).orderCount).toBe(before.b.orderCount);
  });

  it('updates the stored orders a batch names: moved, re-credited or kept, and one of another site refused alone', async () => {
    const first = await push([
      order({ orderNo: 'ING-UPD-1' }),
      order({ orderNo: 'ING-UPD-2', staffId: as.liNa.id, remark: '首单' }),
      order({ orderNo: 'ING-UPD-3', customerId: c101b }),
      order({ orderNo: 'ING-UPD-4' }),
    ]);
    expect(first.body.data).toMatchObject({ created: 4, failed: 0 });
    const second = await push([
      order({ orderNo: 'ING-UPD-1', customerId: c101b, status: 'completed', shippedAt: '2026-01-06T09:00:00+08:00', completedAt: '2026-01-07T09:00:00+08:00', items: [{ name: '旺旺雪饼 520g', quantity: 5, unitPrice: 23.9 }] }),
      order({ orderNo: 'ING-UPD-2', status: 'shipped', shippedAt: '2026-01-06T10:00:00+08:00' }),
      order({ orderNo: 'ING-UPD-3', customerId: c101b, staffId: null, remark: '' }),
      order({ orderNo: 'ING-UPD-4', siteId: 102, customerId: c102 }),
    ]);
    expect(second.body.data).toEqual({ created: 0, updated: 3, failed: 1, errors: [{ index: 3, orderNo: 'ING-UPD-4', message: '订单号已被其他站点的订单使用' }] });
    const stored = await rows<{ orderNo: string; siteId: number; customerId: number; staffId: number | null; status: string; amount: string; remark: string; completedAt: Date | null; items: string }>(
      server.db,
      sql`select order_no as "orderNo", site_id as "siteId", customer_id as "customerId", staff_id as "staffId", status, amount_fen::text as amount, remark, completed_at as "completedAt",
                 (select string_agg(i.name || ' x' || i.quantity, '; ' order by i.name) from order_items i where i.order_id = o.id) as items
          from orders o where order_no like 'ING-UPD-%' order by order_no`,
    );
    expect(stored.map(({ completedAt, ...row }) => ({ ...row, completed: completedAt ? new Date(completedAt).toISOString() : null }))).toEqual([
      { orderNo: 'ING-UPD-1', siteId: 101, customerId: c101b, staffId: as.zhangWei.id, status: 'completed', amount: '11950', remark: '', completed: '2026-01-07T01:00:00.000Z', items: '旺旺雪饼 520g x5' },
      { orderNo: 'ING-UPD-2', siteId: 101, customerId: c101, staffId: as.liNa.id, status: 'shipped', amount: '29960', remark: '首单', completed: null, items: '五常大米 10kg x1; 金龙鱼食用调和油 5L x3' },
      { orderNo: 'ING-UPD-3', siteId: 101, customerId: c101b, staffId: null, status: 'paid', amount: '29960', remark: '', completed: null, items: '五常大米 10kg x1; 金龙鱼食用调和油 5L x3' },
      { orderNo: 'ING-UPD-4', siteId: 101, customerId: c101, staffId: as.zhangWei.id, status: 'paid', amount: '29960', remark: '', completed: null, items: '五常大米 10kg x1; 金龙鱼食用调和油 5L x3' },
    ]);
    expect(await figures(c101)).toEqual(await expectedFigures(c101));
    expect(await figures(c101b)).toEqual(await expectedFigures(c101b));
  });

  it('stores the new orders of a batch sent twice at the same moment once each', async () => {
    const batch = ['ING-RACE-A', 'ING-RACE-B', 'ING-RACE-C'].map((orderNo) => order({ orderNo }));
    const [first, second] = await Promise.all([push(batch), push(batch)]);
    expect(first.body.data.failed + second.body.data.failed).toBe(0);
    expect([first.body.data.created + second.body.data.created, first.body.data.updated + second.body.data.updated]).toEqual([3, 3]);
    expect(await ordersWhere(server.db, sql`order_no like 'ING-RACE-_'`)).toHaveLength(3);
    expect(await scalar(server.db, sql`select count(*)::int as value from order_items i join orders o on o.id = i.order_id where o.order_no like 'ING-RACE-_'`)).toBe(6);
    expect(await figures(c101)).toEqual(await expectedFigures(c101));
  });

  it('shows a pushed order to the salesperson it is credited to', async () => {
    await push([order({ orderNo: 'ING-VISIBLE', staffId: as.zhangWei.id })]);
    const response = await call<{ list: { orderNo: string }[] }>(server.app, 'POST', '/seller/fenghe/staff/order/list', {
      token: as.zhangWei.token,
      body: { siteId: 101, keyword: 'ING-VISIBLE' },
    });
    expect(response.body.data.list.map((found) => found.orderNo)).toEqual(['ING-VISIBLE']);
  });
});

describe('POST /seller/integration/orders: every row checked on its own', () => {
  it('stores the good rows and reports each bad one with its index, order number and a Chinese reason', async () => {
    const batch: unknown[] = [
      order({ orderNo: 'ROW-OK-1' }),
      'not an order',
      order({ orderNo: undefined }),
      order({ orderNo: 'ROW-STATUS', status: 'delivered' }),
      order({ orderNo: 'ROW-NO-ITEMS', items: [] }),
      order({ orderNo: 'ROW-QTY', items: [{ name: '旺旺雪饼 520g', quantity: 0, unitPrice: 23.9 }] }),
      order({ orderNo: 'ROW-PRICE', items: [{ name: '旺旺雪饼 520g', quantity: 1, unitPrice: 23.999 }] }),
      order({ orderNo: 'ROW-AMOUNT', amount: 100 }),
      order({ orderNo: 'ROW-TIME', createdAt: '2026-13-01T00:00:00' }),
      order({ orderNo: 'ROW-PAID', paidAt: null }),
      order({ orderNo: 'ROW-SITE', siteId: 999 }),
      order({ orderNo: 'ROW-CUSTOMER', customerId: c102 }),
      order({ orderNo: 'ROW-HUGE', customerId: 99_999_999_999 }),
      order({ orderNo: 'ROW-STAFF', staffId: as.chenJing.id }),
      order({ orderNo: 'ROW-OK-2', amount: 299.6, staffId: as.zhangWei.id }),
      order({ orderNo: 'ROW-HUGE-AMOUNT', items: [{ name: '整仓清货', quantity: 1_000_000, unitPrice: 10_000_000 }] }),
    ];
    const response = await push(batch);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      created: 2,
      updated: 0,
      failed: 14,
      errors: [
        { index: 1, orderNo: null, message: '订单数据格式不正确' },
        { index: 2, orderNo: null, message: '缺少订单号' },
        { index: 3, orderNo: 'ROW-STATUS', message: '订单状态不正确，应为 pending、paid、shipped、completed、cancelled、refunded 之一' },
        { index: 4, orderNo: 'ROW-NO-ITEMS', message: '订单至少需要一个商品' },
        { index: 5, orderNo: 'ROW-QTY', message: '第1个商品的商品数量超出范围' },
        { index: 6, orderNo: 'ROW-PRICE', message: '第1个商品的单价最多两位小数' },
        { index: 7, orderNo: 'ROW-AMOUNT', message: '订单金额 100 与商品合计 299.6 不一致' },
        { index: 8, orderNo: 'ROW-TIME', message: '下单时间不是有效的时间' },
        { index: 9, orderNo: 'ROW-PAID', message: '已付款的订单需要付款时间' },
        { index: 10, orderNo: 'ROW-SITE', message: '站点不存在' },
        { index: 11, orderNo: 'ROW-CUSTOMER', message: '客户不存在或不属于该站点' },
        { index: 12, orderNo: 'ROW-HUGE', message: '客户不存在或不属于该站点' },
        { index: 13, orderNo: 'ROW-STAFF', message: '业务员不是该站点的成员' },
        { index: 15, orderNo: 'ROW-HUGE-AMOUNT', message: '订单金额超出范围' },
      ],
    });
    const stored = await ordersWhere(server.db, sql`order_no like 'ROW-%'`);
    expect(stored.map((row) => row.orderNo).sort()).toEqual(['ROW-OK-1', 'ROW-OK-2']);
  });

  it('refuses to move an order number to another site', async () => {
    await push([order({ orderNo: 'ING-SITE' })]);
    const response = await push([order({ orderNo: 'ING-SITE', siteId: 102, customerId: c102 })]);
    expect(response.body.data.errors).toEqual([{ index: 0, orderNo: 'ING-SITE', message: '订单号已被其他站点的订单使用' }]);
    expect((await ordersWhere(server.db, sql`order_no = 'ING-SITE'`))[0]?.siteId).toBe(101);
  });

  it('leaves every customer with figures that match its orders', async () => {
    const drift = await scalar(
      server.db,
      sql`select count(*) as value from customers c left join lateral (
            select count(*) filter (where status in ('paid', 'shipped', 'completed'))::int as n,
                   coalesce(sum(amount_fen) filter (where status in ('paid', 'shipped', 'completed')), 0) as fen,
                   max(created_at) as last
            from orders o where o.customer_id = c.id) s on true
          where c.order_count <> s.n or c.total_amount_fen <> s.fen or c.last_order_at is distinct from s.last`,
    );
    expect(drift).toBe(0);
  });
});

describe('npm run import:orders', () => {
  it('imports the CSV example (one line per item) and, sent again, updates rather than duplicates', async () => {
    const first = await importOrderFile(server.database, path.join(examples, 'orders.csv'));
    expect(first).toEqual({ created: 4, updated: 0, failed: 0, errors: [] });
    const [two] = await rows<{ items: number; amount: string; remark: string }>(
      server.db,
      sql`select (select count(*)::int from order_items i where i.order_id = o.id) as items, amount_fen::text as amount, remark from orders o where order_no = 'PO-EXAMPLE-0002'`,
    );
    expect(two).toEqual({ items: 3, amount: '81660', remark: '' });
    const [one] = await rows<{ remark: string }>(server.db, sql`select remark from orders where order_no = 'PO-EXAMPLE-0001'`);
    expect(one?.remark).toBe('送货前请电话联系, 谢谢');
    expect(await importOrderFile(server.database, path.join(examples, 'orders.csv'))).toEqual({ created: 0, updated: 4, failed: 0, errors: [] });
    expect(await importOrderFile(server.database, path.join(examples, 'orders.json'))).toEqual({ created: 2, updated: 0, failed: 0, errors: [] });
  });

  it('reports the problems of a CSV file by line and exits with 1', { timeout: 120_000 }, async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sales-import-test-'));
    try {
      // On PGlite the command opens the data directory's database: one already migrated and seeded.
      await pgliteDataDir(dataDir, true);
      const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(server.config.databaseUrl ? { DATABASE_URL: server.config.databaseUrl } : {}) };
      const run = promisify(execFile);
      const failure = await run(process.execPath, ['--import', 'tsx', 'scripts/import-orders.ts', path.join(examples, 'orders-with-errors.csv')], { cwd: serverRoot, env }).then(
        () => null,
        (error: { code: number; stdout: string }) => error,
      );
      expect(failure?.code).toBe(1);
      expect(failure?.stdout.split('\n').filter(Boolean)).toEqual([
        'orders-with-errors.csv：新增 1，更新 0，失败 5',
        '  第 2 行（订单 PO-EXAMPLE-2001）：订单金额 100 与商品合计 103.6 不一致',
        '  第 3 行（订单 PO-EXAMPLE-2002）：已付款的订单需要付款时间',
        '  第 4 行（订单 PO-EXAMPLE-2003）：客户不存在或不属于该站点',
        '  第 5 行（订单 PO-EXAMPLE-2004）：第 6 行的 siteId 与该订单首行不一致',
        '  第 7 行（订单 PO-EXAMPLE-2005）：订单状态不正确，应为 pending、paid、shipped、completed、cancelled、refunded 之一',
      ]);
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('groups CSV lines by order number wherever they are, and reads quoted cells', async () => {
    const text = csvDocument(
      ['orderNo', 'siteId', 'customerId', 'status', 'createdAt', 'remark', 'itemName', 'quantity', 'unitPrice'],
      [
        ['A-1', '101', '7', 'pending', '2026-01-01 10:00', '第一行, "备注"\n第二行', '商品甲', '2', '1.50'],
        ['B-1', '101', '8', 'pending', '2026-01-01 11:00', '', '商品乙', '1', '3'],
        ['A-1', '', '', '', '', '', '商品丙', '1', '0.25'],
      ],
    );
    // What the import hands to the ingestion, which here refuses every order to show where each starts.
    const ingest = vi
      .spyOn(OrderIngestion.prototype, 'ingest')
      .mockImplementation(async (batch) => ({ created: 0, updated: 0, failed: batch.length, errors: batch.map((_, index) => ({ index, orderNo: null, message: '拒收' })) }));
    try {
      const report = await importText('grouped.csv', text);
      expect(report.errors.map((error) => error.origin)).toEqual(['第 2 行', '第 4 行']);
      expect(ingest.mock.calls.map(([batch]) => batch)).toEqual([
        [
          {
            orderNo: 'A-1',
            siteId: 101,
            customerId: 7,
            status: 'pending',
            createdAt: '2026-01-01 10:00',
            remark: '第一行, "备注"\n第二行',
            items: [
              { name: '商品甲', quantity: 2, unitPrice: 1.5 },
              { name: '商品丙', quantity: 1, unitPrice: 0.25 },
            ],
          },
          { orderNo: 'B-1', siteId: 101, customerId: 8, status: 'pending', createdAt: '2026-01-01 11:00', items: [{ name: '商品乙', quantity: 1, unitPrice: 3 }] },
        ],
      ]);
    } finally {
      ingest.mockRestore();
    }
    await expect(importText('short.csv', 'orderNo,siteId\nA,1\n')).rejects.toThrow('缺少列：customerId、status、createdAt、itemName、quantity、unitPrice');
    await expect(importText('unknown.csv', 'orderNo,site,customerId\n')).rejects.toThrow('不认识的列：site');
    await expect(importText('empty.csv', '\uFEFF\r\n\r\n')).rejects.toThrow('文件是空的');
    expect(formatReport('x.csv', { created: 1, updated: 2, failed: 1, errors: [{ origin: '第 3 行', orderNo: 'A-1', message: '站点不存在' }] })).toBe(
      'x.csv：新增 1，更新 2，失败 1\n  第 3 行（订单 A-1）：站点不存在',
    );
  });

  it('stores an order whose lines are far apart, and refuses one whose later line differs, naming that line', async () => {
    const text = csvDocument(HEADER, [
      ['STR-A', 101, c101, '', 'paid', '', '2026-02-01 10:00', '2026-02-01 10:05', '', '商品甲', 2, '10.00'],
      ['STR-B', 101, c101b, '', 'pending', '', '2026-02-02 10:00', '', '', '商品乙', 1, 5],
      ['STR-C', 101, c101, '', 'pending', '', '2026-02-03 10:00', '', '', '商品丙', 1, 1],
      ['STR-B', '', '', '', '', '', '', '', '', '商品丁', 3, '2.50'],
      // The order's own values repeated, written differently, are the same values.
      ['STR-A', ' 101 ', '', '', 'paid', '', '', '', '', '商品戊', 1, '0.5'],
      ['STR-C', '', '', '', 'paid', '', '', '', '', '商品己', 1, 1],
      ['STR-A', '', '', '', '', '', '', '', '', '商品庚', 1, 1],
    ]);
    const report = await importText('apart.csv', text);
    expect(report).toEqual({ created: 2, updated: 0, failed: 1, errors: [{ origin: '第 4 行', orderNo: 'STR-C', message: '第 7 行的 status 与该订单首行不一致' }] });
    const stored = await rows<{ orderNo: string; amount: string; items: string }>(
      server.db,
      sql`select order_no as "orderNo", amount_fen::text as amount,
                 (select string_agg(name || '×' || quantity, ' ' order by id) from order_items i where i.order_id = o.id) as items
          from orders o where order_no like 'STR-%' order by order_no`,
    );
    expect(stored).toEqual([
      { orderNo: 'STR-A', amount: '2150', items: '商品甲×2 商品戊×1 商品庚×1' },
      { orderNo: 'STR-B', amount: '1250', items: '商品乙×1 商品丁×3' },
    ]);
  });

  it('reports every bad row by its line, in file order, stores the rest, and on a rerun updates without duplicating', async () => {
    const tooMany = Array.from({ length: 200 }, (_, index) => ['BAD-6', '', '', '', '', '', '', '', '', `商品${index + 2}`, 1, 1]);
    const text = csvDocument(HEADER, [
      ['BAD-1', 101, c101, '', 'pending', '', '2026-03-01 10:00', '', '', '商品甲', 1, 1],
      ['BAD-2', 101, 999_999_999, '', 'pending', '', '2026-03-01 10:00', '', '', '商品乙', 1, 1],
      ['BAD-3', 101, c101, '', 'pending', '', '2026-03-01 10:00', '', '', '商品丙', '两个', 1],
      ['', 101, c101, '', 'pending', '', '2026-03-01 10:00', '', '', '商品丁', 1, 1],
      ['BAD-5', 101, c101, '', 'pending', '9.99', '2026-03-01 10:00', '', '', '商品戊', 1, 1],
      ['BAD-6', 101, c101, '', 'pending', '', '2026-03-01 10:00', '', '', '商品1', 1, 1],
      ...tooMany,
      ['BAD-7', 101, c101b, '', 'pending', '', '2026-03-01 10:00', '', '', '商品己', 1, 1],
    ]);
    const errors = [
      { origin: '第 3 行', orderNo: 'BAD-2', message: '客户不存在或不属于该站点' },
      { origin: '第 4 行', orderNo: 'BAD-3', message: '第1个商品的商品数量格式不正确' },
      { origin: '第 5 行', orderNo: null, message: '缺少订单号' },
      { origin: '第 6 行', orderNo: 'BAD-5', message: '订单金额 9.99 与商品合计 1 不一致' },
      { origin: '第 7 行', orderNo: 'BAD-6', message: '一个订单最多200个商品' },
    ];
    expect(await importText('bad.csv', text)).toEqual({ created: 2, updated: 0, failed: 5, errors });
    expect(await importText('bad.csv', text)).toEqual({ created: 0, updated: 2, failed: 5, errors });
    expect(await scalar(server.db, sql`select count(*) as value from orders where order_no like 'BAD-%'`)).toBe(2);
  });

  it('stages a large file in batches: 1,200 orders whose two lines are a file apart, imported and imported again', { timeout: 300_000 }, async () => {
    const count = 1200;
    const numbers = Array.from({ length: count }, (_, index) => `BULK-${String(index).padStart(5, '0')}`);
    const first = numbers.map((orderNo, index) => [orderNo, 101, index % 2 ? c101 : c101b, '', 'pending', '', '2026-04-01 10:00', '', '', '商品甲', 1, 2]);
    const second = numbers.map((orderNo) => [orderNo, '', '', '', '', '', '', '', '', '商品乙', 2, '0.50']).reverse();
    const file = await writeFile('bulk.csv', csvDocument(HEADER, [...first, ...second]));
    expect(await importOrderFile(server.database, file)).toEqual({ created: count, updated: 0, failed: 0, errors: [] });
    expect(await importOrderFile(server.database, file)).toEqual({ created: 0, updated: count, failed: 0, errors: [] });
    const summary = await rows<{ orders: number; items: number; fen: string }>(
      server.db,
      sql`select count(distinct o.id)::int as orders, count(*)::int as items, sum(i.quantity * i.unit_price_fen)::text as fen
          from orders o join order_items i on i.order_id = o.id where o.order_no like 'BULK-%'`,
    );
    expect(summary).toEqual([{ orders: count, items: 2 * count, fen: String(count * 300) }]);
  });

  it('streams a JSON file: the entries under "orders" wherever that key is, each reported by its number', async () => {
    const entry = (orderNo: string, extra: Record<string, unknown> = {}) => order({ orderNo, customerId: c101b, ...extra });
    const document = {
      source: { orders: [1, 2], note: [{ deep: [null, true, false, -0.5e-3] }] },
      orders: [entry('JSON-1', { staffId: null, remark: 'é"\\ 🙂\u2028' }), 42, entry('JSON-3', { items: [{ name: '商品', quantity: 2, unitPrice: 1.5e1 }], amount: 30 })],
      count: 3,
    };
    expect(await importText('orders.json', JSON.stringify(document, null, 2))).toEqual({
      created: 2,
      updated: 0,
      failed: 1,
      errors: [{ origin: '第 2 条', orderNo: null, message: '订单数据格式不正确' }],
    });
    const stored = await rows<{ orderNo: string; staffId: number | null; remark: string; amount: string }>(
      server.db,
      sql`select order_no as "orderNo", staff_id as "staffId", remark, amount_fen::text as amount from orders where order_no like 'JSON-%' order by order_no`,
    );
    expect(stored.map((row) => row.orderNo)).toEqual(['JSON-1', 'JSON-3']);
    expect(stored[0]?.staffId).toBeNull();
    expect(stored[0]?.remark).toBe('é"\\ 🙂\u2028');
    expect(stored[1]?.amount).toBe('3000');

    // Numbers as written: 1e400 is Infinity to JSON.parse (a wrong staffId), not null (nobody).
    const huge = JSON.stringify(entry('JSON-9')).replace('{', '{"staffId": 1e400, ');
    const direct = await new OrderIngestion(server.db).ingest([JSON.parse(huge)]);
    expect(direct.failed).toBe(1);
    expect(await importText('huge.json', `[${huge}]`)).toEqual({ created: 0, updated: 0, failed: 1, errors: [{ origin: '第 1 条', orderNo: 'JSON-9', message: direct.errors[0]?.message }] });

    // A plain array, and the last "orders" key of an object, as JSON.parse reads them.
    expect(await importText('array.json', `\uFEFF${JSON.stringify([entry('JSON-4')])}`)).toMatchObject({ created: 1, failed: 0 });
    expect(await importText('twice.json', `{"orders": [${JSON.stringify(entry('JSON-5'))}], "orders": [${JSON.stringify(entry('JSON-6'))}]}`)).toMatchObject({ created: 1, failed: 0 });
    expect(await scalar(server.db, sql`select count(*) as value from orders where order_no = 'JSON-5'`)).toBe(0);
    await expect(importText('last-not-array.json', `{"orders": [${JSON.stringify(entry('JSON-7'))}], "orders": 5}`)).rejects.toThrow('JSON 文件应为订单数组，或 { "orders": [...] }');
    await expect(importText('shape.json', '{"items": []}')).rejects.toThrow('JSON 文件应为订单数组，或 { "orders": [...] }');
    await expect(importText('scalar.json', '"orders"')).rejects.toThrow('JSON 文件应为订单数组，或 { "orders": [...] }');
    // Broken after a good entry: nothing of the file is stored.
    await expect(importText('broken.json', `{"orders": [${JSON.stringify(entry('JSON-8'))}, {"orderNo": `)).rejects.toThrow('不是有效的 JSON 文件');
    await expect(importText('empty.json', '')).rejects.toThrow('不是有效的 JSON 文件');
    expect(await scalar(server.db, sql`select count(*) as value from orders where order_no in ('JSON-7', 'JSON-8')`)).toBe(0);
  });

  it('imports nothing from a file it cannot read to the end, and says why in Chinese', async () => {
    const text = `${csvDocument(HEADER, [['HALF-1', 101, c101, '', 'pending', '', '2026-05-01 10:00', '', '', '商品甲', 1, 1]])}HALF-2,101,${c101},,pending,,2026-05-01 10:00,,"没有闭合,商品乙,1,1\r\n`;
    await expect(importText('half.csv', text)).rejects.toThrow('第 3 行的引号没有闭合');
    expect(await scalar(server.db, sql`select count(*) as value from orders where order_no like 'HALF-%'`)).toBe(0);
    await expect(importOrderFile(server.database, path.join(server.dataDir, 'missing.csv'))).rejects.toThrow('找不到文件');
    await fs.mkdir(path.join(server.dataDir, 'folder.json'), { recursive: true });
    await expect(importOrderFile(server.database, path.join(server.dataDir, 'folder.json'))).rejects.toThrow('这是一个文件夹，不是文件');
    await expect(importText('orders.txt', 'orderNo\n')).rejects.toThrow('只支持 .csv 或 .json 文件');
  });

  it('names the line each bad row starts on, whatever ends the lines and however many lines a quoted cell spans', async () => {
    const row = (orderNo: string, customerId: number, status: string, remark: string) => `${orderNo},101,${customerId},,${status},,2026-06-01 10:00,,${remark},商品,1,1`;
    // Line 1 the header; LN-1 spans lines 2–3 (a CRLF inside its quoted remark), line 4 is blank,
    // LN-2 on line 5 ends with a lone CR, LN-3 spans lines 6–8 (LFs inside), LN-4 is on line 9.
    const text = [
      `\uFEFF${HEADER.join(',')}\r\n`,
      `${row('LN-1', c101, 'pending', '"第一行\r\n第二行"')}\r\n`,
      '\r\n',
      `${row('LN-2', 999_999_999, 'pending', '')}\r`,
      `${row('LN-3', c101, 'pending', '"a\nb\nc"')}\n`,
      `${row('LN-4', c101, 'paid', '')}\r\n`,
    ].join('');
    expect(await importText('lines.csv', text)).toEqual({
      created: 2,
      updated: 0,
      failed: 2,
      errors: [
        { origin: '第 5 行', orderNo: 'LN-2', message: '客户不存在或不属于该站点' },
        { origin: '第 9 行', orderNo: 'LN-4', message: '已付款的订单需要付款时间' },
      ],
    });
    // The same file with an unclosed quote on line 10: nothing is imported, and the line is said.
    await expect(importText('unclosed.csv', `${text}${row('LN-5', c101, 'pending', '"没有闭合')}\r\nLN-6,101\r\n`)).rejects.toThrow('第 10 行的引号没有闭合');
    expect(await scalar(server.db, sql`select count(*) as value from orders where order_no like 'LN-%'`)).toBe(2);
  });

  it('writes and reads CSV cells the way spreadsheets do', () => {
    const cells = csvDocument(['值'], ['plain', 'a,b', 'say "hi"', 'two\nlines', 12.5, null, '-1', '@cmd'].map((cell) => [cell]));
    expect(cells.split('\r\n')).toEqual(['\uFEFF值', 'plain', '"a,b"', '"say ""hi"""', '"two\nlines"', '12.5', '', "'-1", "'@cmd", '']);
    const document = csvDocument(['名称', '备注'], [['甲', 'a,"b"\r\nc'], ['乙', '']]);
    expect(document.startsWith('\uFEFF名称,备注\r\n')).toBe(true);
    expect(parseCsv(document).rows).toEqual([
      ['名称', '备注'],
      ['甲', 'a,"b"\r\nc'],
      ['乙', ''],
    ]);
    expect(parseCsv('a,b\n\n"c\nd",e\n').lines).toEqual([1, 3]);
    expect(() => parseCsv('a,"b\n')).toThrow('引号没有闭合');
  });

  it('reads CSV streamed in pieces cut anywhere exactly as the whole text', async () => {
    const text = fc.array(fc.constantFrom('a', '甲', ',', '"', '\r', '\n', '\uFEFF', ' '), { maxLength: 60 }).map((chars) => chars.join(''));
    const outcome = async (read: () => unknown) => {
      try {
        return await read();
      } catch (error) {
        return error instanceof Error ? error.message : error;
      }
    };
    await fc.assert(
      fc.asyncProperty(text, fc.array(fc.nat(60), { maxLength: 8 }), async (source, cuts) => {
        const points = [...new Set(cuts.map((cut) => Math.min(cut, source.length)))].sort((a, b) => a - b);
        const whole = await outcome(() => parseCsv(source));
        const pieces = await outcome(async () => {
          const records = [];
          let from = 0;
          const chunks = [...points, source.length].map((point) => {
            const chunk = source.slice(from, point);
            from = point;
            return chunk;
          });
          for await (const record of csvRecords(chunks)) records.push(record);
          return { rows: records.map((record) => record.cells), lines: records.map((record) => record.line) };
        });
        expect(pieces).toEqual(whole);
      }),
      { numRuns: 5000 },
    );
  });
});

describe('the demo seed', () => {
  const members: SiteMembers[] = [
    { siteId: 101, leaders: [2, 3], salespeople: [{ id: 1, weight: 3 }, ...[9, 12, 15].map((id) => ({ id, weight: 1 }))] },
    { siteId: 102, leaders: [3, 5], salespeople: [{ id: 5, weight: 3 }, ...[10, 13].map((id) => ({ id, weight: 1 }))] },
    { siteId: 201, leaders: [8], salespeople: [{ id: 3, weight: 3 }, { id: 4, weight: 3 }, ...[11, 14].map((id) => ({ id, weight: 1 }))] },
  ];
  const now = new Date('2026-06-15T04:00:00Z');

  it('plans the same data on every start for the same moment', () => {
    const options = { scale: 0.2, now };
    const customers = planCustomers(members, options);
    expect(planCustomers(members, options)).toEqual(customers);
    expect([...planOrders(customers, options)]).toEqual([...planOrders(customers, options)]);
    expect([...planFollowUps(customers, options)]).toEqual([...planFollowUps(customers, options)]);
  });

  it('plans ~2,000 customers and ~20,000 orders of every status over the last 25 months at scale 1', () => {
    const options = { scale: 1, now };
    const customers = planCustomers(members, options);
    expect(customers).toHaveLength(2000);
    expect(new Set(customers.map((customer) => customer.qrToken)).size).toBe(2000);
    expect(new Set(customers.map((customer) => customer.name)).size).toBe(2000);
    for (const customer of customers.slice(0, 200)) {
      expect(isMobile(customer.phone), customer.phone).toBe(true);
      expect(parseCustomerQr(`${CUSTOMER_QR_PREFIX}${customer.qrToken}`)).toBe(customer.qrToken);
    }
    const unbound = customers.filter((customer) => customer.ownerId === null).length;
    expect(unbound / customers.length).toBeGreaterThan(0.05);
    expect(unbound / customers.length).toBeLessThan(0.2);
    for (const person of [1, 3, 4, 5]) expect(customers.filter((customer) => customer.ownerId === person).length, `customers of ${person}`).toBeGreaterThan(50);

    const orders = [...planOrders(customers, options)];
    expect(orders).toHaveLength(20000);
    expect(new Set(orders.map((planned) => planned.status))).toEqual(new Set(ORDER_STATUSES));
    // From the 1st of the month two years back (2024-06-01 China time) to now.
    const historyStart = new Date('2024-06-01T00:00:00+08:00');
    expect(orders.every((planned) => planned.createdAt >= historyStart && planned.createdAt <= now)).toBe(true);
    expect(orders.filter((planned) => planned.createdAt < new Date('2024-07-01T00:00:00+08:00')).length).toBeGreaterThan(400);
    expect(orders.every((planned) => planned.items.length >= 1 && planned.items.length <= 4)).toBe(true);

    const followUps = [...planFollowUps(customers, options)];
    const today = startOfChinaDay(now).getTime();
    const dueToday = followUps.filter((planned) => planned.nextContactAt && planned.nextContactAt.getTime() >= today && planned.nextContactAt.getTime() < today + 86_400_000);
    expect(dueToday.length).toBeGreaterThan(10);
  });

  it('seeded this database with customers at every site, each with its own QR token', async () => {
    const perSite = await rows<{ siteId: number; count: number }>(server.db, sql`select site_id as "siteId", count(*)::int as count from customers group by site_id order by site_id`);
    // 深圳一部 (203) has no salesperson, only its 公海 (seed:pool:v1).
    expect(perSite.map((row) => row.siteId)).toEqual([101, 102, 201, 202, 203]);
    expect(await scalar(server.db, sql`select count(*) as value from customers where qr_token !~ '^[A-Za-z0-9]{20}$'`)).toBe(0);
  });
});
