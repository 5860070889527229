/**
 * Sign-in on the host-app stand-ins (issue 28 §1): the authorize and QR pages that redirect back
 * with a one-time code, and the calls that turn a code into a userid.
 *
 * The pages list the stand-in's directory people as buttons (and a WeChat user outside the
 * company); picking one sends the browser back to redirect_uri with a fresh code and the same
 * state, as the real pages do once the person confirms. Every parameter is checked and a wrong
 * one recorded as a problem; a code answers once (a second use is a problem: the server must
 * never ask twice).
 */
import { randomBytes } from 'node:crypto';
import type { HostStandIn, StandInAnswer, StandInRequest } from './host-stand-in.js';

export interface OAuthPerson {
  userid: string;
  name: string;
  /** 钉钉: the person's unionId (users/me answers it; getbyunionid maps it back). */
  unionid?: string;
}

/** Who the stand-ins' pages offer; tests link their own staff to these userids. */
export const OAUTH_PEOPLE = {
  wecom: [
    { userid: 'wx-e2e-sales', name: '企微销售' },
    { userid: 'wx-e2e-qr', name: '企微扫码' },
    { userid: 'wx-e2e-admin', name: '企微管理' },
    { userid: 'wx-e2e-stranger', name: '企微未开通' },
    { userid: 'wx-t-active', name: '企微测试在职' },
    { userid: 'wx-t-left', name: '企微测试离职' },
    { userid: 'wx-t-unknown', name: '企微测试未开通' },
  ],
  dingtalk: [
    { userid: 'dd-e2e-sales', name: '钉钉销售', unionid: 'union-e2e-sales' },
    { userid: 'dd-e2e-app', name: '钉钉免登', unionid: 'union-e2e-app' },
    { userid: 'dd-t-active', name: '钉钉测试在职', unionid: 'union-t-active' },
    { userid: 'dd-t-left', name: '钉钉测试离职', unionid: 'union-t-left' },
    { userid: 'dd-t-unknown', name: '钉钉测试未开通', unionid: 'union-t-unknown' },
  ],
} satisfies Record<'wecom' | 'dingtalk', OAuthPerson[]>;

/** Picks this on a page to be a WeChat / DingTalk user outside the company. */
export const OUTSIDER = '__outsider__';

export interface OAuthOptions {
  /** The WeCom app's AgentId; without it any positive integer passes. */
  wecomAgentId?: number;
  /** 钉钉's CorpId the page's requestAuthCode must name; without it any passes. */
  dingtalkCorpId?: string;
}

interface IssuedCode {
  kind: 'wecom' | 'dingtalk';
  /** The directory person, or OUTSIDER. */
  userid: string;
  /** Issued for another company: the provider refuses it. */
  otherCorp: boolean;
  used: boolean;
}

