/**
 * Who sees what, route by route (DESIGN §4): a salesperson (张伟, 101), a leader (李娜, 101), a
 * leader of another site (陈静, 102), a leader of 101 and 102 who sells at 201 (王强), and a
 * salesperson with reportAllSites (刘洋, 201). Nothing here changes data; the flows that do are in
 * customers.test.ts.
 */
import { CUSTOMER_OUT_OF_REACH, customerQrPayload, ENDPOINTS, type CustomerPage, type OrderPage, type QrResolution, type StaffList } from '@sales/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectFailure, useTestServer } from '../../helper.js';

/** The performance, attendance and member calls of the contract's endpoint table. */
const PERFORMANCE_PATHS = ENDPOINTS.map(({ path }) => path).filter((path) => /^\/seller\/fenghe\/staff\/(performance|attendance|member)\//.test(path));
import {
  customersWhere,
  firstCustomer,
  firstOrder,
  loginAll,
  scalar,
  STAFF_API,
  staffCall,
  type CustomerFact,
  type OrderFact,
  type Role,
  type Session,
} from './support.js';

const server = useTestServer();

let as: Record<Role, Session>;
let customers: Record<'c101zw' | 'c101other' | 'c101free' | 'c102' | 'c201liu' | 'c201wang', CustomerFact>;
let orders: Record<'o101zw' | 'o101other' | 'o102' | 'o201liu' | 'o201wang', OrderFact>;

beforeAll(async () => {
  as = await loginAll(server.app);
  const { db } = server;
  const zw = as.zhangWei.id;
  customers = {
    c101zw: await firstCustomer(db, sql`site_id = 101 and owner_id = ${zw}`),
    c101other: await firstCustomer(db, sql`site_id = 101 and owner_id <> ${zw}`),
    c101free: await firstCustomer(db, sql`site_id = 101 and owner_id is null`),
    c102: await firstCustomer(db, sql`site_id = 102 and owner_id is not null`),
    c201liu: await firstCustomer(db, sql`site_id = 201 and owner_id = ${as.liuYang.id}`),
    c201wang: await firstCustomer(db, sql`site_id = 201 and owner_id = ${as.wangQiang.id}`),
  };
  orders = {
    o101zw: await firstOrder(db, sql`site_id = 101 and staff_id = ${zw}`),
    // Sold by a colleague to a customer that is not 张伟's (he sees every order of his own customers).
    o101other: await firstOrder(db, sql`site_id = 101 and staff_id <> ${zw} and customer_id not in (select id from customers where owner_id = ${zw})`),
    o102: await firstOrder(db, sql`site_id = 102`),
    o201liu: await firstOrder(db, sql`site_id = 201 and staff_id = ${as.liuYang.id}`),
    o201wang: await firstOrder(db, sql`site_id = 201 and staff_id = ${as.wangQiang.id}`),
  };
});

type Status = 200 | 403 | 404;
const NOT_MEMBER = '您不是该站点的成员';

/** [who, siteId sent, customer asked for, expected status] */
const CUSTOMER_CASES: [Role, number, keyof typeof customers, Status][] = [
  ['zhangWei', 101, 'c101zw', 200],
  ['zhangWei', 101, 'c101other', 404],
  ['zhangWei', 101, 'c101free', 404],
  ['zhangWei', 101, 'c102', 404],
  ['zhangWei', 102, 'c102', 403],
  ['liNa', 101, 'c101zw', 200],
  ['liNa', 101, 'c101other', 200],
  ['liNa', 101, 'c101free', 200],
  ['liNa', 101, 'c102', 404],
  ['liNa', 102, 'c102', 403],
  ['liNa', 201, 'c201liu', 403],
  ['chenJing', 102, 'c102', 200],
  ['chenJing', 102, 'c101zw', 404],
  ['chenJing', 101, 'c101zw', 403],
  ['wangQiang', 101, 'c101other', 200],
  ['wangQiang', 102, 'c102', 200],
  ['wangQiang', 201, 'c201wang', 200],
  ['wangQiang', 201, 'c201liu', 404],
  ['wangQiang', 201, 'c101zw', 404],
  ['liuYang', 201, 'c201liu', 200],
  ['liuYang', 201, 'c201wang', 404],
  ['liuYang', 101, 'c101zw', 403],
  ['liuYang', 102, 'c102', 403],
];

/** The customer calls, each with the body naming the customer. */
const CUSTOMER_ROUTES: [string, (id: number) => Record<string, unknown>][] = [
  ['customer/detail', (id) => ({ id })],
  ['customer/orders', (customerId) => ({ customerId })],
  ['customer/bindings', (customerId) => ({ customerId })],
  ['followup/list', (customerId) => ({ customerId })],
];

function expectStatus(response: Awaited<ReturnType<typeof staffCall>>, status: Status, notFound: string) {
  if (status === 200) {
    expect(response.status, response.body.msg).toBe(200);
    expect(response.body.code).toBe(200);
  } else {
    expectFailure(response, status, status === 403 ? NOT_MEMBER : notFound);
  }
}

describe.each(CUSTOMER_ROUTES)('%s', (path, bodyFor) => {
  it.each(CUSTOMER_CASES)('%s at site %i asking for %s → %i', async (role, siteId, target, status) => {
    const response = await staffCall(server.app, as[role], path, { siteId, ...bodyFor(customers[target].id) });
    expectStatus(response, status, CUSTOMER_OUT_OF_REACH);
  });
});

describe('customer/orders of a visible customer', () => {
  it("shows the owner and a leader every order of the customer, whoever is credited (issue 25 §2)", async () => {
    const customer = customers.c101zw;
    const everyOrder = await scalar(server.db, sql`select count(*) as value from orders where customer_id = ${customer.id}`);
    const mine = await staffCall<OrderPage>(server.app, as.zhangWei, 'customer/orders', { siteId: 101, customerId: customer.id, pageSize: 100 });
    expect(mine.body.data.list.every((order) => order.customer.id === customer.id)).toBe(true);
    expect(mine.body.data.total).toBe(everyOrder);
    const all = await staffCall<OrderPage>(server.app, as.liNa, 'customer/orders', { siteId: 101, customerId: customer.id, pageSize: 100 });
    expect(all.body.data.total).toBe(everyOrder);
  });
});

describe('order/detail', () => {
  const cases: [Role, number, keyof typeof orders, Status][] = [
    ['zhangWei', 101, 'o101zw', 200],
    ['zhangWei', 101, 'o101other', 404],
    ['zhangWei', 101, 'o102', 404],
    ['zhangWei', 102, 'o102', 403],
    ['liNa', 101, 'o101other', 200],
    ['liNa', 101, 'o102', 404],
    ['liNa', 102, 'o102', 403],
    ['chenJing', 102, 'o102', 200],
    ['chenJing', 102, 'o101zw', 404],
    ['chenJing', 101, 'o101zw', 403],
    ['wangQiang', 101, 'o101zw', 200],
    ['wangQiang', 201, 'o201wang', 200],
    ['wangQiang', 201, 'o201liu', 404],
    ['liuYang', 201, 'o201liu', 200],
    ['liuYang', 201, 'o201wang', 404],
    ['liuYang', 101, 'o101zw', 403],
  ];
  it.each(cases)('%s at site %i asking for %s → %i', async (role, siteId, target, status) => {
    const response = await staffCall(server.app, as[role], 'order/detail', { siteId, id: orders[target].id });
    expectStatus(response, status, '订单不存在');
  });
});

/** [who, site, what they see there: their own records, the whole site, or nothing] */
const LIST_CASES: [Role, number, 'own' | 'site' | 403][] = [
  ['zhangWei', 101, 'own'],
  ['zhangWei', 201, 403],
  ['liNa', 101, 'site'],
  ['liNa', 102, 403],
  ['chenJing', 102, 'site'],
  ['chenJing', 101, 403],
  ['wangQiang', 101, 'site'],
  ['wangQiang', 102, 'site'],
  ['wangQiang', 201, 'own'],
  ['liuYang', 201, 'own'],
  ['liuYang', 101, 403],
  ['liuYang', 102, 403],
];

describe('customer/list', () => {
  it.each(LIST_CASES)('%s at site %i sees %s', async (role, siteId, sees) => {
    const me = as[role].id;
    const response = await staffCall<CustomerPage>(server.app, as[role], 'customer/list', { siteId, pageSize: 100 });
    if (sees === 403) return expectFailure(response, 403, NOT_MEMBER);
    expect(response.status).toBe(200);
    const expected = await scalar(
      server.db,
      sees === 'own'
        ? sql`select count(*) as value from customers where site_id = ${siteId} and owner_id = ${me}`
        : sql`select count(*) as value from customers where site_id = ${siteId}`,
    );
    expect(expected).toBeGreaterThan(0);
    expect(response.body.data.total).toBe(expected);
    for (const customer of response.body.data.list) {
      expect(customer.siteId).toBe(siteId);
      if (sees === 'own') expect(customer.owner?.id).toBe(me);
    }
  });

  it("gives a salesperson nothing when they filter by a colleague's id or ask for unbound customers", async () => {
    for (const ownerId of [customers.c101other.ownerId, 0]) {
      const response = await staffCall<CustomerPage>(server.app, as.zhangWei, 'customer/list', { siteId: 101, ownerId });
      expect(response.body.data).toMatchObject({ list: [], total: 0 });
    }
  });
});

describe('order/list', () => {
  it.each(LIST_CASES)('%s at site %i sees %s', async (role, siteId, sees) => {
    const me = as[role].id;
    const response = await staffCall<OrderPage>(server.app, as[role], 'order/list', { siteId, pageSize: 100 });
    if (sees === 403) return expectFailure(response, 403, NOT_MEMBER);
    expect(response.status).toBe(200);
    const where = sees === 'own' ? sql`site_id = ${siteId} and staff_id = ${me}` : sql`site_id = ${siteId}`;
    const expected = await scalar(server.db, sql`select count(*) as value from orders where ${where}`);
    expect(expected).toBeGreaterThan(0);
    expect(response.body.data.total).toBe(expected);
    expect(response.body.data.summary.count).toBe(expected);
    expect(response.body.data.summary.amount).toBe((await scalar(server.db, sql`select sum(amount_fen) as value from orders where ${where}`)) / 100);
    for (const order of response.body.data.list) {
      expect(order.siteId).toBe(siteId);
      if (sees === 'own') expect(order.staff?.id).toBe(me);
    }
  });

  it("gives a salesperson nothing when they filter by a colleague's id or a colleague's customer", async () => {
    const byStaff = await staffCall<OrderPage>(server.app, as.zhangWei, 'order/list', { siteId: 101, staffId: orders.o101other.staffId });
    expect(byStaff.body.data).toMatchObject({ total: 0, summary: { count: 0, amount: 0 } });
    const customerOrders = await staffCall<OrderPage>(server.app, as.zhangWei, 'order/list', { siteId: 101, customerId: customers.c101other.id });
    expect(customerOrders.body.data.list.every((order) => order.staff?.id === as.zhangWei.id)).toBe(true);
  });
});

describe('staff/list and staff/detail', () => {
  it.each(LIST_CASES)('%s at site %i: the members of the site, or 403', async (role, siteId, sees) => {
    const response = await staffCall<StaffList>(server.app, as[role], 'staff/list', { siteId });
    if (sees === 403) return expectFailure(response, 403, NOT_MEMBER);
    const members = await scalar(server.db, sql`select count(distinct staff_id) as value from positions where site_id = ${siteId}`);
    expect(response.body.data.total).toBe(members);
    expect(response.body.data.list.map((member) => member.id)).toContain(as[role].id);
  });

  const cases: [Role, number, Role, Status][] = [
    ['zhangWei', 101, 'zhangWei', 200],
    ['zhangWei', 101, 'liNa', 404],
    ['liNa', 101, 'zhangWei', 200],
    ['liNa', 101, 'chenJing', 404],
    ['chenJing', 102, 'wangQiang', 200],
    ['chenJing', 101, 'chenJing', 403],
    ['wangQiang', 201, 'wangQiang', 200],
    ['wangQiang', 201, 'liuYang', 404],
    ['liuYang', 201, 'wangQiang', 404],
    ['liuYang', 101, 'zhangWei', 403],
  ];
  it.each(cases)('%s at site %i asking for %s → %i', async (role, siteId, target, status) => {
    const response = await staffCall(server.app, as[role], 'staff/detail', { siteId, id: as[target].id });
    expectStatus(response, status, '员工不存在');
  });
});

describe('customer/qr/resolve', () => {
  const cases: [Role, number, keyof typeof customers, Status, { canView: boolean; canClaim: boolean }?][] = [
    ['zhangWei', 101, 'c101zw', 200, { canView: true, canClaim: false }],
    ['zhangWei', 101, 'c101other', 200, { canView: false, canClaim: false }],
    ['zhangWei', 101, 'c101free', 200, { canView: false, canClaim: true }],
    ['zhangWei', 101, 'c102', 404],
    ['zhangWei', 102, 'c102', 403],
    ['liNa', 101, 'c101free', 200, { canView: true, canClaim: false }],
    ['chenJing', 102, 'c101zw', 404],
    ['wangQiang', 201, 'c201liu', 200, { canView: false, canClaim: false }],
    ['liuYang', 101, 'c101zw', 403],
  ];
  it.each(cases)('%s at site %i scanning %s → %i', async (role, siteId, target, status, expected) => {
    const customer = customers[target];
    const response = await staffCall<QrResolution>(server.app, as[role], 'customer/qr/resolve', { siteId, code: customerQrPayload(customer.qrToken) });
    expectStatus(response, status, '客户不存在');
    if (expected) expect(response.body.data).toMatchObject({ customerId: customer.id, name: customer.name, ...expected });
  });
});

describe('CSV exports', () => {
  const cases: [Role, number, 200 | 403, string?][] = [
    ['zhangWei', 101, 403, '只有站点负责人可以导出'],
    ['liNa', 101, 200],
    ['chenJing', 102, 200],
    ['wangQiang', 101, 200],
    ['wangQiang', 201, 403, '只有站点负责人可以导出'],
    ['liuYang', 201, 403, '只有站点负责人可以导出'],
    ['liuYang', 101, 403, NOT_MEMBER],
  ];
  it.each(cases)('%s at site %i → %i', async (role, siteId, status, msg) => {
    for (const path of ['customer/export', 'order/export']) {
      const response = await server.app.inject({ method: 'GET', url: `${STAFF_API}/${path}?siteId=${siteId}`, headers: { authorization: as[role].token } });
      expect(response.statusCode, path).toBe(status);
      if (status === 200) {
        expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      } else {
        expect(JSON.parse(response.body)).toEqual({ code: 403, msg, data: null });
      }
    }
  });
});

describe('writes refused before anything changes', () => {
  it('lets only leaders of the site bind, transfer and unbind', async () => {
    const refused: [Role, number, keyof typeof customers, string, Status, string][] = [
      ['zhangWei', 101, 'c101other', 'customer/bind', 403, '只有站点负责人可以分配客户'],
      ['zhangWei', 101, 'c101zw', 'customer/unbind', 403, '只有站点负责人可以解绑客户'],
      ['wangQiang', 201, 'c201liu', 'customer/bind', 403, '只有站点负责人可以分配客户'],
      ['liuYang', 201, 'c201liu', 'customer/unbind', 403, '只有站点负责人可以解绑客户'],
      ['chenJing', 102, 'c101zw', 'customer/bind', 404, CUSTOMER_OUT_OF_REACH],
      ['chenJing', 102, 'c101zw', 'customer/unbind', 404, CUSTOMER_OUT_OF_REACH],
      ['liNa', 102, 'c102', 'customer/bind', 403, NOT_MEMBER],
    ];
    for (const [role, siteId, target, path, status, msg] of refused) {
      const response = await staffCall(server.app, as[role], path, { siteId, customerId: customers[target].id, staffId: as[role].id });
      expectFailure(response, status, msg);
    }
    const bindToOutsider = await staffCall(server.app, as.liNa, 'customer/bind', { siteId: 101, customerId: customers.c101zw.id, staffId: as.chenJing.id });
    expectFailure(bindToOutsider, 400, '该员工不是本站点成员');
    expect((await customersWhere(server.db, sql`id = ${customers.c101zw.id}`))[0]?.ownerId).toBe(as.zhangWei.id);
  });

  it('lets only a salesperson of the site claim an unbound customer of that site', async () => {
    const refused: [Role, number, keyof typeof customers, Status | 409, string][] = [
      ['liNa', 101, 'c101free', 403, '站点负责人请在客户关系页分配客户'],
      ['zhangWei', 101, 'c102', 404, '客户不存在'],
      ['zhangWei', 102, 'c102', 403, NOT_MEMBER],
      ['zhangWei', 101, 'c101other', 409, '该客户已有负责人'],
      ['zhangWei', 101, 'c101zw', 409, '该客户已是您的客户'],
      ['liuYang', 201, 'c201wang', 409, '该客户已有负责人'],
    ];
    for (const [role, siteId, target, status, msg] of refused) {
      const response = await staffCall(server.app, as[role], 'customer/claim', { siteId, qrToken: customers[target].qrToken });
      expectFailure(response, status, msg);
    }
  });

  it('lets only the owner and leaders log a follow-up', async () => {
    const refused: [Role, number, keyof typeof customers, Status, string][] = [
      // The words the customer page uses: the salesperson learns why and what became of it.
      ['zhangWei', 101, 'c101other', 404, '该客户不在你的客户列表中，可能已转给他人或不属于当前站点'],
      ['zhangWei', 101, 'c101free', 404, '该客户不在你的客户列表中，可能已转给他人或不属于当前站点'],
      ['chenJing', 102, 'c101zw', 404, '该客户不在你的客户列表中，可能已转给他人或不属于当前站点'],
      ['liuYang', 201, 'c201wang', 404, '该客户不在你的客户列表中，可能已转给他人或不属于当前站点'],
      ['liuYang', 101, 'c101zw', 403, NOT_MEMBER],
    ];
    const before = await scalar(server.db, sql`select count(*) as value from follow_ups`);
    for (const [role, siteId, target, status, msg] of refused) {
      const response = await staffCall(server.app, as[role], 'followup/create', { siteId, customerId: customers[target].id, type: '电话', content: '回访' });
      expectFailure(response, status, msg);
    }
    expect(await scalar(server.db, sql`select count(*) as value from follow_ups`)).toBe(before);
  });
});

/** Every call of the area, with a body that is valid apart from the site. */
const ROUTES: [string, () => Record<string, unknown>][] = [
  ['customer/list', () => ({})],
  ['customer/detail', () => ({ id: customers.c101zw.id })],
  ['customer/orders', () => ({ customerId: customers.c101zw.id })],
  ['customer/bindings', () => ({ customerId: customers.c101zw.id })],
  ['customer/bind', () => ({ customerId: customers.c101zw.id, staffId: as.zhangWei.id })],
  ['customer/unbind', () => ({ customerId: customers.c101zw.id })],
  ['customer/claim', () => ({ qrToken: customers.c101free.qrToken })],
  ['customer/qr/resolve', () => ({ code: customerQrPayload(customers.c101zw.qrToken) })],
  ['customer/position', () => ({ customerId: customers.c101zw.id, latitude: 31.2, longitude: 121.4 })],
  ['customer/create', () => ({ name: '授权测试便利店', contactName: '王老板', phone: '13912345670', level: 'B' })],
  ['order/list', () => ({})],
  ['order/detail', () => ({ id: orders.o101zw.id })],
  ['staff/list', () => ({})],
  ['staff/detail', () => ({ id: as.zhangWei.id })],
  ['followup/list', () => ({ customerId: customers.c101zw.id })],
  ['followup/create', () => ({ customerId: customers.c101zw.id, type: '电话', content: '回访' })],
  ['followup/due', () => ({})],
  // The 公海 pool (issue 27 §2); its per-role cases are in pool.test.ts and the matrix.
  ['pool/list', () => ({})],
  ['pool/last-owners', () => ({})],
  ['pool/rules', () => ({})],
  ['pool/claim', () => ({ customerId: customers.c101free.id })],
  ['pool/release', () => ({ customerId: customers.c101zw.id, reason: '不再跟进' })],
  ['pool/assign', () => ({ customerIds: [customers.c101free.id], staffId: as.zhangWei.id })],
];
const EXPORTS = ['customer/export', 'order/export'];

describe('the siteId rule and login on every call', () => {
  it('covers every route of /seller/fenghe/staff/ in this file', async () => {
    const docs = await server.app.inject({ method: 'GET', url: '/docs/json' });
    const paths = Object.keys((JSON.parse(docs.body) as { paths: Record<string, unknown> }).paths)
      .filter((path) => path.startsWith(`${STAFF_API}/`))
      .map((path) => path.slice(STAFF_API.length + 1))
      .sort();
    // The performance, attendance and member calls have their matrix in test/routes/performance/authorization.test.ts.
    const performance = PERFORMANCE_PATHS.map((path) => path.slice(STAFF_API.length + 1));
    expect(paths).toEqual([...ROUTES.map(([path]) => path), ...EXPORTS, ...performance].sort());
  });

  it.each(ROUTES)('%s without siteId → 400 请填写站点', async (path, body) => {
    expectFailure(await staffCall(server.app, as.liNa, path, body()), 400, '请填写站点');
    expectFailure(await staffCall(server.app, as.liNa, path, { ...body(), siteId: 'abc' }), 400, '站点格式不正确');
  });

  it.each(ROUTES)('%s without a session → 401', async (path, body) => {
    expectFailure(await staffCall(server.app, undefined, path, { siteId: 101, ...body() }), 401, '登录过期，请重新登录');
  });

  it.each(EXPORTS)('%s without siteId → 400, without a session → 401', async (path) => {
    expectFailure(await call(server.app, 'GET', `${STAFF_API}/${path}`, { token: as.liNa.token }), 400, '请填写站点');
    expectFailure(await call(server.app, 'GET', `${STAFF_API}/${path}?siteId=101`), 401);
  });
});
