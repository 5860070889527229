/**
 * Hostile input on every documented route (issue 11): a property-based fuzz whose requests are
 * generated from the routes' own schemas (the OpenAPI document of the built app), mixing valid
 * values with hostile ones, sent as nobody, a leader (李娜) and a salesperson (张伟) — and the admin
 * console's routes as the demo administrator (赵敏). Every answer
 * must be below 500, carry no internals, and every failure the `{ code, msg, data }` envelope with
 * a Chinese msg. Then (issue 16) every route with a JSON body gets valid bodies with one field of
 * a type its schema refuses (null, false, [5] or "5" for a number…): each must answer exactly 400
 * naming the field, and no table may be written. Afterwards the server still logs in and lists.
 *
 * FUZZ_SEED repeats a run (the seed is printed); FUZZ_RUNS sets the number of requests (default
 * 10,000 on PostgreSQL, DATABASE_URL set; 3,000 on the slower, single-threaded PGlite) and
 * FUZZ_TYPED_RUNS those of the wrongly-typed campaign (a fifth of FUZZ_RUNS).
 */
import { APP_VERSION, customerQrPayload, FIELD_LABELS, IDEMPOTENCY_MESSAGES, PLATFORM } from '@sales/contract';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { canonicalJson } from '../src/plugins/app/idempotency/idempotency.js';
import { DEMO_ADMINISTRATOR } from '../src/db/seed.js';
import { call, login, multipartBody, PHONES, PNG_1X1, rows, uniqueIp, useTestServer } from '../test/helper.js';
import { takeWrites, watchWrites } from '../test/write-watch.js';
import { authorizationFor, mistypedRequestFor, requestFor, validValue, type FuzzRequest, type Hints, type MistypedRequest } from './support/arbitraries.js';
import { responseProblems } from './support/checks.js';
import { IDEMPOTENCY_HEADER_NAME, idempotentRoutes, WRONG_KEYS } from './support/idempotency.js';
import { toJson } from './support/json.js';
import { documentedRoutes, routeName, type DocumentedRoute } from './support/routes.js';
import { SessionKeeper } from './support/sessions.js';

const API_KEY = 'fuzz-integration-key';
/** What every call but a few answers once a leader has reset the account's password. */
const PASSWORD_WAS_RESET = '密码已被重置';
const server = useTestServer({ integrationApiKey: API_KEY });

const RUNS = Number(process.env.FUZZ_RUNS ?? (process.env.DATABASE_URL ? 10_000 : 3_000));
/** Requests of the wrongly-typed-field campaign (FUZZ_TYPED_RUNS), a fifth of the main one by default. */
const TYPED_RUNS = Number(process.env.FUZZ_TYPED_RUNS ?? Math.ceil(RUNS / 5));
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const ROLES = { leader: PHONES.liNa, salesperson: PHONES.zhangWei };
/** The admin console's routes (/seller/admin/…) are sent as the demo administrator: anyone else is refused before the body is read. */
const ADMINISTRATOR = { administrator: DEMO_ADMINISTRATOR.phone };
/** 陈静 is never sent as, but an administrator's request may deactivate her or reset her password: healed after each campaign. */
const WITNESS = { witness: PHONES.chenJing };
const SENDERS = { ...ROLES, ...ADMINISTRATOR };
const rolesOf = (route: DocumentedRoute): string[] => (route.path.startsWith('/seller/admin/') ? Object.keys(ADMINISTRATOR) : Object.keys(ROLES));

let routes: DocumentedRoute[];
let keeper: SessionKeeper;
let hints: Hints;

