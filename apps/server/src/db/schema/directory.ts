import { boolean, index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

import { createdAt } from './columns.js';
import { sites, staff } from './identity.js';

/**
 * 通讯录同步 (issue 28 §2): one row (id 1) — which directory the organisation follows, whether the
 * daily sync runs, the day it last ran (so N instances run it once a day) and the last run's outcome.
 */
export const directorySync = pgTable('directory_sync', {
  id: integer('id').primaryKey(),
  provider: varchar('provider', { length: 16 }).$type<'wecom' | 'dingtalk'>(),
  dailySync: boolean('daily_sync').notNull().default(false),
  /** The China day (YYYY-MM-DD) the daily sync last ran. */
  scheduledOn: varchar('scheduled_on', { length: 10 }),
  lastRunKind: varchar('last_run_kind', { length: 16 }).$type<'preview' | 'apply' | 'scheduled'>(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  lastRunCounts: jsonb('last_run_counts').$type<Record<string, number>>(),
  /** Why the last run failed (Chinese, never a secret); null when it ran. */
  lastError: varchar('last_error', { length: 256 }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A directory department the admin made a site: onto an existing site, or onto a new one the first
 * apply creates under parent_site_id (site_id is set then). The site's name follows the department's.
 */
export const directoryMappings = pgTable(
  'directory_mappings',
  {
    id: serial('id').primaryKey(),
    provider: varchar('provider', { length: 16 }).notNull().$type<'wecom' | 'dingtalk'>(),
    departmentId: varchar('department_id', { length: 64 }).notNull(),
    departmentName: varchar('department_name', { length: 64 }).notNull(),
    siteId: integer('site_id').references(() => sites.id),
    parentSiteId: integer('parent_site_id').references(() => sites.id),
    region: varchar('region', { length: 64 }),
    /** 离职交接人: the colleague who takes a leaver's customers of this site; null: the site's pool. */
    handoverStaffId: integer('handover_staff_id').references(() => staff.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('directory_mappings_department_uq').on(t.provider, t.departmentId), index('directory_mappings_site_idx').on(t.siteId)],
);
