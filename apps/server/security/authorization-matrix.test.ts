/**
 * Authorization everywhere (issue 11): every /seller/ route of the built app (its OpenAPI document)
 * × every demo account × three targets — their own record at their own site, a foreign site, and
 * a colleague's record at their own site. A route without an entry here fails the test, so a new
 * route cannot ship without saying who may call it.
 *
 * Expected outcomes follow DESIGN §4/§6 and docs/decisions.md: a read is 200 when allowed, 403 at
 * a site where the caller holds no position (reportAllSites reads performance and reports anywhere),
 * and 404 for a colleague's record the caller may not see. A refused write answers 403 or 404 and
 * changes nothing (the table it writes is compared before and after); an allowed write gets past
 * authorization (200, or 409 from a business rule checked after it). The deeper per-record cases (another site's record at one's own
 * site, list contents, masking) are in test/routes/sales/authorization.test.ts and
 * test/routes/performance/authorization.test.ts; this file makes sure no route is left out.
 */
import { CUSTOMER_QR_PREFIX, chinaDayString, periodAt } from '@sales/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMINISTRATOR } from '../src/db/seed.js';
import { at, call, DEMO_PASSWORD, expectFailure, PHONES, rows, useTestServer } from '../test/helper.js';
import { customersWhere, firstCustomer, firstOrder, loginAll, ordersWhere, type CustomerFact, type OrderFact, type Role, type Session } from '../test/routes/sales/support.js';
import { documentedRoutes, routeName } from './support/routes.js';

const server = useTestServer({ integrationApiKey: 'matrix-key' });

type Target = 'own' | 'foreign' | 'colleague';
const TARGETS: Target[] = ['own', 'foreign', 'colleague'];
const ROLES = Object.keys(PHONES) as Role[];

/** Each account's own site and a site where it holds no position (王强 is at every demo site: 301 is added). */
const SITES: Record<Role, { home: number; foreign: number }> = {
  zhangWei: { home: 101, foreign: 102 },
  liNa: { home: 101, foreign: 201 },
  wangQiang: { home: 201, foreign: 301 },
  liuYang: { home: 201, foreign: 101 },
  chenJing: { home: 102, foreign: 101 },
};

/** What the account is at the site a cell names. */
interface Standing {
  leader: boolean;
  member: boolean;
  reportAllSites: boolean;
  teamReportAuth: boolean;
}

interface Cell {
  role: Role;
  target: Target;
  siteId: number;
  at: Standing;
  me: number;
  /** The records the cell asks for: the caller's own, a colleague's, or the foreign site's. */
  customer: CustomerFact;
  order: OrderFact;
  staffId: number;
  /** An unbound customer of the site (claims). */
  free: CustomerFact;
  weekly: number;
  halfmonth: number;
  /** A 点评 on the cell's weekly and half-month report (replies). */
  weeklyComment: number;
  halfmonthComment: number;
}

type Outcome = 200 | 403 | 404 | 'allowed' | 'refused';

interface Entry {
  method?: 'GET' | 'POST';
  /** The body (POST) or query (GET) of the cell's request, siteId added. */
  body(cell: Cell): Record<string, unknown>;
  expect(cell: Cell): Outcome;
  /** The table a write changes: compared before and after a refused call. */
  writes?: string;
}

/** Routes that name no site: who may call them, checked apart from the matrix. */
type Standalone =
  | { kind: 'public'; why: string }
  | { kind: 'session'; why: string }
  | { kind: 'apiKey'; why: string }
  | {
      kind: 'admin';
      why: string;
      /** A body the administrator's call succeeds with (200); without one the call is sent empty. */
      body?: Record<string, unknown>;
      /** What the administrator gets for an empty body when that is not 200 (a write whose fields are required: 400). */
      empty?: 400;
    };

const month = chinaDayString(new Date()).slice(0, 7);
const today = chinaDayString(new Date());

