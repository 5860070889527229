/**
 * npm run bench — how fast the API answers, each scenario next to a ceiling measured in the same run.
 *
 * Builds the server and starts it AS IN PRODUCTION in a process of its own (`node dist/server.js`,
 * NODE_ENV=production, LOG_LEVEL as the environment says or info, on a free loopback port), on a
 * fresh PGlite database in a temporary folder, or on the PostgreSQL database of DATABASE_URL —
 * reused as it is when it already holds the demo data (a 100× database seeded once with
 * `npm run seed -- --scale 100`), seeded at SEED_SCALE when it is empty. Logs in as a leader
 * (李娜) and a salesperson (张伟) of 华东一部, 华南大区's leader (朱刚: its home rolls up 广州一部
 * and 深圳一部 below it, issue 26 §3) and the administrator 赵敏 (the console's 员工), and drives
 * each scenario with autocannon: a bounded
 * number of calls cycling through a mix of filters, pages and periods, at a fixed number of
 * connections. The ceiling is GET /healthz/live, a real route of the same server that needs no
 * database; every scenario prints req/s, p50, p97.5 and p99, and its req/s as a share of it.
 *
 * BENCH_REQUESTS (per scenario, default 5000), BENCH_CONNECTIONS (default 50), BENCH_SECONDS (cap
 * per scenario, default 30), SEED_SCALE (default 1; 100 for the large data set), BENCH_ONLY (the
 * scenarios whose name contains that text, e.g. `weekly`, or one of several texts separated by `|`;
 * the ceiling always runs).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { APP_VERSION, PLATFORM, chinaDayKey, periodAt, shiftPeriod } from '@sales/contract';
import autocannon from 'autocannon';
import { parseSeedScale } from '../src/env.js';
import { COMPILED_SERVER, startServerProcess } from './server-process.js';

const REQUESTS = boundedInt(process.env.BENCH_REQUESTS, 5000, 1, 1_000_000);
const CONNECTIONS = boundedInt(process.env.BENCH_CONNECTIONS, 50, 1, 500);
const SECONDS = boundedInt(process.env.BENCH_SECONDS, 30, 1, 300);
const SITE = 101;
/** A first start on an empty database migrates and seeds: minutes at SEED_SCALE=100. */
const READY_TIMEOUT_MS = 60 * 60 * 1000;
const CEILING = 'healthz/live 上限';

function boundedInt(raw: string | undefined, fallback: number, min: number, max: number): number {
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`expected an integer from ${min} to ${max}, got ${raw}`);
  return value;
}

const dayText = (daysAgo: number) => {
  const key = chinaDayKey(new Date(Date.now() - daysAgo * 86_400_000));
  return `${key.slice(0, 4)}-${key.slice(4, 6)}-${key.slice(6)}`;
};

/** The filters people actually use, cycled through by the requests of a scenario. */
const CUSTOMER_BODIES: Record<string, unknown>[] = [
  { page: 1, pageSize: 20 },
  { page: 2, pageSize: 20 },
  { page: 5, pageSize: 20 },
  { page: 1, pageSize: 20, keyword: '超市' },
  { page: 1, pageSize: 20, keyword: '138' },
  { page: 1, pageSize: 20, level: 'A', sort: 'totalAmount' },
  { page: 1, pageSize: 50, sort: 'createdAt' },
  { page: 1, pageSize: 20, ownerId: 0 },
  { page: 1, pageSize: 20, hasOrders: true, sort: 'totalAmount' },
];

/** 公海客户: its first pages, a name search and the level filter (issue 27 §2). */
const POOL_BODIES: Record<string, unknown>[] = [
  { page: 1, pageSize: 20 },
  { page: 2, pageSize: 20 },
  { page: 5, pageSize: 20 },
  { page: 1, pageSize: 20, keyword: '超市' },
  { page: 1, pageSize: 20, level: 'A' },
];

/**
 * 领取 is benched at this site, by one of its salespeople: a site whose own and inherited rules
 * set no 每日领取上限 and no wait for a former owner (the scenario claims and releases the same
 * customers over and over, which either rule would refuse after the first round). It checks the
 * rules first and stops with an error when the site has them.
 */
const CLAIM_SITE = 102;

/** 消息中心: the first pages, as people scroll them. */
const NOTICE_BODIES: Record<string, unknown>[] = [{ page: 1, pageSize: 20 }, { page: 2, pageSize: 20 }, { page: 3, pageSize: 20 }, { page: 1, pageSize: 20 }];

