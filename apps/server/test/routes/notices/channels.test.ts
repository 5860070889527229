/**
 * Notices that reach the phone (issue 18 §3): each channel against a local stand-in that checks
 * the request (企业微信 gettoken and message/send, a group robot webhook, a Web Push endpoint),
 * SMS through the console provider with its daily cap, the dispatcher's backoff and give-up,
 * two dispatchers sharing the queue (SKIP LOCKED), no secret in a log line or last_error, mutes,
 * and the 消息通知 settings and push subscription endpoints.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import { Writable } from 'node:stream';
import { and, eq, inArray, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import webpush from 'web-push';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { noticeDeliveries, notices, pushSubscriptions, smsOutbox, staff } from '../../../src/db/schema.js';
import { loadConfig, loadNoticeChannels, type NoticeChannelsConfig } from '../../../src/env.js';
import { NoticeDispatcher, backoffMs } from '../../../src/plugins/app/notices/delivery/dispatcher.js';
import { WecomAppChannel } from '../../../src/plugins/app/notices/delivery/wecom-app.js';
import { WecomApi } from '../../../src/plugins/app/host-apps/wecom-api.js';
import { WecomRobotChannel } from '../../../src/plugins/app/notices/delivery/wecom-robot.js';
import { WebPushChannel } from '../../../src/plugins/app/notices/delivery/web-push.js';
import { SmsNoticeChannel, startOfChinaDay } from '../../../src/plugins/app/notices/delivery/sms-channel.js';
import { createNotices, type NewNotice } from '../../../src/plugins/app/notices/notices-repository.js';
import { call, expectFailure, login, PHONES, useTestServer } from '../../helper.js';

interface Received {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

const CORP_SECRET = 'corp-secret-value-9f3a';
const ROBOT_KEY = 'robot-key-7c1e-secret';
const TOKEN = 'access-token-abc123-secret';
const VAPID = webpush.generateVAPIDKeys();

/** What the stand-in answers, per path; set by each test. */
let answers: Record<string, (request: Received) => { status: number; json?: unknown }> = {};
const received: Received[] = [];
let tokenCalls = 0;

const defaultAnswers = (): typeof answers => ({
  '/cgi-bin/gettoken': () => {
    tokenCalls += 1;
    return { status: 200, json: { errcode: 0, errmsg: 'ok', access_token: TOKEN, expires_in: 7200 } };
  },
  '/cgi-bin/message/send': (request) =>
    request.query.get('access_token') === TOKEN ? { status: 200, json: { errcode: 0, errmsg: 'ok', invaliduser: '' } } : { status: 200, json: { errcode: 40014, errmsg: 'invalid access_token' } },
  '/robot/send': (request) => (request.query.get('key') === ROBOT_KEY ? { status: 200, json: { errcode: 0, errmsg: 'ok' } } : { status: 200, json: { errcode: 93000, errmsg: 'invalid webhook url' } }),
  '/push/live': () => ({ status: 201 }),
  '/push/gone': () => ({ status: 410 }),
});

const standIn = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const entry: Received = { method: request.method ?? '', path: url.pathname, query: url.searchParams, headers: request.headers, body: Buffer.concat(chunks) };
    received.push(entry);
    const route = Object.keys(answers).find((path) => url.pathname.startsWith(path));
    const answer = route ? answers[route]?.(entry) : undefined;
    response.statusCode = answer?.status ?? 404;
    if (answer?.json !== undefined) {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(answer.json));
    } else response.end();
  });
});
await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
const address = standIn.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const ROBOT_URL = `${base}/robot/send?key=${ROBOT_KEY}`;

const channels: NoticeChannelsConfig = {
  wecom: { corpId: 'ww-corp-1', corpSecret: CORP_SECRET, agentId: 1000002, apiBase: base },
  wecomRobots: { 101: ROBOT_URL },
  sms: { dailyCap: 2 },
  webPush: { publicKey: VAPID.publicKey, privateKey: VAPID.privateKey, subject: 'mailto:ops@example.com' },
  publicUrl: 'https://sales.example.com/',
};
const server = useTestServer({ noticeChannels: channels, noticeDispatcher: false });

afterAll(async () => {
  await new Promise<void>((resolve) => standIn.close(() => resolve()));
});

beforeEach(async () => {
  received.length = 0;
  tokenCalls = 0;
  answers = defaultAnswers();
  // Earlier tests' queue does not leak into the next one's counts.
  await server.db.update(noticeDeliveries).set({ status: 'skipped' }).where(eq(noticeDeliveries.status, 'pending'));
});

