import { sql, type SQL } from 'drizzle-orm';
import { type AnyPgColumn, bigint, boolean, doublePrecision, foreignKey, index, integer, jsonb, pgTable, real, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

import { createdAt, updatedAt } from './columns.js';
import { sites, staff } from './identity.js';

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
    /** The salesperson who owns the customer; null = in its site's 公海 pool (issue 27). */
    ownerId: integer('owner_id').references(() => staff.id, { onDelete: 'set null' }),
    /** The owner when the customer was created: credited with it as a new customer (set by a trigger). */
    creditedStaffId: integer('credited_staff_id'),
    remark: text('remark').notNull().default(''),
    qrToken: varchar('qr_token', { length: 64 }).notNull(),
    /** Orders that count as sales (paid, shipped, completed). */
    orderCount: integer('order_count').notNull().default(0),
    totalAmountFen: bigint('total_amount_fen', { mode: 'number' }).notNull().default(0),
    lastOrderAt: timestamp('last_order_at', { withTimezone: true }),
    /** Where the customer is (WGS-84, as browsers report it): set by a leader or confirmed from a check-in. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    positionSource: varchar('position_source', { length: 16 }).$type<'leader' | 'check_in' | 'create'>(),
    positionSetAt: timestamp('position_set_at', { withTimezone: true }),
    positionSetBy: integer('position_set_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * The keyword search's keys (migration 0017): every two characters in a row of the lower-cased
     * name, contact and phone, each prefixed with the site ('101:超市'). Kept by the database; the
     * lists never read it, they match it (`search_bigrams`, db/keyword-search.ts).
     */
    searchKeys: text('search_keys')
      .array()
      .generatedAlwaysAs(sql`search_bigrams(site_id, (name::text || E'\\n' || contact_name::text || E'\\n' || phone::text))`),
    /**
     * 查重's key of the name (issue 27): NFKC (full-width ＡＢＣ and half-width ABC alike), without
     * white space, lower-cased. Kept by the database; customer-dedupe.ts matches on it.
     */
    nameKey: text('name_key').generatedAlwaysAs(sql`lower(regexp_replace(normalize(name::text, NFKC), '\\s', '', 'g'))`),
    /** The seller platform's id of the customer (POST /seller/integration/customers upserts by it); null = made here. */
    externalId: varchar('external_id', { length: 64 }),
  },
  (t) => [
    uniqueIndex('customers_qr_token_uq').on(t.qrToken),
    // The target of follow_ups_customer_site_fk: a follow-up's site is its customer's.
    uniqueIndex('customers_id_site_uq').on(t.id, t.siteId),
    // List orders (newest, biggest, latest order first, id breaking ties) read these backwards.
    index('customers_site_created_idx').on(t.siteId, t.createdAt, t.id),
    index('customers_site_amount_idx').on(t.siteId, t.totalAmountFen, t.id),
    index('customers_site_last_order_idx').on(t.siteId, t.lastOrderAt.desc().nullsLast(), t.id.desc()),
    // A salesperson's list (site and owner) in each of the three orders, so a page reads 20 entries.
    index('customers_site_owner_last_order_idx').on(t.siteId, t.ownerId, t.lastOrderAt.desc().nullsLast(), t.id.desc()),
    index('customers_site_owner_amount_idx').on(t.siteId, t.ownerId, t.totalAmountFen, t.id),
    index('customers_site_owner_created_idx').on(t.siteId, t.ownerId, t.createdAt, t.id),
    index('customers_phone_idx').on(t.phone),
    // 查重 within a site: the same phone, or the same name key.
    index('customers_site_phone_idx').on(t.siteId, t.phone),
    index('customers_site_name_key_idx').on(t.siteId, t.nameKey),
    // The 公海 pool of a site, newest first.
    index('customers_site_pool_idx').on(t.siteId, t.createdAt.desc(), t.id.desc()).where(sql`${t.ownerId} IS NULL`),
    // …and by 等级: its exact count reads the index alone (at 100×, 20 ms → 0.2 ms for 1,426 of 9,819).
    index('customers_site_pool_level_idx').on(t.siteId, t.level, t.createdAt.desc(), t.id.desc()).where(sql`${t.ownerId} IS NULL`),
    // Keyword search (ILIKE '%…%') by trigrams (pg_trgm, also loaded into PGlite).
    index('customers_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('customers_contact_trgm_idx').using('gin', t.contactName.op('gin_trgm_ops')),
    index('customers_phone_trgm_idx').using('gin', t.phone.op('gin_trgm_ops')),
    // Keywords of two characters (超市, 便利) have no trigram: bigrams of the site, by their keys.
    index('customers_search_keys_idx').using('gin', t.searchKeys),
    uniqueIndex('customers_external_id_uq').on(t.externalId).where(sql`${t.externalId} IS NOT NULL`),
  ],
);

