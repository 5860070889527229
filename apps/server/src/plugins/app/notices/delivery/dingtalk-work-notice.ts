/**
 * 钉钉 work notices (工作通知) of the internal app: `topapi/message/corpconversation/asyncsend_v2`
 * with the app's agent_id sends an OA message whose tap opens the notice in the app (or text,
 * without PUBLIC_URL) to the staff member's DingTalk userid. The token comes from the process's
 * one 钉钉 client, shared with sign-in and directory sync.
 * (open.dingtalk.com/document/orgapp/asynchronous-sending-of-enterprise-session-messages,
 * /message-types-and-data-format.)
 */
import type { Db } from '../../../../db/client.js';
import type { DingtalkApi } from '../../host-apps/dingtalk-api.js';
import { HostApiError } from '../../host-apps/host-api.js';
import { DeliveryError, type DeliveryChannel, type DeliveryJob, type DeliveryResult } from './channel.js';
import { appLink } from './links.js';

/** Clips to `length` characters (DingTalk counts characters), marking the cut. */
function clip(text: string, length: number): string {
  const chars = [...text];
  return chars.length <= length ? text : `${chars.slice(0, length - 1).join('')}…`;
}

/** errcodes after which the message cannot reach this person: no such user (60121), outside the app's range (33012), 不在可见范围 (40035 on a bad userid list). */
const UNREACHABLE = new Set([60121, 33012, 40035]);

export class DingtalkWorkNoticeChannel implements DeliveryChannel {
  readonly name = 'dingtalk' as const;

  constructor(
    /** The process's one 钉钉 client. */
    private readonly api: DingtalkApi,
    private readonly publicUrl: string | undefined,
  ) {}

  private message(job: DeliveryJob): Record<string, unknown> {
    if (this.publicUrl) {
      const url = appLink(this.publicUrl, job.notice.link);
      return {
        msgtype: 'oa',
        oa: {
          message_url: url,
          pc_message_url: url,
          head: { bgcolor: 'FF1677FF', text: '销售助手' },
          body: { title: clip(job.notice.title, 64), content: clip(job.notice.body, 500) },
        },
      };
    }
    return { msgtype: 'text', text: { content: clip(`${job.notice.title}\n${job.notice.body}`, 2000) } };
  }

  async send(_db: Db, job: DeliveryJob): Promise<DeliveryResult> {
    const userId = job.recipient.dingtalkUserId;
    if (!userId) return { status: 'skipped', reason: '未关联钉钉账号' };
    try {
      await this.api.call('topapi/message/corpconversation/asyncsend_v2', {
        body: { agent_id: this.api.config.agentId, userid_list: userId, msg: this.message(job) },
      });
    } catch (error) {
      if (error instanceof HostApiError) throw new DeliveryError(error.message, error.retry && !(error.errcode !== undefined && UNREACHABLE.has(error.errcode)));
      throw error;
    }
    return { status: 'sent' };
  }
}