let sequence = 0;
/** A notice of `kind` for the staff member with `phone`, with a key no other test uses. */
async function staffId(phone: string): Promise<number> {
  const [row] = await server.db.select({ id: staff.id }).from(staff).where(and(eq(staff.phone, phone), eq(staff.status, 'active')));
  if (!row) throw new Error(`no staff ${phone}`);
  return row.id;
}
function notice(id: number, kind: NewNotice['kind'], extra: Partial<NewNotice> = {}): NewNotice {
  sequence += 1;
  return { staffId: id, kind, dedupeKey: `test:${kind}:${sequence}`, title: `测试消息${sequence}`, body: '请查看', link: '/pages/my/index', siteId: 101, ...extra };
}
async function deliveriesOf(noticeIds: number[]) {
  return server.db.select().from(noticeDeliveries).where(inArray(noticeDeliveries.noticeId, noticeIds)).orderBy(noticeDeliveries.id);
}
/** A browser's subscription keys: a P-256 public key and a 16-byte auth secret, base64url. */
function browserKeys() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') };
}
function capturedLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const app = Fastify({ logger: { level: 'debug', stream } });
  return { log: app.log, lines };
}

describe('queueing: createNotices queues a delivery per applicable channel', () => {
  it('queues 企业微信 only for a linked user, SMS only for report-due and 催交, the robot once per site and event, Web Push only with a subscription', async () => {
    const zhang = await staffId(PHONES.zhangWei);
    const li = await staffId(PHONES.liNa);
    await server.db.update(staff).set({ wecomUserId: 'zhangwei' }).where(eq(staff.id, zhang));
    const due = `weeklyDue:test-${sequence + 1}`;
    const created = await server.db.transaction((tx) =>
      createNotices(tx, [notice(zhang, 'weeklyDue', { dedupeKey: due }), notice(li, 'weeklyDue', { dedupeKey: due }), notice(zhang, 'reportLike')]),
    );
    expect(created).toHaveLength(3);
    const rows = await deliveriesOf(created.map((row) => row.id));
    const summary = rows.map((row) => `${created.findIndex((n) => n.id === row.noticeId)}:${row.channel}`).sort();
    // 0 = 张伟 weeklyDue, 1 = 李娜 weeklyDue (no WeCom userid), 2 = 张伟 reportLike (not an SMS kind).
    expect(summary).toEqual(['0:sms', '0:wecom', '0:wecomRobot', '1:sms', '2:wecom']);
    expect(rows.every((row) => row.status === 'pending' && row.attempts === 0)).toBe(true);
    // The same event again creates nothing and queues nothing.
    expect(await createNotices(server.db, [notice(zhang, 'weeklyDue', { dedupeKey: due })])).toEqual([]);
  });
});

describe('企业微信 app messages', () => {
  it('gets a token with corpid and corpsecret, keeps it, and sends a text card to the userid with the agentid', async () => {
    const zhang = await staffId(PHONES.zhangWei);
    await server.db.update(staff).set({ wecomUserId: 'zhangwei' }).where(eq(staff.id, zhang));
    const created = await createNotices(server.db, [notice(zhang, 'reportComment', { link: '/pages/my/employeeReport?id=3' }), notice(zhang, 'reportLike')]);
    const report = await server.app.noticeDispatcher.tick();
    expect(report).toMatchObject({ claimed: 2, sent: 2 });
    const token = received.filter((request) => request.path === '/cgi-bin/gettoken');
    expect(token).toHaveLength(1);
    expect(token[0]?.method).toBe('GET');
    expect(token[0]?.query.get('corpid')).toBe('ww-corp-1');
    expect(token[0]?.query.get('corpsecret')).toBe(CORP_SECRET);
    const sends = received.filter((request) => request.path === '/cgi-bin/message/send');
    expect(sends).toHaveLength(2);
    expect(sends[0]?.method).toBe('POST');
    expect(sends[0]?.query.get('access_token')).toBe(TOKEN);
    expect(sends[0]?.headers['content-type']).toContain('application/json');
    const card = sends.map((request) => JSON.parse(request.body.toString()) as { textcard: { title: string } }).find((body) => body.textcard.title === created[0]?.title);
    expect(card).toEqual({
      touser: 'zhangwei',
      agentid: 1000002,
      enable_duplicate_check: 1,
      duplicate_check_interval: 1800,
      msgtype: 'textcard',
      textcard: { title: created[0]?.title, description: '请查看', url: 'https://sales.example.com/#/pages/my/employeeReport?id=3', btntxt: '查看' },
    });
    expect((await deliveriesOf(created.map((row) => row.id))).map((row) => [row.status, row.attempts, row.sentAt !== null])).toEqual([
      ['sent', 1, true],
      ['sent', 1, true],
    ]);
  });

  it('fetches a new token once when WeCom calls the cached one expired', async () => {
    const api = new WecomApi(channels.wecom ?? (undefined as never));
    const channel = new WecomAppChannel(api, undefined);
    await api.accessToken();
    let expiredOnce = false;
    answers['/cgi-bin/message/send'] = () => {
      if (!expiredOnce) {
        expiredOnce = true;
        return { status: 200, json: { errcode: 42001, errmsg: 'access_token expired' } };
      }
      return { status: 200, json: { errcode: 0, errmsg: 'ok' } };
    };
    const job = {
      deliveryId: 0,
      channel: 'wecom' as const,
      attempt: 1,
      notice: { id: 0, kind: 'reportLike' as const, dedupeKey: 'x', title: '标题', body: '正文', link: '/pages/my/index', siteId: null },
      recipient: { staffId: 0, name: '张伟', phone: PHONES.zhangWei, wecomUserId: 'zhangwei', dingtalkUserId: null },
    };
    expect(await channel.send(server.db, job)).toEqual({ status: 'sent' });
    expect(tokenCalls).toBe(2);
    // Without PUBLIC_URL the message is text.
    expect(JSON.parse(received.at(-1)?.body.toString() ?? '{}')).toMatchObject({ msgtype: 'text', text: { content: '标题\n正文' } });
  });
});