// The rules, as DESIGN §4 states them.
const member = (cell: Cell): Outcome => (cell.at.member ? 200 : 403);
const performanceRead = (cell: Cell): Outcome => (cell.at.member || cell.at.reportAllSites ? 200 : 403);
/** A record of the site: the caller's own, or a colleague's for leaders; 404 for salespeople. */
const record = (cell: Cell): Outcome => (!cell.at.member ? 403 : cell.target === 'colleague' && !cell.at.leader ? 404 : 200);
const leaderWrite = (cell: Cell): Outcome => (cell.at.leader ? 'allowed' : 'refused');
const leaderRead = (cell: Cell): Outcome => (!cell.at.member ? 403 : cell.at.leader ? 200 : 403);
/** Figures of a person: one's own (none at a site one is not a member of); anyone's for leaders and reportAllSites readers. */
const figuresOf = (cell: Cell): Outcome => {
  if (!cell.at.member && !cell.at.reportAllSites) return 403;
  if (cell.staffId !== cell.me) return cell.at.leader || cell.at.reportAllSites ? 200 : 404;
  return cell.at.member ? 200 : 404;
};
const readsReports = (cell: Cell): Outcome => (cell.at.member || cell.at.reportAllSites ? 200 : 403);
/** A report: the author's own; a colleague's for leaders of the site and reportAllSites. */
const report = (cell: Cell): Outcome => {
  if (!cell.at.member && !cell.at.reportAllSites) return 403;
  if (cell.target === 'own') return 200;
  return cell.at.leader || cell.at.reportAllSites ? 200 : 404;
};
const ownReportWrite = (cell: Cell): Outcome => (!cell.at.member ? 'refused' : cell.target === 'own' ? 'allowed' : 'refused');
const team = (cell: Cell): Outcome => (cell.at.reportAllSites || (cell.at.leader && cell.at.teamReportAuth) ? 200 : 403);
/** 点评 and 点赞: a report the caller reads that is not their own, for leaders of the site and reportAllSites. */
const feedback = (cell: Cell): Outcome => (report(cell) === 200 && cell.target !== 'own' && (cell.at.leader || cell.at.reportAllSites) ? 'allowed' : 'refused');
/** 回复: the author, on their own report. */
const reply = (cell: Cell): Outcome => (cell.at.member && cell.target === 'own' ? 'allowed' : 'refused');

const period = { period: 'month' };
const reportEntries = (kind: 'weekly' | 'halfmonth'): Record<string, Entry> => {
  const base = `/seller/${kind}/staff`;
  const id = (cell: Cell) => (kind === 'weekly' ? cell.weekly : cell.halfmonth);
  const start = periodAt(kind === 'weekly' ? 'weekly' : 'halfMonth', new Date()).start;
  return {
    [`POST ${base}/before/create`]: { body: () => ({}), expect: (cell) => (cell.at.member ? 200 : 403) },
    [`POST ${base}/create`]: {
      body: () => ({ periodStart: start, summary: '矩阵测试', plan: '矩阵测试' }),
      expect: (cell) => (cell.at.member ? 'allowed' : 'refused'),
      writes: 'reports',
    },
    [`POST ${base}/list`]: { body: () => ({}), expect: readsReports },
    [`POST ${base}/detail`]: { body: (cell) => ({ id: id(cell) }), expect: report },
    [`POST ${base}/update`]: { body: (cell) => ({ id: id(cell), summary: '矩阵修改', plan: '矩阵修改' }), expect: ownReportWrite, writes: 'reports' },
    [`POST ${base}/orders`]: { body: (cell) => ({ id: id(cell) }), expect: report },
    [`POST ${base}/series`]: { body: (cell) => ({ staffId: cell.staffId }), expect: figuresOf },
    [`POST ${base}/team`]: { body: () => ({}), expect: team },
    [`GET ${base}/pdf`]: { method: 'GET', body: (cell) => ({ id: id(cell) }), expect: report },
    [`GET ${base}/team/pdf`]: { method: 'GET', body: () => ({}), expect: team },
    [`POST ${base}/comment/list`]: { body: (cell) => ({ reportId: id(cell) }), expect: report },
    [`POST ${base}/comment`]: { body: (cell) => ({ reportId: id(cell), text: '矩阵点评' }), expect: feedback, writes: 'report_comments' },
    [`POST ${base}/comment/reply`]: {
      body: (cell) => ({ commentId: kind === 'weekly' ? cell.weeklyComment : cell.halfmonthComment, text: '矩阵回复' }),
      expect: reply,
      writes: 'report_comments',
    },
    [`POST ${base}/like`]: { body: (cell) => ({ reportId: id(cell) }), expect: feedback, writes: 'report_likes' },
    [`POST ${base}/remind`]: { body: () => ({}), expect: (cell) => (cell.at.leader || cell.at.reportAllSites ? 'allowed' : 'refused'), writes: 'report_reminders' },
    // Last: it removes the caller's own report the calls above read.
    [`POST ${base}/delete`]: { body: (cell) => ({ id: id(cell) }), expect: ownReportWrite, writes: 'reports' },
  };
};