/**
 * customer_search's bigram keys: its index's expression, which a search repeats (keyword-search.ts)
 * for the planner to read the index; the keys of customers.search_keys, from the same text.
 */
export const customerSearchKeys = (t: { siteId: AnyPgColumn; nameLower: AnyPgColumn; contactLower: AnyPgColumn; phoneLower: AnyPgColumn }): SQL =>
  sql`search_bigrams(${t.siteId}, ${t.nameLower} || E'\n' || ${t.contactLower} || E'\n' || ${t.phoneLower})`;

/**
 * The keyword search's counts (migration 0036): each customer's site, owner, level and lower-cased
 * name, contact and phone, kept by statement triggers on customers. A list's total for a keyword
 * counts the matches here: ~100 bytes a row against a customer's ~1 KB, so the rows of a broad
 * keyword (超市: 7,277 of a site's 80,000 at 100×) lie on a sixth of the pages, and the exact
 * check is a substring search of text lower-cased once rather than three ILIKEs lower-casing
 * every row again. The keys are those of customers.search_keys, from the same text.
 */
export const customerSearch = pgTable(
  'customer_search',
  {
    customerId: integer('customer_id')
      .primaryKey()
      .references(() => customers.id, { onDelete: 'cascade' }),
    siteId: integer('site_id').notNull(),
    ownerId: integer('owner_id'),
    level: varchar('level', { length: 1 }).notNull().$type<'A' | 'B' | 'C'>(),
    nameLower: text('name_lower').notNull(),
    contactLower: text('contact_lower').notNull(),
    phoneLower: text('phone_lower').notNull(),
  },
  (t) => [index('customer_search_keys_idx').using('gin', customerSearchKeys(t))],
);

/** How a binding began: 绑定 by a leader, 转移, 领取 from the pool, 分配 from the pool by a leader, 新建 by its creator. */
export type BindingKind = 'bind' | 'transfer' | 'claim' | 'assign' | 'create';
/**
 * How a binding ended: 转移 to another salesperson, 放弃 (released to the pool with a reason), 自动回收
 * (a pool rule returned it), 离职 (the owner left: handed over or returned), 移除 (a leader unbound it).
 */
export type UnbindReason = 'transfer' | 'release' | 'auto_return' | 'deactivate' | 'unbind';

/** 客户关系: who a customer was bound to, when, by whom, and how it ended. */
export const customerBindings = pgTable(
  'customer_bindings',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').notNull().references(() => staff.id),
    boundBy: integer('bound_by').references(() => staff.id),
    kind: varchar('kind', { length: 16 }).notNull().$type<BindingKind>(),
    boundAt: timestamp('bound_at', { withTimezone: true }).notNull().defaultNow(),
    unboundAt: timestamp('unbound_at', { withTimezone: true }),
    /** Null when the system ended it (自动回收). */
    unboundBy: integer('unbound_by').references(() => staff.id),
    unboundReason: varchar('unbound_reason', { length: 16 }).$type<UnbindReason>(),
    /** What the person wrote (放弃's reason, a leader's override) or the rule that returned it (未跟进 30 天). */
    unboundNote: text('unbound_note'),
    /** The return deadline the owner was last warned of (自动回收's 提前提醒: once per binding and deadline). */
    returnWarnedFor: timestamp('return_warned_for', { withTimezone: true }),
    /**
     * The latest follow-up this person logged of this customer (null: none), kept by triggers
     * (migration 0034) on follow_ups and on the binding's insert: the 未跟进 rule's anchor of an
     * open binding, read without a look into follow_ups per customer.
     */
    lastFollowUpAt: timestamp('last_follow_up_at', { withTimezone: true }),
  },
  (t) => [
    index('customer_bindings_customer_idx').on(t.customerId, t.boundAt),
    // 今日待办's 即将回收: a person's open bindings by when the 未跟进 rule's clock started.
    index('customer_bindings_staff_follow_clock_idx')
      .on(t.staffId, sql`greatest(${t.boundAt}, ${t.lastFollowUpAt})`)
      .where(sql`${t.unboundAt} IS NULL`),
    // A customer's open binding (its owner since when), and the former owners of the pool's customers.
    index('customer_bindings_open_idx').on(t.customerId).where(sql`${t.unboundAt} IS NULL`),
    index('customer_bindings_staff_unbound_idx').on(t.staffId, t.unboundAt),
  ],
);

/**
 * 公海 rules of a site (issue 27 §2–§3). A site without a row, or with a null field, takes its
 * parent's (up the tree; pool-rules.ts resolves them); null everywhere = no limit / rule off.
 */
