/**
 * A JSON body is taken as it is typed (issue 16): a null, boolean, list or text where a number is
 * expected — or a number, boolean, list or object where a text is — answers 400 naming the field,
 * and nothing is written. Ajv's type coercion had stored `{"targetAmount": null}` as 0.
 */
import { FIELD_LABELS, STANDARD_FIELD_MESSAGES, chinaDayString, type StandardHistory, type Standards } from '@sales/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { JsonObject, toJson, type Json } from '../../security/support/json.js';
import { mistypedValues } from '../../security/support/mistyped.js';
import { documentedRoutes, routeName, type DocumentedRoute } from '../../security/support/routes.js';
import { DEMO_ADMINISTRATOR } from '../../src/db/seed.js';
import { call, expectFailure, login, rows, uniqueIp, useTestServer } from '../helper.js';
import { takeWrites, watchWrites } from '../write-watch.js';
import { loginAll, staffCall, type Role, type Session } from './sales/support.js';

const API_KEY = 'wrong-types-integration-key';
const server = useTestServer({ integrationApiKey: API_KEY });
const month = chinaDayString(new Date()).slice(0, 7);
let as: Record<Role, Session>;
let routes: DocumentedRoute[];
let adminToken = '';

beforeAll(async () => {
  as = await loginAll(server.app);
  adminToken = (await login(server.app, DEMO_ADMINISTRATOR.phone)).token;
  routes = await documentedRoutes(server.app);
  await watchWrites(server.db);
});

/** Sends a raw JSON text, the way a client that builds its own body would. */
async function post(url: string, payload: string, options: { token?: string; headers?: Record<string, string> } = {}) {
  return call(server.app, 'POST', url, { token: options.token, payload, headers: { 'content-type': 'application/json', ...options.headers }, ip: uniqueIp() });
}

describe('performance standard update with a wrongly typed value', () => {
  interface Stored {
    amountFen: number;
    orders: number;
    newCustomers: number;
  }
  const storedStandard = async (staffId: number | null) =>
    rows<Stored>(
      server.db,
      sql`select target_amount_fen::float8 as "amountFen", target_orders as orders, target_new_customers as "newCustomers" from performance_standards
          where site_id = 101 and month = ${month} and staff_id is not distinct from ${staffId}`,
    );
  const historyTotal = async () => (await staffCall<StandardHistory>(server.app, as.liNa, 'performance/standard/history', { siteId: 101, month })).body.data.total;

  it('refuses null, false, [5], "5" and {} for each target with the field named, and keeps the stored standard and its history', async () => {
    await takeWrites(server.db);
    const before = { site: await storedStandard(null), member: await storedStandard(as.zhangWei.id), history: await historyTotal() };
    const shown = await staffCall<Standards>(server.app, as.liNa, 'performance/standard', { siteId: 101, month });
    const valid = { siteId: 101, month, targetAmount: 631000, targetOrders: 40, targetNewCustomers: 5 };
    const wrong: Json[] = [null, false, [5], '5', new JsonObject([])];
    for (const field of ['targetAmount', 'targetOrders', 'targetNewCustomers'] as const) {
      for (const value of wrong) {
        for (const staffId of [undefined, as.zhangWei.id]) {
          const sent = { ...valid, ...(staffId ? { staffId } : {}) };
          const body = toJson(new JsonObject(Object.entries(sent).map(([key, item]) => [key, key === field ? value : item])));
          const response = await post('/seller/fenghe/staff/performance/standard/update', body, { token: as.liNa.token });
          expectFailure(response, 400, STANDARD_FIELD_MESSAGES[field]);
          expect(response.body.msg, body).toContain(FIELD_LABELS[field]);
        }
      }
    }
    expect(await takeWrites(server.db)).toEqual([]);
    expect({ site: await storedStandard(null), member: await storedStandard(as.zhangWei.id), history: await historyTotal() }).toEqual(before);
    const after = await staffCall<Standards>(server.app, as.liNa, 'performance/standard', { siteId: 101, month });
    expect(after.body.data).toEqual(shown.body.data);
  });

  it('refuses a site or member id sent as text, and a month sent as a number', async () => {
    await takeWrites(server.db);
    const update = (body: object) => staffCall(server.app, as.liNa, 'performance/standard/update', { siteId: 101, month, targetAmount: 1000, targetOrders: 10, targetNewCustomers: 2, ...body });
    expectFailure(await update({ siteId: '101' }), 400, '站点格式不正确');
    expectFailure(await update({ staffId: String(as.zhangWei.id) }), 400, '员工格式不正确');
    expectFailure(await update({ staffId: [as.zhangWei.id] }), 400, '员工格式不正确');
    expectFailure(await update({ month: 202501 }), 400, '月份格式不正确');
    expect(await takeWrites(server.db)).toEqual([]);
  });
});

