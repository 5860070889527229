/**
 * SMS for report-due and 催交 notices through the app's SMS provider (SMS_PROVIDER), at most
 * NOTICE_SMS_DAILY_CAP messages per user per China day, counted from the deliveries sent today and
 * those being sent now. A delivery takes its place under the cap before it is sent (its sent_at is
 * set while it is still pending) in a short transaction holding a per-user advisory lock, so two
 * instances sending the same user's last allowed SMS at once send it once; a send that fails gives
 * its place back.
 */
import { chinaDayString } from '@sales/contract';
import { and, count, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client.js';
import { noticeDeliveries, notices } from '../../../../db/schema.js';
import type { SmsProvider } from '../../account/sms.js';
import { DeliveryError, SMS_KINDS, type DeliveryChannel, type DeliveryJob, type DeliveryResult } from './channel.js';

/** The advisory lock class of a user's SMS cap (the user's id is the lock's second key). */
export const SMS_CAP_LOCK = 0x736d73; // 'sms'

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
    if (!(await this.takePlace(db, job))) return { status: 'skipped', reason: `已达每日短信上限（${this.dailyCap}条）` };
    try {
      await this.sms.send(db, {
        phone: job.recipient.phone,
        scene: 'notice',
        code: '',
        title: job.notice.title,
        content: `【销售助手】${job.notice.title}：${job.notice.body}`,
      });
    } catch (error) {
      await db.update(noticeDeliveries).set({ sentAt: null }).where(and(eq(noticeDeliveries.id, job.deliveryId), eq(noticeDeliveries.status, 'pending')));
      throw new DeliveryError(`短信 ${error instanceof Error ? error.message : 'error'}`);
    }
    return { status: 'sent' };
  }

  /**
   * Counts the user's SMS sent today or being sent (a pending delivery with sent_at, this one
   * aside: a retry after a crash mid-send takes its own place again) and, under the cap, marks
   * this delivery as being sent.
   */
  private takePlace(db: Db, job: DeliveryJob): Promise<boolean> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SMS_CAP_LOCK}, ${job.recipient.staffId})`);
      const [taken] = await tx
        .select({ n: count() })
        .from(noticeDeliveries)
        .innerJoin(notices, eq(notices.id, noticeDeliveries.noticeId))
        .where(
          and(
            eq(notices.staffId, job.recipient.staffId),
            eq(noticeDeliveries.channel, 'sms'),
            inArray(noticeDeliveries.status, ['sent', 'pending']),
            gte(noticeDeliveries.sentAt, startOfChinaDay(new Date())),
            ne(noticeDeliveries.id, job.deliveryId),
          ),
        );
      if ((taken?.n ?? 0) >= this.dailyCap) return false;
      await tx.update(noticeDeliveries).set({ sentAt: sql`now()` }).where(eq(noticeDeliveries.id, job.deliveryId));
      return true;
    });
  }
}
