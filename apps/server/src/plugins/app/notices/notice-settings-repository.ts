/**
 * 设置 → 消息通知: a user's muted kinds (notice_mutes), the channels that reach them, and their
 * browsers' Web Push subscriptions. Every read and write is the caller's own (sales-authorization).
 */
import { NOTICE_KIND_NAMES, NOTICE_KINDS, type NoticeKind, type NoticeSettings, type PushSubscribeBody } from '@sales/contract';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { noticeMutes, positions, pushSubscriptions, staff } from '../../../db/schema.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import { canRemovePushSubscription, PUSH_SUBSCRIPTION_NOT_FOUND } from '../sales/sales-authorization.js';
import { SMS_KINDS } from './delivery/channel.js';
import type { NoticeChannels } from './notice-delivery.js';

/**
 * The push services browsers subscribe with (Chrome/Edge via FCM, Firefox, Safari, Windows):
 * the server sends pushes only there, never to an address a client made up.
 */
const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'push.services.mozilla.com', 'push.apple.com', 'notify.windows.com'];

export function isPushServiceEndpoint(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return false;
  return PUSH_SERVICE_HOSTS.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`));
}

export class NoticeSettingsRepository {
  constructor(
    private readonly db: Db,
    private readonly channels: NoticeChannels,
    private readonly robotSites: readonly number[],
    private readonly smsDailyCap: number,
  ) {}

  async settings(userId: number): Promise<NoticeSettings> {
    const [mutes, [person], [subscribed], sites] = await Promise.all([
      this.db.select({ kind: noticeMutes.kind }).from(noticeMutes).where(eq(noticeMutes.staffId, userId)),
      this.db.select({ wecomUserId: staff.wecomUserId, dingtalkUserId: staff.dingtalkUserId }).from(staff).where(eq(staff.id, userId)),
      this.db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.staffId, userId)),
      this.robotSites.length > 0
        ? this.db.select({ siteId: positions.siteId }).from(positions).where(and(eq(positions.staffId, userId), inArray(positions.siteId, [...this.robotSites])))
        : Promise.resolve([]),
    ]);
    const muted = new Set(mutes.map((mute) => mute.kind));
    return {
      kinds: NOTICE_KINDS.map((kind) => ({ kind, name: NOTICE_KIND_NAMES[kind], enabled: !muted.has(kind) })),
      channels: {
        wecom: { configured: this.channels.has('wecom'), linked: Boolean(person?.wecomUserId) },
        dingtalk: { configured: this.channels.has('dingtalk'), linked: Boolean(person?.dingtalkUserId) },
        wecomRobot: { configured: this.channels.has('wecomRobot') && sites.length > 0 },
        sms: { configured: this.channels.has('sms'), kinds: [...SMS_KINDS], dailyCap: this.smsDailyCap },
        webPush: { configured: this.channels.has('webPush'), publicKey: this.channels.webPushKey, subscriptions: subscribed?.n ?? 0 },
      },
    };
  }

  /** Turns one kind on (no mute) or off (a mute); repeating it changes nothing. */
  async setKind(userId: number, kind: NoticeKind, enabled: boolean): Promise<NoticeSettings> {
    await this.db.transaction(async (tx) => {
      if (enabled) await tx.delete(noticeMutes).where(and(eq(noticeMutes.staffId, userId), eq(noticeMutes.kind, kind)));
      else await tx.insert(noticeMutes).values({ staffId: userId, kind }).onConflictDoNothing();
    });
    return this.settings(userId);
  }

  /** Keeps this browser's subscription for the caller (moved to them if another user had it). */
  async subscribe(userId: number, body: PushSubscribeBody, userAgent: string | undefined): Promise<void> {
    if (!this.channels.has('webPush')) throw badRequest('服务器未开启推送通知');
    if (!isPushServiceEndpoint(body.endpoint)) throw badRequest('推送地址不是受支持的推送服务');
    const values = { staffId: userId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, userAgent: userAgent?.slice(0, 256) ?? null };
    await this.db.transaction(async (tx) => {
      await tx
        .insert(pushSubscriptions)
        .values(values)
        .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { staffId: values.staffId, p256dh: values.p256dh, auth: values.auth, userAgent: values.userAgent } });
    });
  }

  /** Removes the caller's subscription of this browser; another user's is not found. */
  async unsubscribe(userId: number, endpoint: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [found] = await tx.select({ id: pushSubscriptions.id, staffId: pushSubscriptions.staffId }).from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)).for('update');
      if (!found || !canRemovePushSubscription(userId, found)) throw notFound(PUSH_SUBSCRIPTION_NOT_FOUND);
      await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, found.id));
    });
  }
}
