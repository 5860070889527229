/**
 * npm run test:load — 200 simulated users for 60 s on PostgreSQL, following the main journeys.
 *
 * Starts the real server as a child process (as the crash test does) on a new database of the
 * PostgreSQL server of DATABASE_URL (required; dropped at the end), seeded with the demo data
 * (LOAD_SEED_SCALE, default 1: ~2,000 customers, ~20,000 orders, 35 staff). Each simulated user is
 * one of the 35 staff (user i is staff i mod 35) and, on loopback, logs in once with the password,
 * then repeats until the time is up: user info, home, customer list and a customer's detail, order
 * list and an order's detail, the weekly report's before/create, and — once per user — a weekly
 * report create (salespeople: 200, or 409 when the week is already written) or the team report
 * (leaders: 200 with teamReportAuth or reportAllSites, 403 without).
 *
 * The throttles stay as in production. Password tries are counted before the password is checked
 * (so parallel guesses cannot slip past), which means 200 simultaneous logins from one address
 * would meet the 30-per-address limit; as behind the production proxy, the server runs with
 * TRUST_PROXY=true and each simulated user comes from its own address in X-Forwarded-For.
 *
 * Prints a table of every call (count, errors, p50, p99, max) and exits 1 on any unexpected
 * answer. LOAD_USERS (default 200), LOAD_SECONDS (default 60).
 */
import { sql } from 'drizzle-orm';
import { apiCall, createCampaignDatabase, startServer, type ApiAnswer } from '../security/support/server-process.js';

const USERS = boundedInt(process.env.LOAD_USERS, 200, 1, 1000);
const SECONDS = boundedInt(process.env.LOAD_SECONDS, 60, 5, 600);
const SEED_SCALE = Number(process.env.LOAD_SEED_SCALE ?? 1);
const PASSWORD = 'Demo@2025';

function boundedInt(raw: string | undefined, fallback: number, min: number, max: number): number {
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`expected an integer from ${min} to ${max}, got ${raw}`);
  return value;
}

interface Stat {
  latencies: number[];
  errors: number;
  samples: string[];
}

const stats = new Map<string, Stat>();

/** Times one call and checks its answer against the statuses this step may give. */
async function step<T>(name: string, expected: readonly number[], run: () => Promise<ApiAnswer<T>>): Promise<ApiAnswer<T> | null> {
  const stat = stats.get(name) ?? { latencies: [], errors: 0, samples: [] };
  stats.set(name, stat);
  const started = performance.now();
  try {
    const answer = await run();
    stat.latencies.push(performance.now() - started);
    const good = expected.includes(answer.status) && answer.code === answer.status;
    if (!good) {
      stat.errors += 1;
      if (stat.samples.length < 3) stat.samples.push(`${answer.status}/${answer.code} ${answer.msg ?? ''}`);
    }
    return good && answer.status === 200 ? answer : null;
  } catch (error) {
    stat.errors += 1;
    if (stat.samples.length < 3) stat.samples.push(error instanceof Error ? error.message : String(error));
    return null;
  }
}

const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0));

