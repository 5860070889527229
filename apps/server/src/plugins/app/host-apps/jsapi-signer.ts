/**
 * JS-API signatures of the host apps (issue 28 §3). The phone app, inside 企业微信 or 钉钉, needs
 * the page's address signed with the host's jsapi_ticket before the host's JS SDK lets it scan
 * or locate:
 * - 企业微信 `ww.register`: a corp signature with the company's ticket (`cgi-bin/get_jsapi_ticket`)
 *   and an agent signature with the app's ticket (`cgi-bin/ticket/get?type=agent_config`)
 *   (developer.work.weixin.qq.com/document/path/90506 签名算法);
 * - 钉钉 `dd.config`: a signature with the app's ticket (`get_jsapi_ticket`).
 * Both sign sha1(`jsapi_ticket=…&noncestr=…&timestamp=…&url=…`), the url without its #fragment.
 *
 * Tickets are fetched once per process and kept until shortly before their `expires_in`
 * (ExpiringValue, as the access tokens are); they are never logged or returned, only signatures.
 * Only the app's own pages are signed: the address must be on PUBLIC_URL (or, without it, on the
 * address the request came to), never someone else's site.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { HostAppName, HostJsapiConfig } from '@sales/contract';
import { AppError, badRequest, unavailable } from '../../../lib/errors.js';
import type { DingtalkApi } from './dingtalk-api.js';
import { ExpiringValue, HostApiError, type TokenApi } from './host-api.js';
import type { HostApps } from './host-apps.js';
import type { WecomApi } from './wecom-api.js';

const HOST_NAMES: Record<HostAppName, string> = { wecom: '企业微信', dingtalk: '钉钉' };

export const JSAPI_MESSAGES = {
  notConfigured: (host: HostAppName) => `服务器未开通${HOST_NAMES[host]}应用，无法使用${HOST_NAMES[host]}的扫一扫和定位`,
  badUrl: '页面地址无效',
  foreignUrl: '只能为本应用的页面签名',
  unavailable: (host: HostAppName) => `${HOST_NAMES[host]}暂时无法连接，请稍后重试`,
} as const;

/** sha1 of the signed string, lower-case hex: what both hosts check. */
export function jsapiSignature(ticket: string, nonceStr: string, timestamp: number, url: string): string {
  return createHash('sha1').update(`jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${url}`).digest('hex');
}

/** A ticket kept until shortly before it expires; `ticket` is read from the answer of `pathname`. */
function ticketOf(api: TokenApi, pathname: string, query: Record<string, string>, now: () => number): ExpiringValue {
  return new ExpiringValue(async () => {
    const answer = await api.call<{ ticket?: unknown; expires_in?: unknown }>(pathname, { query });
    if (typeof answer.ticket !== 'string' || answer.ticket === '') throw new HostApiError(`${api.provider} ${pathname} answered no ticket`, true);
    return { value: answer.ticket, expiresInSeconds: typeof answer.expires_in === 'number' ? answer.expires_in : 7200 };
  }, now);
}

export class JsapiSigner {
  private readonly wecomTickets: { corp: ExpiringValue; agent: ExpiringValue } | undefined;
  private readonly dingtalkTicket: ExpiringValue | undefined;

  constructor(
    private readonly hosts: HostApps,
    /** PUBLIC_URL: when set, the only origin (and path prefix) whose pages are signed. */
    private readonly publicUrl: string | undefined,
    private readonly now: () => number = Date.now,
  ) {
    const wecom = hosts.wecom;
    this.wecomTickets = wecom
      ? { corp: ticketOf(wecom, 'cgi-bin/get_jsapi_ticket', {}, now), agent: ticketOf(wecom, 'cgi-bin/ticket/get', { type: 'agent_config' }, now) }
      : undefined;
    this.dingtalkTicket = hosts.dingtalk ? ticketOf(hosts.dingtalk, 'get_jsapi_ticket', {}, now) : undefined;
  }

  /**
   * The address to sign: `pageUrl` without its #fragment, when it is one of the app's pages.
   * `requestOrigin` (the address the request came to) stands in for PUBLIC_URL when that is unset.
   */
  pageToSign(pageUrl: string, requestOrigin: string): string {
    let page: URL;
    try {
      page = new URL(pageUrl);
    } catch {
      throw badRequest(JSAPI_MESSAGES.badUrl);
    }
    if ((page.protocol !== 'https:' && page.protocol !== 'http:') || page.username || page.password) throw badRequest(JSAPI_MESSAGES.badUrl);
    const base = new URL(this.publicUrl ?? `${requestOrigin}/`);
    if (page.origin !== base.origin || !page.pathname.startsWith(base.pathname)) throw badRequest(JSAPI_MESSAGES.foreignUrl);
    const hash = pageUrl.indexOf('#');
    return hash === -1 ? pageUrl : pageUrl.slice(0, hash);
  }

  private sign(ticket: string, url: string) {
    const timestamp = Math.floor(this.now() / 1000);
    const nonceStr = randomBytes(12).toString('base64url');
    return { timestamp, nonceStr, signature: jsapiSignature(ticket, nonceStr, timestamp, url) };
  }

  /** What `ww.register` / `dd.config` need for `url` (already checked by pageToSign). */
  async config(host: HostAppName, url: string): Promise<HostJsapiConfig> {
    try {
      if (host === 'wecom') {
        const api: WecomApi | undefined = this.hosts.wecom;
        if (!api || !this.wecomTickets) throw badRequest(JSAPI_MESSAGES.notConfigured(host));
        const [corp, agent] = await Promise.all([this.wecomTickets.corp.get(), this.wecomTickets.agent.get()]);
        return { host, corpId: api.config.corpId, agentId: api.config.agentId, corp: this.sign(corp, url), agent: this.sign(agent, url) };
      }
      const api: DingtalkApi | undefined = this.hosts.dingtalk;
      if (!api || !this.dingtalkTicket) throw badRequest(JSAPI_MESSAGES.notConfigured(host));
      return { host, corpId: api.config.corpId, agentId: api.config.agentId, corp: this.sign(await this.dingtalkTicket.get(), url) };
    } catch (error) {
      if (error instanceof AppError) throw error;
      // The provider refused or could not be reached: the caller falls back to the browser. The
      // HostApiError's message names the call and errcode only.
      throw Object.assign(unavailable(JSAPI_MESSAGES.unavailable(host)), { cause: error });
    }
  }
}
