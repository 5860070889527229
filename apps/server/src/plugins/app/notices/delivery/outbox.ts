/**
 * The queue of deliveries: which channels this process has configured (set when the app starts),
 * what `createNotices` queues for the notices it created, and a prompt nudge of the dispatcher.
 *
 * Each channel is queued only where it applies: 企业微信 for a user with a WeCom userid, 钉钉
 * for a user with a DingTalk userid, Web Push for a user with a subscription, SMS for report-due
 * and 催交 kinds, the group robot once per site and event for those kinds at a site with a robot.
 * A muted kind has no notice, so no delivery.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../../db/client.js';
import { ROBOT_KINDS, SMS_KINDS, type ChannelName } from './channel.js';

export interface OutboxChannels {
  channels: ReadonlySet<ChannelName>;
  /** Sites with a group robot. */
  robotSites: readonly number[];
}

const NONE: OutboxChannels = { channels: new Set(), robotSites: [] };
let configured: OutboxChannels = NONE;
const wakers = new Set<() => void>();

/** Set by the delivery plugin when the app starts (and cleared when it closes). */
export function configureOutbox(channels: OutboxChannels | undefined): void {
  configured = channels ?? NONE;
}

export function outboxChannels(): OutboxChannels {
  return configured;
}

/** Registers a dispatcher's wake-up; returns its removal. */
export function onDeliveriesQueued(wake: () => void): () => void {
  wakers.add(wake);
  return () => wakers.delete(wake);
}

/**
 * Queues the deliveries of just-created notices in the caller's transaction and nudges the
 * dispatchers (which send only what is committed; anything missed waits for the next tick).
 */
export async function queueDeliveries(db: Db | Tx, noticeIds: readonly number[]): Promise<void> {
  const { channels, robotSites } = configured;
  if (noticeIds.length === 0 || channels.size === 0) return;
  const created = sql`n.id in (${sql.join(noticeIds.map((id) => sql`${id}`), sql`, `)})`;
  const queue = (channel: ChannelName, condition: SQL) =>
    db.execute(sql`insert into notice_deliveries (notice_id, channel) select n.id, ${channel} from notices n where ${created} and ${condition} on conflict do nothing`);
  if (channels.has('wecom')) await queue('wecom', sql`exists (select 1 from staff s where s.id = n.staff_id and s.wecom_user_id is not null)`);
  if (channels.has('dingtalk')) await queue('dingtalk', sql`exists (select 1 from staff s where s.id = n.staff_id and s.dingtalk_user_id is not null)`);
  if (channels.has('webPush')) await queue('webPush', sql`exists (select 1 from push_subscriptions p where p.staff_id = n.staff_id)`);
  if (channels.has('sms')) await queue('sms', sql`n.kind in (${sql.join(SMS_KINDS.map((kind) => sql`${kind}`), sql`, `)})`);
  if (channels.has('wecomRobot') && robotSites.length > 0) {
    // One robot message per site and event: the event's first notice carries it.
    await db.execute(sql`
      insert into notice_deliveries (notice_id, channel)
      select distinct on (n.site_id, n.dedupe_key) n.id, 'wecomRobot'
        from notices n
       where ${created}
         and n.kind in (${sql.join(ROBOT_KINDS.map((kind) => sql`${kind}`), sql`, `)})
         and n.site_id in (${sql.join(robotSites.map((site) => sql`${site}`), sql`, `)})
         and not exists (
           select 1 from notice_deliveries d join notices m on m.id = d.notice_id
            where d.channel = 'wecomRobot' and m.site_id = n.site_id and m.dedupe_key = n.dedupe_key and m.kind = n.kind)
       order by n.site_id, n.dedupe_key, n.id
      on conflict do nothing`);
  }
  for (const wake of wakers) wake();
}
