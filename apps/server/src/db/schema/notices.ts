import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

import { createdAt } from './columns.js';
import { sites, staff } from './identity.js';

/**
 * 消息: a notice to one user, created by the server (a scheduler or the action that caused it).
 * `dedupeKey` names the event (kind and period or source, e.g. `followUpDue:2026-11-24` or
 * `comment:812`): a notice is created at most once per user and key, however many instances
 * run the scheduler or however often it catches up. Kept 90 days.
 */
export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id').notNull().references(() => staff.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 32 }).notNull(),
    dedupeKey: varchar('dedupe_key', { length: 128 }).notNull(),
    title: varchar('title', { length: 64 }).notNull(),
    body: text('body').notNull(),
    /** The app route that opens what the notice is about, e.g. `/weekly-report-details?id=12`. */
    link: varchar('link', { length: 256 }).notNull(),
    /** The site it concerns, if any. */
    siteId: integer('site_id').references(() => sites.id),
    /** Who caused it (the leader who commented or reminded), null for the scheduler's. */
    actorId: integer('actor_id').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notices_staff_key_uq').on(t.staffId, t.dedupeKey),
    index('notices_staff_created_idx').on(t.staffId, t.createdAt.desc(), t.id.desc()),
    index('notices_staff_unread_idx').on(t.staffId).where(sql`${t.readAt} is null`),
    index('notices_created_idx').on(t.createdAt),
  ],
);

/**
 * One delivery of a notice outside the app (企业微信, SMS, Web Push): retried with backoff until
 * sent or given up; never holds up the request that created the notice.
 */
export const noticeDeliveries = pgTable(
  'notice_deliveries',
  {
    id: serial('id').primaryKey(),
    noticeId: integer('notice_id').notNull().references(() => notices.id, { onDelete: 'cascade' }),
    channel: varchar('channel', { length: 16 }).notNull(),
    status: varchar('status', { length: 16 }).notNull().default('pending').$type<'pending' | 'sent' | 'failed' | 'skipped'>(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last failure, without secrets (no keys, tokens or webhook addresses). */
    lastError: varchar('last_error', { length: 256 }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notice_deliveries_notice_channel_uq').on(t.noticeId, t.channel),
    index('notice_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  ],
);

/** 消息通知 settings: the kinds of notice a user turned off (absent = on). */
export const noticeMutes = pgTable(
  'notice_mutes',
  {
    staffId: integer('staff_id').notNull().references(() => staff.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 32 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.kind] })],
);

/** Web Push subscriptions (VAPID) of the browsers where a user allowed notifications. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id').notNull().references(() => staff.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: varchar('p256dh', { length: 128 }).notNull(),
    auth: varchar('auth', { length: 64 }).notNull(),
    userAgent: varchar('user_agent', { length: 256 }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_uq').on(t.endpoint), index('push_subscriptions_staff_idx').on(t.staffId)],
);