const ORDER_BODIES: Record<string, unknown>[] = [
  { page: 1, pageSize: 20 },
  { page: 3, pageSize: 20 },
  { page: 10, pageSize: 20 },
  { page: 1, pageSize: 20, status: 'completed' },
  { page: 1, pageSize: 20, status: 'closed' },
  { page: 1, pageSize: 20, status: 'pending' },
  { page: 1, pageSize: 20, startDate: dayText(30), endDate: dayText(0) },
  { page: 1, pageSize: 20, keyword: '便利店' },
  { page: 1, pageSize: 50, startDate: dayText(7), endDate: dayText(0), status: 'paid' },
];

/** 员工 in the admin console: its pages, a name or phone search, and the site, role and status filters. */
const ADMIN_STAFF_BODIES: Record<string, unknown>[] = [
  { page: 1, pageSize: 20 },
  { page: 3, pageSize: 20 },
  { page: 1, pageSize: 50 },
  { page: 1, pageSize: 20, keyword: '张' },
  { page: 1, pageSize: 20, keyword: '1380000' },
  { page: 1, pageSize: 20, siteId: SITE },
  { page: 1, pageSize: 20, staffRole: 'leader' },
  { page: 1, pageSize: 20, staffStatus: 'active', siteId: SITE, staffRole: 'salesperson' },
];

/** 今日待办: its first pages, and the badges' count (pageSize 1). */
const DUE_BODIES: Record<string, unknown>[] = [{ page: 1, pageSize: 20 }, { page: 2, pageSize: 20 }, { page: 1, pageSize: 1 }];

/** 团队考勤 → 拜访: today, yesterday and a week ago. */
const VISIT_BODIES: Record<string, unknown>[] = [{ date: dayText(0) }, { date: dayText(1) }, { date: dayText(7) }];

/** The performance pages' periods: the shortcuts and a custom quarter. */
const PERIODS: Record<string, unknown>[] = [
  { period: 'month' },
  { period: 'week' },
  { period: 'lastMonth' },
  { period: 'quarter' },
  { period: 'year' },
  { period: 'custom', startDate: dayText(90), endDate: dayText(0) },
];

const RANKING_BODIES = PERIODS.flatMap((period) => ['orderAmount', 'orderCount', 'newCustomers', 'followUps'].map((metric) => ({ ...period, metric })));
const SITE_BODIES = PERIODS.flatMap((period) => [{ ...period }, { ...period, sort: 'completion' }]);

const thisWeek = periodAt('weekly', new Date());
/** This week (as the tab asks) and the two before it. */
const WEEK_BODIES: Record<string, unknown>[] = [{}, { periodStart: shiftPeriod(thisWeek, -1).start }, { periodStart: shiftPeriod(thisWeek, -2).start }];
const HALF_MONTH_BODIES: Record<string, unknown>[] = [{}, { periodStart: shiftPeriod(periodAt('halfMonth', new Date()), -1).start }];

/**
 * Requests completed per second of the run, timed by the bench itself. autocannon's
 * `requests.average` averages whole-second samples, and its `start`/`finish` pair (and its done
 * callback) land on its one-second ticks, so 5,000 requests answered in 1.1 s read as 2,500 req/s.
 */
function throughput({ result, seconds }: Outcome): number {
  return seconds > 0 ? result.requests.total / seconds : 0;
}

interface Outcome {
  name: string;
  result: autocannon.Result;
  /** From the start of the run to the last answer received (performance.now()). */
  seconds: number;
}

/** The site's calls name the site in their bodies. */
const atSite = (bodies: readonly Record<string, unknown>[]) => bodies.map((body) => ({ siteId: SITE, ...body }));

type Scenario = [name: string, method: 'GET' | 'POST', url: string, token: string | undefined, bodies: readonly Record<string, unknown>[]];

/** A scenario whose connections each send their own cycle of calls (领取 then 放弃 of a customer of their own). */
interface CycleScenario {
  name: string;
  token: string;
  /** The calls of connection `index`, in order, repeated. */
  cycles: { url: string; body: Record<string, unknown> }[][];
}

