/**
 * 钉钉 work notices (issue 28 §4) against the DingTalk stand-in, which checks the token and the
 * asyncsend_v2 body: queued only for people with a DingTalk userid, sent as an OA message that
 * opens the notice (text without PUBLIC_URL), retried with backoff when DingTalk fails and given
 * up when it refuses the person, skipped without a userid, muted kinds never sent, the
 * 消息通知 settings showing the channel, and no secret or token in a log line or last_error.
 */
import { Writable } from 'node:stream';
import { and, eq, inArray, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { noticeDeliveries, staff } from '../../../src/db/schema.js';
import type { DingtalkAppConfig, NoticeChannelsConfig } from '../../../src/env.js';
import { DingtalkApi } from '../../../src/plugins/app/host-apps/dingtalk-api.js';
import { DingtalkWorkNoticeChannel } from '../../../src/plugins/app/notices/delivery/dingtalk-work-notice.js';
import { NoticeDispatcher } from '../../../src/plugins/app/notices/delivery/dispatcher.js';
import { createNotices, type NewNotice } from '../../../src/plugins/app/notices/notices-repository.js';
import { HostStandIn } from '../../support/host-stand-in.js';
import { installJsapi } from '../../support/stand-in-jsapi.js';
import { call, login, PHONES, useTestServer } from '../../helper.js';

const APP_SECRET = 'dingtalk-notice-secret-31f7';
const AGENT_ID = 4000007;
const dingtalkStandIn = await new HostStandIn('dingtalk', { id: 'ding-notice-key', secret: APP_SECRET }).start();
const wecomStandIn = await new HostStandIn('wecom', { id: 'unused', secret: 'unused' }).start();
const stand = installJsapi(wecomStandIn, dingtalkStandIn, { dingtalkAgentId: AGENT_ID });

const dingtalk: DingtalkAppConfig = { appKey: 'ding-notice-key', appSecret: APP_SECRET, agentId: AGENT_ID, corpId: 'ding-corp', apiBase: dingtalkStandIn.url, newApiBase: dingtalkStandIn.url };
const noticeChannels: NoticeChannelsConfig = { wecom: undefined, wecomRobots: {}, sms: undefined, webPush: undefined, publicUrl: 'https://sales.example.com/' };
const server = useTestServer({ hostApps: { wecom: undefined, dingtalk }, noticeChannels, noticeDispatcher: false });

afterAll(async () => {
  await dingtalkStandIn.close();
  await wecomStandIn.close();
});

beforeEach(async () => {
  stand.workNotices.length = 0;
  stand.failWorkNotices(0);
  dingtalkStandIn.problems.length = 0;
  await server.db.update(noticeDeliveries).set({ status: 'skipped' }).where(eq(noticeDeliveries.status, 'pending'));
});

let sequence = 0;
async function staffId(phone: string): Promise<number> {
  const [row] = await server.db.select({ id: staff.id }).from(staff).where(and(eq(staff.phone, phone), eq(staff.status, 'active')));
  if (!row) throw new Error(`no staff ${phone}`);
  return row.id;
}
function notice(id: number, kind: NewNotice['kind'], extra: Partial<NewNotice> = {}): NewNotice {
  sequence += 1;
  return { staffId: id, kind, dedupeKey: `ding:${kind}:${sequence}`, title: `钉钉测试${sequence}`, body: '请查看周报', link: '/pages/report/detail?id=7', siteId: 101, ...extra };
}
async function deliveriesOf(noticeIds: number[]) {
  return server.db.select().from(noticeDeliveries).where(inArray(noticeDeliveries.noticeId, noticeIds)).orderBy(noticeDeliveries.id);
}
function capturedLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { log: Fastify({ logger: { level: 'debug', stream } }).log, lines };
}
const job = (dingtalkUserId: string | null) => ({
  deliveryId: 0,
  channel: 'dingtalk' as const,
  attempt: 1,
  notice: { id: 0, kind: 'reportLike' as const, dedupeKey: 'x', title: '收到点赞', body: '王芳 赞了你的周报', link: '/pages/report/detail?id=3', siteId: null },
  recipient: { staffId: 0, name: '张伟', phone: PHONES.zhangWei, wecomUserId: null, dingtalkUserId },
});

