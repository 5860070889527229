/**
 * 企业微信 / 钉钉 JS-API signatures (issue 28 §3) against the host stand-ins: the signature checks
 * out by an independent sha1 of the ticket the stand-in issued, tickets are fetched once and
 * again after they expire (fake clock), only the app's own pages are signed, a host that is not
 * configured or does not answer is a clear 4xx/503, and no secret, token or ticket reaches the log.
 */
import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { loggerOptions } from '../../../src/app.js';
import type { DingtalkAppConfig, NoticeChannelsConfig, WecomAppConfig } from '../../../src/env.js';
import { DingtalkApi } from '../../../src/plugins/app/host-apps/dingtalk-api.js';
import { JsapiSigner } from '../../../src/plugins/app/host-apps/jsapi-signer.js';
import { WecomApi } from '../../../src/plugins/app/host-apps/wecom-api.js';
import { AppError } from '../../../src/lib/errors.js';
import { HostStandIn } from '../../support/host-stand-in.js';
import { installJsapi } from '../../support/stand-in-jsapi.js';
import { call, expectFailure, login, PHONES, testConfig, useTestServer } from '../../helper.js';

const WECOM_SECRET = 'wecom-corp-secret-jsapi-5e2a';
const DINGTALK_SECRET = 'dingtalk-app-secret-jsapi-8c4f';
const PUBLIC_URL = 'https://sales.example.com/app/';

const wecomStandIn = await new HostStandIn('wecom', { id: 'ww-jsapi-corp', secret: WECOM_SECRET }).start();
const dingtalkStandIn = await new HostStandIn('dingtalk', { id: 'ding-jsapi-key', secret: DINGTALK_SECRET }).start();
const stand = installJsapi(wecomStandIn, dingtalkStandIn, { dingtalkAgentId: 3000001 });

const wecom: WecomAppConfig = { corpId: 'ww-jsapi-corp', corpSecret: WECOM_SECRET, agentId: 1000009, apiBase: wecomStandIn.url };
const dingtalk: DingtalkAppConfig = {
  appKey: 'ding-jsapi-key',
  appSecret: DINGTALK_SECRET,
  agentId: 3000001,
  corpId: 'ding-jsapi-corp',
  apiBase: dingtalkStandIn.url,
  newApiBase: dingtalkStandIn.url,
};
const noticeChannels: NoticeChannelsConfig = { wecom: undefined, wecomRobots: {}, sms: undefined, webPush: undefined, publicUrl: PUBLIC_URL };
const server = useTestServer({ hostApps: { wecom, dingtalk }, noticeChannels, noticeDispatcher: false });

afterAll(async () => {
  await wecomStandIn.close();
  await dingtalkStandIn.close();
});

/** The hosts' signature, computed here from the documented string. */
const sha1 = (ticket: string, nonceStr: string, timestamp: number, url: string) =>
  createHash('sha1').update(`jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${url}`).digest('hex');

interface Signed {
  timestamp: number;
  nonceStr: string;
  signature: string;
}
interface Config {
  host: string;
  corpId: string;
  agentId: number;
  corp: Signed;
  agent?: Signed;
}

let token = '';
beforeAll(async () => {
  token = (await login(server.app, PHONES.zhangWei)).token;
});

const configFor = (body: unknown, as = token) => call<Config>(server.app, 'POST', '/seller/user/host-jsapi/config', { token: as, body });