/**
 * Every call that writes, with a body its schema accepts: each field in turn gets every value of
 * a JSON type its schema refuses (from the route's documented schema).
 */
interface WriteCall {
  path: string;
  /** Whose session the call carries; 'apiKey' for the seller platform's key, 'admin' the demo 系统管理员, none for anonymous. */
  as?: Role | 'apiKey' | 'admin';
  /** Plain JSON values. */
  body: Record<string, unknown>;
}

const REPORT_BODY = { siteId: 101, summary: '本周拜访客户 12 家', plan: '下周跟进报价', problems: '无', images: ['/seller/upload/files/0123456789abcdef0123456789abcdef.png'] };
const INGEST_ORDER = {
  orderNo: 'WT-0001',
  siteId: 101,
  customerId: 1,
  status: 'paid',
  items: [{ name: '茶叶', quantity: 1, unitPrice: 10 }],
  createdAt: '2026-01-05T10:00:00+08:00',
  paidAt: '2026-01-05T10:05:00+08:00',
};

const WRITES: readonly WriteCall[] = [
  { path: '/seller/user/send/msg', body: { phone: '13800000001', scene: 'login', ticket: 'ticket' } },
  { path: '/seller/user/send', as: 'liNa', body: { scene: 'password' } },
  { path: '/seller/user/v2/login', body: { phone: '13800000001', password: 'Demo@2025', code: '123456' } },
  { path: '/seller/user/host/start', body: { provider: 'wecom', mode: 'app', client: 'web' } },
  { path: '/seller/user/host/login', body: { state: 'state', binding: 'binding', authCode: 'code' } },
  { path: '/seller/user/check', as: 'liNa', body: { scene: 'password', code: '123456' } },
  { path: '/seller/user/reset/tel', as: 'liNa', body: { ticket: 'ticket', phone: '13900000009', code: '123456' } },
  { path: '/seller/user/password/update', as: 'liNa', body: { password: 'Better@2026', oldPassword: 'Demo@2025', ticket: 'ticket' } },
  { path: '/seller/user/reset/staff/password', as: 'liNa', body: { staffId: 1 } },
  { path: '/seller/user/write/off/web', as: 'liNa', body: { ticket: 'ticket' } },
  { path: '/seller/version/update', body: { version: '2.0.1', versionCode: 1, platform: 'H5' } },
  { path: '/seller/fenghe/staff/customer/bind', as: 'liNa', body: { siteId: 101, customerId: 1, staffId: 1 } },
  { path: '/seller/fenghe/staff/customer/unbind', as: 'liNa', body: { siteId: 101, customerId: 1 } },
  { path: '/seller/fenghe/staff/customer/claim', as: 'zhangWei', body: { siteId: 101, qrToken: 'token' } },
  { path: '/seller/fenghe/staff/pool/claim', as: 'zhangWei', body: { siteId: 101, customerId: 1 } },
  { path: '/seller/fenghe/staff/pool/release', as: 'zhangWei', body: { siteId: 101, customerId: 1, reason: '店铺已转让' } },
  { path: '/__dev/pool-rules', body: { siteId: 101, ownLimit: 10, dailyClaimLimit: 5, reclaimBlockDays: 7 } },
  { path: '/seller/fenghe/staff/pool/assign', as: 'liNa', body: { siteId: 101, customerIds: [1], staffId: 1, override: { reason: '接手片区' } } },
  {
    path: '/seller/fenghe/staff/customer/create',
    as: 'liNa',
    body: { siteId: 101, name: '错类型客户', contactName: '王', phone: '13912300001', address: '人民路', level: 'A', source: '展会', latitude: 31.2, longitude: 121.4, ownerId: null },
  },
  {
    path: '/seller/fenghe/staff/followup/create',
    as: 'zhangWei',
    body: {
      siteId: 101,
      customerId: 1,
      type: '拜访',
      content: '到店拜访',
      images: [],
      nextContactAt: '2026-02-01T10:00:00+08:00',
      checkIn: { latitude: 31.2, longitude: 121.4, accuracy: 20, photo: null },
    },
  },
  { path: '/seller/fenghe/staff/customer/position', as: 'liNa', body: { siteId: 101, customerId: 1, followUpId: 1, latitude: 31.2, longitude: 121.4 } },
  {
    path: '/seller/fenghe/staff/performance/standard/update',
    as: 'liNa',
    body: { siteId: 101, month, staffId: 1, targetAmount: 631000, targetOrders: 40, targetNewCustomers: 5 },
  },
  { path: '/seller/fenghe/staff/attendance/clock-in', as: 'zhangWei', body: { siteId: 101, position: { latitude: 31.2, longitude: 121.4, accuracy: 20 }, tappedAt: '2026-11-24T09:00:00+08:00' } },
  { path: '/seller/fenghe/staff/attendance/clock-out', as: 'zhangWei', body: { siteId: 101, position: { latitude: 31.2, longitude: 121.4, accuracy: 20 }, tappedAt: '2026-11-24T09:00:00+08:00' } },
  ...(['weekly', 'halfmonth'] as const).flatMap((kind): WriteCall[] => [
    { path: `/seller/${kind}/staff/create`, as: 'zhangWei', body: { ...REPORT_BODY, periodStart: '2026-01-05' } },
    { path: `/seller/${kind}/staff/update`, as: 'zhangWei', body: { ...REPORT_BODY, id: 1 } },
    { path: `/seller/${kind}/staff/delete`, as: 'zhangWei', body: { siteId: 101, id: 1 } },
    { path: `/seller/${kind}/staff/comment`, as: 'liNa', body: { siteId: 101, reportId: 1, text: '继续保持' } },
    { path: `/seller/${kind}/staff/comment/reply`, as: 'zhangWei', body: { siteId: 101, commentId: 1, text: '收到' } },
    { path: `/seller/${kind}/staff/like`, as: 'liNa', body: { siteId: 101, reportId: 1 } },
    { path: `/seller/${kind}/staff/remind`, as: 'liNa', body: { siteId: 101, periodStart: '2026-01-05' } },
  ]),
  { path: '/seller/integration/orders', as: 'apiKey', body: { orders: [INGEST_ORDER] } },
  { path: '/seller/integration/sites', as: 'apiKey', body: { sites: [{ externalId: 'WT-1', name: '错类型站点', region: '华东' }] } },
  { path: '/seller/integration/staff', as: 'apiKey', body: { staff: [{ externalId: 'WT-2', name: '错类型', phone: '13912300002', positions: [{ siteId: 101 }] }] } },
  { path: '/seller/integration/customers', as: 'apiKey', body: { customers: [{ externalId: 'WT-3', siteId: 101, name: '错类型店', contactName: '王', phone: '13912300003' }] } },
  { path: '/seller/notice/read', as: 'zhangWei', body: { id: 1, all: true } },
  { path: '/seller/notice/settings/update', as: 'zhangWei', body: { noticeKind: 'reportLike', enabled: false } },
  {
    path: '/seller/notice/push/subscribe',
    as: 'zhangWei',
    body: { endpoint: 'https://fcm.googleapis.com/fcm/send/wrong-types', keys: { p256dh: 'BPk', auth: 'aGk' }, expirationTime: null },
  },
  { path: '/seller/notice/push/unsubscribe', as: 'zhangWei', body: { endpoint: 'https://fcm.googleapis.com/fcm/send/wrong-types' } },
  { path: '/seller/admin/site/create', as: 'admin', body: { name: '错类型站点', region: '华东', parentId: 101 } },
  { path: '/seller/admin/site/update', as: 'admin', body: { id: 202, name: '广州一部', region: '华南' } },
  { path: '/seller/admin/site/move', as: 'admin', body: { id: 202, parentId: 201 } },
  { path: '/seller/admin/site/archive', as: 'admin', body: { id: 203 } },
  { path: '/seller/admin/site/restore', as: 'admin', body: { id: 203 } },
  {
    path: '/seller/admin/staff/create',
    as: 'admin',
    body: {
      username: '错类型',
      phone: '13912300000',
      positions: [{ siteId: 101, isLeader: false, drawAuth: false }],
      reportAllSites: false,
      teamReportAuth: false,
      wecomUserId: 'wrong-types',
      dingtalkUserId: 'wrong-types-dd',
      isAdmin: false,
    },
  },
  { path: '/seller/admin/staff/reset-password', as: 'admin', body: { staffId: 6 } },
  { path: '/seller/admin/staff/import/apply', as: 'admin', body: { fileName: '员工.csv', fileBase64: '77u/5aeT5ZCNLOaJi+acuuWPtyznq5nngrks6KeS6ImyDQrnn6npmLXpooTop4gsMTk5MDAwMDkwMDEs5Y2O5Lic5LiA6YOoLOS4muWKoeWRmA0K' } },
  { path: '/seller/admin/customer/import/apply', as: 'admin', body: { fileName: '客户.csv', fileBase64: '77u/5a6i5oi35ZCN56ewLOeUteivnSznq5nngrkNCumUmeexu+Wei+W6lywxMzkxMjMwMDAwMSwxMDENCg==' } },
  {
    path: '/seller/admin/staff/update',
    as: 'admin',
    body: {
      staffId: 6,
      username: '错类型',
      positions: [{ siteId: 102, isLeader: false, drawAuth: false }],
      reportAllSites: false,
      teamReportAuth: false,
      wecomUserId: 'wrong-types',
      dingtalkUserId: 'wrong-types-dd',
      isAdmin: false,
      handovers: [{ siteId: 101, toStaffId: 2 }],
    },
  },
  { path: '/seller/admin/staff/deactivate', as: 'admin', body: { staffId: 6, handovers: [{ siteId: 101, toStaffId: null }] } },
  { path: '/seller/admin/staff/reactivate', as: 'admin', body: { staffId: 6 } },
  {
    path: '/seller/admin/pool-rules/save',
    as: 'admin',
    body: { siteId: 203, rules: { ownLimit: 50, dailyClaimLimit: 5, reclaimBlockDays: 7, noFollowUpDays: 30, noOrderDays: 60, levelDays: { A: { noFollowUpDays: 60, noOrderDays: null } }, warnDays: 3 } },
  },
  { path: '/seller/admin/directory/save', as: 'admin', body: { provider: 'wecom', dailySync: false, mappings: [{ departmentId: '2', siteId: 203, handoverStaffId: null }] } },
  { path: '/seller/admin/directory/apply', as: 'admin', body: { fingerprint: 'a'.repeat(64) } },
];

