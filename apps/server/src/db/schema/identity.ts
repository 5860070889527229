import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

import { createdAt } from './columns.js';

/**
 * 站点: one per department. Sites form a tree (issue 26 §3: 华南大区 → 广州一部); a site without a
 * parent is a root. An archived site keeps its rows and history but is offered nowhere new.
 */
export const sites = pgTable(
  'sites',
  {
    id: integer('id').primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    region: varchar('region', { length: 64 }).notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => sites.id),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** The seller platform's id of the site (POST /seller/integration/sites upserts by it); null = made here. */
    externalId: varchar('external_id', { length: 64 }),
  },
  (table) => [index('sites_parent_idx').on(table.parentId), uniqueIndex('sites_external_id_uq').on(table.externalId).where(sql`${table.externalId} IS NOT NULL`)],
);

/** 员工: every user of the app; the phone is the login account. */
export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 32 }).notNull(),
    phone: varchar('phone', { length: 11 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    avatar: text('avatar'),
    reportAllSites: boolean('report_all_sites').notNull().default(false),
    teamReportAuth: boolean('team_report_auth').notNull().default(false),
    /** 'inactive' = 离职 (deactivated by an administrator): cannot sign in, keeps positions and history; reactivation restores sign-in. */
    status: varchar('status', { length: 16 }).notNull().default('active').$type<'active' | 'inactive' | 'deleted'>(),
    /** Set when a leader resets the password: the next login must choose a new one first. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** 系统管理员: manages the organisation (console at /admin/); grants no sales data by itself. */
    isAdmin: boolean('is_admin').notNull().default(false),
    /** 企业微信 userid of this person in the company's WeCom, for app messages; null = not linked. */
    wecomUserId: varchar('wecom_user_id', { length: 64 }),
    /** 钉钉 userid of this person in the company's DingTalk, for sign-in, directory sync and work notices; null = not linked. */
    dingtalkUserId: varchar('dingtalk_user_id', { length: 64 }),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * When the person last left (离职). They count as a member of their sites for every period that
     * started at or before it (site-members.ts, countsForPeriod); null while active since hire or
     * reactivation.
     */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /** The seller platform's id of the person (POST /seller/integration/staff upserts by it); null = made here. */
    externalId: varchar('external_id', { length: 64 }),
  },
  (t) => [
    uniqueIndex('staff_active_phone_uq').on(t.phone).where(sql`${t.status} = 'active'`),
    uniqueIndex('staff_external_id_uq').on(t.externalId).where(sql`${t.externalId} IS NOT NULL`),
    // Sign-in and directory sync find a person by their host-app userid.
    index('staff_wecom_user_idx').on(t.wecomUserId).where(sql`${t.wecomUserId} IS NOT NULL`),
    index('staff_dingtalk_user_idx').on(t.dingtalkUserId).where(sql`${t.dingtalkUserId} IS NOT NULL`),
  ],
);

/** 岗位: a user's role at a site; several per site are merged by the client, true winning. */
export const positions = pgTable(
  'positions',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id').notNull().references(() => staff.id, { onDelete: 'cascade' }),
    siteId: integer('site_id').notNull().references(() => sites.id),
    isLeader: boolean('is_leader').notNull().default(false),
    drawAuth: boolean('draw_auth').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('positions_staff_idx').on(t.staffId), index('positions_site_idx').on(t.siteId)],
);

/** Opaque session tokens, stored hashed; revoked on logout, password or phone change, deletion. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    staffId: integer('staff_id').notNull().references(() => staff.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: varchar('user_agent', { length: 256 }),
    ip: varchar('ip', { length: 64 }),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash), index('sessions_staff_idx').on(t.staffId)],
);

/** Verification codes, stored hashed with a per-code salt. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    phone: varchar('phone', { length: 11 }).notNull(),
    scene: varchar('scene', { length: 16 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    salt: varchar('salt', { length: 32 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('verification_codes_phone_idx').on(t.phone, t.createdAt)],
);

/** Every SMS the app sent, whichever provider delivered it. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: serial('id').primaryKey(),
    phone: varchar('phone', { length: 11 }).notNull(),
    scene: varchar('scene', { length: 16 }).notNull(),
    provider: varchar('provider', { length: 16 }).notNull(),
    content: text('content').notNull(),
    /** Kept only by the console provider, whose outbox is the delivery (a code, or a reset's one-time password). */
    code: varchar('code', { length: 16 }),
    createdAt: createdAt(),
  },
  (t) => [index('sms_outbox_phone_idx').on(t.phone, t.id)],
);

/**
 * Account tickets: proof that the user just verified a code to their own phone, good for ten
 * minutes, once, and only for the flow it was issued for. Stored hashed like session tokens.
 */
export const accountTickets = pgTable(
  'account_tickets',
  {
    id: serial('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    staffId: integer('staff_id').notNull().references(() => staff.id, { onDelete: 'cascade' }),
    flow: varchar('flow', { length: 16 }).notNull().$type<'changePhone' | 'password' | 'deregister'>(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('account_tickets_token_hash_uq').on(t.tokenHash), index('account_tickets_staff_idx').on(t.staffId)],
);

/**
 * A sign-in through 企业微信 or 钉钉 (issue 28 §1) in progress: the OAuth `state` handed to the
 * provider and the browser binding the page keeps, both stored hashed; good for ten minutes and
 * once. A callback whose state is missing, unknown, expired, used, or arrives without the binding
 * of the browser that started it opens no session (no login CSRF).
 */
export const hostSignIns = pgTable(
  'host_sign_ins',
  {
    id: serial('id').primaryKey(),
    stateHash: varchar('state_hash', { length: 64 }).notNull(),
    bindingHash: varchar('binding_hash', { length: 64 }).notNull(),
    provider: varchar('provider', { length: 16 }).notNull().$type<'wecom' | 'dingtalk'>(),
    /** 'app': inside the host's client; 'qr': a desktop browser's QR login. */
    mode: varchar('mode', { length: 8 }).notNull().$type<'app' | 'qr'>(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('host_sign_ins_state_hash_uq').on(t.stateHash), index('host_sign_ins_expires_idx').on(t.expiresAt)],
);

/** Authorization codes a host sign-in has used (hashed): a code is exchanged once, a replay is refused before the provider is asked. */
export const hostSignInCodes = pgTable(
  'host_sign_in_codes',
  {
    codeHash: varchar('code_hash', { length: 64 }).primaryKey(),
    provider: varchar('provider', { length: 16 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('host_sign_in_codes_used_idx').on(t.usedAt)],
);
