/** Customers, their binding to a salesperson and the QR code that opens or claims them. */
import {
  customerQrPayload,
  fenToYuan,
  parseCustomerQr,
  type Binding,
  type CustomerDetail,
  type CustomerLevel,
  type CustomerListBody,
  type CustomerPage,
  type CustomerSummary,
  type QrResolution,
} from '@sales/contract';
import { and, count, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../../db/client.js';
import { rowsOf } from '../../../db/seed-bulk.js';
import { customerBindings, customers, customerSearch, customerTallies, positions, staff, type UnbindReason } from '../../../db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../../../lib/errors.js';
import { appendAudit, type ClientContext } from '../audit.js';
import { noticeCustomerAssigned } from '../notices/notice-events.js';
import { claimInTransaction, type ClaimWay } from '../pool/pool-repository.js';
import {
  canClaim,
  canManageBindings,
  canSeeCustomer,
  canShowQr,
  CUSTOMER_NOT_FOUND,
  QR_CUSTOMER_NOT_FOUND,
  visibleCustomers,
  visibleCustomerTallies,
  type SalesScope,
} from '../sales/sales-authorization.js';
import { customerKeywordMatch, searchRowKeywordMatch } from '../sales/keyword-search.js';
import type { SessionCache } from '../auth/session-cache.js';
import { cachedPoolRules, effectivePoolRules } from '../pool/pool-rules.js';
import { daysLeftOfCustomer, returnRules } from '../pool/return-countdown.js';
import { cappedCount, EXPORT_BATCH, iso, isoOrNull, keysetBatches, keywordOf, paging, staffRef } from '../sales/sales-queries.js';

export type CustomerFilter = Omit<CustomerListBody, 'page' | 'pageSize' | 'siteId'>;

const summaryColumns = {
  id: customers.id,
  siteId: customers.siteId,
  name: customers.name,
  contactName: customers.contactName,
  phone: customers.phone,
  level: customers.level,
  ownerId: customers.ownerId,
  ownerName: staff.username,
  orderCount: customers.orderCount,
  totalAmountFen: customers.totalAmountFen,
  lastOrderAt: customers.lastOrderAt,
  createdAt: customers.createdAt,
};

const detailColumns = {
  ...summaryColumns,
  address: customers.address,
  source: customers.source,
  remark: customers.remark,
  qrToken: customers.qrToken,
  latitude: customers.latitude,
  longitude: customers.longitude,
  positionSource: customers.positionSource,
  positionSetAt: customers.positionSetAt,
};

interface SummaryRow {
  id: number;
  siteId: number;
  name: string;
  contactName: string;
  phone: string;
  level: CustomerLevel;
  ownerId: number | null;
  ownerName: string | null;
  orderCount: number;
  totalAmountFen: number;
  lastOrderAt: Date | null;
  createdAt: Date;
  returnDaysLeft: number | null;
}

function toSummary(row: SummaryRow): CustomerSummary {
  return {
    id: row.id,
    siteId: row.siteId,
    name: row.name,
    contactName: row.contactName,
    phone: row.phone,
    level: row.level,
    owner: staffRef(row.ownerId, row.ownerName),
    orderCount: row.orderCount,
    totalAmount: fenToYuan(row.totalAmountFen),
    lastOrderAt: isoOrNull(row.lastOrderAt),
    createdAt: iso(row.createdAt),
    returnDaysLeft: row.returnDaysLeft,
  };
}

const QR_TOKEN = /^[A-Za-z0-9_-]{8,64}$/;

/** A claim by scanning a customer's code: its own words for a code of no customer, a taken one, a leader. */
const QR_CLAIM: ClaimWay = { audit: 'customer.claim', notFound: QR_CUSTOMER_NOT_FOUND, taken: '该客户已有负责人', leader: '站点负责人请在客户关系页分配客户' };

/** The QR token in what the caller sent: a scanned payload or the bare token. */
function tokenOf(text: string): string {
  const token = parseCustomerQr(text) ?? (QR_TOKEN.test(text.trim()) ? text.trim() : null);
  if (!token) throw badRequest('不是有效的客户二维码');
  return token;
}

export class CustomersRepository {
  /** `cache`: the instance's cache, which keeps the 公海 rules the lists' 剩余 N 天 reads (none: read every time). */
  constructor(
    private readonly db: Db,
    private readonly cache?: SessionCache,
  ) {}

  /**
   * 剩余 N 天 of a customer of the scope's site, as the return job computes it (return-countdown.ts).
   * `db` is the caller's transaction when there is one (PGlite has one connection: a read beside it
   * waits forever), which reads the rules as they are in it; otherwise they come from the cache.
   */
  private async countdown(scope: SalesScope, db: Db | Tx = this.db, now = new Date()): Promise<SQL<number | null>> {
    const effective = db === this.db && this.cache ? await cachedPoolRules(this.db, this.cache) : await effectivePoolRules(db, [scope.siteId]);
    const site = effective.get(scope.siteId);
    return daysLeftOfCustomer(returnRules(new Map(site ? [[scope.siteId, site]] : [])), now);
  }

  /**
   * The list's conditions. `walk` says that a keyword matches so many of the customers the caller
   * sees that reading them in the list's order finds a page sooner than finding every match first:
   * the match is then a filter the planner cannot read an index for (see `list`).
   */
  private conditions(scope: SalesScope, filter: CustomerFilter, walk = false): SQL {
    const conditions: (SQL | undefined)[] = [visibleCustomers(scope)];
    const keyword = keywordOf(filter.keyword);
    if (keyword) {
      const match = customerKeywordMatch(scope.siteId, keyword);
      // In a CASE the planner neither reads an index for the match nor takes it for rare (it
      // guesses one row in two), so it walks the order's index; `(match) is true` kept the guess.
      conditions.push(walk ? sql`case when ${match} then true else false end` : match);
    }
    if (filter.ownerId !== undefined) conditions.push(filter.ownerId === 0 ? isNull(customers.ownerId) : eq(customers.ownerId, filter.ownerId));
    if (filter.level) conditions.push(eq(customers.level, filter.level));
    if (filter.hasOrders !== undefined) conditions.push(filter.hasOrders ? gt(customers.orderCount, 0) : eq(customers.orderCount, 0));
    return and(...conditions) as SQL;
  }

  /** Sort orders matching the list indexes; the id breaks ties so pages never overlap. */
  private ordering(filter: CustomerFilter, countdown: SQL<number | null>): SQL[] {
    switch (filter.sort) {
      case 'returnSoon':
        // The soonest returned first; customers without a countdown last.
        return [sql`${countdown} asc nulls last`, desc(customers.id)];
      case 'totalAmount':
        return [desc(customers.totalAmountFen), desc(customers.id)];
      case 'createdAt':
        return [desc(customers.createdAt), desc(customers.id)];
      default:
        return [sql`${customers.lastOrderAt} desc nulls last`, sql`${customers.id} desc nulls last`];
    }
  }

  async list(scope: SalesScope, body: CustomerListBody): Promise<CustomerPage> {
    const { page, pageSize, offset } = paging(body.page, body.pageSize);
    // The return rules (kept by the instance: mostly no statement) and a keyword's counts at once.
    const [countdown, counted] = await Promise.all([this.countdown(scope), this.keywordCounts(scope, body)]);
    // `total`: the list's total as a subquery PostgreSQL runs once, carried on every row.
    const rowsWhere = (where: SQL, total: SQL<number | null> = sql`null`) =>
      this.db
        .select({ ...summaryColumns, returnDaysLeft: countdown, total: total.mapWith((value: unknown) => (value === null ? null : Number(value))) })
        .from(customers)
        .leftJoin(staff, eq(staff.id, customers.ownerId))
        .where(where)
        .orderBy(...this.ordering(body, countdown))
        .limit(pageSize)
        .offset(offset);
    if (counted) {
      // The total first (a few milliseconds from customer_search), then the page: none past the
      // last match, and for a broad keyword the list's own order read until the page is full. The
      // planner cannot know how broad a keyword is (it takes three ILIKEs for rare), so it found
      // every match through the keys' index and sorted them all for 20 rows (超市: 3,779 of 张伟's
      // 41,851 customers at 100×, 13 ms); in the list's order 20 matches come within ~220 rows.
      // The order's index reads (offset + pageSize) × seen / matches rows against every match.
      const { matches, seen } = counted;
      if (offset >= matches) return { list: [], total: matches, page, pageSize };
      const walk = body.sort !== 'returnSoon' && (offset + pageSize) * seen < matches * matches;
      const rows = await rowsWhere(this.conditions(scope, body, walk));
      return { list: rows.map(toSummary), total: matches, page, pageSize };
    }
    const where = this.conditions(scope, body);
    // The total rides on the page's rows: one statement, one round trip. A page past the last
    // customer has no row to carry it, and asks for it alone.
    const rows = await rowsWhere(where, sql<number>`(${this.totalQuery(scope, body, where)})`);
    const total = rows[0]?.total ?? (await this.total(scope, body, where));
    return { list: rows.map(toSummary), total, page, pageSize };
  }

  /** The customer_tallies conditions of a filter: the customers the caller sees, by owner and level (and orders). */
  private tallyConditions(scope: SalesScope, filter: CustomerFilter): SQL {
    const conditions: (SQL | undefined)[] = [visibleCustomerTallies(scope)];
    if (filter.ownerId !== undefined) conditions.push(eq(customerTallies.ownerId, filter.ownerId));
    if (filter.level) conditions.push(eq(customerTallies.level, filter.level));
    if (filter.hasOrders !== undefined) conditions.push(eq(customerTallies.hasOrders, filter.hasOrders));
    return and(...conditions) as SQL;
  }

  /**
   * For a keyword of two characters or more without the orders filter (customer_search holds no
   * order figures): how many customers match (the list's exact total, from customer_search) and
   * how many the caller sees with the other filters (from customer_tallies), in one statement.
   */
  private async keywordCounts(scope: SalesScope, filter: CustomerFilter): Promise<{ matches: number; seen: number } | undefined> {
    const keyword = keywordOf(filter.keyword);
    const match = keyword && filter.hasOrders === undefined ? searchRowKeywordMatch(scope.siteId, keyword) : undefined;
    if (!match) return undefined;
    const conditions: (SQL | undefined)[] = [eq(customerSearch.siteId, scope.siteId), match];
    if (!scope.isLeader) conditions.push(eq(customerSearch.ownerId, scope.userId));
    if (filter.ownerId !== undefined) conditions.push(filter.ownerId === 0 ? isNull(customerSearch.ownerId) : eq(customerSearch.ownerId, filter.ownerId));
    if (filter.level) conditions.push(eq(customerSearch.level, filter.level));
    const matches = this.db.select({ value: count() }).from(customerSearch).where(and(...conditions));
    const seen = this.db
      .select({ value: sql<number>`coalesce(sum(${customerTallies.customers}), 0)::int` })
      .from(customerTallies)
      .where(this.tallyConditions(scope, filter));
    const [row] = rowsOf<{ matches: number; seen: number }>(await this.db.execute(sql`select (${matches})::int as matches, (${seen}) as seen`));
    return row;
  }

  /**
   * The list's total. Without a keyword every filter is a column of customer_tallies, so the total
   * is a sum over a few dozen rows however many customers the site holds; a keyword needs a count.
   */
  private totalQuery(scope: SalesScope, filter: CustomerFilter, where: SQL) {
    if (keywordOf(filter.keyword)) return this.db.select({ total: count() }).from(customers).where(where);
    return this.db
      .select({ total: sql<number>`coalesce(sum(${customerTallies.customers}), 0)::int` })
      .from(customerTallies)
      .where(this.tallyConditions(scope, filter));
  }

  private async total(scope: SalesScope, filter: CustomerFilter, where: SQL): Promise<number> {
    const [row] = await this.totalQuery(scope, filter, where);
    return Number(row?.total ?? 0);
  }

  /** The list's sort value of a row as text, so a keyset continues exactly where it left off. */
  private sortKey(filter: CustomerFilter, countdown: SQL<number | null>): SQL<string | null> {
    switch (filter.sort) {
      case 'returnSoon':
        return sql<string | null>`(${countdown})::text`;
      case 'totalAmount':
        return sql<string>`${customers.totalAmountFen}::text`;
      case 'createdAt':
        return sql<string>`${customers.createdAt}::text`;
      default:
        return sql<string | null>`${customers.lastOrderAt}::text`;
    }
  }

  /** The rows after `row` in the order of `ordering`. */
  private after(filter: CustomerFilter, countdown: SQL<number | null>, row: { id: number; sortKey: string | null }): SQL {
    switch (filter.sort) {
      case 'returnSoon':
        return row.sortKey === null
          ? sql`((${countdown}) is null and ${customers.id} < ${row.id})`
          : sql`((${countdown}) is null or (${countdown}) > ${row.sortKey}::int or ((${countdown}) = ${row.sortKey}::int and ${customers.id} < ${row.id}))`;
      case 'totalAmount':
        return sql`(${customers.totalAmountFen}, ${customers.id}) < (${row.sortKey}::bigint, ${row.id})`;
      case 'createdAt':
        return sql`(${customers.createdAt}, ${customers.id}) < (${row.sortKey}::timestamptz, ${row.id})`;
      default:
        // Latest order first, customers who never ordered last.
        return row.sortKey === null
          ? sql`(${customers.lastOrderAt} is null and ${customers.id} < ${row.id})`
          : sql`(${customers.lastOrderAt} is null or (${customers.lastOrderAt}, ${customers.id}) < (${row.sortKey}::timestamptz, ${row.id}))`;
    }
  }

  /** How many rows the export holds, counting no further than `cap`. */
  exportCount(scope: SalesScope, filter: CustomerFilter, cap: number): Promise<number> {
    return cappedCount(this.db, customers, customers.id, this.conditions(scope, filter), cap);
  }

  /** Rows for the CSV export, in list order, at most `limit`, read in keyset batches. */
  exportBatches(scope: SalesScope, filter: CustomerFilter, limit: number, batchSize = EXPORT_BATCH) {
    const where = this.conditions(scope, filter);
    // The rules are read once, at the first batch, so every batch counts down from the same instant.
    let rules: Promise<SQL<number | null>> | undefined;
    return keysetBatches(
      async (after: { id: number; sortKey: string | null } | undefined, size) => {
        const countdown = await (rules ??= this.countdown(scope));
        return this.db
          .select({ ...detailColumns, returnDaysLeft: countdown, sortKey: this.sortKey(filter, countdown) })
          .from(customers)
          .leftJoin(staff, eq(staff.id, customers.ownerId))
          .where(after ? and(where, this.after(filter, countdown, after)) : where)
          .orderBy(...this.ordering(filter, countdown))
          .limit(size);
      },
      limit,
      batchSize,
    );
  }

  async detail(scope: SalesScope, id: number, db: Db | Tx = this.db): Promise<CustomerDetail> {
    const [row] = await db
      .select({ ...detailColumns, returnDaysLeft: await this.countdown(scope, db) })
      .from(customers)
      .leftJoin(staff, eq(staff.id, customers.ownerId))
      .where(and(eq(customers.id, id), visibleCustomers(scope)));
    if (!row) throw notFound(CUSTOMER_NOT_FOUND);
    return {
      ...toSummary(row),
      siteName: scope.siteName,
      address: row.address,
      source: row.source,
      remark: row.remark,
      qrPayload: canShowQr(scope, row) ? customerQrPayload(row.qrToken) : null,
      canManage: canManageBindings(scope, row),
      position:
        row.latitude !== null && row.longitude !== null && row.positionSource && row.positionSetAt
          ? { latitude: row.latitude, longitude: row.longitude, source: row.positionSource, setAt: row.positionSetAt.toISOString() }
          : null,
    };
  }

  /** 404 unless the caller sees the customer. */
  async requireVisible(scope: SalesScope, id: number, db: Db | Tx = this.db): Promise<{ id: number; siteId: number; ownerId: number | null }> {
    const [row] = await db
      .select({ id: customers.id, siteId: customers.siteId, ownerId: customers.ownerId })
      .from(customers)
      .where(and(eq(customers.id, id), visibleCustomers(scope)));
    if (!row) throw notFound(CUSTOMER_NOT_FOUND);
    return row;
  }

  async bindings(scope: SalesScope, customerId: number): Promise<{ list: Binding[] }> {
    await this.requireVisible(scope, customerId);
    const boundBy = alias(staff, 'bound_by_staff');
    const rows = await this.db
      .select({
        id: customerBindings.id,
        staffId: staff.id,
        staffName: staff.username,
        boundById: boundBy.id,
        boundByName: boundBy.username,
        kind: customerBindings.kind,
        boundAt: customerBindings.boundAt,
        unboundAt: customerBindings.unboundAt,
        unboundReason: customerBindings.unboundReason,
        unboundNote: customerBindings.unboundNote,
      })
      .from(customerBindings)
      .innerJoin(staff, eq(staff.id, customerBindings.staffId))
      .leftJoin(boundBy, eq(boundBy.id, customerBindings.boundBy))
      .where(eq(customerBindings.customerId, customerId))
      .orderBy(desc(customerBindings.boundAt), desc(customerBindings.id));
    return {
      list: rows.map((row) => ({
        id: row.id,
        staff: { id: row.staffId, username: row.staffName },
        boundBy: staffRef(row.boundById, row.boundByName),
        kind: row.kind,
        boundAt: iso(row.boundAt),
        unboundAt: isoOrNull(row.unboundAt),
        unboundReason: row.unboundReason,
        unboundNote: row.unboundNote,
      })),
    };
  }

  /** Locks a customer of the scope's site for a binding change. */
  private async lockCustomer(tx: Tx, scope: SalesScope, match: SQL) {
    const [row] = await tx
      .select({ id: customers.id, siteId: customers.siteId, ownerId: customers.ownerId })
      .from(customers)
      .where(and(match, eq(customers.siteId, scope.siteId)))
      .for('update');
    return row;
  }

  private async closeOpenBinding(tx: Tx, customerId: number, by: number, at: Date, reason: UnbindReason): Promise<void> {
    await tx
      .update(customerBindings)
      .set({ unboundAt: at, unboundBy: by, unboundReason: reason })
      .where(and(eq(customerBindings.customerId, customerId), isNull(customerBindings.unboundAt)));
  }

  /** A leader binds an unbound customer to a member of the site, or transfers it to another one. */
  async bind(scope: SalesScope, customerId: number, staffId: number, client: ClientContext): Promise<void> {
    if (!canManageBindings(scope)) throw forbidden('只有站点负责人可以分配客户');
    await this.db.transaction(async (tx) => {
      const customer = await this.lockCustomer(tx, scope, eq(customers.id, customerId));
      if (!customer || !canManageBindings(scope, customer)) throw notFound(CUSTOMER_NOT_FOUND);
      const [member] = await tx
        .select({ id: staff.id })
        .from(positions)
        .innerJoin(staff, eq(staff.id, positions.staffId))
        .where(and(eq(positions.siteId, scope.siteId), eq(positions.staffId, staffId), eq(staff.status, 'active')))
        .limit(1);
      if (!member) throw badRequest('该员工不是本站点成员');
      if (customer.ownerId === staffId) throw conflict('该客户已由该员工负责');
      const now = new Date();
      const kind = customer.ownerId === null ? 'bind' : 'transfer';
      await this.closeOpenBinding(tx, customerId, scope.userId, now, 'transfer');
      const [binding] = await tx
        .insert(customerBindings)
        .values({ customerId, staffId, boundBy: scope.userId, kind, boundAt: now })
        .returning({ id: customerBindings.id });
      const [updated] = await tx
        .update(customers)
        .set({ ownerId: staffId, updatedAt: now })
        .where(eq(customers.id, customerId))
        .returning({ name: customers.name });
      if (binding && updated) {
        await noticeCustomerAssigned(tx, { bindingId: binding.id, customerId, customerName: updated.name, staffId, siteId: customer.siteId, actorId: scope.userId, kind });
      }
      const from = customer.ownerId === null ? '' : ` from ${customer.ownerId}`;
      await appendAudit(tx, { action: `customer.${kind}`, actorId: scope.userId, targetId: staffId, detail: `customer ${customerId}${from}`, client });
    });
  }

  /** A leader releases a customer from its salesperson. */
  async unbind(scope: SalesScope, customerId: number, client: ClientContext): Promise<void> {
    if (!canManageBindings(scope)) throw forbidden('只有站点负责人可以解绑客户');
    await this.db.transaction(async (tx) => {
      const customer = await this.lockCustomer(tx, scope, eq(customers.id, customerId));
      if (!customer || !canManageBindings(scope, customer)) throw notFound(CUSTOMER_NOT_FOUND);
      if (customer.ownerId === null) throw conflict('该客户当前没有负责人');
      const now = new Date();
      await this.closeOpenBinding(tx, customerId, scope.userId, now, 'unbind');
      await tx.update(customers).set({ ownerId: null, updatedAt: now }).where(eq(customers.id, customerId));
      await appendAudit(tx, { action: 'customer.unbind', actorId: scope.userId, targetId: customer.ownerId, detail: `customer ${customerId}`, client });
    });
  }

  /**
   * A salesperson takes an unbound customer of their site by its QR code; returns its id. The same
   * claim as 领取 from the 公海 pool (pool-repository.ts), so the site's rules apply to it too.
   */
  async claim(scope: SalesScope, code: string, client: ClientContext): Promise<number> {
    const token = tokenOf(code);
    return this.db.transaction((tx) => claimInTransaction(tx, scope, eq(customers.qrToken, token), QR_CLAIM, client));
  }

  /** What a scanned code means to the caller: which customer, and whether they may open or claim it. */
  async resolveQr(scope: SalesScope, code: string): Promise<QrResolution> {
    const token = parseCustomerQr(code);
    if (!token) throw badRequest('不是有效的客户二维码');
    const [row] = await this.db
      .select({ id: customers.id, siteId: customers.siteId, name: customers.name, ownerId: customers.ownerId, ownerName: staff.username })
      .from(customers)
      .leftJoin(staff, eq(staff.id, customers.ownerId))
      .where(and(eq(customers.qrToken, token), eq(customers.siteId, scope.siteId)));
    if (!row) throw notFound(QR_CUSTOMER_NOT_FOUND);
    return {
      customerId: row.id,
      name: row.name,
      owner: staffRef(row.ownerId, row.ownerName),
      canView: canSeeCustomer(scope, row),
      canClaim: canClaim(scope, row),
    };
  }
}