/** Calls with a body that (apart from a leader's read mark on a report) only read; the fuzz sends them wrongly typed fields too. */
const READS = new Set([
  'user/host-jsapi/config',
  'user/info',
  'fenghe/staff/customer/list',
  'fenghe/staff/customer/detail',
  'fenghe/staff/customer/orders',
  'fenghe/staff/customer/bindings',
  'fenghe/staff/customer/qr/resolve',
  'fenghe/staff/pool/list',
  'fenghe/staff/pool/last-owners',
  'fenghe/staff/pool/rules',
  'fenghe/staff/order/list',
  'fenghe/staff/order/detail',
  'fenghe/staff/staff/list',
  'fenghe/staff/staff/detail',
  'fenghe/staff/followup/list',
  'fenghe/staff/followup/due',
  'fenghe/staff/performance/sites',
  'fenghe/staff/performance/person',
  'fenghe/staff/performance/site',
  'fenghe/staff/performance/details',
  'fenghe/staff/performance/ranking',
  'fenghe/staff/performance/home',
  'fenghe/staff/performance/search',
  'fenghe/staff/performance/standard',
  'fenghe/staff/performance/standard/history',
  'fenghe/staff/attendance/today',
  'fenghe/staff/attendance/day',
  'fenghe/staff/attendance/visits',
  'fenghe/staff/attendance/month',
  'fenghe/staff/member/list',
  'fenghe/staff/member/detail',
  ...['weekly', 'halfmonth'].flatMap((kind) => ['before/create', 'list', 'detail', 'orders', 'series', 'team', 'comment/list'].map((call) => `${kind}/staff/${call}`)),
  'notice/list',
  'notice/unread',
  'admin/staff/list',
  'admin/audit/list',
  'admin/staff/import/template',
  'admin/staff/import/preview',
  'admin/customer/import/template',
  'admin/customer/import/preview',
  'admin/staff/handover',
  'admin/directory/tree',
]);