const STAFF = '/seller/fenghe/staff';
let newCustomers = 0;
/** A customer no site has yet: a fresh name and phone per cell. */
const newCustomer = (cell: Cell) => {
  newCustomers += 1;
  return { name: `矩阵新客户${cell.role}${newCustomers}`, contactName: '矩阵', phone: `1970000${String(newCustomers).padStart(4, '0')}`, level: 'C' };
};
const MATRIX: Record<string, Entry> = {
  [`POST ${STAFF}/customer/list`]: { body: () => ({}), expect: member },
  [`POST ${STAFF}/customer/detail`]: { body: (cell) => ({ id: cell.customer.id }), expect: record },
  [`POST ${STAFF}/customer/orders`]: { body: (cell) => ({ customerId: cell.customer.id }), expect: record },
  [`POST ${STAFF}/customer/bindings`]: { body: (cell) => ({ customerId: cell.customer.id }), expect: record },
  [`POST ${STAFF}/customer/bind`]: { body: (cell) => ({ customerId: cell.customer.id, staffId: cell.customer.ownerId ?? cell.me }), expect: leaderWrite, writes: 'customer_bindings' },
  [`POST ${STAFF}/customer/unbind`]: { body: (cell) => ({ customerId: cell.free.id }), expect: leaderWrite, writes: 'customer_bindings' },
  [`POST ${STAFF}/customer/claim`]: {
    body: (cell) => ({ qrToken: cell.free.qrToken }),
    expect: (cell) => (cell.at.member && !cell.at.leader ? 'allowed' : 'refused'),
    writes: 'customer_bindings',
  },
  // Issue 27: any member creates a customer (its name and phone new each time, so 查重 passes); nobody else.
  [`POST ${STAFF}/customer/create`]: {
    body: (cell) => newCustomer(cell),
    expect: (cell) => (cell.at.member ? 'allowed' : 'refused'),
    writes: 'customers',
  },
  // Issue 19: a leader sets a customer's point; a salesperson's point is refused (403), a colleague's customer is 404.
  [`POST ${STAFF}/customer/position`]: { body: (cell) => ({ customerId: cell.customer.id, latitude: 31.2304, longitude: 121.4737 }), expect: leaderWrite, writes: 'customers' },
  [`POST ${STAFF}/customer/qr/resolve`]: { body: (cell) => ({ code: `${CUSTOMER_QR_PREFIX}${cell.customer.qrToken}` }), expect: member },
  [`GET ${STAFF}/customer/export`]: { method: 'GET', body: () => ({}), expect: leaderRead },
  [`POST ${STAFF}/order/list`]: { body: () => ({}), expect: member },
  [`POST ${STAFF}/order/detail`]: { body: (cell) => ({ id: cell.order.id }), expect: record },
  [`GET ${STAFF}/order/export`]: { method: 'GET', body: () => ({}), expect: leaderRead },
  [`POST ${STAFF}/staff/list`]: { body: () => ({}), expect: member },
  [`POST ${STAFF}/staff/detail`]: { body: (cell) => ({ id: cell.staffId }), expect: record },
  [`POST ${STAFF}/followup/list`]: { body: (cell) => ({ customerId: cell.customer.id }), expect: record },
  [`POST ${STAFF}/followup/create`]: {
    body: (cell) => ({ customerId: cell.customer.id, type: '电话', content: '矩阵回访' }),
    expect: (cell) => (record(cell) === 200 ? 'allowed' : 'refused'),
    writes: 'follow_ups',
  },
  // 今日待办 is the caller's own: any member of the site (leaders included), nobody else.
  [`POST ${STAFF}/followup/due`]: { body: () => ({}), expect: member },
  [`POST ${STAFF}/performance/sites`]: { body: () => ({}), expect: () => 200 },
  [`POST ${STAFF}/performance/person`]: { body: (cell) => ({ staffId: cell.staffId, ...period }), expect: figuresOf },
  [`POST ${STAFF}/performance/site`]: { body: () => period, expect: (cell) => (cell.at.leader || cell.at.reportAllSites ? 200 : 403) },
  [`POST ${STAFF}/performance/details`]: { body: () => ({ ...period, view: 'day' }), expect: performanceRead },
  [`POST ${STAFF}/performance/ranking`]: { body: () => ({ ...period, metric: 'orderAmount' }), expect: performanceRead },
  [`POST ${STAFF}/performance/home`]: { body: () => ({}), expect: performanceRead },
  [`POST ${STAFF}/performance/search`]: { body: () => ({ ...period, keyword: '张' }), expect: performanceRead },
  [`POST ${STAFF}/performance/standard`]: { body: () => ({ month }), expect: (cell) => (cell.at.leader || cell.at.reportAllSites ? 200 : 403) },
  [`POST ${STAFF}/performance/standard/update`]: {
    // staffId null: the site's default standard (leaders have no target of their own).
    body: () => ({ month, staffId: null, targetAmount: 1000, targetOrders: 1, targetNewCustomers: 1 }),
    expect: (cell) => (cell.at.leader ? 'allowed' : 'refused'),
    writes: 'performance_standards',
  },
  [`POST ${STAFF}/performance/standard/history`]: { body: () => ({}), expect: (cell) => (cell.at.leader || cell.at.reportAllSites ? 200 : 403) },
  [`POST ${STAFF}/attendance/today`]: { body: () => ({}), expect: member },
  [`POST ${STAFF}/attendance/clock-in`]: { body: () => ({}), expect: (cell) => (cell.at.member ? 'allowed' : 'refused'), writes: 'attendance' },
  [`POST ${STAFF}/attendance/clock-out`]: { body: () => ({}), expect: (cell) => (cell.at.member ? 'allowed' : 'refused'), writes: 'attendance' },
  [`POST ${STAFF}/attendance/day`]: { body: () => ({ date: today }), expect: leaderRead },
  [`POST ${STAFF}/attendance/visits`]: { body: () => ({ date: today }), expect: leaderRead },
  [`POST ${STAFF}/attendance/month`]: { body: (cell) => ({ month, staffId: cell.staffId }), expect: record },
  [`POST ${STAFF}/member/list`]: { body: () => ({}), expect: performanceRead },
  [`POST ${STAFF}/member/detail`]: { body: (cell) => ({ id: cell.staffId, ...period }), expect: record },
  // Issue 27 §2, the 公海 pool: every member lists it and reads the rules; salespeople claim, leaders
  // assign; the owner releases. Release comes last: it moves a cell's own customer to the pool.
  [`POST ${STAFF}/pool/list`]: { body: () => ({}), expect: member },
  [`POST ${STAFF}/pool/last-owners`]: { body: () => ({}), expect: member },
  [`POST ${STAFF}/pool/rules`]: { body: () => ({}), expect: member },
  [`POST ${STAFF}/pool/claim`]: {
    body: (cell) => ({ customerId: cell.free.id }),
    expect: (cell) => (cell.at.member && !cell.at.leader ? 'allowed' : 'refused'),
    writes: 'customer_bindings',
  },
  [`POST ${STAFF}/pool/assign`]: { body: (cell) => ({ customerIds: [cell.free.id], staffId: cell.staffId }), expect: leaderWrite, writes: 'customer_bindings' },
  [`POST ${STAFF}/pool/release`]: {
    body: (cell) => ({ customerId: cell.customer.id, reason: '矩阵放弃' }),
    expect: (cell) => (cell.at.member && cell.customer.ownerId === cell.me ? 'allowed' : 'refused'),
    writes: 'customer_bindings',
  },
  ...reportEntries('weekly'),
  ...reportEntries('halfmonth'),
};

