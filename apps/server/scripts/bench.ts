/**
 * npm run bench — how fast the lists, the performance figures, the ranking and home answer on the
 * demo data.
 *
 * Starts the app in this process on loopback, on a fresh PGlite database in a temporary folder
 * (or the PostgreSQL database of DATABASE_URL, seeded if it is empty), logs in as a leader
 * (李娜) and a salesperson (张伟) of 华东一部, and drives each scenario with autocannon: a
 * bounded number of calls cycling through a mix of filters, pages and periods, at a fixed number
 * of connections. Prints p50/p97.5/p99 and requests per second.
 *
 * BENCH_REQUESTS (per scenario, default 1000), BENCH_CONNECTIONS (default 50), BENCH_SECONDS (cap
 * per scenario, default 30), SEED_SCALE (default 1; 100 for the large data set).
 *
 * Also the report calls: 张伟's weekly before/create (the week's figures) and 李娜's team reports;
 * BENCH_ONLY runs the scenarios whose name contains that text (e.g. `weekly`).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { APP_VERSION, PLATFORM, chinaDayKey, periodAt, shiftPeriod } from '@sales/contract';
import autocannon from 'autocannon';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/env.js';

const REQUESTS = boundedInt(process.env.BENCH_REQUESTS, 1000, 1, 100_000);
const CONNECTIONS = boundedInt(process.env.BENCH_CONNECTIONS, 50, 1, 500);
const SECONDS = boundedInt(process.env.BENCH_SECONDS, 30, 1, 300);
const SITE = 101;

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

interface Outcome {
  name: string;
  result: autocannon.Result;
}

async function main(): Promise<void> {
  const ownDir = process.env.DATABASE_URL || process.env.DATA_DIR ? undefined : await fs.mkdtemp(path.join(os.tmpdir(), 'sales-bench-'));
  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', ...(ownDir ? { DATA_DIR: ownDir } : {}) });
  const database = config.databaseUrl ? 'PostgreSQL' : `PGlite (${config.dataDir})`;
  console.log(`准备数据：${database}，SEED_SCALE=${config.seedScale}…`);
  const startedAt = performance.now();
  const app = await buildApp({ config });
  try {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    console.log(`服务已启动 ${address}（${((performance.now() - startedAt) / 1000).toFixed(1)} s，含迁移与种子数据）`);

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
    const users = { leader: await login('13800000002'), salesperson: await login('13800000001') };

    const scenario = async (name: string, url: string, token: string, bodies: readonly Record<string, unknown>[]): Promise<Outcome> => {
      const headers = { 'content-type': 'application/json', platform: PLATFORM, version: APP_VERSION, authorization: token };
      // Warm up: plans cached, pages in memory, and every body known to succeed.
      for (const body of bodies) {
        const response = await post(url, { siteId: SITE, ...body }, token);
        if (response.status !== 200) throw new Error(`${name}: ${response.status} ${await response.text()}`);
      }
      const result = await autocannon({
        url: address,
        connections: CONNECTIONS,
        amount: REQUESTS,
        duration: SECONDS,
        requests: bodies.map((body) => ({ method: 'POST' as const, path: url, headers, body: JSON.stringify({ siteId: SITE, ...body }) })),
      });
      return { name, result };
    };

    const scenarios: [string, string, string, readonly Record<string, unknown>[]][] = [
      ['customer/list 负责人', '/seller/fenghe/staff/customer/list', users.leader, CUSTOMER_BODIES],
      ['customer/list 业务员', '/seller/fenghe/staff/customer/list', users.salesperson, CUSTOMER_BODIES],
      ['order/list 负责人', '/seller/fenghe/staff/order/list', users.leader, ORDER_BODIES],
      ['order/list 业务员', '/seller/fenghe/staff/order/list', users.salesperson, ORDER_BODIES],
      ['performance/site 负责人', '/seller/fenghe/staff/performance/site', users.leader, SITE_BODIES],
      ['performance/person 业务员', '/seller/fenghe/staff/performance/person', users.salesperson, PERIODS],
      ['performance/ranking 负责人', '/seller/fenghe/staff/performance/ranking', users.leader, RANKING_BODIES],
      ['performance/home 负责人', '/seller/fenghe/staff/performance/home', users.leader, [{}]],
      ['performance/home 业务员', '/seller/fenghe/staff/performance/home', users.salesperson, [{}]],
      ['weekly before/create 业务员', '/seller/weekly/staff/before/create', users.salesperson, WEEK_BODIES],
      ['weekly team 负责人', '/seller/weekly/staff/team', users.leader, WEEK_BODIES],
      ['halfmonth team 负责人', '/seller/halfmonth/staff/team', users.leader, HALF_MONTH_BODIES],
    ];
    const only = process.env.BENCH_ONLY;
    const outcomes: Outcome[] = [];
    for (const [name, url, token, bodies] of scenarios) {
      if (!only || name.includes(only)) outcomes.push(await scenario(name, url, token, bodies));
    }

    console.log(`\n每个场景 ${REQUESTS} 次请求（上限 ${SECONDS} s），${CONNECTIONS} 个连接，站点 ${SITE}，${database}`);
    console.table(
      outcomes.map(({ name, result }) => ({
        scenario: name,
        requests: result.requests.total,
        failures: result.errors + result.timeouts + result.non2xx,
        'req/s': Math.round(result.requests.average),
        'p50 ms': result.latency.p50,
        'p97.5 ms': result.latency.p97_5,
        'p99 ms': result.latency.p99,
        'max ms': result.latency.max,
      })),
    );
    if (outcomes.some(({ result }) => result.errors + result.timeouts + result.non2xx > 0)) process.exitCode = 1;
  } finally {
    await app.close();
    if (ownDir) await fs.rm(ownDir, { recursive: true, force: true });
  }
}

await main();