/** What a test does with the OAuth stand-in besides the pages: codes as the host's client would give them. */
export interface OAuthStandIn {
  /** A code for a person (or OUTSIDER), as a page or 钉钉's requestAuthCode would give. */
  issueCode(kind: 'wecom' | 'dingtalk', userid: string): string;
  /** A code another company's app was given: the provider refuses it for this one. */
  otherCorpCode(kind: 'wecom' | 'dingtalk'): string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function page(title: string, redirectUri: string, state: string, people: OAuthPerson[], pickPath: string): StandInAnswer {
  const buttons = [...people, { userid: OUTSIDER, name: '非本企业用户' }]
    .map((person) => `<button type="submit" name="user" value="${escapeHtml(person.userid)}">${escapeHtml(person.name)}</button>`)
    .join('\n');
  return {
    html: `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>
<h1>${escapeHtml(title)}</h1>
<form method="get" action="${pickPath}">
<input type="hidden" name="redirect_uri" value="${escapeHtml(redirectUri)}">
<input type="hidden" name="state" value="${escapeHtml(state)}">
${buttons}
</form></body></html>`,
  };
}

function refused(text: string): StandInAnswer {
  return { status: 400, html: `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>参数错误</title></head><body><h1>参数错误</h1><p>${escapeHtml(text)}</p></body></html>` };
}

const isUrl = (value: string | null) => {
  if (!value) return false;
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
};

export function installOAuth(wecom: HostStandIn, dingtalk: HostStandIn, options: OAuthOptions = {}): OAuthStandIn {
  const codes = new Map<string, IssuedCode>();
  const issue = (kind: 'wecom' | 'dingtalk', userid: string, otherCorp = false) => {
    const code = `${kind === 'wecom' ? 'wxcode' : 'ddcode'}-${randomBytes(12).toString('hex')}`;
    codes.set(code, { kind, userid, otherCorp, used: false });
    return code;
  };
  /** The code's person when it is this stand-in's, unused, and for this company; a reuse is a problem. */
  const take = (standIn: HostStandIn, kind: 'wecom' | 'dingtalk', code: string | null | undefined, what: string): IssuedCode | undefined => {
    if (!code) {
      standIn.problem(`${what}: code missing`);
      return undefined;
    }
    const issued = codes.get(code);
    if (!issued || issued.kind !== kind) return undefined;
    if (issued.used) {
      standIn.problem(`${what}: code used twice`);
      return undefined;
    }
    issued.used = true;
    return issued.otherCorp ? undefined : issued;
  };
  const person = (kind: 'wecom' | 'dingtalk', userid: string): OAuthPerson | undefined => (OAUTH_PEOPLE[kind] as OAuthPerson[]).find((entry) => entry.userid === userid);

  /** Checks a page's parameters; the problems found (also recorded). */
  const check = (standIn: HostStandIn, request: StandInRequest, expected: Record<string, string | ((value: string | null) => boolean)>): string[] => {
    const found: string[] = [];
    for (const [name, want] of Object.entries(expected)) {
      const value = request.query.get(name);
      const fine = typeof want === 'string' ? value === want : want(value);
      if (!fine) found.push(`${request.path}: ${name} is ${value === null ? 'missing' : `"${value}"`}`);
    }
    for (const problem of found) standIn.problem(problem);
    return found;
  };
  const agentId = (value: string | null) => (options.wecomAgentId === undefined ? /^[1-9]\d*$/.test(value ?? '') : value === String(options.wecomAgentId));
  const present = (value: string | null) => Boolean(value);

  // 企业微信: the in-app authorize page (snsapi_base) and 扫码登录.
  wecom.route('GET', '/connect/oauth2/authorize', (request) => {
    const problems = check(wecom, request, { appid: wecom.credentials.id, agentid: agentId, redirect_uri: isUrl, response_type: 'code', scope: 'snsapi_base', state: present });
    if (problems.length > 0) return refused(problems.join('; '));
    return page('企业微信授权', request.query.get('redirect_uri') ?? '', request.query.get('state') ?? '', OAUTH_PEOPLE.wecom, '/__oauth/wecom/pick');
  });
  wecom.route('GET', '/wwlogin/sso/login', (request) => {
    const problems = check(wecom, request, { login_type: 'CorpApp', appid: wecom.credentials.id, agentid: agentId, redirect_uri: isUrl, state: present });
    if (problems.length > 0) return refused(problems.join('; '));
    return page('企业微信扫码登录', request.query.get('redirect_uri') ?? '', request.query.get('state') ?? '', OAUTH_PEOPLE.wecom, '/__oauth/wecom/pick');
  });
  wecom.route('GET', '/__oauth/wecom/pick', (request) => {
    const target = new URL(request.query.get('redirect_uri') ?? '');
    target.searchParams.set('code', issue('wecom', request.query.get('user') ?? OUTSIDER));
    target.searchParams.set('state', request.query.get('state') ?? '');
    return { redirect: target.toString() };
  });
  wecom.route('GET', '/cgi-bin/auth/getuserinfo', (request) => {
    const bad = wecom.checkToken(request);
    if (bad) return bad;
    const issued = take(wecom, 'wecom', request.query.get('code'), 'cgi-bin/auth/getuserinfo');
    if (!issued) return { json: { errcode: 40029, errmsg: 'invalid code' } };
    if (issued.userid === OUTSIDER || !person('wecom', issued.userid)) return { json: { errcode: 0, errmsg: 'ok', openid: `openid-${randomBytes(6).toString('hex')}` } };
    return { json: { errcode: 0, errmsg: 'ok', userid: issued.userid } };
  });

  // 钉钉: 扫码登录's page, the user token it buys, and the directory calls.
  dingtalk.route('GET', '/oauth2/auth', (request) => {
    const problems = check(dingtalk, request, { redirect_uri: isUrl, response_type: 'code', client_id: dingtalk.credentials.id, scope: 'openid', state: present, prompt: 'consent' });
    if (problems.length > 0) return refused(problems.join('; '));
    return page('钉钉扫码登录', request.query.get('redirect_uri') ?? '', request.query.get('state') ?? '', OAUTH_PEOPLE.dingtalk, '/__oauth/dingtalk/pick');
  });
  dingtalk.route('GET', '/__oauth/dingtalk/pick', (request) => {
    const target = new URL(request.query.get('redirect_uri') ?? '');
    target.searchParams.set('authCode', issue('dingtalk', request.query.get('user') ?? OUTSIDER));
    target.searchParams.set('state', request.query.get('state') ?? '');
    return { redirect: target.toString() };
  });
  /** 钉钉's requestAuthCode inside its client, for an e2e page's stand-in of the client (another process). */
  dingtalk.route('GET', '/__oauth/dingtalk/app-code', (request) => {
    if (request.query.get('corpId') !== options.dingtalkCorpId && options.dingtalkCorpId !== undefined) dingtalk.problem(`requestAuthCode: corpId is "${request.query.get('corpId')}"`);
    return { json: { code: issue('dingtalk', request.query.get('user') ?? OUTSIDER) } };
  });
  const userTokens = new Map<string, string>();
  dingtalk.route('POST', '/v1.0/oauth2/userAccessToken', (request) => {
    const body = dingtalk.jsonOf<Record<string, unknown>>(request);
    if (!body) return { status: 400, json: { code: 'InvalidParameter', message: 'body' } };
    if (body.clientId !== dingtalk.credentials.id || body.clientSecret !== dingtalk.credentials.secret) {
      dingtalk.problem('oauth2/userAccessToken: clientId or clientSecret wrong');
      return { status: 400, json: { code: 'invalidClient', message: 'invalid client' } };
    }
    if (body.grantType !== 'authorization_code') dingtalk.problem(`oauth2/userAccessToken: grantType is "${String(body.grantType)}"`);
    const issued = take(dingtalk, 'dingtalk', typeof body.code === 'string' ? body.code : undefined, 'oauth2/userAccessToken');
    if (!issued) return { status: 400, json: { code: 'invalidAuthCode', message: '不合法的临时授权码' } };
    const token = `utok-${randomBytes(8).toString('hex')}`;
    userTokens.set(token, issued.userid === OUTSIDER ? `union-outsider-${randomBytes(4).toString('hex')}` : (person('dingtalk', issued.userid)?.unionid ?? 'union-nobody'));
    return { json: { accessToken: token, refreshToken: `r-${token}`, expireIn: 7200, corpId: 'ding-e2e-corp' } };
  });
  dingtalk.route('GET', '/v1.0/contact/users/me', (request) => {
    const token = request.headers['x-acs-dingtalk-access-token'];
    const unionId = typeof token === 'string' ? userTokens.get(token) : undefined;
    if (!unionId) {
      dingtalk.problem(`contact/users/me: x-acs-dingtalk-access-token ${token ? 'not issued here' : 'missing'}`);
      return { status: 401, json: { code: 'InvalidAuthentication', message: 'invalid token' } };
    }
    return { json: { nick: '钉钉用户', unionId, openId: `open-${unionId}` } };
  });
  dingtalk.route('POST', '/topapi/user/getbyunionid', (request) => {
    const bad = dingtalk.checkToken(request);
    if (bad) return bad;
    const unionid = dingtalk.jsonOf<{ unionid?: string }>(request)?.unionid;
    const found = (OAUTH_PEOPLE.dingtalk as OAuthPerson[]).find((entry) => entry.unionid === unionid);
    if (!found) return { json: { errcode: 60121, errmsg: '找不到该用户' } };
    return { json: { errcode: 0, errmsg: 'ok', result: { contact_type: 0, userid: found.userid } } };
  });
  dingtalk.route('POST', '/topapi/v2/user/getuserinfo', (request) => {
    const bad = dingtalk.checkToken(request);
    if (bad) return bad;
    const issued = take(dingtalk, 'dingtalk', dingtalk.jsonOf<{ code?: string }>(request)?.code, 'topapi/v2/user/getuserinfo');
    if (!issued) return { json: { errcode: 40078, errmsg: '不存在的临时授权码' } };
    const found = person('dingtalk', issued.userid);
    if (!found) return { json: { errcode: 60121, errmsg: '找不到该用户' } };
    return { json: { errcode: 0, errmsg: 'ok', result: { userid: found.userid, name: found.name, unionid: found.unionid } } };
  });

  return {
    issueCode: (kind, userid) => issue(kind, userid),
    otherCorpCode: (kind) => issue(kind, kind === 'wecom' ? 'wx-t-active' : 'dd-t-active', true),
  };
}
