/**
 * Web Push (VAPID) through the `web-push` library: it encrypts the payload (aes128gcm) and signs
 * the VAPID Authorization header for each of the user's subscriptions; the request goes out with
 * fetch. A push service answering 404 or 410 says the subscription is gone: it is deleted.
 *
 * Web Push needs the browser vendor's push service (FCM for Chrome, Mozilla's, Apple's), which
 * many phones in mainland China cannot reach; 企业微信 is the main channel there.
 */
import { eq, inArray } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '../../../../db/client.js';
import { pushSubscriptions } from '../../../../db/schema.js';
import type { WebPushConfig } from '../../../../env.js';
import { DeliveryError, describeFailure, fetchWithin, type DeliveryChannel, type DeliveryJob, type DeliveryResult } from './channel.js';

/** How long a push service keeps an undelivered message (seconds): a day. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

/** What the service worker receives (public/push-sw.js shows it and opens `link` on click). */
export interface PushPayload {
  id: number;
  kind: string;
  title: string;
  body: string;
  link: string;
}

export class WebPushChannel implements DeliveryChannel {
  readonly name = 'webPush' as const;

  constructor(private readonly config: WebPushConfig) {}

  get publicKey(): string {
    return this.config.publicKey;
  }

  async send(db: Db, job: DeliveryJob): Promise<DeliveryResult> {
    const subscriptions = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.staffId, job.recipient.staffId));
    if (subscriptions.length === 0) return { status: 'skipped', reason: '没有订阅推送的设备' };
    const payload: PushPayload = { id: job.notice.id, kind: job.notice.kind, title: job.notice.title, body: job.notice.body, link: job.notice.link };
    const gone: number[] = [];
    const failures: string[] = [];
    let delivered = 0;
    for (const subscription of subscriptions) {
      let status: number;
      try {
        const details = webpush.generateRequestDetails(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          JSON.stringify(payload),
          { vapidDetails: { subject: this.config.subject, publicKey: this.config.publicKey, privateKey: this.config.privateKey }, TTL: PUSH_TTL_SECONDS, urgency: 'normal' },
        );
        const response = await fetchWithin(details.endpoint, { method: details.method, headers: details.headers, body: details.body ?? undefined });
        status = response.status;
      } catch (error) {
        // The endpoint (a capability URL) and the keys stay out of the description.
        failures.push(describeFailure(error, [subscription.endpoint, subscription.auth, subscription.p256dh, this.config.privateKey]));
        continue;
      }
      if (status >= 200 && status < 300) delivered += 1;
      else if (status === 404 || status === 410) gone.push(subscription.id);
      else failures.push(`push service HTTP ${status}`);
    }
    if (gone.length > 0) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
    if (delivered > 0) return { status: 'sent' };
    if (failures.length === 0) return { status: 'skipped', reason: '推送订阅已失效，已删除' };
    throw new DeliveryError(`Web Push: ${failures[0]}`);
  }
}