describe('企业微信 ww.register configuration', () => {
  it('signs the page (without its #fragment) with the corp ticket and the agent ticket', async () => {
    const page = `${PUBLIC_URL}?from=wxwork#/pages/customer/scan`;
    const before = Math.floor(Date.now() / 1000);
    const response = await configFor({ host: 'wecom', url: page });
    expect(response.status).toBe(200);
    const config = response.body.data;
    expect(config).toMatchObject({ host: 'wecom', corpId: 'ww-jsapi-corp', agentId: 1000009 });
    const signed = `${PUBLIC_URL}?from=wxwork`;
    const [corpTicket] = stand.tickets.wecomCorp;
    const [agentTicket] = stand.tickets.wecomAgent;
    expect(corpTicket && agentTicket).toBeTruthy();
    expect(config.corp.signature).toBe(sha1(corpTicket ?? '', config.corp.nonceStr, config.corp.timestamp, signed));
    expect(config.agent?.signature).toBe(sha1(agentTicket ?? '', config.agent?.nonceStr ?? '', config.agent?.timestamp ?? 0, signed));
    expect(config.corp.timestamp).toBeGreaterThanOrEqual(before);
    expect(config.corp.nonceStr).not.toBe(config.agent?.nonceStr);
    // The tickets themselves never leave the server.
    expect(response.raw.body).not.toContain(corpTicket);
    expect(response.raw.body).not.toContain(agentTicket);
  });

  it('fetches each ticket once for any number of pages and people', async () => {
    const other = (await login(server.app, PHONES.liNa)).token;
    const answers = await Promise.all([
      configFor({ host: 'wecom', url: `${PUBLIC_URL}#/a` }),
      configFor({ host: 'wecom', url: `${PUBLIC_URL}index.html` }, other),
      configFor({ host: 'wecom', url: PUBLIC_URL }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(stand.tickets.wecomCorp).toHaveLength(1);
    expect(stand.tickets.wecomAgent).toHaveLength(1);
    expect(wecomStandIn.problems).toEqual([]);
  });
});

describe('钉钉 dd.config configuration', () => {
  it('signs the page with the app’s jsapi_ticket, with the corpId and agentId dd.config needs', async () => {
    const response = await configFor({ host: 'dingtalk', url: `${PUBLIC_URL}#/pages/attendance/index` });
    expect(response.status).toBe(200);
    const config = response.body.data;
    expect(config).toMatchObject({ host: 'dingtalk', corpId: 'ding-jsapi-corp', agentId: 3000001 });
    expect(config.agent).toBeUndefined();
    const [ticket] = stand.tickets.dingtalk;
    expect(config.corp.signature).toBe(sha1(ticket ?? '', config.corp.nonceStr, config.corp.timestamp, PUBLIC_URL));
    await configFor({ host: 'dingtalk', url: PUBLIC_URL });
    expect(stand.tickets.dingtalk).toHaveLength(1);
    expect(dingtalkStandIn.problems).toEqual([]);
  });
});

describe('what is refused', () => {
  it('signs no page but the app’s own: another site, another path, a look-alike host, credentials, not a URL', async () => {
    const tickets = stand.tickets.wecomCorp.length;
    for (const url of [
      'https://evil.example.com/app/',
      'https://sales.example.com/other/',
      'https://sales.example.com.evil.example/app/',
      'http://sales.example.com/app/',
      'https://sales.example.com:8443/app/',
    ]) {
      expectFailure(await configFor({ host: 'wecom', url }), 400, '只能为本应用的页面签名');
    }
    for (const url of ['https://user:pw@sales.example.com/app/', 'javascript:alert(1)', 'not a url', '/app/']) expectFailure(await configFor({ host: 'wecom', url }), 400, '页面地址无效');
    expect(stand.tickets.wecomCorp).toHaveLength(tickets);
  });

  it('refuses an unknown host, wrong types and no session', async () => {
    expectFailure(await configFor({ host: 'lark', url: PUBLIC_URL }), 400, '宿主应用格式不正确');
    expectFailure(await configFor({ host: 'wecom', url: 42 }), 400, '页面地址格式不正确');
    expectFailure(await configFor({ host: 'wecom' }), 400, '请填写页面地址');
    expectFailure(await configFor({ host: 'wecom', url: PUBLIC_URL, extra: 1 }), 400);
    expectFailure(await call(server.app, 'POST', '/seller/user/host-jsapi/config', { body: { host: 'wecom', url: PUBLIC_URL } }), 401);
  });
});

/** Log lines of an app built on the test database with `hostApps`, and the app. */
async function loggedApp(hostApps: { wecom?: WecomAppConfig; dingtalk?: DingtalkAppConfig }, publicUrl: string | undefined) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const config = testConfig(server.dataDir, {
    databaseUrl: server.config.databaseUrl,
    hostApps: { wecom: hostApps.wecom, dingtalk: hostApps.dingtalk },
    noticeChannels: { ...noticeChannels, publicUrl },
    noticeDispatcher: false,
    logLevel: 'debug',
  });
  const app = await buildApp({ config, database: server.database, logger: { ...loggerOptions(config), level: 'debug', stream } });
  await app.ready();
  return { app, lines };
}

describe('a host that is off or not answering', () => {
  it('answers 400 naming the host when it is not configured', async () => {
    const { app } = await loggedApp({}, PUBLIC_URL);
    try {
      const { token: own } = await login(app, PHONES.zhangWei);
      expectFailure(
        await call(app, 'POST', '/seller/user/host-jsapi/config', { token: own, body: { host: 'wecom', url: PUBLIC_URL } }),
        400,
        '服务器未开通企业微信应用，无法使用企业微信的扫一扫和定位',
      );
      expectFailure(await call(app, 'POST', '/seller/user/host-jsapi/config', { token: own, body: { host: 'dingtalk', url: PUBLIC_URL } }), 400, /服务器未开通钉钉应用/);
    } finally {
      await app.close();
    }
  });

  it('without PUBLIC_URL signs pages of the address the request came to', async () => {
    const { app } = await loggedApp({ wecom }, undefined);
    try {
      const { token: own } = await login(app, PHONES.zhangWei);
      const headers = { host: 'crm.internal.example:8080' };
      const ok = await call<Config>(app, 'POST', '/seller/user/host-jsapi/config', { token: own, headers, body: { host: 'wecom', url: 'http://crm.internal.example:8080/#/pages/index' } });
      expect(ok.status).toBe(200);
      const ticket = stand.tickets.wecomCorp.at(-1) ?? '';
      expect(ok.body.data.corp.signature).toBe(sha1(ticket, ok.body.data.corp.nonceStr, ok.body.data.corp.timestamp, 'http://crm.internal.example:8080/'));
      expectFailure(await call(app, 'POST', '/seller/user/host-jsapi/config', { token: own, headers, body: { host: 'wecom', url: 'http://other.example:8080/' } }), 400, '只能为本应用的页面签名');
    } finally {
      await app.close();
    }
  });

  it('answers 503 when the host refuses, and logs no secret, token or ticket', async () => {
    const refusing: WecomAppConfig = { ...wecom, corpSecret: 'wrong-secret-value-0d9e' };
    const { app, lines } = await loggedApp({ wecom: refusing, dingtalk }, PUBLIC_URL);
    try {
      const { token: own } = await login(app, PHONES.zhangWei);
      expectFailure(await call(app, 'POST', '/seller/user/host-jsapi/config', { token: own, body: { host: 'wecom', url: PUBLIC_URL } }), 503, '企业微信暂时无法连接，请稍后重试');
      const good = await call<Config>(app, 'POST', '/seller/user/host-jsapi/config', { token: own, body: { host: 'dingtalk', url: PUBLIC_URL } });
      expect(good.status).toBe(200);
      const log = lines.join('');
      expect(log).toContain('host JS-API ticket unavailable');
      expect(log).toContain('gettoken errcode 40001');
      for (const secret of ['wrong-secret-value-0d9e', WECOM_SECRET, DINGTALK_SECRET, ...wecomStandIn.tokens, ...dingtalkStandIn.tokens, ...stand.tickets.dingtalk, ...stand.tickets.wecomCorp]) {
        expect(log).not.toContain(secret);
      }
    } finally {
      await app.close();
    }
    // The refused gettoken was provoked; nothing else went wrong.
    expect(wecomStandIn.problems).toEqual([]);
  });
});

describe('ticket lifetime', () => {
  it('keeps a ticket until shortly before it expires, then fetches a new one', async () => {
    let now = Date.now();
    const clock = () => now;
    const signer = new JsapiSigner({ wecom: new WecomApi(wecom, clock), dingtalk: new DingtalkApi(dingtalk, clock) }, PUBLIC_URL, clock);
    const corpBefore = stand.tickets.wecomCorp.length;
    const dingBefore = stand.tickets.dingtalk.length;
    const first = await signer.config('wecom', PUBLIC_URL);
    await signer.config('dingtalk', PUBLIC_URL);
    now += 60 * 60 * 1000;
    const hourLater = await signer.config('wecom', PUBLIC_URL);
    await signer.config('dingtalk', PUBLIC_URL);
    expect(stand.tickets.wecomCorp).toHaveLength(corpBefore + 1);
    expect(stand.tickets.dingtalk).toHaveLength(dingBefore + 1);
    const ticket = stand.tickets.wecomCorp.at(-1) ?? '';
    expect(first.corp.signature).toBe(sha1(ticket, first.corp.nonceStr, first.corp.timestamp, PUBLIC_URL));
    expect(hourLater.corp.timestamp).toBe(first.corp.timestamp + 3600);
    // 7200 s tickets are renewed five minutes before they expire.
    now += 56 * 60 * 1000;
    const renewed = await signer.config('wecom', PUBLIC_URL);
    await signer.config('dingtalk', PUBLIC_URL);
    expect(stand.tickets.wecomCorp).toHaveLength(corpBefore + 2);
    expect(stand.tickets.wecomAgent.length).toBeGreaterThanOrEqual(2);
    expect(stand.tickets.dingtalk).toHaveLength(dingBefore + 2);
    expect(renewed.corp.signature).toBe(sha1(stand.tickets.wecomCorp.at(-1) ?? '', renewed.corp.nonceStr, renewed.corp.timestamp, PUBLIC_URL));
  });

  it('says a host is off without asking it', async () => {
    const signer = new JsapiSigner({ wecom: undefined, dingtalk: undefined }, PUBLIC_URL);
    await expect(signer.config('dingtalk', PUBLIC_URL)).rejects.toBeInstanceOf(AppError);
  });
});
