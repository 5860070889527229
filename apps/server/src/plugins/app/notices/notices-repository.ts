/**
 * Creating notices: the one way any part of the server tells a user something. A notice is
 * created at most once per user and `dedupeKey` (the unique index notices_staff_key_uq), so a
 * scheduler on several instances, a retried request or a catch-up after downtime cannot create
 * it twice; a kind the user turned off in 设置 → 消息通知 is not created. (Its code is in
 * db/notice-creation.ts, so the demo seed creates notices the same way.)
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import { insertNotices, type CreatedNotice, type NewNotice } from '../../../db/notice-creation.js';
import { notices } from '../../../db/schema.js';
import { queueDeliveries } from './delivery/outbox.js';

export type { CreatedNotice, NewNotice };

/**
 * Inserts the notices that are new and not muted, inside the caller's transaction when given
 * one, queues their deliveries on the configured channels (sent after commit by the dispatcher,
 * never in this request) and returns those it created (a repeat of an existing key returns nothing).
 */
export async function createNotices(db: Db | Tx, items: readonly NewNotice[]): Promise<CreatedNotice[]> {
  const created = await insertNotices(db, items);
  await queueDeliveries(
    db,
    created.map((notice) => notice.id),
  );
  return created;
}

/** Deletes notices older than the retention period; returns how many went. */
export async function purgeOldNotices(db: Db, retentionDays: number): Promise<number> {
  const gone = await db
    .delete(notices)
    .where(sql`${notices.createdAt} < now() - make_interval(days => ${retentionDays})`)
    .returning({ id: notices.id });
  return gone.length;
}