beforeAll(async () => {
  routes = await documentedRoutes(server.app);
  keeper = new SessionKeeper(server.app, server.db);
  await keeper.open({ ...SENDERS, ...WITNESS });
  const upload = multipartBody([{ name: 'file', filename: 'a.png', contentType: 'image/png', data: PNG_1X1 }]);
  const uploaded = await server.app.inject({
    method: 'POST',
    url: '/seller/upload/img',
    headers: { ...upload.headers, authorization: keeper.tokens.leader ?? '' },
    payload: upload.payload,
  });
  const key = (JSON.parse(uploaded.body) as { data: { url: string } }).data.url.split('/').pop() ?? '';
  const ids = async (query: ReturnType<typeof sql>) => (await rows<{ id: number }>(server.db, query)).map((row) => row.id);
  const customers = await ids(sql`select id from customers where site_id = 101 order by id limit 3`);
  const staffIds = await ids(sql`select id from staff where id in (select staff_id from positions where site_id = 101) order by id limit 4`);
  const qrTokens = (await rows<{ token: string }>(server.db, sql`select qr_token as token from customers where site_id = 101 order by id limit 2`)).map((row) => row.token);
  const weekly = await ids(sql`select id from reports order by id limit 2`);
  hints = {
    siteId: [101, 102, 201],
    id: [...customers, ...staffIds, ...weekly, ...(await ids(sql`select id from orders where site_id = 101 order by id limit 2`))],
    customerId: customers,
    staffId: staffIds,
    ownerId: [0, ...staffIds],
    qrToken: qrTokens,
    code: qrTokens.map((token) => customerQrPayload(token)),
    phone: [PHONES.liNa, PHONES.zhangWei, '13900000000'],
    key: [key],
    'x-api-key': [API_KEY],
    // A few keys that recur, so the campaign sends one key with many bodies (409) and replays.
    [IDEMPOTENCY_HEADER_NAME]: [randomUUID(), randomUUID(), randomUUID()],
  };
});

interface Failure {
  route: string;
  identity: string;
  attack: string;
  status: number;
  problems: string[];
  request: string;
}

const describeRequest = (request: FuzzRequest) =>
  `${request.method} ${request.url.slice(0, 300)} ${JSON.stringify(request.headers).slice(0, 300)} ${request.payload?.slice(0, 300) ?? ''}`;

