/**
 * Creating notices: the one way any part of the server tells a user something. A notice is
 * created at most once per user and `dedupeKey` (the unique index notices_staff_key_uq), so a
 * scheduler on several instances, a retried request or a catch-up after downtime cannot create
 * it twice; a kind the user turned off in 设置 → 消息通知 is not created. It lives in db/ so the
 * demo seed (db/seed-feedback.ts) creates its notices the same way; the app creates notices with
 * `createNotices` (plugins/app/notices/notices-repository.ts), which also queues their deliveries
 * outside the app (the seed's past notices are not sent).
 */
import type { NoticeKind } from '@sales/contract';
import { and, inArray } from 'drizzle-orm';
import type { Db, Tx } from './client.js';
import { noticeMutes, notices } from './schema.js';

export interface NewNotice {
  staffId: number;
  kind: NoticeKind;
  /** Names the event for this user, e.g. `followUpDue:2026-11-24` or `reportComment:812`. */
  dedupeKey: string;
  title: string;
  body: string;
  /** The app route that opens what the notice is about. */
  link: string;
  siteId?: number | null;
  actorId?: number | null;
}

export type CreatedNotice = typeof notices.$inferSelect;

/**
 * Inserts the notices that are new and not muted, inside the caller's transaction when given
 * one, and returns those it created (a repeat of an existing key returns nothing).
 */
export async function insertNotices(db: Db | Tx, items: readonly (NewNotice & { createdAt?: Date })[]): Promise<CreatedNotice[]> {
  if (items.length === 0) return [];
  const staffIds = [...new Set(items.map((item) => item.staffId))];
  const kinds = [...new Set(items.map((item) => item.kind))];
  const mutes = await db
    .select({ staffId: noticeMutes.staffId, kind: noticeMutes.kind })
    .from(noticeMutes)
    .where(and(inArray(noticeMutes.staffId, staffIds), inArray(noticeMutes.kind, kinds)));
  const muted = new Set(mutes.map((mute) => `${mute.staffId}:${mute.kind}`));
  const wanted = items.filter((item) => !muted.has(`${item.staffId}:${item.kind}`));
  if (wanted.length === 0) return [];
  return db
    .insert(notices)
    .values(
      wanted.map((item) => ({
        staffId: item.staffId,
        kind: item.kind,
        dedupeKey: item.dedupeKey,
        title: item.title,
        body: item.body,
        link: item.link,
        siteId: item.siteId ?? null,
        actorId: item.actorId ?? null,
        // Only the demo seed dates a notice (at the comment or like it tells of); the app's are now.
        ...(item.createdAt ? { createdAt: item.createdAt } : {}),
      })),
    )
    .onConflictDoNothing({ target: [notices.staffId, notices.dedupeKey] })
    .returning();
}