describe('企业微信 group robot', () => {
  it('posts one message per site and event to the site’s webhook, naming and @-mentioning the members by phone', async () => {
    const zhang = await staffId(PHONES.zhangWei);
    const li = await staffId(PHONES.liNa);
    const key = `halfMonthDue:robot-${sequence}`;
    await createNotices(server.db, [notice(zhang, 'halfMonthDue', { dedupeKey: key, title: '半月报待提交' }), notice(li, 'halfMonthDue', { dedupeKey: key, title: '半月报待提交' })]);
    await server.app.noticeDispatcher.tick();
    const posts = received.filter((request) => request.path === '/robot/send');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.method).toBe('POST');
    expect(posts[0]?.query.get('key')).toBe(ROBOT_KEY);
    const body = JSON.parse(posts[0]?.body.toString() ?? '{}') as { msgtype: string; text: { content: string; mentioned_mobile_list: string[] } };
    expect(body.msgtype).toBe('text');
    expect(body.text.content).toContain('半月报待提交');
    expect(body.text.mentioned_mobile_list.sort()).toEqual([PHONES.zhangWei, PHONES.liNa].sort());
  });

  it('skips a site without a robot', async () => {
    const robot = new WecomRobotChannel({ 101: ROBOT_URL });
    const job = {
      deliveryId: 0,
      channel: 'wecomRobot' as const,
      attempt: 1,
      notice: { id: 0, kind: 'weeklyDue' as const, dedupeKey: 'x', title: 't', body: 'b', link: '/', siteId: 102 },
      recipient: { staffId: 0, name: '', phone: '', wecomUserId: null, dingtalkUserId: null },
    };
    expect(await robot.send(server.db, job)).toMatchObject({ status: 'skipped' });
  });
});

