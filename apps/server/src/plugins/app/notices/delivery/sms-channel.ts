/**
 * SMS for report-due and 催交 notices through the app's SMS provider (SMS_PROVIDER), at most
 * NOTICE_SMS_DAILY_CAP messages per user per China day, counted from the deliveries sent today.
 */
import { chinaDayString } from '@sales/contract';
import { and, count, eq, gte } from 'drizzle-orm';
import type { Db } from '../../../../db/client.js';
import { noticeDeliveries, notices } from '../../../../db/schema.js';
import type { SmsProvider } from '../../account/sms.js';
import { DeliveryError, SMS_KINDS, type DeliveryChannel, type DeliveryJob, type DeliveryResult } from './channel.js';

/** The instant today (China time, UTC+8) began. */
export function startOfChinaDay(now: Date): Date {
  return new Date(`${chinaDayString(now)}T00:00:00+08:00`);
}

export class SmsNoticeChannel implements DeliveryChannel {
  readonly name = 'sms' as const;

  constructor(
    private readonly sms: SmsProvider,
    private readonly dailyCap: number,
  ) {}

  async send(db: Db, job: DeliveryJob): Promise<DeliveryResult> {
    if (!SMS_KINDS.includes(job.notice.kind)) return { status: 'skipped', reason: '此类消息不发短信' };
    const [sent] = await db
      .select({ n: count() })
      .from(noticeDeliveries)
      .innerJoin(notices, eq(notices.id, noticeDeliveries.noticeId))
      .where(and(eq(notices.staffId, job.recipient.staffId), eq(noticeDeliveries.channel, 'sms'), eq(noticeDeliveries.status, 'sent'), gte(noticeDeliveries.sentAt, startOfChinaDay(new Date()))));
    if ((sent?.n ?? 0) >= this.dailyCap) return { status: 'skipped', reason: `已达每日短信上限（${this.dailyCap}条）` };
    try {
      await this.sms.send(db, {
        phone: job.recipient.phone,
        scene: 'notice',
        code: '',
        title: job.notice.title,
        content: `【销售助手】${job.notice.title}：${job.notice.body}`,
      });
    } catch (error) {
      throw new DeliveryError(`短信 ${error instanceof Error ? error.message : 'error'}`);
    }
    return { status: 'sent' };
  }
}
