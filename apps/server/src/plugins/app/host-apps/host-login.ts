/**
 * Sign-in through 企业微信 and 钉钉 (issue 28 §1). A page starts a sign-in (`start`): the server
 * keeps a one-time `state` and a `binding` the page holds on to, and names the provider's page
 * (WeCom's snsapi_base authorize or its QR login, DingTalk's QR login; DingTalk's free sign-in
 * gets its code from the client instead). The provider sends the person back with a code, and
 * `finish` turns code + state + binding into the staff member linked to that directory userid and
 * a session exactly as a password login opens one.
 *
 * The state is single use and expires after ten minutes; the binding never travels through a
 * URL, so a callback link carried to another browser opens no session there (no login CSRF). A
 * code is recorded before the provider is asked, so a replay is refused without asking. No
 * account is ever created here: an unknown userid is 未开通, a deactivated one 账号已停用.
 */
import type { HostLoginStart, HostLoginStartBody, HostProvider, HostProviders, LoginResult } from '@sales/contract';
import { and, desc, eq, gt, isNull, lt, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { hostSignInCodes, hostSignIns, staff } from '../../../db/schema.js';
import { newToken, sha256 } from '../../../lib/crypto.js';
import { AppError, badRequest, unavailable } from '../../../lib/errors.js';
import type { AccountService } from '../account/accounts.js';
import { ACCOUNT_DEACTIVATED } from '../account/account-shared.js';
import { appendAudit, type ClientContext } from '../audit.js';
import type { DingtalkApi } from './dingtalk-api.js';
import { HostApiError, fetchHostJson } from './host-api.js';
import type { HostApps } from './host-apps.js';
import type { WecomApi } from './wecom-api.js';

const STATE_LIFETIME_MS = 10 * 60 * 1000;
/** Used codes are kept this long: the providers' codes live five minutes, so a replay after it is refused by them. */
const CODE_MEMORY_MS = 24 * 60 * 60 * 1000;

export const NOT_REGISTERED = '未开通销售助手账号，请联系管理员';
export const SIGN_IN_EXPIRED = '登录请求已失效，请重新登录';
export const CODE_USED = '登录授权码已使用，请重新登录';

/** 钉钉's errcode for a user who is not in the company's directory. */
const NOT_IN_COMPANY = 60121;

const NAMES: Record<HostProvider, string> = { wecom: '企业微信', dingtalk: '钉钉' };

/** The provider's answer to a code: the directory userid, or none (not a member of the company). */
type Exchange = { userId: string } | { userId: undefined };

export class HostLogin {
  constructor(
    private readonly db: Db,
    private readonly hostApps: HostApps,
    private readonly accounts: AccountService,
    /** PUBLIC_URL, with a trailing slash; the request's own origin when unset. */
    private readonly publicUrl: string | undefined,
  ) {}

  providers(): HostProviders {
    return { wecom: this.hostApps.wecom !== undefined, dingtalk: this.hostApps.dingtalk !== undefined };
  }

  /** Where the provider sends the person back: the phone app's page or the console's, with nothing after it (the provider appends the code and state). */
  redirectUri(client: HostLoginStartBody['client'], requestOrigin: string): string {
    const base = this.publicUrl ?? `${requestOrigin.replace(/\/+$/, '')}/`;
    return client === 'admin' ? `${base}admin/` : base;
  }

  async start(input: HostLoginStartBody, requestOrigin: string): Promise<HostLoginStart> {
    const state = newToken();
    const binding = newToken();
    const redirectUri = this.redirectUri(input.client, requestOrigin);
    let url: string | undefined;
    let corpId: string | undefined;
    if (input.provider === 'wecom') {
      const config = this.wecom().config;
      if (input.mode === 'app') {
        const authorize = new URL('/connect/oauth2/authorize', config.oauthBase ?? 'https://open.weixin.qq.com');
        authorize.search = new URLSearchParams({
          appid: config.corpId,
          redirect_uri: redirectUri,
          response_type: 'code',
          scope: 'snsapi_base',
          state,
          agentid: String(config.agentId),
        }).toString();
        authorize.hash = 'wechat_redirect';
        url = authorize.toString();
      } else {
        const sso = new URL('/wwlogin/sso/login', config.ssoBase ?? 'https://login.work.weixin.qq.com');
        sso.search = new URLSearchParams({ login_type: 'CorpApp', appid: config.corpId, agentid: String(config.agentId), redirect_uri: redirectUri, state }).toString();
        url = sso.toString();
      }
    } else {
      const config = this.dingtalk().config;
      if (input.mode === 'app') {
        corpId = config.corpId;
      } else {
        const login = new URL('/oauth2/auth', config.loginBase ?? 'https://login.dingtalk.com');
        login.search = new URLSearchParams({
          redirect_uri: redirectUri,
          response_type: 'code',
          client_id: config.appKey,
          scope: 'openid',
          state,
          prompt: 'consent',
        }).toString();
        url = login.toString();
      }
    }
    await this.db.transaction(async (tx) => {
      // Old attempts and remembered codes go as new ones come.
      await tx.delete(hostSignIns).where(lt(hostSignIns.expiresAt, new Date(Date.now() - STATE_LIFETIME_MS)));
      await tx.delete(hostSignInCodes).where(lt(hostSignInCodes.usedAt, new Date(Date.now() - CODE_MEMORY_MS)));
      await tx.insert(hostSignIns).values({
        stateHash: sha256(state),
        bindingHash: sha256(binding),
        provider: input.provider,
        mode: input.mode,
        expiresAt: new Date(Date.now() + STATE_LIFETIME_MS),
      });
    });
    return { state, binding, ...(url ? { url } : {}), ...(corpId ? { corpId } : {}) };
  }

  /** Code + state + binding → a session for the staff member the provider names. */
  async finish(input: { state: string; binding: string; authCode: string }, client: ClientContext): Promise<LoginResult> {
    const state = input.state.trim();
    const binding = input.binding.trim();
    const code = input.authCode.trim();
    if (!state) throw badRequest('缺少登录状态参数，请重新登录');
    if (!binding) throw badRequest(SIGN_IN_EXPIRED);
    if (!code) throw badRequest('缺少授权码，请重新登录');
    // The state is taken (once) and the code recorded before anything is asked of the provider.
    const attempt = await this.db.transaction(async (tx) => {
      const [taken] = await tx
        .update(hostSignIns)
        .set({ usedAt: new Date() })
        .where(and(eq(hostSignIns.stateHash, sha256(state)), eq(hostSignIns.bindingHash, sha256(binding)), isNull(hostSignIns.usedAt), gt(hostSignIns.expiresAt, new Date())))
        .returning({ provider: hostSignIns.provider, mode: hostSignIns.mode });
      if (!taken) return undefined;
      const [fresh] = await tx
        .insert(hostSignInCodes)
        .values({ codeHash: sha256(`${taken.provider}:${code}`), provider: taken.provider })
        .onConflictDoNothing()
        .returning({ codeHash: hostSignInCodes.codeHash });
      return { ...taken, codeUsed: !fresh };
    });
    if (!attempt) {
      await this.auditFailure(null, 'state', client);
      throw badRequest(SIGN_IN_EXPIRED);
    }
    const { provider, mode } = attempt;
    if (attempt.codeUsed) {
      await this.auditFailure(provider, 'code replayed', client);
      throw badRequest(CODE_USED);
    }
    const exchange = await this.exchange(provider, mode, code);
    if (!exchange.userId) {
      await this.auditFailure(provider, 'not a member', client);
      throw badRequest(NOT_REGISTERED);
    }
    const person = await this.person(provider, exchange.userId);
    if (!person || person.status === 'deleted') {
      await this.auditFailure(provider, 'unknown user', client);
      throw badRequest(NOT_REGISTERED);
    }
    if (person.status !== 'active') {
      await appendAudit(this.db, { action: 'login.failed', actorId: null, targetId: person.id, detail: `${provider} deactivated`, client });
      throw badRequest(ACCOUNT_DEACTIVATED);
    }
    return this.accounts.loginWithHost(person, provider, client);
  }

  /** The staff member linked to the directory userid: an active one first, else the latest deactivated. */
  private async person(provider: HostProvider, userId: string) {
    const column = provider === 'wecom' ? staff.wecomUserId : staff.dingtalkUserId;
    const rows = await this.db
      .select({ id: staff.id, username: staff.username, phone: staff.phone, mustChangePassword: staff.mustChangePassword, status: staff.status })
      .from(staff)
      .where(and(eq(column, userId), ne(staff.status, 'deleted')))
      .orderBy(desc(staff.deactivatedAt), desc(staff.id));
    const active = rows.filter((row) => row.status === 'active');
    if (active.length > 1) throw badRequest(`该${NAMES[provider]}账号关联了多名员工，请联系管理员`);
    return active[0] ?? rows[0];
  }

  /** Asks the provider whose code it is; its refusal (a forged, expired or other corp's code) is a 400, its silence a 503. */
  private async exchange(provider: HostProvider, mode: 'app' | 'qr', code: string): Promise<Exchange> {
    try {
      if (provider === 'wecom') {
        // Members answer userid; a WeChat user outside the company only an openid.
        const answer = await this.wecom().call('cgi-bin/auth/getuserinfo', { query: { code } });
        return { userId: nonEmpty(answer.userid ?? answer.UserId) };
      }
      const api = this.dingtalk();
      return await (mode === 'app' ? this.dingtalkApp(api, code) : this.dingtalkQr(api, code));
    } catch (error) {
      if (error instanceof AppError) throw error;
      const name = NAMES[provider];
      if (error instanceof HostApiError && (error.errcode !== undefined || !error.retry)) throw badRequest(`${name}登录失败，请重新登录`);
      throw unavailable(`${name}暂时无法访问，请稍后重试`);
    }
  }

  /** 钉钉's free sign-in: the code its client gave the page names the userid. */
  private async dingtalkApp(api: DingtalkApi, code: string): Promise<Exchange> {
    try {
      const answer = await api.call<{ result?: { userid?: unknown } }>('topapi/v2/user/getuserinfo', { body: { code } });
      return { userId: nonEmpty(answer.result?.userid) };
    } catch (error) {
      if (error instanceof HostApiError && error.errcode === NOT_IN_COMPANY) return { userId: undefined };
      throw error;
    }
  }

  /** 钉钉扫码登录: the code buys a user access token, which names the person's unionId, which the company's directory maps to a userid. */
  private async dingtalkQr(api: DingtalkApi, code: string): Promise<Exchange> {
    const { config } = api;
    const token = await fetchHostJson('钉钉', 'oauth2/userAccessToken', `${config.newApiBase}/v1.0/oauth2/userAccessToken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: config.appKey, clientSecret: config.appSecret, code, grantType: 'authorization_code' }),
    });
    const accessToken = nonEmpty(token.accessToken);
    if (!accessToken) throw new HostApiError('钉钉 oauth2/userAccessToken answered no accessToken', false);
    const me = await fetchHostJson('钉钉', 'contact/users/me', `${config.newApiBase}/v1.0/contact/users/me`, { headers: { 'x-acs-dingtalk-access-token': accessToken } });
    const unionId = nonEmpty(me.unionId);
    if (!unionId) throw new HostApiError('钉钉 contact/users/me answered no unionId', false);
    try {
      const answer = await api.call<{ result?: { userid?: unknown } }>('topapi/user/getbyunionid', { body: { unionid: unionId } });
      return { userId: nonEmpty(answer.result?.userid) };
    } catch (error) {
      if (error instanceof HostApiError && error.errcode === NOT_IN_COMPANY) return { userId: undefined };
      throw error;
    }
  }

  private wecom(): WecomApi {
    const api = this.hostApps.wecom;
    if (!api) throw badRequest('未开通企业微信登录');
    return api;
  }

  private dingtalk(): DingtalkApi {
    const api = this.hostApps.dingtalk;
    if (!api) throw badRequest('未开通钉钉登录');
    return api;
  }

  /** A refused host sign-in in the audit log: the provider and why, never a code, state or token. */
  private async auditFailure(provider: HostProvider | null, why: string, client: ClientContext): Promise<void> {
    await appendAudit(this.db, { action: 'login.failed', actorId: null, detail: `${provider ?? 'host'} ${why}`, client });
  }
}

const nonEmpty = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