describe('SMS', () => {
  it('sends report-due and 催交 notices through the SMS provider, at most the daily cap per user', async () => {
    const chen = await staffId(PHONES.chenJing);
    const before = await server.db.select().from(smsOutbox).where(and(eq(smsOutbox.phone, PHONES.chenJing), eq(smsOutbox.scene, 'notice')));
    const created = await createNotices(server.db, [notice(chen, 'reportRemind', { siteId: 102 }), notice(chen, 'reportRemind', { siteId: 102 }), notice(chen, 'weeklyDue', { siteId: 102 })]);
    await server.app.noticeDispatcher.tick();
    const rows = await deliveriesOf(created.map((row) => row.id));
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sent', 'skipped']);
    expect(rows[2]?.lastError).toBe('已达每日短信上限（2条）');
    const after = await server.db.select().from(smsOutbox).where(and(eq(smsOutbox.phone, PHONES.chenJing), eq(smsOutbox.scene, 'notice')));
    expect(after.length - before.length).toBe(2);
    // A notice carries no code: the development outbox never offers it as one.
    expect(after.every((row) => row.code === null && row.content.startsWith('【销售助手】'))).toBe(true);
  });

  it('holds the cap when instances send the same user’s SMS at once, and a failed send gives its place back', async () => {
    const zhang = await staffId(PHONES.zhangWei);
    const today = await server.db
      .select({ id: noticeDeliveries.id })
      .from(noticeDeliveries)
      .innerJoin(notices, eq(notices.id, noticeDeliveries.noticeId))
      .where(and(eq(notices.staffId, zhang), eq(noticeDeliveries.channel, 'sms'), eq(noticeDeliveries.status, 'sent'), sql`${noticeDeliveries.sentAt} >= ${startOfChinaDay(new Date()).toISOString()}::timestamptz`));
    const cap = today.length + 2;
    const created = await createNotices(server.db, [1, 2, 3, 4].map(() => notice(zhang, 'reportRemind', { siteId: 101 })));
    const deliveries = await server.db
      .select({ id: noticeDeliveries.id, noticeId: noticeDeliveries.noticeId })
      .from(noticeDeliveries)
      .where(and(inArray(noticeDeliveries.noticeId, created.map((row) => row.id)), eq(noticeDeliveries.channel, 'sms')))
      .orderBy(noticeDeliveries.id);
    expect(deliveries).toHaveLength(4);
    const job = (index: number) => {
      const delivery = deliveries[index];
      const made = created.find((row) => row.id === delivery?.noticeId);
      if (!delivery || !made) throw new Error('no delivery');
      return {
        deliveryId: delivery.id,
        channel: 'sms' as const,
        attempt: 1,
        notice: { id: made.id, kind: 'reportRemind' as const, dedupeKey: made.dedupeKey, title: made.title, body: made.body, link: made.link, siteId: 101 },
        recipient: { staffId: zhang, name: '张伟', phone: PHONES.zhangWei, wecomUserId: null, dingtalkUserId: null },
      };
    };
    // Each "instance" records its send as the dispatcher does, after the provider answered.
    const sentTo: number[] = [];
    let failNext = true;
    const provider = {
      name: 'test',
      async send() {
        await new Promise((resolve) => setImmediate(resolve));
        if (failNext) {
          failNext = false;
          throw new Error('provider down');
        }
      },
    };
    const deliver = async (index: number) => {
      const channel = new SmsNoticeChannel(provider, cap);
      const { deliveryId } = job(index);
      try {
        const result = await channel.send(server.db, job(index));
        if (result.status === 'sent') {
          sentTo.push(deliveryId);
          await server.db.update(noticeDeliveries).set({ status: 'sent', sentAt: sql`now()` }).where(eq(noticeDeliveries.id, deliveryId));
        }
        return result.status;
      } catch {
        return 'retried';
      }
    };
    // The first send fails and gives its place back; three more at once: two fit under the cap.
    expect(await deliver(0)).toBe('retried');
    const [pending] = await server.db.select({ sentAt: noticeDeliveries.sentAt }).from(noticeDeliveries).where(eq(noticeDeliveries.id, job(0).deliveryId));
    expect(pending?.sentAt).toBeNull();
    const outcomes = await Promise.all([1, 2, 3].map(deliver));
    expect(outcomes.filter((status) => status === 'sent')).toHaveLength(2);
    expect(outcomes.filter((status) => status === 'skipped')).toHaveLength(1);
    expect(sentTo).toHaveLength(2);
    // The retry of the failed one finds the cap reached.
    expect(await deliver(0)).toBe('skipped');
  });
});