const STANDALONE: Record<string, Standalone> = {
  'POST /seller/user/send/msg': { kind: 'public', why: 'login codes are asked for before login; throttled per phone and address' },
  'POST /seller/user/send': { kind: 'public', why: 'the same as send/msg' },
  'POST /seller/user/v2/login': { kind: 'public', why: 'login' },
  'GET /seller/user/host/providers': { kind: 'public', why: 'the login page shows the configured 企业微信/钉钉 sign-ins before login' },
  'POST /seller/user/host/start': { kind: 'public', why: 'starts a host sign-in before login; names no account' },
  'POST /seller/user/host/login': { kind: 'public', why: 'login with a host code, a one-time state and the starting browser’s binding' },
  'GET /seller/version/': { kind: 'public', why: 'the version check runs before login' },
  'POST /seller/version/update': { kind: 'public', why: 'the version report runs before login; throttled per address' },
  'GET /seller/upload/files/{key}': { kind: 'public', why: 'keys are 128-bit random, so <img> loads them without a header (decisions: Uploads)' },
  'POST /seller/user/info': { kind: 'session', why: 'the caller’s own account' },
  'POST /seller/user/logout': { kind: 'session', why: 'the caller’s own session' },
  'POST /seller/user/check': { kind: 'session', why: 'a code sent to the caller’s own phone' },
  'POST /seller/user/reset/tel': { kind: 'session', why: 'the caller’s own phone, with the caller’s ticket' },
  'POST /seller/user/password/update': { kind: 'session', why: 'the caller’s own password' },
  'POST /seller/user/write/off/web': { kind: 'session', why: 'the caller’s own account, with the caller’s ticket' },
  'POST /seller/user/reset/staff/password': { kind: 'session', why: 'a leader’s reset of a member: its own matrix below' },
  'POST /seller/upload/img': { kind: 'session', why: 'stores an image owned by the caller' },
  'POST /seller/user/host-jsapi/config': { kind: 'session', why: 'signs one of the app’s own pages for the caller’s host JS SDK; no data of anyone (test/routes/user/host-jsapi.test.ts)' },
  'POST /seller/notice/list': { kind: 'session', why: 'the caller’s own notices only (ownNotices)' },
  'POST /seller/notice/unread': { kind: 'session', why: 'the caller’s own unread count' },
  'POST /seller/notice/read': { kind: 'session', why: 'the caller’s own notices; another user’s answers 404: its own check below' },
  'POST /seller/notice/settings': { kind: 'session', why: 'the caller’s own 消息通知 settings' },
  'POST /seller/notice/settings/update': { kind: 'session', why: 'the caller’s own muted kinds' },
  'GET /seller/notice/push/key': { kind: 'session', why: 'the server’s public VAPID key, for a signed-in user' },
  'POST /seller/notice/push/subscribe': { kind: 'session', why: 'a browser subscribed for the caller' },
  'POST /seller/notice/push/unsubscribe': { kind: 'session', why: 'the caller’s own subscription; another user’s is 404 (test/routes/notices/channels.test.ts)' },
  'POST /seller/integration/orders': { kind: 'apiKey', why: 'the seller platform’s key, never a user session' },
  'POST /seller/integration/sites': { kind: 'apiKey', why: 'the seller platform’s key, never a user session' },
  'POST /seller/integration/staff': { kind: 'apiKey', why: 'the seller platform’s key, never a user session' },
  'POST /seller/integration/customers': { kind: 'apiKey', why: 'the seller platform’s key, never a user session' },
  'POST /seller/admin/staff/list': { kind: 'admin', why: 'the organisation’s people, for 系统管理员 only' },
  'POST /seller/admin/site/list': { kind: 'admin', why: 'the organisation’s sites, for 系统管理员 only' },
  'POST /seller/admin/settings': { kind: 'admin', why: '系统设置: how the server is configured (no secrets), for 系统管理员 only' },
  // Issue 26 §3: the site tree's writes; the administrator's body is one that succeeds (archive before restore).
  'POST /seller/admin/site/create': { kind: 'admin', why: 'creates a site, for 系统管理员 only', body: { name: '矩阵测试站点', region: '华东', parentId: 201 } },
  'POST /seller/admin/site/update': { kind: 'admin', why: 'renames a site, for 系统管理员 only', body: { id: 203, name: '深圳一部', region: '华南' } },
  'POST /seller/admin/site/move': { kind: 'admin', why: 'moves a site in the tree, for 系统管理员 only', body: { id: 203, parentId: 201 } },
  'POST /seller/admin/site/archive': { kind: 'admin', why: 'archives a site without members, for 系统管理员 only', body: { id: 203 } },
  'POST /seller/admin/site/restore': { kind: 'admin', why: 'restores an archived site, for 系统管理员 only', body: { id: 203 } },
  'POST /seller/admin/staff/create': { kind: 'admin', why: '新员工, for 系统管理员 only', empty: 400 },
  'POST /seller/admin/staff/reset-password': { kind: 'admin', why: '重置密码 of anyone, for 系统管理员 only', empty: 400 },
  'POST /seller/admin/audit/list': { kind: 'admin', why: '操作日志: everyone’s audit entries, for 系统管理员 only' },
  'POST /seller/admin/staff/import/template': { kind: 'admin', why: 'the staff import template (a file, so the administrator’s call here is the empty body’s 400), for 系统管理员 only', empty: 400 },
  'POST /seller/admin/staff/import/preview': { kind: 'admin', why: 'checks a staff file against the organisation, for 系统管理员 only', body: { fileName: '员工.csv', fileBase64: '77u/5aeT5ZCNLOaJi+acuuWPtyznq5nngrks6KeS6ImyDQrnn6npmLXpooTop4gsMTk5MDAwMDkwMDEs5Y2O5Lic5LiA6YOoLOS4muWKoeWRmA0K' } },
  'POST /seller/admin/staff/import/apply': { kind: 'admin', why: 'imports staff, for 系统管理员 only', empty: 400 },
  'POST /seller/admin/customer/import/template': { kind: 'admin', why: 'the customer import template (a file, so the administrator’s call here is the empty body’s 400), for 系统管理员 only', empty: 400 },
  'POST /seller/admin/customer/import/preview': { kind: 'admin', why: 'checks a customer file against every site’s customers (查重 names them and their owners), for 系统管理员 only', body: { fileName: '客户.csv', fileBase64: '77u/5a6i5oi35ZCN56ewLOeUteivnSznq5nngrkNCumUmeexu+Wei+W6lywxMzkxMjMwMDAwMSwxMDENCg==' } },
  'POST /seller/admin/customer/import/apply': { kind: 'admin', why: 'imports customers into any site and binds them, for 系统管理员 only', empty: 400 },
  'POST /seller/admin/staff/update': { kind: 'admin', why: '编辑 / 调岗 of anyone, for 系统管理员 only', body: { staffId: 1 } },
  'POST /seller/admin/staff/deactivate': { kind: 'admin', why: '离职 of anyone and the handover of their customers, for 系统管理员 only', empty: 400 },
  'POST /seller/admin/staff/reactivate': { kind: 'admin', why: '启用 of a deactivated person, for 系统管理员 only', empty: 400 },
  'POST /seller/admin/staff/handover': { kind: 'admin', why: 'a person’s customers per site and their colleagues, for 系统管理员 only', body: { staffId: 1 } },
  // Issue 27 §3: 公海规则 of the sites, read and written in the console.
  'POST /seller/admin/pool-rules/list': { kind: 'admin', why: '公海规则 of every site, own and inherited, for 系统管理员 only' },
  'POST /seller/admin/pool-rules/save': {
    kind: 'admin',
    why: 'sets a site’s own 公海规则, for 系统管理员 only',
    body: { siteId: 203, rules: { ownLimit: null, dailyClaimLimit: null, reclaimBlockDays: null, noFollowUpDays: 90, noOrderDays: null, levelDays: null, warnDays: null } },
  },
  // Issue 28 §2: 通讯录同步 (no host app is configured here, so what needs one is 400 for the administrator too).
  'POST /seller/admin/directory/status': { kind: 'admin', why: 'the directory sync settings and last run, for 系统管理员 only' },
  'POST /seller/admin/directory/tree': { kind: 'admin', why: 'the company directory’s departments, for 系统管理员 only', empty: 400 },
  'POST /seller/admin/directory/save': { kind: 'admin', why: 'maps directory departments onto sites, for 系统管理员 only', empty: 400 },
  'POST /seller/admin/directory/preview': { kind: 'admin', why: 'the dry run of a directory sync (every person and site), for 系统管理员 only; 400 before a provider is chosen', empty: 400 },
  'POST /seller/admin/directory/apply': { kind: 'admin', why: 'writes a directory sync (creates, moves, deactivates people), for 系统管理员 only', empty: 400 },
};

