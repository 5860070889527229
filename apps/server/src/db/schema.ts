import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, unique, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** 站点: one per department. */
export const sites = pgTable('sites', {
  id: integer('id').primaryKey(),
  name: varchar('name', { length: 64 }).notNull(),
  region: varchar('region', { length: 64 }).notNull(),
  createdAt: createdAt(),
});

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
    status: varchar('status', { length: 16 }).notNull().default('active').$type<'active' | 'deleted'>(),
    /** Set when a leader resets the password: the next login must choose a new one first. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_active_phone_uq').on(t.phone).where(sql`${t.status} = 'active'`)],
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
 * 客户: a shop or company of a site, bound to at most one salesperson. The order figures are
 * kept up to date by every order write, so lists sort and filter on them without aggregating.
 */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id').notNull().references(() => sites.id),
    name: varchar('name', { length: 100 }).notNull(),
    contactName: varchar('contact_name', { length: 32 }).notNull(),
    phone: varchar('phone', { length: 20 }).notNull(),
    address: varchar('address', { length: 200 }).notNull().default(''),
    level: varchar('level', { length: 1 }).notNull().default('C').$type<'A' | 'B' | 'C'>(),
    source: varchar('source', { length: 32 }).notNull().default(''),
    ownerId: integer('owner_id').references(() => staff.id, { onDelete: 'set null' }),
    /** The owner when the customer was created: credited with it as a new customer (set by a trigger). */
    creditedStaffId: integer('credited_staff_id'),
    remark: text('remark').notNull().default(''),
    qrToken: varchar('qr_token', { length: 64 }).notNull(),
    /** Orders that count as sales (paid, shipped, completed). */
    orderCount: integer('order_count').notNull().default(0),
    totalAmountFen: bigint('total_amount_fen', { mode: 'number' }).notNull().default(0),
    lastOrderAt: timestamp('last_order_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('customers_qr_token_uq').on(t.qrToken),
    // List orders (newest, biggest, latest order first, id breaking ties) read these backwards.
    index('customers_site_created_idx').on(t.siteId, t.createdAt, t.id),
    index('customers_site_amount_idx').on(t.siteId, t.totalAmountFen, t.id),
    index('customers_site_last_order_idx').on(t.siteId, t.lastOrderAt.desc().nullsLast(), t.id.desc()),
    // A salesperson's list (site and owner) in each of the three orders, so a page reads 20 entries.
    index('customers_site_owner_last_order_idx').on(t.siteId, t.ownerId, t.lastOrderAt.desc().nullsLast(), t.id.desc()),
    index('customers_site_owner_amount_idx').on(t.siteId, t.ownerId, t.totalAmountFen, t.id),
    index('customers_site_owner_created_idx').on(t.siteId, t.ownerId, t.createdAt, t.id),
    index('customers_phone_idx').on(t.phone),
    // Keyword search (ILIKE '%…%') by trigrams (pg_trgm, also loaded into PGlite).
    index('customers_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('customers_contact_trgm_idx').using('gin', t.contactName.op('gin_trgm_ops')),
    index('customers_phone_trgm_idx').using('gin', t.phone.op('gin_trgm_ops')),
  ],
);

/** 客户关系: who a customer was bound to, when, and by whom. */
export const customerBindings = pgTable(
  'customer_bindings',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').notNull().references(() => staff.id),
    boundBy: integer('bound_by').references(() => staff.id),
    kind: varchar('kind', { length: 16 }).notNull().$type<'bind' | 'transfer' | 'claim'>(),
    boundAt: timestamp('bound_at', { withTimezone: true }).notNull().defaultNow(),
    unboundAt: timestamp('unbound_at', { withTimezone: true }),
    unboundBy: integer('unbound_by').references(() => staff.id),
  },
  (t) => [index('customer_bindings_customer_idx').on(t.customerId, t.boundAt)],
);

/** 订单: pushed by the seller platform; amounts in fen. */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNo: varchar('order_no', { length: 40 }).notNull(),
    siteId: integer('site_id').notNull().references(() => sites.id),
    customerId: integer('customer_id').notNull().references(() => customers.id),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    status: varchar('status', { length: 16 }).notNull().$type<'pending' | 'paid' | 'shipped' | 'completed' | 'cancelled' | 'refunded'>(),
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_order_no_uq').on(t.orderNo),
    // Amount and status trail the keys so the list's totals (count and amount of the filtered set)
    // are index-only scans; drizzle has no INCLUDE, and trailing keys cost the same here.
    index('orders_site_created_idx').on(t.siteId, t.createdAt, t.id, t.amountFen, t.status),
    index('orders_site_staff_created_idx').on(t.siteId, t.staffId, t.createdAt, t.id, t.amountFen, t.status),
    index('orders_site_status_created_idx').on(t.siteId, t.status, t.createdAt, t.id, t.amountFen),
    index('orders_order_no_trgm_idx').using('gin', t.orderNo.op('gin_trgm_ops')),
    // A customer's orders newest first, and the totals of a keyword search (orders of the customers
    // a name matches) as index-only scans: the trailing keys are what those queries filter and sum.
    index('orders_customer_created_idx').on(t.customerId, t.createdAt, t.id, t.siteId, t.staffId, t.status, t.amountFen),
    index('orders_site_paid_idx').on(t.siteId, t.paidAt),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceFen: bigint('unit_price_fen', { mode: 'number' }).notNull(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

/** 跟进记录: a salesperson's contact with a customer. */
export const followUps = pgTable(
  'follow_ups',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
    siteId: integer('site_id').notNull().references(() => sites.id),
    staffId: integer('staff_id').notNull().references(() => staff.id),
    type: varchar('type', { length: 8 }).notNull().$type<'电话' | '拜访' | '微信' | '其他'>(),
    content: text('content').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    nextContactAt: timestamp('next_contact_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('follow_ups_customer_created_idx').on(t.customerId, t.createdAt),
    index('follow_ups_site_staff_created_idx').on(t.siteId, t.staffId, t.createdAt),
    index('follow_ups_staff_next_idx').on(t.staffId, t.nextContactAt),
    index('follow_ups_site_next_idx').on(t.siteId, t.nextContactAt),
  ],
);

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
    paidCount: integer('paid_count').notNull().default(0),
    paidAmountFen: bigint('paid_amount_fen', { mode: 'number' }).notNull().default(0),
    refundCount: integer('refund_count').notNull().default(0),
    refundAmountFen: bigint('refund_amount_fen', { mode: 'number' }).notNull().default(0),
    newCustomers: integer('new_customers').notNull().default(0),
    followUps: integer('follow_ups').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.day, t.staffId] }), index('performance_daily_site_staff_day_idx').on(t.siteId, t.staffId, t.day)],
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
    status: varchar('status', { length: 16 }).notNull().$type<'normal' | 'late' | 'early' | 'missing' | 'leave'>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('attendance_staff_site_day_uq').on(t.staffId, t.siteId, t.day), index('attendance_site_day_idx').on(t.siteId, t.day)],
);

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
