/** Customers as people use them: the list and its filters, the detail, binding and claiming, QR codes, follow-ups. */
import {
  CUSTOMER_OUT_OF_REACH,
  CUSTOMER_QR_PREFIX,
  parseCustomerQr,
  type BindingHistory,
  type CustomerDetail,
  type CustomerPage,
  type FollowUp,
  type FollowUpPage,
  type OrderPage,
  type QrResolution,
} from '@sales/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { at, call, expectFailure, multipartBody, PNG_1X1, rows, useTestServer } from '../../helper.js';
import { firstCustomer, loginAll, scalar, staffCall, type Role, type Session } from './support.js';

const server = useTestServer();
let as: Record<Role, Session>;

beforeAll(async () => {
  as = await loginAll(server.app);
});

const list = (session: Session, body: Record<string, unknown>) => staffCall<CustomerPage>(server.app, session, 'customer/list', { siteId: 101, ...body });

/** Another salesperson of 101 (not a demo account). */
async function colleagueOf101(): Promise<number> {
  return scalar(
    server.db,
    sql`select min(p.staff_id) as value from positions p join staff s on s.id = p.staff_id
        where p.site_id = 101 and not p.is_leader and s.phone not like '1380000000%'`,
  );
}

describe('customer/list', () => {
  it('pages through the site without overlap, in the order of the latest order', async () => {
    const first = await list(as.liNa, { page: 1, pageSize: 10 });
    const second = await list(as.liNa, { page: 2, pageSize: 10 });
    expect(first.body.data).toMatchObject({ page: 1, pageSize: 10, total: await scalar(server.db, sql`select count(*) as value from customers where site_id = 101`) });
    expect(first.body.data.list).toHaveLength(10);
    const ids = [...first.body.data.list, ...second.body.data.list].map((customer) => customer.id);
    expect(new Set(ids).size).toBe(20);
    const all = await list(as.liNa, { pageSize: 100 });
    const times = all.body.data.list.map((customer) => (customer.lastOrderAt ? Date.parse(customer.lastOrderAt) : -Infinity));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('sorts by total amount or by creation, biggest and newest first', async () => {
    const byAmount = (await list(as.liNa, { pageSize: 100, sort: 'totalAmount' })).body.data.list.map((customer) => customer.totalAmount);
    expect(byAmount).toEqual([...byAmount].sort((a, b) => b - a));
    const byCreation = (await list(as.liNa, { pageSize: 100, sort: 'createdAt' })).body.data.list.map((customer) => Date.parse(customer.createdAt));
    expect(byCreation).toEqual([...byCreation].sort((a, b) => b - a));
  });

  it('answers 400 for a page size over 100 or a page below 1', async () => {
    expectFailure(await list(as.liNa, { pageSize: 101 }), 400, '每页条数格式不正确');
    expectFailure(await list(as.liNa, { page: 0 }), 400, '页码格式不正确');
    expectFailure(await list(as.liNa, { sort: 'name' }), 400, '排序方式格式不正确');
  });

  it('finds customers by a part of their name, contact or phone, taking % and _ literally', async () => {
    const target = await firstCustomer(server.db, sql`site_id = 101`);
    const [facts] = await rows<{ contact: string; phone: string }>(server.db, sql`select contact_name as contact, phone from customers where id = ${target.id}`);
    for (const keyword of [target.name.slice(0, 4), facts?.contact ?? '', facts?.phone.slice(3, 9) ?? '']) {
      const found = await list(as.liNa, { keyword, pageSize: 100 });
      expect(found.body.data.list.map((customer) => customer.id), keyword).toContain(target.id);
      for (const customer of found.body.data.list) expect(`${customer.name}|${customer.contactName}|${customer.phone}`).toContain(keyword);
    }
    expect((await list(as.liNa, { keyword: '%' })).body.data.total).toBe(0);
    expect((await list(as.liNa, { keyword: '_' })).body.data.total).toBe(0);
  });

  it('filters by owner (0 = unbound), level and whether the customer has bought', async () => {
    const unbound = await list(as.liNa, { ownerId: 0, pageSize: 100 });
    expect(unbound.body.data.total).toBeGreaterThan(0);
    expect(unbound.body.data.list.every((customer) => customer.owner === null)).toBe(true);
    const zhangs = await list(as.liNa, { ownerId: as.zhangWei.id, pageSize: 100 });
    expect(zhangs.body.data.total).toBeGreaterThan(0);
    expect(zhangs.body.data.list.every((customer) => customer.owner?.username === '张伟')).toBe(true);
    const levelA = await list(as.liNa, { level: 'A', pageSize: 100 });
    expect(levelA.body.data.total).toBe(await scalar(server.db, sql`select count(*) as value from customers where site_id = 101 and level = 'A'`));
    expect(levelA.body.data.list.every((customer) => customer.level === 'A')).toBe(true);
    const buyers = await list(as.liNa, { hasOrders: true, pageSize: 100 });
    const never = await list(as.liNa, { hasOrders: false, pageSize: 100 });
    expect(buyers.body.data.list.every((customer) => customer.orderCount > 0)).toBe(true);
    expect(never.body.data.list.every((customer) => customer.orderCount === 0 && customer.totalAmount === 0)).toBe(true);
    expect(buyers.body.data.total + never.body.data.total).toBe((await list(as.liNa, {})).body.data.total);
  });
});

describe('customer/detail', () => {
  it("shows the customer with its site, its QR code and figures that match its orders", async () => {
    const customer = await firstCustomer(server.db, sql`site_id = 101 and owner_id = ${as.zhangWei.id} and order_count > 0`);
    const response = await staffCall<CustomerDetail>(server.app, as.zhangWei, 'customer/detail', { siteId: 101, id: customer.id });
    expect(response.status).toBe(200);
    const detail = response.body.data;
    const [figures] = await rows<{ count: number; fen: string; last: Date }>(
      server.db,
      sql`select count(*) filter (where status in ('paid', 'shipped', 'completed'))::int as count,
                 coalesce(sum(amount_fen) filter (where status in ('paid', 'shipped', 'completed')), 0) as fen,
                 max(created_at) as last
          from orders where customer_id = ${customer.id}`,
    );
    expect(detail).toMatchObject({
      id: customer.id,
      siteId: 101,
      siteName: '华东一部',
      name: customer.name,
      owner: { id: as.zhangWei.id, username: '张伟' },
      orderCount: figures?.count,
      totalAmount: Number(figures?.fen) / 100,
      lastOrderAt: new Date(figures?.last ?? 0).toISOString(),
      canManage: false,
    });
    expect(detail.phone).toMatch(/^1[3-9]\d{9}$/);
    expect(detail.address.length).toBeGreaterThan(5);
    expect(detail.qrPayload).toBe(`${CUSTOMER_QR_PREFIX}${customer.qrToken}`);
    expect(parseCustomerQr(detail.qrPayload ?? '')).toBe(customer.qrToken);
    const asLeader = await staffCall<CustomerDetail>(server.app, as.liNa, 'customer/detail', { siteId: 101, id: customer.id });
    expect(asLeader.body.data.canManage).toBe(true);
  });

  it('answers 404 for an id that does not exist', async () => {
    expectFailure(await staffCall(server.app, as.liNa, 'customer/detail', { siteId: 101, id: 2_000_000_000 }), 404, CUSTOMER_OUT_OF_REACH);
  });
});

describe('customer/orders', () => {
  it("lists a customer's orders newest first, filtered by status, with the totals", async () => {
    const customer = await firstCustomer(server.db, sql`site_id = 101 and order_count > 2`);
    const all = await staffCall<OrderPage>(server.app, as.liNa, 'customer/orders', { siteId: 101, customerId: customer.id, pageSize: 100 });
    expect(all.body.data.total).toBe(await scalar(server.db, sql`select count(*) as value from orders where customer_id = ${customer.id}`));
    expect(all.body.data.list.every((order) => order.customer.id === customer.id)).toBe(true);
    const times = all.body.data.list.map((order) => Date.parse(order.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const completed = await staffCall<OrderPage>(server.app, as.liNa, 'customer/orders', { siteId: 101, customerId: customer.id, status: 'completed' });
    expect(completed.body.data.list.every((order) => order.status === 'completed')).toBe(true);
    expect(completed.body.data.summary.amount).toBe(
      (await scalar(server.db, sql`select coalesce(sum(amount_fen), 0) as value from orders where customer_id = ${customer.id} and status = 'completed'`)) / 100,
    );
  });
});

describe('binding customers', () => {
  const bindings = async (customerId: number) =>
    (await staffCall<BindingHistory>(server.app, as.liNa, 'customer/bindings', { siteId: 101, customerId })).body.data.list;
  const openRows = (customerId: number) => scalar(server.db, sql`select count(*) as value from customer_bindings where customer_id = ${customerId} and unbound_at is null`);

  it('lets a leader bind an unbound customer, transfer it, and unbind it, keeping the history', async () => {
    const customer = await firstCustomer(server.db, sql`site_id = 101 and owner_id is null`);
    const colleague = await colleagueOf101();
    const historyBefore = (await bindings(customer.id)).length;

    const bound = await staffCall<CustomerDetail>(server.app, as.liNa, 'customer/bind', { siteId: 101, customerId: customer.id, staffId: as.zhangWei.id });
    expect(bound.status).toBe(200);
    expect(bound.body.data.owner).toEqual({ id: as.zhangWei.id, username: '张伟' });
    expect((await staffCall(server.app, as.zhangWei, 'customer/detail', { siteId: 101, id: customer.id })).status).toBe(200);
    const [bindRow] = await bindings(customer.id);
    expect(bindRow).toMatchObject({ kind: 'bind', staff: { id: as.zhangWei.id, username: '张伟' }, boundBy: { id: as.liNa.id, username: '李娜' }, unboundAt: null });

    expectFailure(
      await staffCall(server.app, as.liNa, 'customer/bind', { siteId: 101, customerId: customer.id, staffId: as.zhangWei.id }),
      409,
      '该客户已由该员工负责',
    );

    const transferred = await staffCall<CustomerDetail>(server.app, as.liNa, 'customer/bind', { siteId: 101, customerId: customer.id, staffId: colleague });
    expect(transferred.body.data.owner?.id).toBe(colleague);
    const afterTransfer = await bindings(customer.id);
    expect(afterTransfer[0]).toMatchObject({ kind: 'transfer', staff: { id: colleague }, unboundAt: null });
    expect(afterTransfer[1]).toMatchObject({ kind: 'bind', staff: { id: as.zhangWei.id } });
    expect(afterTransfer[1]?.unboundAt).not.toBeNull();
    expectFailure(await staffCall(server.app, as.zhangWei, 'customer/detail', { siteId: 101, id: customer.id }), 404, CUSTOMER_OUT_OF_REACH);
    const zhangsList = await list(as.zhangWei, { pageSize: 100 });
    expect(zhangsList.body.data.list.map((item) => item.id)).not.toContain(customer.id);

    const released = await staffCall<CustomerDetail>(server.app, as.liNa, 'customer/unbind', { siteId: 101, customerId: customer.id });
    expect(released.body.data.owner).toBeNull();
    expect(await openRows(customer.id)).toBe(0);
    expect(await bindings(customer.id)).toHaveLength(historyBefore + 2);
    expectFailure(await staffCall(server.app, as.liNa, 'customer/unbind', { siteId: 101, customerId: customer.id }), 409, '该客户当前没有负责人');
  });

  it('lets a salesperson claim an unbound customer of their site by its code, once', async () => {
    const customer = await firstCustomer(server.db, sql`site_id = 101 and owner_id is null`);
    const before = await staffCall<QrResolution>(server.app, as.zhangWei, 'customer/qr/resolve', { siteId: 101, code: `${CUSTOMER_QR_PREFIX}${customer.qrToken}` });
    expect(before.body.data).toMatchObject({ customerId: customer.id, owner: null, canView: false, canClaim: true });

    const claimed = await staffCall<CustomerDetail>(server.app, as.zhangWei, 'customer/claim', { siteId: 101, qrToken: `${CUSTOMER_QR_PREFIX}${customer.qrToken}` });
    expect(claimed.status).toBe(200);
    expect(claimed.body.data).toMatchObject({ id: customer.id, owner: { id: as.zhangWei.id, username: '张伟' }, canManage: false });
    const [row] = await bindings(customer.id);
    expect(row).toMatchObject({ kind: 'claim', staff: { id: as.zhangWei.id }, boundBy: { id: as.zhangWei.id }, unboundAt: null });
    expect(await openRows(customer.id)).toBe(1);

    const after = await staffCall<QrResolution>(server.app, as.zhangWei, 'customer/qr/resolve', { siteId: 101, code: `  ${CUSTOMER_QR_PREFIX}${customer.qrToken}\n` });
    expect(after.body.data).toMatchObject({ owner: { id: as.zhangWei.id }, canView: true, canClaim: false });
    expectFailure(await staffCall(server.app, as.zhangWei, 'customer/claim', { siteId: 101, qrToken: customer.qrToken }), 409, '该客户已是您的客户');
  });

  it('refuses a claim with something that is not a customer code', async () => {
    for (const qrToken of ['', 'short', 'https://example.com/x', '!!!!!!!!!!']) {
      expectFailure(await staffCall(server.app, as.zhangWei, 'customer/claim', { siteId: 101, qrToken }), 400, '不是有效的客户二维码');
    }
    expectFailure(await staffCall(server.app, as.zhangWei, 'customer/claim', { siteId: 101, qrToken: 'NoSuchToken123' }), 404, '客户不存在');
  });

  it('keeps exactly one open binding for every bound customer and none for the others', async () => {
    const mismatched = await scalar(
      server.db,
      sql`select count(*) as value from customers c
          where (c.owner_id is null and exists (select 1 from customer_bindings b where b.customer_id = c.id and b.unbound_at is null))
             or (c.owner_id is not null and (select count(*) from customer_bindings b where b.customer_id = c.id and b.unbound_at is null and b.staff_id = c.owner_id) <> 1)`,
    );
    expect(mismatched).toBe(0);
  });
});

describe('customer/qr/resolve', () => {
  it('answers 400 for text that is not one of our codes and 404 for a code of no customer', async () => {
    for (const code of ['hello', 'https://example.com/XSZS-CUSTOMER:abcdefgh', `${CUSTOMER_QR_PREFIX}bad token!`]) {
      expectFailure(await staffCall(server.app, as.liNa, 'customer/qr/resolve', { siteId: 101, code }), 400, '不是有效的客户二维码');
    }
    expectFailure(await staffCall(server.app, as.liNa, 'customer/qr/resolve', { siteId: 101, code: `${CUSTOMER_QR_PREFIX}NoSuchCustomer1` }), 404, '客户不存在');
  });
});

describe('follow-ups', () => {
  let customerId: number;
  let image: string;

  beforeAll(async () => {
    customerId = (await firstCustomer(server.db, sql`site_id = 101 and owner_id = ${as.zhangWei.id}`)).id;
    const { payload, headers } = multipartBody([{ name: 'file', filename: 'shop.png', contentType: 'image/png', data: PNG_1X1 }]);
    const upload = await call<{ url: string }>(server.app, 'POST', '/seller/upload/img', { token: as.zhangWei.token, payload, headers });
    image = upload.body.data.url;
  });

  const create = (session: Session, body: Record<string, unknown>) =>
    staffCall<FollowUp>(server.app, session, 'followup/create', { siteId: 101, customerId, type: '拜访', content: '到店拜访，补货饮料', ...body });

  it('lets the owner log a visit with a photo and a next contact time, shown first in the list', async () => {
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
    const created = await create(as.zhangWei, { images: [image], nextContactAt: tomorrow });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ customerId, staff: { id: as.zhangWei.id, username: '张伟' }, type: '拜访', content: '到店拜访，补货饮料', images: [image], nextContactAt: tomorrow });
    const page = await staffCall<FollowUpPage>(server.app, as.zhangWei, 'followup/list', { siteId: 101, customerId });
    expect(page.body.data.list[0]).toEqual(created.body.data);
    expect(page.body.data.total).toBe(await scalar(server.db, sql`select count(*) as value from follow_ups where customer_id = ${customerId}`));
  });

  it("lets a leader log one on any customer of the site, under the leader's name", async () => {
    const other = await firstCustomer(server.db, sql`site_id = 101 and owner_id <> ${as.zhangWei.id}`);
    const created = await staffCall<FollowUp>(server.app, as.liNa, 'followup/create', { siteId: 101, customerId: other.id, type: '电话', content: '  电话确认到货  ' });
    expect(created.body.data).toMatchObject({ customerId: other.id, staff: { username: '李娜' }, content: '电话确认到货', images: [], nextContactAt: null });
  });

  it('pages the list newest first', async () => {
    await create(as.zhangWei, { content: '第二条' });
    const firstPage = await staffCall<FollowUpPage>(server.app, as.zhangWei, 'followup/list', { siteId: 101, customerId, page: 1, pageSize: 1 });
    const secondPage = await staffCall<FollowUpPage>(server.app, as.zhangWei, 'followup/list', { siteId: 101, customerId, page: 2, pageSize: 1 });
    expect(firstPage.body.data.list[0]?.content).toBe('第二条');
    expect(Date.parse(at(firstPage.body.data.list, 0).createdAt)).toBeGreaterThanOrEqual(Date.parse(at(secondPage.body.data.list, 0).createdAt));
  });

  it('checks the content, type, photos and next contact time with messages a salesperson understands', async () => {
    const yesterday = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString();
    const cases: [Record<string, unknown>, string][] = [
      [{ content: '' }, '请填写跟进内容'],
      [{ content: '   ' }, '请填写跟进内容'],
      [{ content: '字'.repeat(501) }, '跟进内容过长'],
      [{ type: '短信' }, '跟进方式格式不正确'],
      [{ images: ['https://example.com/a.png'] }, '图片必须通过上传接口上传'],
      [{ images: ['/seller/upload/files/../../etc/passwd'] }, '图片必须通过上传接口上传'],
      [{ images: ['/seller/upload/files/0123456789abcdef0123456789abcdef.png'] }, '图片不存在，请重新上传'],
      [{ images: Array.from({ length: 10 }, () => image) }, '图片格式不正确'],
      [{ nextContactAt: '明天' }, '下次联系时间格式不正确'],
      [{ nextContactAt: yesterday }, '下次联系时间不能早于今天'],
    ];
    const before = await scalar(server.db, sql`select count(*) as value from follow_ups`);
    for (const [body, msg] of cases) expectFailure(await create(as.zhangWei, body), 400, msg);
    expect(await scalar(server.db, sql`select count(*) as value from follow_ups`)).toBe(before);
    expect((await create(as.zhangWei, { content: '字'.repeat(500) })).status).toBe(200);
  });
});

describe('hostile values (issue 11)', () => {
  it('answers siteId 1e309 or "1e309" on qr/resolve and claim with a Chinese 400 and claims nothing', async () => {
    const free = await firstCustomer(server.db, sql`site_id = 101 and owner_id is null`);
    for (const [path, body] of [
      ['customer/qr/resolve', { code: `${CUSTOMER_QR_PREFIX}${free.qrToken}` }],
      ['customer/claim', { qrToken: free.qrToken }],
    ] as const) {
      // A number too large for a double parses as Infinity; as text it is text, not a site (issue 16: bodies are not coerced).
      for (const number of ['1e309', '-1e309']) {
        const payload = JSON.stringify({ ...body, siteId: 0 }).replace('"siteId":0', `"siteId":${number}`);
        const raw = await call(server.app, 'POST', `/seller/fenghe/staff/${path}`, { token: as.zhangWei.token, payload, headers: { 'content-type': 'application/json' } });
        expectFailure(raw, 400, '数值超出范围');
        expectFailure(await staffCall(server.app, as.zhangWei, path, { ...body, siteId: number }), 400, '站点格式不正确');
      }
    }
    expect((await firstCustomer(server.db, sql`id = ${free.id}`)).ownerId).toBeNull();
  });

  it('answers a NUL byte in a search or a follow-up with a Chinese 400 and writes nothing', async () => {
    expectFailure(await staffCall(server.app, as.liNa, 'customer/list', { siteId: 101, keyword: 'a\u0000b' }), 400, '请求内容包含无效字符');
    const customer = await firstCustomer(server.db, sql`site_id = 101`);
    const before = await scalar(server.db, sql`select count(*) as value from follow_ups`);
    expectFailure(await staffCall(server.app, as.liNa, 'followup/create', { siteId: 101, customerId: customer.id, type: '电话', content: '回访\ud800' }), 400, '请求内容包含无效字符');
    expect(await scalar(server.db, sql`select count(*) as value from follow_ups`)).toBe(before);
  });
});