export const sitePoolRules = pgTable('site_pool_rules', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id),
  /** 拥有上限: customers one salesperson may own at the site. */
  ownLimit: integer('own_limit'),
  /** 每日领取上限: claims per China day. */
  dailyClaimLimit: integer('daily_claim_limit'),
  /** A former owner may not re-claim the customer for this many days after it left them. */
  reclaimBlockDays: integer('reclaim_block_days'),
  /** 自动回收: days without a follow-up by the owner… */
  noFollowUpDays: integer('no_follow_up_days'),
  /** …and days without a paid order since it was bound to the owner. */
  noOrderDays: integer('no_order_days'),
  /** Per level overrides of the two return rules: { A: { noFollowUpDays, noOrderDays }, … }. */
  levelDays: jsonb('level_days').$type<Partial<Record<'A' | 'B' | 'C', { noFollowUpDays: number | null; noOrderDays: number | null }>>>(),
  /** 提前提醒: the owner is warned this many days before a return. */
  warnDays: integer('warn_days'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => staff.id),
});

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
    /** 拜访签到: the server's time of the check-in, the phone's position and accuracy (metres), a photo. */
    checkInAt: timestamp('check_in_at', { withTimezone: true }),
    checkInLatitude: doublePrecision('check_in_latitude'),
    checkInLongitude: doublePrecision('check_in_longitude'),
    checkInAccuracy: real('check_in_accuracy'),
    checkInPhoto: varchar('check_in_photo', { length: 200 }),
    /** Metres from the customer's position at check-in (null when it had none); 位置偏离 beyond the setting. */
    checkInDistance: integer('check_in_distance'),
    checkInDeviated: boolean('check_in_deviated').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    // A follow-up is at its customer's site, held by the database (migration 0019): home counts a
    // leader's due customers by the follow-ups' site alone.
    foreignKey({ name: 'follow_ups_customer_site_fk', columns: [t.customerId, t.siteId], foreignColumns: [customers.id, customers.siteId] })
      .onUpdate('cascade')
      .onDelete('cascade'),
    index('follow_ups_customer_created_idx').on(t.customerId, t.createdAt),
    // The owner's latest follow-up of a customer: the 公海 countdown (return-countdown.ts).
    index('follow_ups_customer_staff_created_idx').on(t.customerId, t.staffId, t.createdAt),
    index('follow_ups_site_check_in_idx').on(t.siteId, t.checkInAt),
    index('follow_ups_site_staff_created_idx').on(t.siteId, t.staffId, t.createdAt),
    index('follow_ups_staff_next_idx').on(t.staffId, t.nextContactAt),
    index('follow_ups_site_next_idx').on(t.siteId, t.nextContactAt),
  ],
);

/**
 * The latest follow-up of each customer (by created_at, then id), kept by statement triggers on
 * follow_ups (migration 0018): a follow-up is still open, for 今日待办 and home's 今日待联系, when it
 * is its customer's latest. Home counts the site's due customers from here (site, next contact)
 * instead of checking every candidate against the customer's later follow-ups.
 */
export const followUpLatest = pgTable(
  'follow_up_latest',
  {
    customerId: integer('customer_id')
      .primaryKey()
      .references(() => customers.id, { onDelete: 'cascade' }),
    followUpId: integer('follow_up_id').notNull(),
    siteId: integer('site_id').notNull(),
    staffId: integer('staff_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    nextContactAt: timestamp('next_contact_at', { withTimezone: true }),
    /**
     * The customer's owner (customers.owner_id; null: in the 公海), kept by the triggers of migration
     * 0035: by this table's own upserts, and by a trigger on customers whenever a customer changes
     * hands. A salesperson's due customers are then one range of an index instead of a look at
     * each due customer.
     */
    ownerId: integer('owner_id'),
  },
  (t) => [
    // Home's 今日待联系 reads the site's first 20 in (next contact, follow-up) order: with the id in the
    // key it stops at 20, where many share one time (10:00) and it joined them all before sorting.
    index('follow_up_latest_site_next_idx').on(t.siteId, t.nextContactAt, t.followUpId),
    // 今日待办: the caller's open follow-ups up to tomorrow's midnight.
    index('follow_up_latest_staff_next_idx').on(t.staffId, t.nextContactAt),
    // A salesperson's: home's 今日待联系 of the customers they own (count and first 20, in the list's
    // order) and 今日待办's due ones (their own follow-ups, staff_id read from the index).
    index('follow_up_latest_site_owner_next_idx').on(t.siteId, t.ownerId, t.nextContactAt, t.followUpId, t.staffId),
  ],
);