interface UserInfoData {
  id: number;
  reportAllSites: boolean;
  teamReportAuth: boolean;
  positionUsers: { departmentId: number; isLeader: boolean }[];
}

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL) {
    console.error('npm run test:load needs DATABASE_URL (a PostgreSQL server where it may create and drop a database)');
    process.exit(2);
  }
  const database = await createCampaignDatabase('resilience_load', SEED_SCALE);
  const opened = await database.open();
  // Every active staff member; every demo account has the demo password.
  const staffRows = ((await opened.db.execute(sql`select phone from staff where status = 'active' order by id`)) as unknown as { rows: { phone: string }[] }).rows;
  await opened.close();
  const server = await startServer(database, { env: { LOG_LEVEL: 'warn', TRUST_PROXY: 'true' }, timeoutMs: 300_000 });
  const base = server.baseUrl;
  const deadline = Date.now() + SECONDS * 1000;
  let journeys = 0;

  const user = async (index: number) => {
    const phone = staffRows[index % staffRows.length]?.phone ?? '';
    const headers = { 'x-forwarded-for': `10.77.${index >> 8}.${index & 255}` };
    const login = await step<{ token: string }>('login', [200], () => apiCall(base, '/seller/user/v2/login', { headers, body: { phone, password: PASSWORD } }));
    if (!login) return;
    const token = login.data.token;
    let once = true;
    while (Date.now() < deadline) {
      const info = await step<UserInfoData>('user/info', [200], () => apiCall(base, '/seller/user/info', { token, headers, body: {} }));
      const position = info?.data.positionUsers[0];
      if (!info || !position) return;
      const siteId = position.departmentId;
      const staffCall = <T>(path: string, body: Record<string, unknown>) => apiCall<T>(base, `/seller/fenghe/staff/${path}`, { token, headers, body: { siteId, ...body } });
      await step('performance/home', [200], () => staffCall('performance/home', {}));
      const customers = await step<{ list: { id: number }[] }>('customer/list', [200], () => staffCall('customer/list', { page: 1 + (journeys % 3), pageSize: 20 }));
      const customer = customers?.data.list[journeys % Math.max(1, customers.data.list.length)];
      if (customer) await step('customer/detail', [200], () => staffCall('customer/detail', { id: customer.id }));
      const orders = await step<{ list: { id: number }[] }>('order/list', [200], () => staffCall('order/list', { page: 1 + (journeys % 5), pageSize: 20 }));
      const order = orders?.data.list[journeys % Math.max(1, orders.data.list.length)];
      if (order) await step('order/detail', [200], () => staffCall('order/detail', { id: order.id }));
      const before = await step<{ periodStart: string }>('weekly/before/create', [200], () =>
        apiCall(base, '/seller/weekly/staff/before/create', { token, headers, body: { siteId } }),
      );
      if (once && before) {
        once = false;
        if (position.isLeader) {
          const allowed = info.data.teamReportAuth || info.data.reportAllSites;
          await step(allowed ? 'weekly/team' : 'weekly/team (403 expected)', [allowed ? 200 : 403], () =>
            apiCall(base, '/seller/weekly/staff/team', { token, headers, body: { siteId } }),
          );
        } else {
          await step('weekly/create (200 or 409)', [200, 409], () =>
            apiCall(base, '/seller/weekly/staff/create', {
              token,
              headers,
              body: { siteId, periodStart: before.data.periodStart, summary: '本周拜访客户 12 家，新签 2 家', plan: '下周跟进重点客户' },
            }),
          );
        }
      }
      journeys += 1;
    }
  };

  const began = performance.now();
  try {
    await Promise.all(Array.from({ length: USERS }, (_, index) => user(index)));
  } finally {
    await server.stop();
    await database.dispose();
  }
  const elapsed = (performance.now() - began) / 1000;
  const rows = [...stats.entries()].map(([name, stat]) => {
    const sorted = [...stat.latencies].sort((a, b) => a - b);
    return {
      call: name,
      count: stat.latencies.length,
      errors: stat.errors,
      'p50 ms': Math.round(percentile(sorted, 50)),
      'p99 ms': Math.round(percentile(sorted, 99)),
      'max ms': Math.round(sorted.at(-1) ?? 0),
    };
  });
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  const errors = rows.reduce((sum, row) => sum + row.errors, 0);
  console.log(`\n${USERS} users for ${SECONDS} s on PostgreSQL (seed ×${SEED_SCALE}): ${journeys} journeys, ${total} calls in ${elapsed.toFixed(1)} s (${Math.round(total / elapsed)} calls/s), ${errors} errors`);
  console.table(rows);
  for (const [name, stat] of stats) if (stat.samples.length > 0) console.log(`${name}: ${stat.samples.join(' | ')}`);
  if (errors > 0 || journeys === 0) process.exitCode = 1;
}

await main();
