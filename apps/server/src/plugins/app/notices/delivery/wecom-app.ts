/**
 * 企业微信 app messages (self-built app): `cgi-bin/gettoken` with corpid and corpsecret gives an
 * access_token kept until shortly before its `expires_in`; `cgi-bin/message/send` with the
 * app's agentid sends a text card (or text, without PUBLIC_URL) to the staff member's WeCom
 * userid. A token WeCom calls invalid or expired (40014, 42001, 42009) is fetched again once.
 * (developer.work.weixin.qq.com/document/path/91039 gettoken, /90236 发送应用消息.)
 */
import type { Db } from '../../../../db/client.js';
import { HostApiError } from '../../host-apps/host-api.js';
import type { WecomApi } from '../../host-apps/wecom-api.js';
import { appLink } from './links.js';
import { DeliveryError, type DeliveryChannel, type DeliveryJob, type DeliveryResult } from './channel.js';

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

  constructor(
    /** The process's one 企业微信 client, whose token sign-in and directory sync share. */
    private readonly api: WecomApi,
    private readonly publicUrl: string | undefined,
  ) {}

  private message(job: DeliveryJob): Record<string, unknown> {
    // WeCom drops a repeat of the same message within 30 minutes: a retry after a lost answer is not shown twice.
    const to = { touser: job.recipient.wecomUserId, agentid: this.api.config.agentId, enable_duplicate_check: 1, duplicate_check_interval: 1800 };
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
    let answer;
    try {
      answer = await this.api.call<{ invaliduser?: string }>('cgi-bin/message/send', { body: this.message(job) });
    } catch (error) {
      // 81013: no such user in the company; 60020 / 48002: the app may not send (configuration).
      if (error instanceof HostApiError) throw new DeliveryError(error.message, error.errcode !== 81013 && error.retry);
      throw error;
    }
    if (answer.invaliduser && answer.invaliduser.split('|').includes(job.recipient.wecomUserId)) {
      throw new DeliveryError('企业微信 message/send: the userid is not in the app’s visible range', false);
    }
    return { status: 'sent' };
  }
}