let as: Record<Role, Session>;
const cells: Cell[] = [];

async function standing(role: Role, siteId: number): Promise<Standing> {
  const [row] = await rows<{ leader: boolean | null; member: number | string; all: boolean; team: boolean }>(
    server.db,
    sql`select bool_or(p.is_leader) as leader, count(p.staff_id) as member, s.report_all_sites as all, s.team_report_auth as team
        from staff s left join positions p on p.staff_id = s.id and p.site_id = ${siteId} where s.id = ${as[role].id}
        group by s.report_all_sites, s.team_report_auth`,
  );
  return { leader: row?.leader === true, member: Number(row?.member) > 0, reportAllSites: row?.all === true, teamReportAuth: row?.team === true };
}

async function reportOf(kind: 'weekly' | 'halfMonth', siteId: number, where: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rows<{ id: number }>(server.db, sql`select id from reports where kind = ${kind} and site_id = ${siteId} and ${where} order by id limit 1`);
  if (!row) throw new Error(`no ${kind} report at ${siteId}`);
  return row.id;
}

/** A 点评 on a report by a leader of its site, for the replies. */
async function commentOn(reportId: number): Promise<number> {
  const [row] = await rows<{ id: number }>(
    server.db,
    sql`insert into report_comments (report_id, author_id, body)
        select r.id, p.staff_id, '矩阵点评' from reports r join positions p on p.site_id = r.site_id and p.is_leader where r.id = ${reportId}
        order by p.staff_id limit 1 returning id`,
  );
  if (!row) throw new Error(`no leader to comment on report ${reportId}`);
  return row.id;
}