it(`answers ${RUNS} hostile requests to every documented route without a 5xx or a leak`, async () => {
  console.log(`fuzz seed ${SEED} (FUZZ_SEED=${SEED} repeats it), ${RUNS} requests, ${routes.length} routes, database ${server.database.kind}`);
  const options = { hints, oversizedBytes: 1024 * 1024 + 16 };
  const byRoute = new Map(routes.map((route) => [routeName(route), requestFor(route, { ...options, roles: rolesOf(route) })] as const));
  const arbitrary = fc.constantFrom(...byRoute.keys()).chain((name) => (byRoute.get(name) as fc.Arbitrary<FuzzRequest>).map((request) => ({ name, request })));
  const failures: Failure[] = [];
  const statuses = new Map<number, number>();
  const sentTo = new Set<string>();
  let sent = 0;
  const started = performance.now();

  await fc.assert(
    fc.asyncProperty(arbitrary, async ({ name, request }) => {
      const headers = { ...request.headers };
      const authorization = authorizationFor(request.identity, keeper.tokens);
      if (authorization !== undefined) headers.authorization = authorization;
      const response = await server.app.inject({ method: request.method, url: request.url, headers, payload: request.payload, remoteAddress: uniqueIp() });
      sent += 1;
      sentTo.add(name);
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      const problems = responseProblems(response);
      if (problems.length > 0) {
        failures.push({ route: name, identity: request.identity, attack: request.attack, status: response.statusCode, problems, request: describeRequest(request) });
      }
      // A request may have ended the role's session (logout, a leader's password reset): start a new one.
      const ended = response.statusCode === 401 || (response.statusCode === 403 && response.body.includes(PASSWORD_WAS_RESET));
      if (request.identity in SENDERS && ended && !(await keeper.isAlive(request.identity))) {
        await keeper.heal(request.identity);
      }
    }),
    { numRuns: RUNS, seed: SEED },
  );

  const seconds = (performance.now() - started) / 1000;
  const histogram = [...statuses.entries()].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`).join(' ');
  console.log(`fuzz sent ${sent} requests to ${sentTo.size} routes in ${seconds.toFixed(1)} s: ${histogram}; ${failures.length} failed`);
  const distinct = new Map<string, Failure>();
  for (const failure of failures) {
    const key = `${failure.route} ${failure.problems[0] ?? ''}`.replace(/\d{3,}/g, 'N');
    if (!distinct.has(key)) distinct.set(key, failure);
  }
  for (const failure of distinct.values()) console.log(JSON.stringify(failure, null, 1));
  await keeper.healAll();
  expect(sent).toBe(RUNS);
  expect(sentTo.size).toBe(routes.length);
  expect([...distinct.keys()]).toEqual([]);
  // 10,000 requests take about a minute on an idle 2-core machine; a busy one may need several.
}, 900_000);

it(`refuses ${TYPED_RUNS} (at least 12 per route) wrongly typed body fields with a 400 naming the field, and writes nothing`, async () => {
  // The first campaign may have ended a role's session (a logout, a password reset): start again.
  await keeper.healAll();
  await watchWrites(server.db);
  await takeWrites(server.db);
  const byRoute = new Map<string, fc.Arbitrary<MistypedRequest>>();
  for (const route of routes) {
    const arbitrary = mistypedRequestFor(route, { roles: rolesOf(route), hints });
    if (arbitrary) byRoute.set(routeName(route), arbitrary);
  }
  // Every route is reached: routes are picked without fast-check's bias towards the first ones,
  // and at least 12 times the routes are sent (one route missed in 600 picks among 70 otherwise).
  const runs = Math.max(TYPED_RUNS, byRoute.size * 12);
  console.log(`typed fuzz seed ${SEED}, ${runs} requests, ${byRoute.size} routes with typed body fields`);
  const arbitrary = fc.noBias(fc.constantFrom(...byRoute.keys())).chain((name) => (byRoute.get(name) as fc.Arbitrary<MistypedRequest>).map((request) => ({ name, request })));
  const failures: Failure[] = [];
  const sentTo = new Set<string>();
  let sent = 0;

  await fc.assert(
    fc.asyncProperty(arbitrary, async ({ name, request }) => {
      const headers = { ...request.headers, authorization: authorizationFor(request.identity, keeper.tokens) ?? '' };
      const response = await server.app.inject({ method: request.method, url: request.url, headers, payload: request.payload, remoteAddress: uniqueIp() });
      sent += 1;
      sentTo.add(name);
      const problems = responseProblems(response);
      if (response.statusCode !== 400) problems.push(`answered ${response.statusCode}, not 400`);
      const label = FIELD_LABELS[request.field] ?? request.field;
      let msg: unknown;
      try {
        msg = (JSON.parse(response.body) as { msg?: unknown }).msg;
      } catch {
        msg = undefined;
      }
      if (typeof msg !== 'string' || !msg.includes(label)) problems.push(`msg ${JSON.stringify(msg)} does not name ${label}`);
      const written = await takeWrites(server.db);
      if (written.length > 0) problems.push(`wrote ${written.join(', ')}`);
      if (problems.length > 0) {
        failures.push({ route: name, identity: request.identity, attack: request.attack, status: response.statusCode, problems, request: describeRequest(request) });
        // A request that was not refused may have ended the session it carried.
        if (!(await keeper.isAlive(request.identity))) await keeper.heal(request.identity);
        await takeWrites(server.db);
      }
    }),
    { numRuns: runs, seed: SEED },
  );

  const distinct = new Map<string, Failure>();
  for (const failure of failures) {
    const key = `${failure.route} ${failure.attack} ${failure.problems[0] ?? ''}`.replace(/\d{3,}/g, 'N');
    if (!distinct.has(key)) distinct.set(key, failure);
  }
  for (const failure of distinct.values()) console.log(JSON.stringify(failure, null, 1));
  console.log(`typed fuzz sent ${sent} requests to ${sentTo.size} routes; ${failures.length} failed`);
  expect(sent).toBe(runs);
  expect(sentTo.size).toBe(byRoute.size);
  expect([...distinct.keys()]).toEqual([]);
}, 900_000);

it('refuses every wrong Idempotency-Key with the Chinese 400 and writes nothing; one key with changing bodies replays or answers 409, never a 500', async () => {
  const routesWithKey = idempotentRoutes(routes);
  expect(routesWithKey.length).toBeGreaterThanOrEqual(6);
  // 陈静 (site 102), whom the campaigns above never sent: her clock-in is still open today, so keys get first answers to replay.
  const authorization = (await login(server.app, PHONES.chenJing)).token;
  const upload = multipartBody([{ name: 'file', filename: 'a.png', contentType: 'image/png', data: PNG_1X1 }]);
  const send = (route: DocumentedRoute, key: string | string[], payload?: string) =>
    server.app.inject({
      method: route.method,
      url: route.path,
      headers: {
        platform: PLATFORM,
        version: APP_VERSION,
        authorization,
        [IDEMPOTENCY_HEADER_NAME]: key,
        ...(route.body ? { 'content-type': 'application/json' } : upload.headers),
      },
      payload: route.body ? (payload ?? '{}') : upload.payload,
      remoteAddress: uniqueIp(),
    });
  const bodyOf = (route: DocumentedRoute) => (route.body ? toJson(fc.sample(validValue(route.body, '', hints), { numRuns: 1, seed: SEED })[0] ?? null) : undefined);
  const problems: string[] = [];

  await watchWrites(server.db);
  await takeWrites(server.db);
  for (const route of routesWithKey) {
    for (const wrong of WRONG_KEYS) {
      const response = await send(route, wrong.value, bodyOf(route));
      const found = responseProblems(response);
      const msg = (JSON.parse(response.body) as { msg?: unknown }).msg;
      if (response.statusCode !== 400 || msg !== IDEMPOTENCY_MESSAGES.badKey) found.push(`answered ${response.statusCode} ${JSON.stringify(msg)}`);
      const written = await takeWrites(server.db);
      if (written.length > 0) found.push(`wrote ${written.join(', ')}`);
      for (const problem of found) problems.push(`${routeName(route)} key ${wrong.name}: ${problem}`);
    }
  }

  // One key per route, many schema-valid bodies: the first 200 is kept; the same body replays it, another never writes (409).
  const jsonRoutes = routesWithKey.filter((route) => route.body);
  const keys = new Map(jsonRoutes.map((route) => [routeName(route), randomUUID()] as const));
  const first = new Map<string, { body: string; data: unknown }>();
  const runs = Number(process.env.FUZZ_IDEMPOTENCY_RUNS ?? 300);
  const arbitrary = fc.constantFrom(...jsonRoutes).chain((route) =>
    fc.oneof(validValue(route.body ?? {}, '', hints).map((body) => ({ route, body: toJson(body) })), fc.constant({ route, body: null as string | null })),
  );
  await fc.assert(
    fc.asyncProperty(arbitrary, async ({ route, body }) => {
      const name = routeName(route);
      const kept = first.get(name);
      const payload = body ?? kept?.body ?? '{}';
      const response = await send(route, keys.get(name) ?? '', payload);
      const found = responseProblems(response).map((problem) => `${name}: ${problem}`);
      const answer = JSON.parse(response.body) as { msg?: unknown; data?: unknown };
      if (kept) {
        const same = canonicalJson(JSON.parse(payload)) === canonicalJson(JSON.parse(kept.body));
        if (same && (response.statusCode !== 200 || canonicalJson(answer.data) !== canonicalJson(kept.data))) found.push(`${name}: a repeat answered ${response.statusCode}, not the first answer`);
        // A changed body never writes: a 409, or refused earlier (its site is not the caller's: 403).
        const refused = response.statusCode === 409 ? answer.msg === IDEMPOTENCY_MESSAGES.bodyChanged : response.statusCode >= 400 && response.statusCode < 500;
        if (!same && !refused) found.push(`${name}: a changed body answered ${response.statusCode} ${JSON.stringify(answer.msg)}`);
      } else if (response.statusCode === 200) {
        first.set(name, { body: payload, data: answer.data });
      }
      problems.push(...found);
    }),
    { numRuns: runs, seed: SEED },
  );
  console.log(`idempotency fuzz: ${WRONG_KEYS.length} wrong keys on ${routesWithKey.length} routes, ${runs} keyed requests; first answers kept on ${[...first.keys()].join(', ')}`);
  expect([...new Set(problems)]).toEqual([]);
}, 300_000);

it('still logs in, lists and reports healthy after the fuzz', async () => {
  expect((await server.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  const { token } = await login(server.app, PHONES.chenJing);
  const list = await call<{ total: number }>(server.app, 'POST', '/seller/fenghe/staff/customer/list', { token, body: { siteId: 102 }, ip: uniqueIp() });
  expect(list.status).toBe(200);
  expect(list.body.data.total).toBeGreaterThan(0);
});
