/**
 * 企业微信 app messages (self-built app): `cgi-bin/gettoken` with corpid and corpsecret gives an
 * access_token kept until shortly before its `expires_in`; `cgi-bin/message/send` with the
 * app's agentid sends a text card (or text, without PUBLIC_URL) to the staff member's WeCom
 * userid. A token WeCom calls invalid or expired (40014, 42001, 42009) is fetched again once.
 * (developer.work.weixin.qq.com/document/path/91039 gettoken, /90236 发送应用消息.)
 */
import type { Db } from '../../../../db/client.js';
import type { WecomAppConfig } from '../../../../env.js';
import { appLink } from './links.js';
import { DeliveryError, fetchWithin, type DeliveryChannel, type DeliveryJob, type DeliveryResult } from './channel.js';

interface WecomAnswer {
  errcode?: number;
  errmsg?: string;
  access_token?: string;
  expires_in?: number;
  invaliduser?: string;
}

const TOKEN_ERRORS = new Set([40014, 42001, 42009]);
/** Refreshed this long before WeCom's expiry, so a token is never used at its last second. */
const EXPIRY_MARGIN_MS = 5 * 60 * 1000;

/** WeCom counts bytes: a text card's title up to 128, its description up to 512. */
export function clipBytes(text: string, bytes: number): string {
  const encoder = new TextEncoder();
  if (encoder.encode(text).length <= bytes) return text;
  let out = '';
  for (const char of text) {
    if (encoder.encode(`${out}${char}…`).length > bytes) break;
    out += char;
  }
  return `${out}…`;
}

export class WecomAppChannel implements DeliveryChannel {
  readonly name = 'wecom' as const;
  private token: { value: string; expiresAt: number } | undefined;
  private pending: Promise<string> | undefined;

  constructor(
    private readonly config: WecomAppConfig,
    private readonly publicUrl: string | undefined,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cached token, or a new one (one request at a time however many sends wait for it). */
  async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > this.now()) return this.token.value;
    this.pending ??= this.fetchToken().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  private async fetchToken(): Promise<string> {
    const url = `${this.config.apiBase}/cgi-bin/gettoken?corpid=${encodeURIComponent(this.config.corpId)}&corpsecret=${encodeURIComponent(this.config.corpSecret)}`;
    const answer = await this.request(url, { method: 'GET' }, 'gettoken');
    if (answer.errcode !== 0 || !answer.access_token) throw new DeliveryError(`企业微信 gettoken errcode ${answer.errcode ?? '?'}`, answer.errcode !== 40013 && answer.errcode !== 40001);
    const lifetime = (answer.expires_in ?? 7200) * 1000;
    this.token = { value: answer.access_token, expiresAt: this.now() + Math.max(lifetime - EXPIRY_MARGIN_MS, lifetime / 2) };
    return answer.access_token;
  }

  private async request(url: string, init: RequestInit, what: string): Promise<WecomAnswer> {
    let response: Response;
    try {
      response = await fetchWithin(url, init);
    } catch (error) {
      throw new DeliveryError(`企业微信 ${what} unreachable: ${error instanceof Error ? error.name : 'error'}`);
    }
    if (!response.ok) throw new DeliveryError(`企业微信 ${what} HTTP ${response.status}`);
    try {
      return (await response.json()) as WecomAnswer;
    } catch {
      throw new DeliveryError(`企业微信 ${what} answered no JSON`);
    }
  }

  private message(job: DeliveryJob): Record<string, unknown> {
    // WeCom drops a repeat of the same message within 30 minutes: a retry after a lost answer is not shown twice.
    const to = { touser: job.recipient.wecomUserId, agentid: this.config.agentId, enable_duplicate_check: 1, duplicate_check_interval: 1800 };
    if (this.publicUrl) {
      return {
        ...to,
        msgtype: 'textcard',
        textcard: { title: clipBytes(job.notice.title, 128), description: clipBytes(job.notice.body, 512), url: appLink(this.publicUrl, job.notice.link), btntxt: '查看' },
      };
    }
    return { ...to, msgtype: 'text', text: { content: clipBytes(`${job.notice.title}\n${job.notice.body}`, 2048) } };
  }

  async send(_db: Db, job: DeliveryJob): Promise<DeliveryResult> {
    if (!job.recipient.wecomUserId) return { status: 'skipped', reason: '未关联企业微信账号' };
    const body = JSON.stringify(this.message(job));
    for (let round = 0; round < 2; round += 1) {
      const token = await this.accessToken();
      const answer = await this.request(
        `${this.config.apiBase}/cgi-bin/message/send?access_token=${encodeURIComponent(token)}`,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body },
        'message/send',
      );
      if (answer.errcode === 0) {
        if (answer.invaliduser && answer.invaliduser.split('|').includes(job.recipient.wecomUserId)) {
          throw new DeliveryError('企业微信 message/send: the userid is not in the app’s visible range', false);
        }
        return { status: 'sent' };
      }
      if (answer.errcode !== undefined && TOKEN_ERRORS.has(answer.errcode) && round === 0) {
        this.token = undefined;
        continue;
      }
      // 81013: no such user in the company; 60020 / 48002: the app may not send (configuration).
      throw new DeliveryError(`企业微信 message/send errcode ${answer.errcode ?? '?'}`, answer.errcode !== 81013);
    }
    throw new DeliveryError('企业微信 message/send: the token was refused twice');
  }
}