beforeAll(async () => {
  await server.db.execute(sql`insert into sites (id, name, region) values (301, '矩阵站点', '测试') on conflict do nothing`);
  as = await loginAll(server.app);
  // Each account writes this period's reports at its own site, so "own" has a report to read.
  for (const role of ROLES) {
    for (const kind of ['weekly', 'halfmonth'] as const) {
      const start = periodAt(kind === 'weekly' ? 'weekly' : 'halfMonth', new Date()).start;
      const created = await call(server.app, 'POST', `/seller/${kind}/staff/create`, {
        token: as[role].token,
        body: { siteId: SITES[role].home, periodStart: start, summary: '本期总结', plan: '下期计划' },
      });
      expect(created.status, `${role} ${kind}`).toBe(200);
    }
  }
  for (const [index, role] of ROLES.entries()) {
    const me = as[role].id;
    for (const [targetIndex, target] of TARGETS.entries()) {
      const siteId = target === 'foreign' ? SITES[role].foreign : SITES[role].home;
      // A foreign site without records (301) is asked about 101's records: the site answers first.
      const recordSite = siteId === 301 ? 101 : siteId;
      // A colleague is a salesperson of the site outside the demo accounts, whose records no cell changes.
      const colleagues = sql`staff_id in (select staff_id from positions where site_id = ${recordSite} and not is_leader)
        and staff_id not in (select id from staff where phone like '1380000000%')`;
      const colleague = (await rows<{ id: number }>(server.db, sql`select staff_id as id from positions where ${colleagues} order by staff_id limit 1`))[0]?.id ?? me;
      const whose = target === 'own' ? me : colleague;
      const unbound = await rows<CustomerFact>(server.db, sql`select id, site_id as "siteId", owner_id as "ownerId", qr_token as "qrToken", name from customers where site_id = ${recordSite} and owner_id is null order by id`);
      const free = at(unbound, (index * TARGETS.length + targetIndex) % Math.max(unbound.length, 1));
      const weekly = await reportOf('weekly', recordSite, sql`staff_id = ${whose}`);
      const halfmonth = await reportOf('halfMonth', recordSite, sql`staff_id = ${whose}`);
      cells.push({
        role,
        target,
        siteId,
        at: await standing(role, siteId),
        me,
        // A leader who owns no customer and sells nothing has the site's first owned record as "own": they
        // see all of it. Owned, so it is never `free` (the pool's first), which pool/assign may give them.
        customer:
          (await customersWhere(server.db, sql`site_id = ${recordSite} and owner_id = ${whose}`))[0] ??
          (await firstCustomer(server.db, sql`site_id = ${recordSite} and owner_id is not null`)),
        order: (await ordersWhere(server.db, sql`site_id = ${recordSite} and staff_id = ${whose}`))[0] ?? (await firstOrder(server.db, sql`site_id = ${recordSite}`)),
        staffId: whose,
        free,
        weekly,
        halfmonth,
        weeklyComment: await commentOn(weekly),
        halfmonthComment: await commentOn(halfmonth),
      });
    }
  }
});

