/**
 * The host apps' shared clients (issue 28): one access token per process, fetched with the app's
 * credentials, fetched again once when the provider calls it invalid; errors that name the call
 * and errcode without any secret; DINGTALK_* configuration all or nothing.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, loadDingtalk } from '../../src/env.js';
import { DingtalkApi } from '../../src/plugins/app/host-apps/dingtalk-api.js';
import { ExpiringValue, HostApiError } from '../../src/plugins/app/host-apps/host-api.js';
import { WecomApi } from '../../src/plugins/app/host-apps/wecom-api.js';
import { HostStandIn } from '../support/host-stand-in.js';

const WECOM_SECRET = 'wecom-secret-value-31f0';
const DINGTALK_SECRET = 'dingtalk-secret-value-8e2c';

const wecomStandIn = await new HostStandIn('wecom', { id: 'ww-corp', secret: WECOM_SECRET }).start();
const dingtalkStandIn = await new HostStandIn('dingtalk', { id: 'ding-key', secret: DINGTALK_SECRET }).start();
for (const standIn of [wecomStandIn, dingtalkStandIn]) {
  standIn.route('GET', '/cgi-bin/department/list', (request, self) => self.checkToken(request) ?? { json: { errcode: 0, errmsg: 'ok', department: [{ id: 1, name: '总部' }] } });
  standIn.route('POST', '/topapi/v2/user/get', (request, self) => {
    const refused = self.checkToken(request);
    if (refused) return refused;
    const body = self.jsonOf<{ userid?: string }>(request);
    return body?.userid === 'nobody' ? { json: { errcode: 60121, errmsg: 'not found' } } : { json: { errcode: 0, errmsg: 'ok', result: { userid: body?.userid, name: '张伟' } } };
  });
}

const wecomConfig = { corpId: 'ww-corp', corpSecret: WECOM_SECRET, agentId: 1000002, apiBase: wecomStandIn.url };
const dingtalkConfig = { appKey: 'ding-key', appSecret: DINGTALK_SECRET, agentId: 2000001, corpId: 'ding-corp', apiBase: dingtalkStandIn.url, newApiBase: dingtalkStandIn.url };

afterAll(async () => {
  await wecomStandIn.close();
  await dingtalkStandIn.close();
});

beforeEach(() => {
  for (const standIn of [wecomStandIn, dingtalkStandIn]) {
    standIn.requests.length = 0;
    standIn.problems.length = 0;
    standIn.tokenCalls = 0;
  }
});

describe('WecomApi', () => {
  it('fetches one token for concurrent calls, carries it on each call, and fetches again once when WeCom calls it invalid', async () => {
    const api = new WecomApi(wecomConfig);
    const answers = await Promise.all([1, 2, 3].map(() => api.call<{ department: unknown[] }>('cgi-bin/department/list', { query: { id: 1 } })));
    expect(answers.map((answer) => answer.department)).toEqual([[{ id: 1, name: '总部' }], [{ id: 1, name: '总部' }], [{ id: 1, name: '总部' }]]);
    expect(wecomStandIn.tokenCalls).toBe(1);
    expect(wecomStandIn.requests.filter((request) => request.path === '/cgi-bin/department/list').map((request) => request.query.get('id'))).toEqual(['1', '1', '1']);

    wecomStandIn.expireTokens();
    await api.call('cgi-bin/department/list');
    expect(wecomStandIn.tokenCalls).toBe(2);
    // The one refused call is the stand-in's record of the expired token, nothing else.
    expect(wecomStandIn.problems).toEqual(['GET /cgi-bin/department/list: access_token not issued here']);
  });

  it('refuses wrong credentials as final, naming the errcode and never the secret', async () => {
    const api = new WecomApi({ ...wecomConfig, corpSecret: 'wrong-secret-0000' });
    const error = await api.call('cgi-bin/department/list').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HostApiError);
    expect(error).toMatchObject({ message: '企业微信 gettoken errcode 40001', retry: false, errcode: 40001 });
    expect(JSON.stringify(error)).not.toContain('wrong-secret');
  });

  it('says unreachable without the URL when the server does not answer', async () => {
    const api = new WecomApi({ ...wecomConfig, apiBase: 'http://127.0.0.1:9' });
    await expect(api.call('cgi-bin/department/list')).rejects.toMatchObject({ message: expect.stringMatching(/^企业微信 gettoken unreachable/), retry: true });
  });
});

describe('DingtalkApi', () => {
  it('posts JSON with the token and turns an errcode into a final error', async () => {
    const api = new DingtalkApi(dingtalkConfig);
    expect(await api.call<{ result: unknown }>('topapi/v2/user/get', { body: { userid: 'u1' } })).toMatchObject({ result: { userid: 'u1', name: '张伟' } });
    await expect(api.call('topapi/v2/user/get', { body: { userid: 'nobody' } })).rejects.toMatchObject({ message: '钉钉 topapi/v2/user/get errcode 60121', retry: false });
    expect(dingtalkStandIn.tokenCalls).toBe(1);
    expect(dingtalkStandIn.problems).toEqual([]);
    const tokenRequest = dingtalkStandIn.requests.find((request) => request.path === '/gettoken');
    expect(tokenRequest?.query.get('appkey')).toBe('ding-key');
  });
});

describe('ExpiringValue', () => {
  it('keeps a value until five minutes before it expires, then fetches it again', async () => {
    let now = 0;
    let fetches = 0;
    const value = new ExpiringValue(async () => ({ value: `v${++fetches}`, expiresInSeconds: 7200 }), () => now);
    expect(await value.get()).toBe('v1');
    now = (7200 - 301) * 1000;
    expect(await value.get()).toBe('v1');
    now = (7200 - 299) * 1000;
    expect(await value.get()).toBe('v2');
  });
});

describe('DINGTALK_* configuration', () => {
  const full = { DINGTALK_APP_KEY: 'k', DINGTALK_APP_SECRET: 's', DINGTALK_AGENT_ID: '2000001', DINGTALK_CORP_ID: 'ding1' };

  it('is off when nothing is set, and read whole when everything is', () => {
    expect(loadDingtalk({})).toBeUndefined();
    expect(loadDingtalk(full)).toEqual({ appKey: 'k', appSecret: 's', agentId: 2000001, corpId: 'ding1', apiBase: 'https://oapi.dingtalk.com', newApiBase: 'https://api.dingtalk.com', loginBase: 'https://login.dingtalk.com' });
    expect(loadConfig({ ...full }).hostApps.dingtalk?.corpId).toBe('ding1');
    expect(loadConfig({}).hostApps).toEqual({ wecom: undefined, dingtalk: undefined });
  });

  it('refuses a half configuration, naming what is missing and never echoing the secret', () => {
    expect(() => loadDingtalk({ DINGTALK_APP_KEY: 'k', DINGTALK_APP_SECRET: 'secret-xyz' })).toThrow('钉钉 needs DINGTALK_AGENT_ID, DINGTALK_CORP_ID');
    expect(() => loadDingtalk({ DINGTALK_APP_KEY: 'k', DINGTALK_APP_SECRET: 'secret-xyz' })).not.toThrow(/secret-xyz/);
    expect(() => loadDingtalk({ ...full, DINGTALK_AGENT_ID: 'abc' })).toThrow(/DINGTALK_AGENT_ID/);
    expect(() => loadDingtalk({ ...full, DINGTALK_API_BASE: 'oapi.dingtalk.com' })).toThrow(/DINGTALK_API_BASE must be an http\(s\) origin/);
  });
});

const WECOM_ENV = { WECOM_CORP_ID: 'ww1', WECOM_CORP_SECRET: 'secret-1', WECOM_AGENT_ID: '1000002' };
const DINGTALK_ENV = { DINGTALK_APP_KEY: 'key', DINGTALK_APP_SECRET: 'secret-2', DINGTALK_AGENT_ID: '2000001', DINGTALK_CORP_ID: 'dingcorp' };

describe('sign-in page origins (WECOM_OAUTH_BASE, WECOM_SSO_BASE, DINGTALK_LOGIN_BASE)', () => {
  it('defaults to the providers’ own pages', () => {
    const config = loadConfig({ NODE_ENV: 'test', ...WECOM_ENV, ...DINGTALK_ENV });
    expect(config.hostApps.wecom).toMatchObject({ oauthBase: 'https://open.weixin.qq.com', ssoBase: 'https://login.work.weixin.qq.com' });
    expect(config.hostApps.dingtalk).toMatchObject({ loginBase: 'https://login.dingtalk.com' });
  });

  it('takes a stand-in’s origins, without a trailing slash', () => {
    const config = loadConfig({ NODE_ENV: 'test', ...WECOM_ENV, ...DINGTALK_ENV, WECOM_OAUTH_BASE: 'http://127.0.0.1:9/', WECOM_SSO_BASE: 'http://127.0.0.1:9', DINGTALK_LOGIN_BASE: 'http://127.0.0.1:8/' });
    expect(config.hostApps.wecom).toMatchObject({ oauthBase: 'http://127.0.0.1:9', ssoBase: 'http://127.0.0.1:9' });
    expect(config.hostApps.dingtalk?.loginBase).toBe('http://127.0.0.1:8');
  });

  it('refuses an origin that is not http(s), or one set without its app', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', ...WECOM_ENV, WECOM_OAUTH_BASE: 'open.weixin.qq.com' })).toThrow(/WECOM_OAUTH_BASE/);
    expect(() => loadConfig({ NODE_ENV: 'test', WECOM_SSO_BASE: 'https://login.work.weixin.qq.com' })).toThrow(/WECOM_SSO_BASE/);
    expect(() => loadConfig({ NODE_ENV: 'test', DINGTALK_LOGIN_BASE: 'https://login.dingtalk.com' })).toThrow(/DINGTALK_LOGIN_BASE/);
    expect(() => loadConfig({ NODE_ENV: 'test', ...DINGTALK_ENV, DINGTALK_LOGIN_BASE: 'ftp://x' })).toThrow(/DINGTALK_LOGIN_BASE/);
  });
});