describe('every write refuses a wrongly typed field', () => {
  it('knows every documented call with a JSON body as a write (tested below) or a read', () => {
    const withBody = routes.filter((route) => route.method === 'POST' && route.body).map((route) => route.path);
    const unknown = withBody.filter((path) => !READS.has(path.replace('/seller/', '')) && !WRITES.some((write) => write.path === path));
    expect(unknown).toEqual([]);
    for (const write of WRITES) expect(withBody, write.path).toContain(write.path);
  });

  it('has a Chinese label for every field of every documented body', () => {
    const unlabelled = routes.flatMap((route) => Object.keys(route.body?.properties ?? {}).filter((field) => !FIELD_LABELS[field]).map((field) => `${routeName(route)} ${field}`));
    expect(unlabelled).toEqual([]);
  });

  for (const write of WRITES) {
    it(`POST ${write.path}: 400 naming the field, nothing written`, async () => {
      const route = routes.find((candidate) => candidate.method === 'POST' && candidate.path === write.path);
      const properties = Object.entries(route?.body?.properties ?? {});
      expect(properties.map(([field]) => field).sort()).toEqual(Object.keys(write.body).sort());
      const options =
        write.as === 'apiKey'
          ? { headers: { 'x-api-key': API_KEY } }
          : write.as === 'admin'
            ? { token: adminToken }
            : write.as
              ? { token: as[write.as].token }
              : {};
      await takeWrites(server.db);
      let cases = 0;
      for (const [field, schema] of properties) {
        const label = FIELD_LABELS[field] ?? field;
        for (const value of mistypedValues(schema)) {
          const payload = toJson(new JsonObject(Object.entries(write.body).map(([key, item]) => [key, key === field ? value : (item as Json)])));
          const response = await post(write.path, payload, options);
          expectFailure(response, 400);
          expect(response.body.msg, payload).toContain(label);
          expect(await takeWrites(server.db), payload).toEqual([]);
          cases += 1;
        }
      }
      expect(cases).toBeGreaterThan(0);
    });
  }
});