/** A fingerprint of a table: its row count and the hash of all its rows. */
async function fingerprint(table: string): Promise<string> {
  const [row] = await rows<{ value: string }>(server.db, sql.raw(`select count(*) || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as value from ${table} t`));
  return row?.value ?? '';
}

describe('the authorization matrix', () => {
  it('has an entry for every /seller/ route', async () => {
    const routes = (await documentedRoutes(server.app)).map(routeName).filter((name) => name.split(' ')[1]?.startsWith('/seller/'));
    const missing = routes.filter((name) => !(name in MATRIX) && !(name in STANDALONE)).map((name) => `route ${name} has no authorization entry`);
    expect(missing).toEqual([]);
    const stale = [...Object.keys(MATRIX), ...Object.keys(STANDALONE)].filter((name) => !routes.includes(name));
    expect(stale, 'entries for routes that no longer exist').toEqual([]);
    console.log(`authorization matrix: ${Object.keys(MATRIX).length} site routes × ${ROLES.length} accounts × ${TARGETS.length} targets, ${Object.keys(STANDALONE).length} routes without a site`);
  });

  it.each(Object.keys(MATRIX))('%s', async (name) => {
    const entry = MATRIX[name] as Entry;
    const path = name.slice(name.indexOf(' ') + 1);
    const wrong: string[] = [];
    for (const cell of cells) {
      const expected = entry.expect(cell);
      const input = { ...entry.body(cell), siteId: cell.siteId };
      const before = entry.writes && expected === 'refused' ? await fingerprint(entry.writes) : undefined;
      const response =
        entry.method === 'GET'
          ? await server.app.inject({ method: 'GET', url: `${path}?${new URLSearchParams(Object.entries(input).map(([key, value]): [string, string] => [key, String(value)]))}`, headers: { authorization: as[cell.role].token } })
          : await server.app.inject({ method: 'POST', url: path, headers: { authorization: as[cell.role].token }, payload: input });
      const status = response.statusCode;
      const label = `${cell.role} ${cell.target} (site ${cell.siteId}): ${status} ${status === 200 ? '' : response.body.slice(0, 80)}`;
      if (expected === 'allowed') {
        // Allowed: done (200), or refused by a business rule that comes after authorization (409: already clocked in, already claimed…).
        if (status !== 200 && status !== 409) wrong.push(`${label}, expected to be allowed (200 or 409)`);
      } else if (expected === 'refused') {
        if (status !== 403 && status !== 404) wrong.push(`${label}, expected 403 or 404`);
        if (before !== undefined && (await fingerprint(entry.writes as string)) !== before) wrong.push(`${label}: refused, yet ${entry.writes} changed`);
      } else if (status !== expected) {
        wrong.push(`${label}, expected ${expected}`);
      }
    }
    expect(wrong.join('\n')).toBe('');
  });
});