describe('Web Push', () => {
  it('sends the encrypted payload with TTL and a VAPID Authorization to every subscription, and deletes one the push service calls gone', async () => {
    const liu = await staffId(PHONES.liuYang);
    const live = browserKeys();
    const gone = browserKeys();
    const liveEndpoint = `${base}/push/live/${sequence}`;
    await server.db.insert(pushSubscriptions).values([
      { staffId: liu, endpoint: liveEndpoint, ...live },
      { staffId: liu, endpoint: `${base}/push/gone/${sequence}`, ...gone },
    ]);
    const created = await createNotices(server.db, [notice(liu, 'customerAssigned', { siteId: 201 })]);
    await server.app.noticeDispatcher.tick();
    const pushes = received.filter((request) => request.path.startsWith('/push/'));
    expect(pushes).toHaveLength(2);
    for (const push of pushes) {
      expect(push.method).toBe('POST');
      expect(push.headers.ttl).toBe('86400');
      expect(push.headers['content-encoding']).toBe('aes128gcm');
      expect(push.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${VAPID.publicKey}$`));
      // Encrypted: the title is not in the body.
      expect(push.body.length).toBeGreaterThan(0);
      expect(push.body.toString()).not.toContain(created[0]?.title ?? '?');
    }
    const left = await server.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.staffId, liu));
    expect(left.map((row) => row.endpoint)).toEqual([liveEndpoint]);
    expect((await deliveriesOf(created.map((row) => row.id)))[0]).toMatchObject({ channel: 'webPush', status: 'sent' });
  });

  it('skips when every subscription is gone, and retries when the push service fails', async () => {
    const channel = new WebPushChannel(channels.webPush ?? (undefined as never));
    const liu = await staffId(PHONES.liuYang);
    await server.db.delete(pushSubscriptions).where(eq(pushSubscriptions.staffId, liu));
    await server.db.insert(pushSubscriptions).values({ staffId: liu, endpoint: `${base}/push/busy/1`, ...browserKeys() });
    answers['/push/busy'] = () => ({ status: 503 });
    const job = {
      deliveryId: 0,
      channel: 'webPush' as const,
      attempt: 1,
      notice: { id: 1, kind: 'reportLike' as const, dedupeKey: 'x', title: 't', body: 'b', link: '/', siteId: null },
      recipient: { staffId: liu, name: '', phone: '', wecomUserId: null, dingtalkUserId: null },
    };
    await expect(channel.send(server.db, job)).rejects.toMatchObject({ retry: true, message: 'Web Push: push service HTTP 503' });
    answers['/push/busy'] = () => ({ status: 404 });
    expect(await channel.send(server.db, job)).toMatchObject({ status: 'skipped' });
    expect(await server.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.staffId, liu))).toEqual([]);
  });
});

describe('the dispatcher', () => {
  it('retries a failure with exponential backoff, then gives up as failed, logging no secret', async () => {
    const zhang = await staffId(PHONES.zhangWei);
    await server.db.update(staff).set({ wecomUserId: 'zhangwei' }).where(eq(staff.id, zhang));
    answers['/cgi-bin/message/send'] = () => ({ status: 502 });
    answers['/robot/send'] = () => ({ status: 200, json: { errcode: 45009, errmsg: `api freq out of limit, key ${ROBOT_KEY}` } });
    const liu = await staffId(PHONES.liuYang);
    const keys = browserKeys();
    await server.db.insert(pushSubscriptions).values({ staffId: liu, endpoint: `${base}/push/down/${sequence}`, ...keys });
    answers['/push/down'] = () => ({ status: 500 });
    const { log, lines } = capturedLog();
    const wecom = new WecomAppChannel(new WecomApi(channels.wecom ?? (undefined as never)), channels.publicUrl);
    const dispatcher = new NoticeDispatcher(server.db, [wecom, new WecomRobotChannel(channels.wecomRobots), new WebPushChannel(channels.webPush ?? (undefined as never))], log, {
      maxAttempts: 3,
      baseDelayMs: 1_000,
      maxDelayMs: 60_000,
      secrets: [CORP_SECRET, VAPID.privateKey, ROBOT_URL],
    });
    const created = await createNotices(server.db, [
      notice(zhang, 'reportLike'),
      notice(zhang, 'weeklyDue', { dedupeKey: `weeklyDue:backoff-${sequence}` }),
      notice(liu, 'targetChanged', { siteId: 201 }),
    ]);
    const ids = created.map((row) => row.id);
    // SMS is not under test here.
    await server.db.update(noticeDeliveries).set({ status: 'skipped' }).where(and(inArray(noticeDeliveries.noticeId, ids), eq(noticeDeliveries.channel, 'sms')));
    const watched = (await deliveriesOf(ids)).filter((row) => row.status === 'pending');
    expect(watched.map((row) => row.channel).sort()).toEqual(['webPush', 'wecom', 'wecom', 'wecomRobot']);

    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const started = Date.now();
      const report = await dispatcher.tick();
      expect(report.claimed).toBe(4);
      const rows = await deliveriesOf(ids);
      for (const row of rows.filter((r) => watched.some((w) => w.id === r.id))) {
        expect(row.attempts).toBe(attempt);
        if (attempt < 3) {
          expect(row.status).toBe('pending');
          const wait = row.nextAttemptAt.getTime() - started;
          // 1 s, then 2 s (allowing for the clocks of the database and this process).
          expect(wait).toBeGreaterThan(backoffMs(attempt, { baseDelayMs: 1_000, maxDelayMs: 60_000 }) - 1_500);
          expect(wait).toBeLessThan(backoffMs(attempt, { baseDelayMs: 1_000, maxDelayMs: 60_000 }) + 1_500);
        } else expect(row.status).toBe('failed');
        expect(row.lastError).toBeTruthy();
      }
      // Not due yet: nothing is claimed before the backoff is over.
      expect((await dispatcher.tick()).claimed).toBe(0);
      await server.db.update(noticeDeliveries).set({ nextAttemptAt: sql`now()` }).where(inArray(noticeDeliveries.noticeId, ids));
    }
    const rows = await deliveriesOf(ids);
    const text = `${lines.join('\n')}\n${rows.map((row) => row.lastError).join('\n')}`;
    expect(lines.some((line) => line.includes('notice delivery failed; will retry'))).toBe(true);
    expect(lines.some((line) => line.includes('giving up'))).toBe(true);
    for (const secret of [CORP_SECRET, TOKEN, ROBOT_KEY, VAPID.privateKey, keys.auth, keys.p256dh, `${base}/push/down`]) expect(text).not.toContain(secret);
  });

  it('shares the queue between two dispatchers: every delivery is sent exactly once (FOR UPDATE SKIP LOCKED)', async () => {
    const zhang = await staffId(PHONES.zhangWei);
    await server.db.update(staff).set({ wecomUserId: 'zhangwei' }).where(eq(staff.id, zhang));
    let inFlight = 0;
    answers['/cgi-bin/message/send'] = () => {
      inFlight += 1;
      return { status: 200, json: { errcode: 0, errmsg: 'ok' } };
    };
    const created = await createNotices(
      server.db,
      Array.from({ length: 30 }, () => notice(zhang, 'reportLike')),
    );
    const { log } = capturedLog();
    const make = () => new NoticeDispatcher(server.db, [new WecomAppChannel(new WecomApi(channels.wecom ?? (undefined as never)), undefined)], log, { batchSize: 4 });
    const drain = async (dispatcher: NoticeDispatcher) => {
      let claimed = 0;
      for (;;) {
        const report = await dispatcher.tick();
        if (report.claimed === 0) return claimed;
        claimed += report.claimed;
      }
    };
    const [a, b] = await Promise.all([drain(make()), drain(make())]);
    expect(a + b).toBe(30);
    expect(inFlight).toBe(30);
    const contents = received.filter((request) => request.path === '/cgi-bin/message/send').map((request) => (JSON.parse(request.body.toString()) as { text: { content: string } }).text.content);
    expect(new Set(contents).size).toBe(30);
    const rows = await deliveriesOf(created.map((row) => row.id));
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });

  it('started with the app, sends soon after the notice is created, without holding up the request', async () => {
    const zhang = await staffId(PHONES.zhangWei);
    await server.db.update(staff).set({ wecomUserId: 'zhangwei' }).where(eq(staff.id, zhang));
    server.app.noticeDispatcher.start();
    try {
      const [created] = await createNotices(server.db, [notice(zhang, 'targetChanged')]);
      await expect.poll(async () => (await deliveriesOf([created?.id ?? 0]))[0]?.status, { timeout: 5_000, interval: 100 }).toBe('sent');
    } finally {
      await server.app.noticeDispatcher.stop();
    }
  });
});

describe('设置 → 消息通知', () => {
  it('lists every kind with its switch and the channels that reach the caller', async () => {
    const { token } = await login(server.app, PHONES.zhangWei);
    const settings = await call<{ kinds: { kind: string; name: string; enabled: boolean }[]; channels: Record<string, Record<string, unknown>> }>(server.app, 'POST', '/seller/notice/settings', { token });
    expect(settings.status).toBe(200);
    expect(settings.body.data.kinds.find((kind) => kind.kind === 'reportRemind')).toEqual({ kind: 'reportRemind', name: '催交提醒', enabled: true });
    expect(settings.body.data.channels).toMatchObject({
      wecom: { configured: true, linked: true },
      wecomRobot: { configured: true },
      sms: { configured: true, kinds: ['weeklyDue', 'halfMonthDue', 'reportRemind'], dailyCap: 2 },
      webPush: { configured: true, publicKey: VAPID.publicKey },
    });
  });

  it('turns a kind off: no notice, no delivery; on again: delivered', async () => {
    const { token } = await login(server.app, PHONES.chenJing);
    const chen = await staffId(PHONES.chenJing);
    const off = await call<{ kinds: { kind: string; enabled: boolean }[] }>(server.app, 'POST', '/seller/notice/settings/update', { token, body: { noticeKind: 'reportRemind', enabled: false } });
    expect(off.status).toBe(200);
    expect(off.body.data.kinds.find((kind) => kind.kind === 'reportRemind')?.enabled).toBe(false);
    // Twice is the same.
    expect((await call(server.app, 'POST', '/seller/notice/settings/update', { token, body: { noticeKind: 'reportRemind', enabled: false } })).status).toBe(200);
    expect(await createNotices(server.db, [notice(chen, 'reportRemind', { siteId: 102 })])).toEqual([]);
    const on = await call<{ kinds: { kind: string; enabled: boolean }[] }>(server.app, 'POST', '/seller/notice/settings/update', { token, body: { noticeKind: 'reportRemind', enabled: true } });
    expect(on.body.data.kinds.find((kind) => kind.kind === 'reportRemind')?.enabled).toBe(true);
    const created = await createNotices(server.db, [notice(chen, 'reportRemind', { siteId: 102 })]);
    expect(created).toHaveLength(1);
    expect((await deliveriesOf(created.map((row) => row.id))).map((row) => row.channel)).toEqual(['sms']);
  });

  it('refuses an unknown kind, a value of the wrong type and no session, changing nothing', async () => {
    const { token } = await login(server.app, PHONES.liNa);
    expectFailure(await call(server.app, 'POST', '/seller/notice/settings/update', { token, body: { noticeKind: 'spam', enabled: false } }), 400, '消息类型格式不正确');
    expectFailure(await call(server.app, 'POST', '/seller/notice/settings/update', { token, body: { noticeKind: 'reportLike', enabled: 'false' } }), 400, '通知开关格式不正确');
    expectFailure(await call(server.app, 'POST', '/seller/notice/settings/update', { token, body: { enabled: false } }), 400, '请填写消息类型');
    expectFailure(await call(server.app, 'POST', '/seller/notice/settings/update', { body: { noticeKind: 'reportLike', enabled: false } }), 401);
    const settings = await call<{ kinds: { enabled: boolean }[] }>(server.app, 'POST', '/seller/notice/settings', { token });
    expect(settings.body.data.kinds.every((kind) => kind.enabled)).toBe(true);
  });
});

describe('Web Push subscriptions', () => {
  const fcm = (id: string) => `https://fcm.googleapis.com/fcm/send/${id}`;

  it('gives the VAPID public key, subscribes a browser and unsubscribes it', async () => {
    const { token } = await login(server.app, PHONES.wangQiang);
    const key = await call<{ publicKey: string | null }>(server.app, 'GET', '/seller/notice/push/key', { token });
    expect(key.body.data).toEqual({ publicKey: VAPID.publicKey });
    const subscription = { endpoint: fcm('wang-1'), expirationTime: null, keys: browserKeys() };
    expect((await call(server.app, 'POST', '/seller/notice/push/subscribe', { token, body: subscription })).status).toBe(200);
    // The same browser again is one subscription.
    expect((await call(server.app, 'POST', '/seller/notice/push/subscribe', { token, body: subscription })).status).toBe(200);
    const wang = await staffId(PHONES.wangQiang);
    expect(await server.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.staffId, wang))).toEqual([{ endpoint: fcm('wang-1') }]);
    const settings = await call<{ channels: { webPush: { subscriptions: number } } }>(server.app, 'POST', '/seller/notice/settings', { token });
    expect(settings.body.data.channels.webPush.subscriptions).toBe(1);
    expect((await call(server.app, 'POST', '/seller/notice/push/unsubscribe', { token, body: { endpoint: fcm('wang-1') } })).status).toBe(200);
    expect(await server.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.staffId, wang))).toEqual([]);
  });

  it('refuses an address that is not a push service, a bad key and another user’s subscription', async () => {
    const { token } = await login(server.app, PHONES.liuYang);
    const keys = browserKeys();
    expectFailure(await call(server.app, 'POST', '/seller/notice/push/subscribe', { token, body: { endpoint: 'https://evil.example.com/collect', keys } }), 400, '推送地址不是受支持的推送服务');
    expectFailure(await call(server.app, 'POST', '/seller/notice/push/subscribe', { token, body: { endpoint: 'http://fcm.googleapis.com/fcm/send/x', keys } }), 400, '推送地址格式不正确');
    expectFailure(await call(server.app, 'POST', '/seller/notice/push/subscribe', { token, body: { endpoint: fcm('liu-x'), keys: { p256dh: 'not base64!', auth: keys.auth } } }), 400, '推送密钥格式不正确');
    expectFailure(await call(server.app, 'POST', '/seller/notice/push/subscribe', { token, body: { endpoint: fcm('liu-x') } }), 400, '请填写推送密钥');

    expect((await call(server.app, 'POST', '/seller/notice/push/subscribe', { token, body: { endpoint: fcm('liu-1'), keys } })).status).toBe(200);
    const other = await login(server.app, PHONES.chenJing);
    expectFailure(await call(server.app, 'POST', '/seller/notice/push/unsubscribe', { token: other.token, body: { endpoint: fcm('liu-1') } }), 404, '推送订阅不存在');
    expect(await server.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, fcm('liu-1')))).toHaveLength(1);
    for (const [method, url] of [
      ['POST', '/seller/notice/settings'],
      ['GET', '/seller/notice/push/key'],
      ['POST', '/seller/notice/push/unsubscribe'],
    ] as const) {
      expectFailure(await call(server.app, method, url, method === 'POST' ? { body: { endpoint: fcm('liu-1') } } : {}), 401);
    }
  });

  it('moves a browser’s subscription to whoever signs in on it next', async () => {
    const first = await login(server.app, PHONES.zhangWei);
    const second = await login(server.app, PHONES.liNa);
    const subscription = { endpoint: fcm('shared-phone'), keys: browserKeys() };
    await call(server.app, 'POST', '/seller/notice/push/subscribe', { token: first.token, body: subscription });
    await call(server.app, 'POST', '/seller/notice/push/subscribe', { token: second.token, body: subscription });
    const [row] = await server.db.select({ staffId: pushSubscriptions.staffId }).from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, fcm('shared-phone')));
    expect(row?.staffId).toBe(await staffId(PHONES.liNa));
  });
});

