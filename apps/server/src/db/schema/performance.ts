import { bigint, boolean, date, doublePrecision, index, integer, pgTable, primaryKey, real, serial, timestamp, unique, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

import { createdAt, updatedAt } from './columns.js';
import { sites, staff } from './identity.js';

/** The figures both performance summaries keep (a fresh set of columns for each table). */
const figureColumns = () => ({
  paidCount: integer('paid_count').notNull().default(0),
  paidAmountFen: bigint('paid_amount_fen', { mode: 'number' }).notNull().default(0),
  refundCount: integer('refund_count').notNull().default(0),
  refundAmountFen: bigint('refund_amount_fen', { mode: 'number' }).notNull().default(0),
  newCustomers: integer('new_customers').notNull().default(0),
  followUps: integer('follow_ups').notNull().default(0),
});

/**
 * 业绩日汇总: per site, credited salesperson (0 = nobody) and China-time day, kept current by
 * the triggers of migration 0003_performance_summaries on orders, customers and follow-ups.
 * Sales: an order paid (or later shipped, completed or refunded) counts on its paid day; a refund
 * is counted apart on its refunded day, and figures subtract it.
 */
export const performanceDaily = pgTable(
  'performance_daily',
  {
    siteId: integer('site_id').notNull(),
    staffId: integer('staff_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    ...figureColumns(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.day, t.staffId] }), index('performance_daily_site_staff_day_idx').on(t.siteId, t.staffId, t.day)],
);

/**
 * 业绩月汇总: performance_daily summed by China-time month (`month`: its first day), kept current
 * by statement triggers on performance_daily (migration 0037_performance_monthly), so a range
 * reads each month wholly inside it as one row per person (a year: twelve) and only the days
 * before and after those months from performance_daily (performance-figures' monthSplit).
 */
export const performanceMonthly = pgTable(
  'performance_monthly',
  {
    siteId: integer('site_id').notNull(),
    staffId: integer('staff_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    ...figureColumns(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.month, t.staffId] }), index('performance_monthly_site_staff_month_idx').on(t.siteId, t.staffId, t.month)],
);

/**
 * How many customers each site holds per owner (0 = none), level and whether they have sales
 * orders, kept current by statement triggers on customers (migration 0010_customer_tallies), so a
 * list's total without a keyword is a sum over a few rows rather than a count over the site.
 */
export const customerTallies = pgTable(
  'customer_tallies',
  {
    siteId: integer('site_id').notNull(),
    ownerId: integer('owner_id').notNull(),
    level: varchar('level', { length: 1 }).notNull().$type<'A' | 'B' | 'C'>(),
    hasOrders: boolean('has_orders').notNull(),
    customers: integer('customers').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.ownerId, t.level, t.hasOrders] })],
);

/**
 * How many orders, and for how much, each site holds per salesperson (0 = none), status and
 * China-time day of creation, kept current by statement triggers on orders (migration
 * 0011_order_tallies), so an order list's totals without a keyword or customer are a sum over the
 * site's tallies (at most staff × statuses × days) rather than over its orders.
 */
export const orderTallies = pgTable(
  'order_tallies',
  {
    siteId: integer('site_id').notNull(),
    staffId: integer('staff_id').notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    orders: integer('orders').notNull().default(0),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.staffId, t.status, t.day] }), index('order_tallies_site_day_idx').on(t.siteId, t.day)],
);

/**
 * order_tallies summed by China-time month (`month`: its first day), kept current by statement
 * triggers on order_tallies (migration 0039_order_tallies_monthly), so an order list's totals over
 * every day, or a range's whole months, read a row per salesperson, status and month, and only the
 * days around those months from order_tallies (orders-repository's talliedTotals).
 */
export const orderTalliesMonthly = pgTable(
  'order_tallies_monthly',
  {
    siteId: integer('site_id').notNull(),
    staffId: integer('staff_id').notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    orders: integer('orders').notNull().default(0),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.staffId, t.status, t.month] }), index('order_tallies_monthly_site_month_idx').on(t.siteId, t.month)],
);

/** 业绩标准: monthly targets of a site (staffId null = the site default) or of one member. */
export const performanceStandards = pgTable(
  'performance_standards',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id').notNull().references(() => sites.id),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'cascade' }),
    month: varchar('month', { length: 7 }).notNull(),
    targetAmountFen: bigint('target_amount_fen', { mode: 'number' }).notNull(),
    targetOrders: integer('target_orders').notNull(),
    targetNewCustomers: integer('target_new_customers').notNull(),
    updatedBy: integer('updated_by').references(() => staff.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [unique('performance_standards_site_staff_month_uq').on(t.siteId, t.staffId, t.month).nullsNotDistinct(), index('performance_standards_site_month_idx').on(t.siteId, t.month)],
);

/** Every change of a standard: who, when, the values before (null when new) and after. */
export const performanceStandardChanges = pgTable(
  'performance_standard_changes',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id').notNull().references(() => sites.id),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'cascade' }),
    month: varchar('month', { length: 7 }).notNull(),
    changedBy: integer('changed_by').notNull().references(() => staff.id),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    oldAmountFen: bigint('old_amount_fen', { mode: 'number' }),
    oldOrders: integer('old_orders'),
    oldNewCustomers: integer('old_new_customers'),
    newAmountFen: bigint('new_amount_fen', { mode: 'number' }).notNull(),
    newOrders: integer('new_orders').notNull(),
    newNewCustomers: integer('new_new_customers').notNull(),
  },
  (t) => [index('performance_standard_changes_site_idx').on(t.siteId, t.changedAt, t.id)],
);

/**
 * 考勤: one record per staff, site and China-time day. status is 'leave' for 请假, otherwise what
 * the clock times said when last written; 缺卡 of a finished day is derived when read.
 */
export const attendance = pgTable(
  'attendance',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id').notNull().references(() => staff.id, { onDelete: 'cascade' }),
    siteId: integer('site_id').notNull().references(() => sites.id),
    day: date('day', { mode: 'string' }).notNull(),
    clockInAt: timestamp('clock_in_at', { withTimezone: true }),
    clockOutAt: timestamp('clock_out_at', { withTimezone: true }),
    /** Where the phone was at each clock, when the person allowed it (accuracy in metres). */
    clockInLatitude: doublePrecision('clock_in_latitude'),
    clockInLongitude: doublePrecision('clock_in_longitude'),
    clockInAccuracy: real('clock_in_accuracy'),
    clockOutLatitude: doublePrecision('clock_out_latitude'),
    clockOutLongitude: doublePrecision('clock_out_longitude'),
    clockOutAccuracy: real('clock_out_accuracy'),
    /** When a clock tapped offline reached the server (null when it arrived at once): leaders see both times. */
    clockInReceivedAt: timestamp('clock_in_received_at', { withTimezone: true }),
    clockOutReceivedAt: timestamp('clock_out_received_at', { withTimezone: true }),
    status: varchar('status', { length: 16 }).notNull().$type<'normal' | 'late' | 'early' | 'missing' | 'leave'>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('attendance_staff_site_day_uq').on(t.staffId, t.siteId, t.day), index('attendance_site_day_idx').on(t.siteId, t.day)],
);
