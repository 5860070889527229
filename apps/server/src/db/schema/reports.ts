import { bigint, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

import { createdAt, updatedAt } from './columns.js';
import { sites, staff } from './identity.js';

/**
 * 周报 and 半月报: one row per staff, site, kind and period. The metrics are a snapshot taken
 * from the performance figures when the report is written, so a report keeps what it said even
 * if orders arrive late.
 */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 16 }).notNull().$type<'weekly' | 'halfMonth'>(),
    staffId: integer('staff_id').notNull().references(() => staff.id),
    siteId: integer('site_id').notNull().references(() => sites.id),
    /** First and last China-time day of the period, both included (YYYY-MM-DD). */
    periodStart: varchar('period_start', { length: 10 }).notNull(),
    periodEnd: varchar('period_end', { length: 10 }).notNull(),
    orderCount: integer('order_count').notNull(),
    orderAmountFen: bigint('order_amount_fen', { mode: 'number' }).notNull(),
    newCustomers: integer('new_customers').notNull(),
    followUps: integer('follow_ups').notNull(),
    targetAmountFen: bigint('target_amount_fen', { mode: 'number' }).notNull(),
    targetOrders: integer('target_orders').notNull(),
    targetNewCustomers: integer('target_new_customers').notNull(),
    summary: text('summary').notNull(),
    plan: text('plan').notNull(),
    problems: text('problems').notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /**
     * When the metrics snapshot was taken (the creating transaction's time, or the seed's): the
     * report's order list counts the sales and refunds that had happened by then, so it adds up
     * to the snapshot even for a report written before its period ended.
     */
    figuresAt: timestamp('figures_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reports_one_per_period_uq').on(t.kind, t.staffId, t.siteId, t.periodStart),
    index('reports_site_kind_period_idx').on(t.siteId, t.kind, t.periodStart),
  ],
);

/** Which leader has read which report; the author may change a report until the first read. */
export const reportReads = pgTable(
  'report_reads',
  {
    reportId: integer('report_id').notNull().references(() => reports.id, { onDelete: 'cascade' }),
    leaderId: integer('leader_id').notNull().references(() => staff.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.leaderId] })],
);

/** 点评: a leader's comment on a report; the author may reply once. */
export const reportComments = pgTable(
  'report_comments',
  {
    id: serial('id').primaryKey(),
    reportId: integer('report_id').notNull().references(() => reports.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').notNull().references(() => staff.id),
    body: varchar('body', { length: 500 }).notNull(),
    createdAt: createdAt(),
    reply: varchar('reply', { length: 500 }),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
  },
  (t) => [index('report_comments_report_idx').on(t.reportId, t.createdAt, t.id)],
);

/** 点赞: one per report and person. */
export const reportLikes = pgTable(
  'report_likes',
  {
    reportId: integer('report_id').notNull().references(() => reports.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').notNull().references(() => staff.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.staffId] })],
);

/**
 * 催交: a leader's reminder to a member who has not written a period's report — at most one
 * per member, kind, period and China-time day (催交 of 上期 leaves today's 催交 of 本期 free); the
 * latest one of a site's period says when 一键催交 was last used for it.
 */
export const reportReminders = pgTable(
  'report_reminders',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 16 }).notNull().$type<'weekly' | 'halfMonth'>(),
    siteId: integer('site_id').notNull().references(() => sites.id),
    staffId: integer('staff_id').notNull().references(() => staff.id, { onDelete: 'cascade' }),
    periodStart: varchar('period_start', { length: 10 }).notNull(),
    /** China-time day of the reminder (YYYY-MM-DD). */
    day: varchar('day', { length: 10 }).notNull(),
    senderId: integer('sender_id').notNull().references(() => staff.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('report_reminders_member_period_day_uq').on(t.kind, t.siteId, t.staffId, t.periodStart, t.day),
    index('report_reminders_site_idx').on(t.siteId, t.kind, t.createdAt),
  ],
);