async function main(): Promise<void> {
  const ownDir = process.env.DATABASE_URL ? undefined : await fs.mkdtemp(path.join(os.tmpdir(), 'sales-bench-'));
  const seedScale = parseSeedScale(process.env.SEED_SCALE);
  const database = process.env.DATABASE_URL ? `PostgreSQL (${new URL(process.env.DATABASE_URL).pathname.slice(1)})` : `PGlite (${ownDir})`;
  console.log(`准备数据：${database}，SEED_SCALE=${seedScale}，生产模式独立进程…`);
  const startedAt = performance.now();
  const server = await startServerProcess({
    command: COMPILED_SERVER,
    env: { NODE_ENV: 'production', LOG_LEVEL: process.env.LOG_LEVEL ?? 'info', SEED_SCALE: String(seedScale), ...(ownDir ? { DATA_DIR: ownDir } : {}) },
    readyTimeoutMs: READY_TIMEOUT_MS,
  });
  try {
    const address = server.url;
    console.log(`服务已启动 ${address}（${((performance.now() - startedAt) / 1000).toFixed(1)} s，含迁移与种子数据），pid ${server.child.pid}`);

    const post = async (url: string, body: unknown, token?: string) =>
      fetch(`${address}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', platform: PLATFORM, version: APP_VERSION, ...(token ? { authorization: token } : {}) },
        body: JSON.stringify(body),
      });
    const login = async (phone: string) => {
      const response = await post('/seller/user/v2/login', { phone, password: 'Demo@2025' });
      const json = (await response.json()) as { code: number; msg: string; data: { token: string } | null };
      if (json.code !== 200 || !json.data) throw new Error(`login ${phone} failed: ${json.msg}`);
      return json.data.token;
    };
    const users = {
      leader: await login('13800000002'),
      salesperson: await login('13800000001'),
      parentLeader: await login('13910016881'),
      administrator: await login('13800000000'),
    };
    /** The latest members' reports a leader opens (their 点评 and 点赞 below each). */
    const membersReports = async (token: string) => {
      const response = await post('/seller/weekly/staff/list', { siteId: SITE, scope: 'members', page: 1, pageSize: 10 }, token);
      const json = (await response.json()) as { code: number; msg: string; data: { list: { id: number }[] } | null };
      if (json.code !== 200 || !json.data || json.data.list.length === 0) throw new Error(`weekly list: ${json.msg}`);
      return json.data.list.map((report) => ({ reportId: report.id }));
    };

    const scenario = async ([name, method, url, token, bodies]: Scenario): Promise<Outcome> => {
      const headers: Record<string, string> = { platform: PLATFORM, version: APP_VERSION, ...(token ? { authorization: token } : {}) };
      if (method === 'POST') headers['content-type'] = 'application/json';
      const payload = (body: Record<string, unknown>) => (method === 'POST' ? JSON.stringify(body) : undefined);
      // Warm up: plans cached, pages in memory, sessions cached, and every body known to succeed.
      for (const body of bodies) {
        const text = payload(body);
        const response = await fetch(`${address}${url}`, { method, headers, ...(text === undefined ? {} : { body: text }) });
        if (response.status !== 200) throw new Error(`${name}: ${response.status} ${await response.text()}`);
      }
      // autocannon ignores `duration` when `amount` is set: stop a slow scenario at BENCH_SECONDS.
      const began = performance.now();
      let lastAnswer = began;
      const result = await new Promise<autocannon.Result>((resolve, reject) => {
        const instance = autocannon(
          {
            url: address,
            connections: CONNECTIONS,
            amount: REQUESTS,
            requests: bodies.map((body) => {
              const text = payload(body);
              return { method, path: url, headers, ...(text === undefined ? {} : { body: text }) };
            }),
          },
          (error, outcome) => {
            clearTimeout(cap);
            if (error) reject(error instanceof Error ? error : new Error(String(error)));
            else resolve(outcome);
          },
        );
        // autocannon reports the end on its next one-second tick: time the last answer instead.
        instance.on('response', () => {
          lastAnswer = performance.now();
        });
        const cap = setTimeout(() => instance.stop(), SECONDS * 1000);
      });
      return { name, result, seconds: (lastAnswer - began) / 1000 };
    };

    /**
     * Runs a CycleScenario: as many connections as it has cycles (at most BENCH_CONNECTIONS), each
     * repeating its own calls, so no two connections touch one record. Warmed up by one cycle each.
     */
    const cycleScenario = async ({ name, token, cycles }: CycleScenario): Promise<Outcome> => {
      const headers: Record<string, string> = { platform: PLATFORM, version: APP_VERSION, authorization: token, 'content-type': 'application/json' };
      const used = cycles.slice(0, CONNECTIONS);
      for (const cycle of used) {
        for (const step of cycle) {
          const response = await fetch(`${address}${step.url}`, { method: 'POST', headers, body: JSON.stringify(step.body) });
          if (response.status !== 200) throw new Error(`${name}: ${response.status} ${await response.text()}`);
        }
      }
      let next = 0;
      const began = performance.now();
      let lastAnswer = began;
      const result = await new Promise<autocannon.Result>((resolve, reject) => {
        const instance = autocannon(
          {
            url: address,
            connections: used.length,
            amount: REQUESTS,
            requests: [{ method: 'POST', path: '/healthz/live', headers }],
            setupClient: (client) => {
              const cycle = used[next % used.length] ?? [];
              next += 1;
              client.setRequests(cycle.map((step) => ({ method: 'POST', path: step.url, headers, body: JSON.stringify(step.body) })));
            },
          },
          (error, outcome) => {
            clearTimeout(cap);
            if (error) reject(error instanceof Error ? error : new Error(String(error)));
            else resolve(outcome);
          },
        );
        instance.on('response', () => {
          lastAnswer = performance.now();
        });
        const cap = setTimeout(() => instance.stop(), SECONDS * 1000);
      });
      return { name, result, seconds: (lastAnswer - began) / 1000 };
    };

    /**
     * 领取 at CLAIM_SITE: a salesperson there (found through its leader's staff list) claims a pool
     * customer and releases it again, each connection its own customer, so the pool keeps its size
     * and the person's count of customers stays put. Both calls are counted: the figure is of claim
     * and release together, each a short transaction with row locks, an audit entry and a binding row.
     */
    const claimCycles = async (): Promise<CycleScenario> => {
      const read = async <T>(url: string, body: unknown, token: string): Promise<T> => {
        const response = await post(url, body, token);
        const json = (await response.json()) as { code: number; msg: string; data: T | null };
        if (json.code !== 200 || json.data === null) throw new Error(`${url}: ${json.msg}`);
        return json.data;
      };
      const leader = await login('13800000005');
      const staffList = await read<{ list: { id: number; phone: string; isLeader: boolean }[] }>('/seller/fenghe/staff/staff/list', { siteId: CLAIM_SITE }, leader);
      const member = staffList.list.find((person) => !person.isLeader && person.phone !== '13800000005');
      if (!member) throw new Error(`no salesperson at site ${CLAIM_SITE} to bench 领取`);
      const token = await login(member.phone);
      const rules = await read<{ dailyClaimLimit: number | null; reclaimBlockDays: number | null; ownLimit: number | null; canClaim: boolean }>('/seller/fenghe/staff/pool/rules', { siteId: CLAIM_SITE }, token);
      if (!rules.canClaim || rules.dailyClaimLimit !== null || (rules.reclaimBlockDays ?? 0) > 0) {
        throw new Error(`site ${CLAIM_SITE} limits claims (每日领取上限 ${rules.dailyClaimLimit}, wait ${rules.reclaimBlockDays}): 领取 cannot be benched there by claim and release`);
      }
      const pool = await read<{ list: { id: number }[] }>('/seller/fenghe/staff/pool/list', { siteId: CLAIM_SITE, page: 1, pageSize: 100 }, token);
      if (pool.list.length === 0) throw new Error(`the pool of site ${CLAIM_SITE} is empty`);
      return {
        name: `pool/claim+release 业务员 (站点 ${CLAIM_SITE})`,
        token,
        cycles: pool.list.map((customer) => [
          { url: '/seller/fenghe/staff/pool/claim', body: { siteId: CLAIM_SITE, customerId: customer.id } },
          { url: '/seller/fenghe/staff/pool/release', body: { siteId: CLAIM_SITE, customerId: customer.id, reason: '压测：领取后放回公海' } },
        ]),
      };
    };

    const scenarios: Scenario[] = [
      ['user/info', 'POST', '/seller/user/info', users.salesperson, [{}]],
      ['customer/list 负责人', 'POST', '/seller/fenghe/staff/customer/list', users.leader, atSite(CUSTOMER_BODIES.filter((body) => !body.keyword))],
      ['customer/list 负责人 关键词', 'POST', '/seller/fenghe/staff/customer/list', users.leader, atSite(CUSTOMER_BODIES.filter((body) => body.keyword))],
      ['customer/list 业务员', 'POST', '/seller/fenghe/staff/customer/list', users.salesperson, atSite(CUSTOMER_BODIES)],
      ['order/list 负责人', 'POST', '/seller/fenghe/staff/order/list', users.leader, atSite(ORDER_BODIES)],
      ['order/list 业务员', 'POST', '/seller/fenghe/staff/order/list', users.salesperson, atSite(ORDER_BODIES)],
      ['performance/site 负责人', 'POST', '/seller/fenghe/staff/performance/site', users.leader, atSite(SITE_BODIES)],
      ['performance/person 业务员', 'POST', '/seller/fenghe/staff/performance/person', users.salesperson, atSite(PERIODS)],
      ['performance/ranking 负责人', 'POST', '/seller/fenghe/staff/performance/ranking', users.leader, atSite(RANKING_BODIES)],
      ['performance/home 负责人', 'POST', '/seller/fenghe/staff/performance/home', users.leader, atSite([{}])],
      ['performance/home 业务员', 'POST', '/seller/fenghe/staff/performance/home', users.salesperson, atSite([{}])],
      // Issue 26 §3: a parent site's home, its figures and targets rolled up over the sites below it.
      ['performance/home 上级站点负责人', 'POST', '/seller/fenghe/staff/performance/home', users.parentLeader, [{ siteId: 201 }]],
      ['weekly before/create 业务员', 'POST', '/seller/weekly/staff/before/create', users.salesperson, atSite(WEEK_BODIES)],
      ['weekly team 负责人', 'POST', '/seller/weekly/staff/team', users.leader, atSite(WEEK_BODIES)],
      ['halfmonth team 负责人', 'POST', '/seller/halfmonth/staff/team', users.leader, atSite(HALF_MONTH_BODIES)],
      ['notice/list 业务员', 'POST', '/seller/notice/list', users.salesperson, NOTICE_BODIES],
      ['notice/unread 业务员', 'POST', '/seller/notice/unread', users.salesperson, [{}]],
      // Issues 18 and 19: 今日待办 (and its badge's pageSize 1), 团队考勤 → 拜访, a report's 点评.
      ['followup/due 业务员', 'POST', '/seller/fenghe/staff/followup/due', users.salesperson, atSite(DUE_BODIES)],
      ['followup/due 负责人', 'POST', '/seller/fenghe/staff/followup/due', users.leader, atSite(DUE_BODIES)],
      ['attendance/visits 负责人', 'POST', '/seller/fenghe/staff/attendance/visits', users.leader, atSite(VISIT_BODIES)],
      // Issue 26: the admin console's 员工, paged on the server.
      ['admin staff/list 管理员', 'POST', '/seller/admin/staff/list', users.administrator, ADMIN_STAFF_BODIES],
      ['weekly comment/list 负责人', 'POST', '/seller/weekly/staff/comment/list', users.leader, atSite(await membersReports(users.leader))],
      // Issue 27 §2: 公海客户 (a salesperson sees no phone and searches names; a leader searches all).
      ['pool/list 业务员', 'POST', '/seller/fenghe/staff/pool/list', users.salesperson, atSite(POOL_BODIES)],
      ['pool/list 负责人', 'POST', '/seller/fenghe/staff/pool/list', users.leader, atSite(POOL_BODIES)],
    ];
    const only = process.env.BENCH_ONLY?.split('|').filter(Boolean);
    const picked = (name: string) => !only?.length || only.some((text) => name.includes(text));
    const outcomes: Outcome[] = [await scenario([CEILING, 'GET', '/healthz/live', undefined, [{}]])];
    for (const entry of scenarios) {
      if (picked(entry[0])) outcomes.push(await scenario(entry));
    }
    if (picked('pool/claim+release')) outcomes.push(await cycleScenario(await claimCycles()));
    const ceiling = outcomes[0] ? throughput(outcomes[0]) : 0;

    console.log(`\n每个场景 ${REQUESTS} 次请求（上限 ${SECONDS} s），${CONNECTIONS} 个连接，站点 ${SITE}，${database}，生产模式独立进程`);
    console.table(
      outcomes.map((outcome) => {
        const { name, result } = outcome;
        return {
          scenario: name,
          requests: result.requests.total,
          failures: result.errors + result.timeouts + result.non2xx,
          'req/s': Math.round(throughput(outcome)),
          '/上限': ceiling > 0 ? `${Math.round((throughput(outcome) / ceiling) * 100)}%` : '-',
          'p50 ms': result.latency.p50,
          'p97.5 ms': result.latency.p97_5,
          'p99 ms': result.latency.p99,
          'max ms': result.latency.max,
        };
      }),
    );
    if (outcomes.some(({ result }) => result.errors + result.timeouts + result.non2xx > 0)) process.exitCode = 1;
  } catch (error) {
    console.error(server.output().slice(-4000));
    throw error;
  } finally {
    await server.stop();
    if (ownDir) await fs.rm(ownDir, { recursive: true, force: true });
  }
}

await main();
