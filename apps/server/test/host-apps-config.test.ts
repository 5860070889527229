/**
 * The sign-in pages' origins of 企业微信 and 钉钉 (issue 28 §1): the real ones by default, a
 * stand-in's when set, refused when not an http(s) origin or set without the app they belong to.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/env.js';

const WECOM = { WECOM_CORP_ID: 'ww1', WECOM_CORP_SECRET: 'secret-1', WECOM_AGENT_ID: '1000002' };
const DINGTALK = { DINGTALK_APP_KEY: 'key', DINGTALK_APP_SECRET: 'secret-2', DINGTALK_AGENT_ID: '2000001', DINGTALK_CORP_ID: 'dingcorp' };

describe('host sign-in configuration', () => {
  it('defaults to the providers’ own pages', () => {
    const config = loadConfig({ NODE_ENV: 'test', ...WECOM, ...DINGTALK });
    expect(config.hostApps.wecom).toMatchObject({ oauthBase: 'https://open.weixin.qq.com', ssoBase: 'https://login.work.weixin.qq.com' });
    expect(config.hostApps.dingtalk).toMatchObject({ loginBase: 'https://login.dingtalk.com' });
  });

  it('takes a stand-in’s origins, without a trailing slash', () => {
    const config = loadConfig({ NODE_ENV: 'test', ...WECOM, ...DINGTALK, WECOM_OAUTH_BASE: 'http://127.0.0.1:9/', WECOM_SSO_BASE: 'http://127.0.0.1:9', DINGTALK_LOGIN_BASE: 'http://127.0.0.1:8/' });
    expect(config.hostApps.wecom).toMatchObject({ oauthBase: 'http://127.0.0.1:9', ssoBase: 'http://127.0.0.1:9' });
    expect(config.hostApps.dingtalk?.loginBase).toBe('http://127.0.0.1:8');
  });

  it('refuses an origin that is not http(s), or one set without its app', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', ...WECOM, WECOM_OAUTH_BASE: 'open.weixin.qq.com' })).toThrow(/WECOM_OAUTH_BASE/);
    expect(() => loadConfig({ NODE_ENV: 'test', WECOM_SSO_BASE: 'https://login.work.weixin.qq.com' })).toThrow(/WECOM_SSO_BASE/);
    expect(() => loadConfig({ NODE_ENV: 'test', DINGTALK_LOGIN_BASE: 'https://login.dingtalk.com' })).toThrow(/DINGTALK_LOGIN_BASE/);
    expect(() => loadConfig({ NODE_ENV: 'test', ...DINGTALK, DINGTALK_LOGIN_BASE: 'ftp://x' })).toThrow(/DINGTALK_LOGIN_BASE/);
  });
});
