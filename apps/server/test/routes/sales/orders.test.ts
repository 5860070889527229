/** Orders, salespeople and the CSV exports as a leader and a salesperson use them. */
import { ORDER_STATUSES, type IngestResult, type OrderDetail, type OrderPage, type StaffList, type StaffSummary, chinaDayKey, startOfChinaMonth } from '@sales/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../../src/lib/csv.js';
import { at, call, expectFailure, rows, useTestServer } from '../../helper.js';
import { firstCustomer, firstOrder, loginAll, scalar, STAFF_API, staffCall, type Role, type Session } from './support.js';

const API_KEY = 'orders-test-key';
const server = useTestServer({ integrationApiKey: API_KEY });
let as: Record<Role, Session>;

beforeAll(async () => {
  as = await loginAll(server.app);
});

const orderList = (session: Session, body: Record<string, unknown>) => staffCall<OrderPage>(server.app, session, 'order/list', { siteId: 101, ...body });

async function ingest(orders: unknown[]) {
  const response = await call<IngestResult>(server.app, 'POST', '/seller/integration/orders', { headers: { 'x-api-key': API_KEY }, body: { orders } });
  expect(response.status).toBe(200);
  expect(response.body.data.errors).toEqual([]);
  return response.body.data;
}

describe('order/list', () => {
  it.each([...ORDER_STATUSES, 'closed'])('filters by status %s, with the count and amount of the whole filtered set', async (status) => {
    const statuses = status === 'closed' ? ['cancelled', 'refunded'] : [status];
    const where = sql`site_id = 101 and status in (${sql.join(
      statuses.map((value) => sql`${value}`),
      sql`, `,
    )})`;
    const response = await orderList(as.liNa, { status, pageSize: 100 });
    const count = await scalar(server.db, sql`select count(*) as value from orders where ${where}`);
    const fen = await scalar(server.db, sql`select coalesce(sum(amount_fen), 0) as value from orders where ${where}`);
    expect(response.body.data).toMatchObject({ total: count, summary: { count, amount: fen / 100 } });
    expect(response.body.data.list.every((order) => statuses.includes(order.status))).toBe(true);
  });

  it('has every status in the demo data', async () => {
    const present = await rows<{ status: string }>(server.db, sql`select distinct status from orders`);
    expect(present.map((row) => row.status).sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it('filters by salesperson and by customer', async () => {
    const byStaff = await orderList(as.liNa, { staffId: as.zhangWei.id, pageSize: 100 });
    expect(byStaff.body.data.total).toBe(await scalar(server.db, sql`select count(*) as value from orders where site_id = 101 and staff_id = ${as.zhangWei.id}`));
    expect(byStaff.body.data.list.every((order) => order.staff?.username === '张伟')).toBe(true);
    const customer = await firstCustomer(server.db, sql`site_id = 101 and order_count > 0`);
    const byCustomer = await orderList(as.liNa, { customerId: customer.id, pageSize: 100 });
    expect(byCustomer.body.data.total).toBe(await scalar(server.db, sql`select count(*) as value from orders where customer_id = ${customer.id}`));
    expect(byCustomer.body.data.list.every((order) => order.customer.id === customer.id && order.customer.name === customer.name)).toBe(true);
  });

  it('pages newest first without overlap', async () => {
    const first = await orderList(as.liNa, { page: 1, pageSize: 20 });
    const second = await orderList(as.liNa, { page: 2, pageSize: 20 });
    const list = [...first.body.data.list, ...second.body.data.list];
    expect(new Set(list.map((order) => order.id)).size).toBe(40);
    const times = list.map((order) => Date.parse(order.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(first.body.data.summary).toEqual(second.body.data.summary);
  });

  it('finds orders by a part of the order number or of the customer name', async () => {
    const order = await firstOrder(server.db, sql`site_id = 101`);
    const byNumber = await orderList(as.liNa, { keyword: order.orderNo.slice(-8).toLowerCase() });
    expect(byNumber.body.data.list.map((found) => found.id)).toContain(order.id);
    const customer = await firstCustomer(server.db, sql`id = ${order.customerId}`);
    const keyword = customer.name.slice(0, 4);
    const byName = await orderList(as.liNa, { keyword, pageSize: 100 });
    expect(byName.body.data.list.map((found) => found.id)).toContain(order.id);
    expect(byName.body.data.list.every((found) => found.customer.name.includes(keyword) || found.orderNo.includes(keyword))).toBe(true);
  });

  it('reads start and end dates as China-time days on the creation time, the end day included', async () => {
    const customer = await firstCustomer(server.db, sql`site_id = 101`);
    const item = [{ name: '测试商品', quantity: 1, unitPrice: 10 }];
    // Days before the demo history (25 months back), so only these orders fall on them.
    await ingest([
      { orderNo: 'DAY-LATE-0301', siteId: 101, customerId: customer.id, status: 'pending', createdAt: '2022-03-01T15:59:59Z', items: item },
      { orderNo: 'DAY-EARLY-0302', siteId: 101, customerId: customer.id, status: 'pending', createdAt: '2022-03-01T16:00:00Z', items: item },
      { orderNo: 'DAY-LATE-0302', siteId: 101, customerId: customer.id, status: 'pending', createdAt: '2022-03-02 23:59:59', items: item },
    ]);
    const day = await orderList(as.liNa, { startDate: '2022-03-02', endDate: '2022-03-02' });
    expect(day.body.data.list.map((order) => order.orderNo).sort()).toEqual(['DAY-EARLY-0302', 'DAY-LATE-0302']);
    const both = await orderList(as.liNa, { startDate: '2022-03-01', endDate: '2022-03-02' });
    expect(both.body.data.total).toBe(3);
    const onlyStart = await orderList(as.liNa, { startDate: '2022-03-02', keyword: 'DAY-' });
    expect(onlyStart.body.data.total).toBe(2);
  });

  it('answers 400 for impossible or reversed dates', async () => {
    expectFailure(await orderList(as.liNa, { startDate: '2025-02-30' }), 400, '开始日期不是有效的日期');
    expectFailure(await orderList(as.liNa, { endDate: '2025/03/01' }), 400, '结束日期格式不正确');
    expectFailure(await orderList(as.liNa, { startDate: '2025-03-02', endDate: '2025-03-01' }), 400, '开始日期不能晚于结束日期');
    expectFailure(await orderList(as.liNa, { status: 'lost' }), 400, '订单状态格式不正确');
  });
});

describe('order/detail', () => {
  it('shows the items, whose subtotals make the amount, and the times of each step', async () => {
    const order = await firstOrder(server.db, sql`site_id = 101 and status = 'completed' and staff_id = ${as.zhangWei.id}`);
    const response = await staffCall<OrderDetail>(server.app, as.zhangWei, 'order/detail', { siteId: 101, id: order.id });
    const detail = response.body.data;
    expect(detail).toMatchObject({ id: order.id, orderNo: order.orderNo, status: 'completed', staff: { id: as.zhangWei.id, username: '张伟' } });
    expect(detail.items.length).toBeGreaterThanOrEqual(1);
    expect(detail.items.length).toBeLessThanOrEqual(4);
    for (const item of detail.items) expect(item.subtotal).toBeCloseTo(item.quantity * item.unitPrice, 2);
    expect(detail.amount).toBeCloseTo(detail.items.reduce((sum, item) => sum + item.subtotal, 0), 2);
    expect(detail.customer.phone).toMatch(/^1[3-9]\d{9}$/);
    const steps = [detail.createdAt, detail.paidAt, detail.shippedAt, detail.completedAt].map((time) => Date.parse(time ?? ''));
    expect(steps.every(Number.isFinite)).toBe(true);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    expect(detail.cancelledAt).toBeNull();
    expect(detail.refundedAt).toBeNull();
  });

  it('keeps every demo order consistent: amount = items, times that fit the status', async () => {
    const amountMismatch = await scalar(
      server.db,
      sql`select count(*) as value from orders o where o.amount_fen <> (select sum(quantity * unit_price_fen) from order_items i where i.order_id = o.id)`,
    );
    expect(amountMismatch).toBe(0);
    const wrongTimes = await scalar(
      server.db,
      sql`select count(*) as value from orders where
            (status = 'pending' and (paid_at is not null or cancelled_at is not null))
         or (status in ('paid', 'shipped', 'completed') and (paid_at is null or paid_at < created_at))
         or (status = 'shipped' and shipped_at is null)
         or (status = 'completed' and (shipped_at is null or completed_at is null or completed_at < shipped_at))
         or (status = 'cancelled' and (cancelled_at is null or paid_at is not null))
         or (status = 'refunded' and (refunded_at is null or paid_at is null or refunded_at < paid_at))
         or created_at > now()`,
    );
    expect(wrongTimes).toBe(0);
  });
});

describe('staff/list and staff/detail', () => {
  /** This month's sales from the raw orders: paid by their paid day, refunds subtracted on their refund day. */
  async function monthFigures(staffId: number) {
    const since = startOfChinaMonth(new Date());
    const [row] = await rows<{ count: number; fen: string }>(
      server.db,
      sql`select (count(*) filter (where paid_at >= ${since}) - count(*) filter (where status = 'refunded' and coalesce(refunded_at, paid_at) >= ${since}))::int as count,
                 (coalesce(sum(amount_fen) filter (where paid_at >= ${since}), 0) - coalesce(sum(amount_fen) filter (where status = 'refunded' and coalesce(refunded_at, paid_at) >= ${since}), 0))::text as fen
          from orders
          where site_id = 101 and staff_id = ${staffId} and status in ('paid', 'shipped', 'completed', 'refunded') and paid_at is not null and paid_at <= now()`,
    );
    return { monthOrders: row?.count ?? 0, monthAmount: Number(row?.fen ?? 0) / 100 };
  }

  it("lists the site's members with their customers and this month's sales, best first", async () => {
    const response = await staffCall<StaffList>(server.app, as.liNa, 'staff/list', { siteId: 101 });
    const members = response.body.data.list;
    expect(members.map((member) => member.username)).toEqual(expect.arrayContaining(['张伟', '李娜', '王强']));
    const amounts = members.map((member) => member.monthAmount ?? -1);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    expect(members.every((member) => member.monthAmount !== null && /^1\d{10}$/.test(member.phone))).toBe(true);
    const zhang = members.find((member) => member.id === as.zhangWei.id);
    expect(zhang).toMatchObject({
      isLeader: false,
      customerCount: await scalar(server.db, sql`select count(*) as value from customers where site_id = 101 and owner_id = ${as.zhangWei.id}`),
      ...(await monthFigures(as.zhangWei.id)),
    });
    expect(members.find((member) => member.id === as.liNa.id)?.isLeader).toBe(true);
  });

  it("shows a salesperson his colleagues' names, roles and masked phones only (the colleague rule)", async () => {
    const response = await staffCall<StaffList>(server.app, as.zhangWei, 'staff/list', { siteId: 101 });
    const members = response.body.data.list;
    const self = members.find((member) => member.id === as.zhangWei.id);
    expect(self).toMatchObject({ phone: '13800000001', ...(await monthFigures(as.zhangWei.id)) });
    const colleagues = members.filter((member) => member.id !== as.zhangWei.id);
    expect(colleagues.length).toBeGreaterThan(1);
    for (const colleague of colleagues) {
      expect(colleague).toMatchObject({ customerCount: null, monthAmount: null, monthOrders: null });
      expect(colleague.phone).toMatch(/^1\d{2}\*{4}\d{4}$/);
    }
    expect(colleagues.find((member) => member.id === as.liNa.id)).toMatchObject({ phone: '138****0002', isLeader: true });
  });

  it('finds members by name or phone', async () => {
    const byName = await staffCall<StaffList>(server.app, as.liNa, 'staff/list', { siteId: 101, keyword: '张' });
    expect(byName.body.data.list.every((member) => member.username.includes('张'))).toBe(true);
    expect(byName.body.data.list.map((member) => member.id)).toContain(as.zhangWei.id);
    const byPhone = await staffCall<StaffList>(server.app, as.liNa, 'staff/list', { siteId: 101, keyword: '13800000002' });
    expect(byPhone.body.data.list.map((member) => member.username)).toEqual(['李娜']);
  });

  it('gives a salesperson their own figures, the same as in the list', async () => {
    const detail = await staffCall<StaffSummary>(server.app, as.zhangWei, 'staff/detail', { siteId: 101, id: as.zhangWei.id });
    const listed = (await staffCall<StaffList>(server.app, as.liNa, 'staff/list', { siteId: 101 })).body.data.list.find((member) => member.id === as.zhangWei.id);
    expect(detail.body.data).toEqual(listed);
    // Their own figures, not a colleague's nulls (本月 may hold no order yet on its first day).
    expect(detail.body.data).toMatchObject(await monthFigures(as.zhangWei.id));
    expect(detail.body.data.customerCount).toBeGreaterThan(0);
  });
});

describe('odd query values on the exports (issue 11)', () => {
  it.each(['customer/export', 'order/export'])('%s answers a non-finite or NUL-carrying query with a Chinese 400', async (path) => {
    const get = (query: string) => call(server.app, 'GET', `${STAFF_API}/${path}?${query}`, { token: as.liNa.token });
    expectFailure(await get('siteId=Infinity'), 400, '数值超出范围');
    expectFailure(await get('siteId=1e309'), 400, '数值超出范围');
    expectFailure(await get('siteId=101&keyword=%00'), 400, '请求内容包含无效字符');
    expectFailure(await get('siteId=99999999999'), 400);
  });
});

describe('CSV exports', () => {
  const download = (path: string, query: string, session: Session = as.liNa) =>
    server.app.inject({ method: 'GET', url: `${STAFF_API}/${path}?siteId=101${query}`, headers: { authorization: session.token } });

  it('exports customers as UTF-8 with a BOM, a Chinese header and a Chinese file name', async () => {
    const response = await download('customer/export', '&level=A');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const day = chinaDayKey(new Date());
    const disposition = String(response.headers['content-disposition']);
    expect(disposition).toBe(`attachment; filename="customers-101-${day}.csv"; filename*=UTF-8''${encodeURIComponent(`客户列表-华东一部-${day}.csv`)}`);
    const { rows: cells } = parseCsv(response.rawPayload.toString('utf8'));
    expect(at(cells, 0)).toEqual(['客户ID', '客户名称', '联系人', '电话', '地址', '等级', '来源', '负责人', '成交订单数', '成交金额（元）', '最近下单时间', '创建时间', '备注']);
    const levelA = await scalar(server.db, sql`select count(*) as value from customers where site_id = 101 and level = 'A'`);
    expect(cells).toHaveLength(levelA + 1);
    expect(cells.slice(1).every((row) => row[5] === 'A类')).toBe(true);
    expect(response.headers['x-export-rows']).toBe(String(levelA));
    expect(response.headers['x-export-truncated']).toBe('false');
  });

  it('quotes commas, quotes and line breaks, and defuses cells a spreadsheet would run as formulas', async () => {
    const customer = await firstCustomer(server.db, sql`site_id = 101`);
    await server.db.execute(sql`update customers set remark = ${'周末不收货, 请"工作日"送达\n谢谢'}, contact_name = ${'=HYPERLINK("x")'} where id = ${customer.id}`);
    const response = await download('customer/export', '');
    const text = response.rawPayload.toString('utf8');
    expect(text).toContain('"周末不收货, 请""工作日""送达\n谢谢"');
    expect(text).toContain(`"'=HYPERLINK(""x"")"`);
    const { rows: cells } = parseCsv(text);
    const row = cells.find((cell) => cell[0] === String(customer.id));
    expect(row?.[12]).toBe('周末不收货, 请"工作日"送达\n谢谢');
    expect(row?.[2]).toBe(`'=HYPERLINK("x")`);
    expect(cells.slice(1).every((cell) => cell.length === 13)).toBe(true);
  });

  it('exports the orders of the same filters as the list, with their items and China times', async () => {
    const customer = await firstCustomer(server.db, sql`site_id = 101`);
    await ingest([
      {
        orderNo: 'CSV-0001',
        siteId: 101,
        customerId: customer.id,
        status: 'refunded',
        createdAt: '2025-04-01T10:00:00+08:00',
        paidAt: '2025-04-01T10:05:00+08:00',
        refundedAt: '2025-04-03T09:00:00+08:00',
        remark: '退货原因："包装破损", 已拍照',
        items: [
          { name: '五常大米 10kg', quantity: 2, unitPrice: 89.9 },
          { name: '海天金标生抽 1.9L', quantity: 1, unitPrice: 25.9 },
        ],
      },
    ]);
    const response = await download('order/export', '&status=closed');
    expect(response.statusCode).toBe(200);
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(String(response.headers['content-disposition'])).toContain(`filename*=UTF-8''${encodeURIComponent('订单列表-华东一部-')}`);
    const { rows: cells } = parseCsv(response.rawPayload.toString('utf8'));
    expect(at(cells, 0)).toEqual(['订单号', '状态', '客户', '业务员', '金额（元）', '商品明细', '下单时间', '付款时间', '发货时间', '完成时间', '取消时间', '退款时间', '备注']);
    const closed = await scalar(server.db, sql`select count(*) as value from orders where site_id = 101 and status in ('cancelled', 'refunded')`);
    expect(cells).toHaveLength(closed + 1);
    expect(cells.slice(1).every((row) => row[1] === '已取消' || row[1] === '已退款')).toBe(true);
    const row = cells.find((cell) => cell[0] === 'CSV-0001');
    expect(row).toEqual([
      'CSV-0001',
      '已退款',
      customer.name,
      expect.any(String),
      '205.7',
      '五常大米 10kg ×2；海天金标生抽 1.9L ×1',
      '2025-04-01 10:00:00',
      '2025-04-01 10:05:00',
      '',
      '',
      '',
      '2025-04-03 09:00:00',
      '退货原因："包装破损", 已拍照',
    ]);
  });
});
