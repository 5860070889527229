import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

import { createdAt } from './columns.js';
import { staff } from './identity.js';

/** The before or after of an audited change: field → value, as plain JSON. */
export type AuditValues = Record<string, string | number | boolean | null | string[]>;

/**
 * Audit log of sensitive actions (logins, account changes, bindings, standards, exports): who,
 * what, on whom, when and from which address — never a password, code or ticket. Append-only: a
 * trigger of migration 0006 refuses updates, deletes and truncation.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => staff.id),
    action: varchar('action', { length: 32 }).notNull(),
    targetId: integer('target_id').references(() => staff.id),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 256 }),
    /** What the action touched beyond a person (`customer 12`, `site 101 month 2026-05`, `rows 120`); never a secret. */
    detail: varchar('detail', { length: 256 }),
    /** An administrator's write: the fields it changed as they were and as they became (plain JSON, never a secret; phones masked). */
    before: jsonb('before').$type<AuditValues>(),
    after: jsonb('after').$type<AuditValues>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    index('audit_log_target_idx').on(t.targetId, t.createdAt),
    index('audit_log_action_idx').on(t.action, t.createdAt),
    index('audit_log_created_idx').on(t.createdAt),
  ],
);

/** Fixed-window counters for throttling when no Redis is configured. */
export const throttles = pgTable('throttles', {
  key: varchar('key', { length: 128 }).primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
});

/** Uploaded images: the stored key, who uploaded it and its checked content type. */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    key: varchar('key', { length: 64 }).notNull(),
    ownerId: integer('owner_id').references(() => staff.id, { onDelete: 'set null' }),
    contentType: varchar('content_type', { length: 32 }).notNull(),
    size: integer('size').notNull(),
    originalName: varchar('original_name', { length: 255 }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('uploads_key_uq').on(t.key)],
);

/** Versions reported by clients through /seller/version/update. */
export const clientVersions = pgTable('client_versions', {
  id: serial('id').primaryKey(),
  version: varchar('version', { length: 32 }).notNull(),
  versionCode: integer('version_code'),
  platform: varchar('platform', { length: 16 }),
  staffId: integer('staff_id'),
  createdAt: createdAt(),
});

/** Key/value facts about this database, such as which demo seed it holds. */
export const appMeta = pgTable('app_meta', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Idempotency-Key of a create call (issue 19): claimed in the transaction that writes, with the
 * request's fingerprint, and the answer kept for 24 hours. A repeat with the same key replays the
 * answer; a different request under the key is refused. Unique per user and key, so N instances
 * behind one database write once.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 36 }).notNull(),
    /** The endpoint's operation name: a key sent to another endpoint is a different request. */
    route: varchar('route', { length: 64 }).notNull(),
    /** sha256 of the request (body, or the uploaded file and its fields), hex. */
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    /** The answer's data, as first sent. */
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('idempotency_keys_user_key_uq').on(t.userId, t.key), index('idempotency_keys_created_idx').on(t.createdAt)],
);