describe('notices stay in the app when no channel is configured', () => {
  it('queues nothing', async () => {
    const { configureOutbox, outboxChannels } = await import('../../../src/plugins/app/notices/delivery/outbox.js');
    const saved = outboxChannels();
    configureOutbox(undefined);
    try {
      const zhang = await staffId(PHONES.zhangWei);
      const created = await createNotices(server.db, [notice(zhang, 'weeklyDue')]);
      expect(await server.db.select().from(noticeDeliveries).where(eq(noticeDeliveries.noticeId, created[0]?.id ?? 0))).toEqual([]);
      expect(await server.db.select().from(notices).where(eq(notices.id, created[0]?.id ?? 0))).toHaveLength(1);
    } finally {
      configureOutbox(saved);
    }
  });
});

describe('channel settings at start', () => {
  it('leaves every channel off by default, and the dispatcher off in tests', () => {
    expect(loadNoticeChannels({})).toEqual({ wecom: undefined, wecomRobots: {}, sms: undefined, webPush: undefined, publicUrl: undefined });
    expect(loadConfig({ NODE_ENV: 'test' }).noticeDispatcher).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).noticeDispatcher).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', NOTICE_DISPATCHER: 'false' }).noticeDispatcher).toBe(false);
  });

  it('refuses a half-configured channel, naming what is missing and never echoing a webhook key', () => {
    expect(() => loadNoticeChannels({ WECOM_CORP_ID: 'ww1' })).toThrow('企业微信 app messages need WECOM_CORP_SECRET, WECOM_AGENT_ID');
    expect(() => loadNoticeChannels({ WECOM_CORP_ID: 'ww1', WECOM_CORP_SECRET: 's', WECOM_AGENT_ID: 'abc' })).toThrow(/WECOM_AGENT_ID/);
    expect(() => loadNoticeChannels({ VAPID_PUBLIC_KEY: 'k' })).toThrow('Web Push needs VAPID_PRIVATE_KEY, VAPID_SUBJECT');
    expect(() => loadNoticeChannels({ VAPID_PUBLIC_KEY: 'k', VAPID_PRIVATE_KEY: 'p', VAPID_SUBJECT: 'ops@example.com' })).toThrow(/mailto:/);
    expect(() => loadNoticeChannels({ NOTICE_SMS: 'true', SMS_PROVIDER: 'aliyun' })).toThrow(/ALIYUN_SMS_NOTICE_TEMPLATE/);
    expect(() => loadNoticeChannels({ NOTICE_SMS: 'yes' })).toThrow(/NOTICE_SMS must be true or false/);
    expect(() => loadNoticeChannels({ NOTICE_SMS: 'true', NOTICE_SMS_DAILY_CAP: '0' })).toThrow(/NOTICE_SMS_DAILY_CAP/);
    expect(() => loadNoticeChannels({ WECOM_ROBOT_WEBHOOKS: '{"101":' })).toThrow(/must be JSON/);
    let message = '';
    try {
      loadNoticeChannels({ WECOM_ROBOT_WEBHOOKS: JSON.stringify({ abc: `ftp://x/?key=${ROBOT_KEY}` }) });
    } catch (error) {
      message = error instanceof Error ? error.message : '';
    }
    expect(message).toContain('site "abc"');
    expect(message).not.toContain(ROBOT_KEY);
  });

  it('reads a full configuration', () => {
    const loaded = loadNoticeChannels({
      WECOM_CORP_ID: 'ww1',
      WECOM_CORP_SECRET: 'secret',
      WECOM_AGENT_ID: '1000002',
      WECOM_ROBOT_WEBHOOKS: JSON.stringify({ 101: ROBOT_URL }),
      NOTICE_SMS: 'true',
      VAPID_PUBLIC_KEY: VAPID.publicKey,
      VAPID_PRIVATE_KEY: VAPID.privateKey,
      VAPID_SUBJECT: 'mailto:ops@example.com',
      PUBLIC_URL: 'https://sales.example.com',
    });
    expect(loaded).toEqual({
      wecom: {
        corpId: 'ww1',
        corpSecret: 'secret',
        agentId: 1000002,
        apiBase: 'https://qyapi.weixin.qq.com',
        oauthBase: 'https://open.weixin.qq.com',
        ssoBase: 'https://login.work.weixin.qq.com',
      },
      wecomRobots: { 101: ROBOT_URL },
      sms: { dailyCap: 3 },
      webPush: { publicKey: VAPID.publicKey, privateKey: VAPID.privateKey, subject: 'mailto:ops@example.com' },
      publicUrl: 'https://sales.example.com/',
    });
  });
});
