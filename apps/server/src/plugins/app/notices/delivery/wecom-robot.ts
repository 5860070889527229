/**
 * 企业微信 group robot of a site (WECOM_ROBOT_WEBHOOKS): one text message per site and event
 * (a report-due period, a day's 催交), naming and @-mentioning (by phone) every member the
 * event's notices went to. The webhook URL carries the robot's key: it is never logged.
 */
import { and, asc, eq } from 'drizzle-orm';
import { NOTICE_KIND_NAMES } from '@sales/contract';
import type { Db } from '../../../../db/client.js';
import { notices, staff } from '../../../../db/schema.js';
import { clipBytes } from './wecom-app.js';
import { DeliveryError, fetchWithin, type DeliveryChannel, type DeliveryJob, type DeliveryResult } from './channel.js';

export class WecomRobotChannel implements DeliveryChannel {
  readonly name = 'wecomRobot' as const;

  constructor(private readonly webhooks: Readonly<Record<number, string>>) {}

  /** The sites that have a robot. */
  get sites(): number[] {
    return Object.keys(this.webhooks).map(Number);
  }

  async send(db: Db, job: DeliveryJob): Promise<DeliveryResult> {
    const siteId = job.notice.siteId;
    const webhook = siteId === null ? undefined : this.webhooks[siteId];
    if (siteId === null || !webhook) return { status: 'skipped', reason: '站点未配置企业微信群机器人' };
    // Everyone this event's notices went to at the site (muted members got none).
    const members = await db
      .select({ name: staff.username, phone: staff.phone })
      .from(notices)
      .innerJoin(staff, eq(staff.id, notices.staffId))
      .where(and(eq(notices.siteId, siteId), eq(notices.dedupeKey, job.notice.dedupeKey), eq(notices.kind, job.notice.kind)))
      .orderBy(asc(notices.id));
    const names = members.map((member) => member.name).join('、');
    const content = clipBytes(`【销售助手】${NOTICE_KIND_NAMES[job.notice.kind]}：${job.notice.title}\n${names ? `未提交：${names}` : job.notice.body}`, 2048);
    let response: Response;
    try {
      response = await fetchWithin(webhook, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ msgtype: 'text', text: { content, mentioned_mobile_list: members.map((member) => member.phone) } }),
      });
    } catch (error) {
      throw new DeliveryError(`企业微信群机器人 unreachable: ${error instanceof Error ? error.name : 'error'}`);
    }
    if (!response.ok) throw new DeliveryError(`企业微信群机器人 HTTP ${response.status}`);
    const answer = (await response.json().catch(() => ({}))) as { errcode?: number };
    // 93000: the webhook's key is invalid (the robot was removed): retrying cannot help.
    if (answer.errcode !== 0) throw new DeliveryError(`企业微信群机器人 errcode ${answer.errcode ?? '?'}`, answer.errcode !== 93000);
    return { status: 'sent' };
  }
}