describe('钉钉 work notices', () => {
  it('queues only for a person with a DingTalk userid, and sends an OA message to that userid with the app’s agent_id', async () => {
    const zhang = await staffId(PHONES.zhangWei);
    const li = await staffId(PHONES.liNa);
    await server.db.update(staff).set({ dingtalkUserId: 'ding-zhangwei' }).where(eq(staff.id, zhang));
    await server.db.update(staff).set({ dingtalkUserId: null }).where(eq(staff.id, li));
    const created = await server.db.transaction((tx) => createNotices(tx, [notice(zhang, 'reportLike'), notice(li, 'reportLike')]));
    const rows = await deliveriesOf(created.map((row) => row.id));
    expect(rows.map((row) => [row.noticeId, row.channel])).toEqual([[created[0]?.id, 'dingtalk']]);

    const report = await server.app.noticeDispatcher.tick();
    expect(report).toMatchObject({ claimed: 1, sent: 1 });
    expect(stand.workNotices).toEqual([
      {
        agentId: AGENT_ID,
        userIds: ['ding-zhangwei'],
        msg: {
          msgtype: 'oa',
          oa: {
            message_url: 'https://sales.example.com/#/pages/report/detail?id=7',
            pc_message_url: 'https://sales.example.com/#/pages/report/detail?id=7',
            head: { bgcolor: 'FF1677FF', text: '销售助手' },
            body: { title: `钉钉测试${sequence - 1}`, content: '请查看周报' },
          },
        },
      },
    ]);
    expect((await deliveriesOf(created.map((row) => row.id)))[0]).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(dingtalkStandIn.problems).toEqual([]);
  });

  it('sends text without PUBLIC_URL, and clips a long notice', async () => {
    const channel = new DingtalkWorkNoticeChannel(new DingtalkApi(dingtalk), undefined);
    expect(await channel.send(server.db, job('ding-1'))).toEqual({ status: 'sent' });
    expect(stand.workNotices[0]?.msg).toEqual({ msgtype: 'text', text: { content: '收到点赞\n王芳 赞了你的周报' } });
    const long = job('ding-1');
    long.notice.body = '长'.repeat(900);
    await new DingtalkWorkNoticeChannel(new DingtalkApi(dingtalk), 'https://sales.example.com/').send(server.db, long);
    const content = (stand.workNotices[1]?.msg.oa as { body: { content: string } }).body.content;
    expect([...content]).toHaveLength(500);
    expect(content.endsWith('…')).toBe(true);
    expect(dingtalkStandIn.problems).toEqual([]);
  });

  it('skips a person without a DingTalk userid, saying why', async () => {
    const channel = new DingtalkWorkNoticeChannel(new DingtalkApi(dingtalk), undefined);
    expect(await channel.send(server.db, job(null))).toEqual({ status: 'skipped', reason: '未关联钉钉账号' });
    // Unlinked after the notice was queued: the dispatcher records the skip.
    const wang = await staffId(PHONES.wangQiang);
    await server.db.update(staff).set({ dingtalkUserId: 'ding-wangqiang' }).where(eq(staff.id, wang));
    const created = await createNotices(server.db, [notice(wang, 'reportComment')]);
    await server.db.update(staff).set({ dingtalkUserId: null }).where(eq(staff.id, wang));
    expect(await server.app.noticeDispatcher.tick()).toMatchObject({ claimed: 1, skipped: 1 });
    expect((await deliveriesOf(created.map((row) => row.id)))[0]).toMatchObject({ status: 'skipped', lastError: '未关联钉钉账号' });
    expect(stand.workNotices).toEqual([]);
  });

  it('retries when DingTalk fails, with backoff, then sends; gives up at once when DingTalk refuses the person; logs no secret', async () => {
    const zhang = await staffId(PHONES.zhangWei);
    const chen = await staffId(PHONES.chenJing);
    await server.db.update(staff).set({ dingtalkUserId: 'ding-zhangwei' }).where(eq(staff.id, zhang));
    await server.db.update(staff).set({ dingtalkUserId: 'ding-left-company' }).where(eq(staff.id, chen));
    const { log, lines } = capturedLog();
    const dispatcher = new NoticeDispatcher(server.db, [new DingtalkWorkNoticeChannel(new DingtalkApi(dingtalk), 'https://sales.example.com/')], log, {
      maxAttempts: 3,
      baseDelayMs: 1_000,
      secrets: [APP_SECRET],
    });
    const busy = await createNotices(server.db, [notice(zhang, 'reportLike')]);
    stand.failWorkNotices(2, -1);
    const started = Date.now();
    expect(await dispatcher.tick()).toMatchObject({ claimed: 1, retried: 1 });
    let [row] = await deliveriesOf(busy.map((n) => n.id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: '钉钉 topapi/message/corpconversation/asyncsend_v2 errcode -1' });
    expect((row?.nextAttemptAt.getTime() ?? 0) - started).toBeGreaterThan(-500);
    // Not due before its backoff is over.
    expect((await dispatcher.tick()).claimed).toBe(0);
    for (const attempts of [2, 3]) {
      await server.db.update(noticeDeliveries).set({ nextAttemptAt: sql`now()` }).where(inArray(noticeDeliveries.noticeId, busy.map((n) => n.id)));
      await dispatcher.tick();
      [row] = await deliveriesOf(busy.map((n) => n.id));
      expect(row?.attempts).toBe(attempts);
    }
    expect(row).toMatchObject({ status: 'sent', lastError: null });
    expect(stand.workNotices.map((sent) => sent.userIds)).toEqual([['ding-zhangwei']]);

    // 60121: no such user in DingTalk — trying again cannot help.
    const refused = await createNotices(server.db, [notice(chen, 'reportLike')]);
    stand.failWorkNotices(1, 60121);
    expect(await dispatcher.tick()).toMatchObject({ claimed: 1, failed: 1 });
    expect((await deliveriesOf(refused.map((n) => n.id)))[0]).toMatchObject({ status: 'failed', attempts: 1 });

    const text = `${lines.join('\n')}`;
    expect(text).toContain('notice delivery failed; will retry');
    expect(text).toContain('giving up');
    for (const secret of [APP_SECRET, ...dingtalkStandIn.tokens]) expect(text).not.toContain(secret);
    expect(dingtalkStandIn.problems).toEqual([]);
  });

  it('sends nothing for a kind the person turned off', async () => {
    const { token } = await login(server.app, PHONES.liuYang);
    const liu = await staffId(PHONES.liuYang);
    await server.db.update(staff).set({ dingtalkUserId: 'ding-liuyang' }).where(eq(staff.id, liu));
    await call(server.app, 'POST', '/seller/notice/settings/update', { token, body: { noticeKind: 'reportLike', enabled: false } });
    expect(await createNotices(server.db, [notice(liu, 'reportLike')])).toEqual([]);
    const other = await createNotices(server.db, [notice(liu, 'reportComment')]);
    expect((await deliveriesOf(other.map((n) => n.id))).map((row) => row.channel)).toEqual(['dingtalk']);
    await call(server.app, 'POST', '/seller/notice/settings/update', { token, body: { noticeKind: 'reportLike', enabled: true } });
  });

  it('shows 钉钉 in 设置 → 消息通知: configured, and whether the caller is linked', async () => {
    const { token } = await login(server.app, PHONES.zhangWei);
    const zhang = await staffId(PHONES.zhangWei);
    await server.db.update(staff).set({ dingtalkUserId: 'ding-zhangwei' }).where(eq(staff.id, zhang));
    const linked = await call<{ channels: Record<string, unknown> }>(server.app, 'POST', '/seller/notice/settings', { token });
    expect(linked.body.data.channels).toMatchObject({ dingtalk: { configured: true, linked: true }, wecom: { configured: false, linked: false } });
    await server.db.update(staff).set({ dingtalkUserId: null }).where(eq(staff.id, zhang));
    const unlinked = await call<{ channels: Record<string, unknown> }>(server.app, 'POST', '/seller/notice/settings', { token });
    expect(unlinked.body.data.channels).toMatchObject({ dingtalk: { configured: true, linked: false } });
  });
});