describe('routes without a site', () => {
  it.each(Object.entries(STANDALONE).filter(([, entry]) => entry.kind !== 'public'))('%s refuses a caller without a session', async (name) => {
    const [method, path] = name.split(' ') as ['GET' | 'POST', string];
    const response = await call(server.app, method, path, { body: {} });
    expectFailure(response, 401);
  });

  it.each(Object.entries(STANDALONE).filter(([, entry]) => entry.kind === 'admin'))('%s refuses every non-administrator and answers the administrator', async (name, entry) => {
    const [method, path] = name.split(' ') as ['GET' | 'POST', string];
    const body = (entry.kind === 'admin' && entry.body) || {};
    for (const role of ROLES) {
      expectFailure(await call(server.app, method, path, { token: as[role].token, body: {} }), 403, '仅系统管理员可以使用管理后台');
      expectFailure(await call(server.app, method, path, { token: as[role].token, body }), 403, '仅系统管理员可以使用管理后台');
    }
    const admin = await call(server.app, 'POST', '/seller/user/v2/login', { body: { phone: DEMO_ADMINISTRATOR.phone, password: DEMO_PASSWORD } });
    const token = (admin.body.data as { token: string }).token;
    expect((await call(server.app, method, path, { token, body })).status).toBe(entry.kind === 'admin' && !entry.body ? (entry.empty ?? 200) : 200);
  });

  it('refuses a user session on the platform’s order push', async () => {
    for (const role of ROLES) expectFailure(await call(server.app, 'POST', '/seller/integration/orders', { token: as[role].token, body: { orders: [{}] } }), 401, '接口密钥不正确');
  });

  it('refuses a user session on the platform’s sync of sites, staff and customers', async () => {
    for (const kind of ['sites', 'staff', 'customers']) {
      for (const role of ROLES) expectFailure(await call(server.app, 'POST', `/seller/integration/${kind}`, { token: as[role].token, body: { [kind]: [{}] } }), 401, '接口密钥不正确');
    }
  });

  it('lets a leader reset the password of a member of a site they lead, nobody else', async () => {
    const extra = async (siteId: number) =>
      (await rows<{ id: number }>(server.db, sql`select staff_id as id from positions where site_id = ${siteId} and not is_leader and staff_id not in (select id from staff where phone like '1380000000%') order by staff_id desc limit 1`))[0]?.id ?? 0;
    const before = await fingerprint('staff');
    const refused: [Role, number][] = [
      ['zhangWei', await extra(101)],
      ['liuYang', await extra(201)],
      ['liNa', await extra(102)],
      ['chenJing', await extra(101)],
      ['wangQiang', as.liNa.id],
    ];
    for (const [role, staffId] of refused) {
      const response = await call(server.app, 'POST', '/seller/user/reset/staff/password', { token: as[role].token, body: { staffId } });
      expect([403, 404], `${role} resetting ${staffId}: ${response.body.msg}`).toContain(response.status);
    }
    expect(await fingerprint('staff')).toBe(before);
    const allowed = await call(server.app, 'POST', '/seller/user/reset/staff/password', { token: as.chenJing.token, body: { staffId: await extra(102) } });
    expect(allowed.status, allowed.body.msg).toBe(200);
  });

  it('lists, counts and marks read the caller’s own notices only', async () => {
    const notices = await rows<{ id: number; staffId: number }>(
      server.db,
      sql`insert into notices (staff_id, kind, dedupe_key, title, body, link)
          select id, 'passwordReset', 'matrix:' || id, '矩阵消息', '矩阵', '/pages/my/index' from staff where phone like '1380000000%'
          returning id, staff_id as "staffId"`,
    );
    for (const role of ROLES) {
      const others = notices.filter((notice) => notice.staffId !== as[role].id);
      const before = await fingerprint('notices');
      for (const notice of others) {
        expectFailure(await call(server.app, 'POST', '/seller/notice/read', { token: as[role].token, body: { id: notice.id } }), 404, '消息不存在');
      }
      expect(await fingerprint('notices')).toBe(before);
      const listed = await call<{ list: { id: number }[] }>(server.app, 'POST', '/seller/notice/list', { token: as[role].token, body: { pageSize: 50 } });
      const ids = new Set(listed.body.data.list.map((notice) => notice.id));
      expect(others.filter((notice) => ids.has(notice.id))).toEqual([]);
      const own = notices.find((notice) => notice.staffId === as[role].id);
      expect(own && ids.has(own.id)).toBe(true);
    }
  });

  it('answers user info with the caller’s own account only', async () => {
    for (const role of ROLES) {
      const response = await call<{ id: number }>(server.app, 'POST', '/seller/user/info', { token: as[role].token, body: {} });
      expect(response.body.data.id).toBe(as[role].id);
    }
  });
});
