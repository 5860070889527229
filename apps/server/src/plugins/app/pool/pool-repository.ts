/**
 * The 公海 pool of a site (issue 27 §2): list it, 领取 (claim), 放弃 (release) and 分配 (assign).
 *
 * Every claim — from the pool page or by scanning a customer's code (CustomersRepository.claim) —
 * goes through `claimInTransaction`, so the site's rules (pool-rules.ts) apply to both: 拥有上限,
 * 每日领取上限 (China day) and the former owner's wait. A person's claims and assignments to them
 * are serialised by a lock on their staff row, so two at once cannot both pass a cap; a customer's
 * row is locked before its owner changes, so of two claims of one customer exactly one wins.
 */
import { startOfChinaDay, type CustomerLevel, type PoolAssignBody, type PoolAssignResult, type PoolLastOwners, type PoolListBody, type PoolPage, type PoolRules } from '@sales/contract';
import { and, asc, count, desc, eq, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import { customerBindings, customers, positions, staff, type UnbindReason } from '../../../db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../../../lib/errors.js';
import { appendAudit, type ClientContext } from '../audit.js';
import { noticeCustomerAssigned } from '../notices/notice-events.js';
import {
  assignsFromPool,
  canRelease,
  canSeeCustomer,
  claimsFromPool,
  CUSTOMER_NOT_FOUND,
  NOT_A_MEMBER,
  poolCustomers,
  poolSearchReachesContacts,
  seesPool,
  type SalesScope,
} from '../sales/sales-authorization.js';
import { customerKeywordMatch, customerNameMatch } from '../sales/keyword-search.js';
import { iso, isoOrNull, keywordOf, paging } from '../sales/sales-queries.js';
import { poolRulesOf, type EffectivePoolRules } from './pool-rules.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export const POOL_CUSTOMER_TAKEN = '该客户已被领取';
export const POOL_LEADERS_ASSIGN = '站点负责人请使用分配';
export const POOL_ASSIGN_LEADERS_ONLY = '只有站点负责人可以分配公海客户';
export const POOL_NOT_A_MEMBER = '该员工不是本站点成员';

/** The rule a claim breaks, as the salesperson reads it (已拥有 200/200（拥有上限）). */
export const ownLimitMessage = (owned: number, limit: number) => `已拥有 ${owned}/${limit}（拥有上限）`;
export const dailyLimitMessage = (claimed: number, limit: number) => `今日已领取 ${claimed}/${limit}（每日领取上限）`;
export const reclaimBlockMessage = (days: number, left: number) => `前负责人 ${days} 天内不能再领取（还需 ${left} 天）`;

/** How a claim came: from the pool page, or by a customer's code (its own words for a few refusals). */
export interface ClaimWay {
  audit: 'customer.pool.claim' | 'customer.claim';
  notFound: string;
  taken: string;
  leader: string;
}

export const POOL_CLAIM: ClaimWay = { audit: 'customer.pool.claim', notFound: CUSTOMER_NOT_FOUND, taken: POOL_CUSTOMER_TAKEN, leader: POOL_LEADERS_ASSIGN };

/** Holds a person's row until the transaction ends: their claims and assignments to them run one at a time. */
async function lockPerson(tx: Tx, staffId: number): Promise<void> {
  await tx.select({ id: staff.id }).from(staff).where(eq(staff.id, staffId)).for('no key update');
}

/** The customers a person owns at a site. */
async function ownedAt(db: Db | Tx, siteId: number, staffId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(customers)
    .where(and(eq(customers.siteId, siteId), eq(customers.ownerId, staffId)));
  return row?.value ?? 0;
}

/** A person's claims at a site since midnight, China time (by code or from the pool). */
async function claimedTodayAt(db: Db | Tx, siteId: number, staffId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(customerBindings)
    .innerJoin(customers, eq(customers.id, customerBindings.customerId))
    .where(and(eq(customerBindings.staffId, staffId), eq(customerBindings.kind, 'claim'), gte(customerBindings.boundAt, startOfChinaDay(now)), eq(customers.siteId, siteId)));
  return row?.value ?? 0;
}

/** Refuses (409, with the rule and the numbers) a claim the site's rules forbid. */
async function checkClaimRules(tx: Tx, rules: EffectivePoolRules, staffId: number, customerId: number, now: Date): Promise<void> {
  if (rules.ownLimit !== null) {
    const owned = await ownedAt(tx, rules.siteId, staffId);
    if (owned >= rules.ownLimit) throw conflict(ownLimitMessage(owned, rules.ownLimit));
  }
  if (rules.dailyClaimLimit !== null) {
    const claimed = await claimedTodayAt(tx, rules.siteId, staffId, now);
    if (claimed >= rules.dailyClaimLimit) throw conflict(dailyLimitMessage(claimed, rules.dailyClaimLimit));
  }
  if (rules.reclaimBlockDays !== null && rules.reclaimBlockDays > 0) {
    const [last] = await tx
      .select({ staffId: customerBindings.staffId, unboundAt: customerBindings.unboundAt })
      .from(customerBindings)
      .where(eq(customerBindings.customerId, customerId))
      .orderBy(desc(customerBindings.boundAt), desc(customerBindings.id))
      .limit(1);
    if (last?.staffId === staffId && last.unboundAt) {
      const until = last.unboundAt.getTime() + rules.reclaimBlockDays * DAY_MS;
      if (until > now.getTime()) throw conflict(reclaimBlockMessage(rules.reclaimBlockDays, Math.ceil((until - now.getTime()) / DAY_MS)));
    }
  }
}

/**
 * A salesperson claims one customer of their site: the customer matching `match` at the scope's
 * site, locked; refused when it has an owner or a rule of the site says no. Returns its id.
 */
export async function claimInTransaction(tx: Tx, scope: SalesScope, match: SQL, way: ClaimWay, client: ClientContext): Promise<number> {
  if (!claimsFromPool(scope)) throw forbidden(way.leader);
  await lockPerson(tx, scope.userId);
  const [customer] = await tx
    .select({ id: customers.id, siteId: customers.siteId, ownerId: customers.ownerId })
    .from(customers)
    .where(and(match, eq(customers.siteId, scope.siteId)))
    .for('update');
  if (!customer) throw notFound(way.notFound);
  if (customer.ownerId === scope.userId) throw conflict('该客户已是您的客户');
  if (customer.ownerId !== null) throw conflict(way.taken);
  const now = new Date();
  await checkClaimRules(tx, await poolRulesOf(tx, scope.siteId), scope.userId, customer.id, now);
  // The row is locked and has no owner: the update takes it (the condition stays as a guard).
  const taken = await tx
    .update(customers)
    .set({ ownerId: scope.userId, updatedAt: now })
    .where(and(eq(customers.id, customer.id), isNull(customers.ownerId)))
    .returning({ id: customers.id });
  if (taken.length === 0) throw conflict(way.taken);
  await tx.insert(customerBindings).values({ customerId: customer.id, staffId: scope.userId, boundBy: scope.userId, kind: 'claim', boundAt: now });
  await appendAudit(tx, { action: way.audit, actorId: scope.userId, detail: `customer ${customer.id}`, client });
  return customer.id;
}

interface PoolRow {
  id: number;
  name: string;
  level: CustomerLevel;
  address: string;
  source: string;
  createdAt: Date;
  lastOwnerId: number | null;
  lastOwnerName: string | null;
  leftAt: Date | null;
  leftReason: UnbindReason | null;
  leftNote: string | null;
}

export class PoolRepository {
  constructor(private readonly db: Db) {}

  /** Each pool customer's latest binding (its last owner and how it ended), joined laterally. */
  private lastBinding(db: Db | Tx = this.db) {
    return db
      .select({
        staffId: customerBindings.staffId,
        unboundAt: customerBindings.unboundAt,
        unboundReason: customerBindings.unboundReason,
        unboundNote: customerBindings.unboundNote,
      })
      .from(customerBindings)
      .where(eq(customerBindings.customerId, customers.id))
      .orderBy(desc(customerBindings.boundAt), desc(customerBindings.id))
      .limit(1)
      .as('last_binding');
  }

  private conditions(scope: SalesScope, body: PoolListBody, last: ReturnType<PoolRepository['lastBinding']>): SQL {
    const conditions: SQL[] = [poolCustomers(scope)];
    const keyword = keywordOf(body.keyword);
    if (keyword) conditions.push(poolSearchReachesContacts(scope) ? customerKeywordMatch(scope.siteId, keyword) : customerNameMatch(scope.siteId, keyword));
    if (body.level) conditions.push(eq(customers.level, body.level));
    if (body.lastOwnerId !== undefined) conditions.push(eq(last.staffId, body.lastOwnerId));
    return and(...conditions) as SQL;
  }

  /** The site's pool, newest first, a page at a time. */
  async list(scope: SalesScope, body: PoolListBody): Promise<PoolPage> {
    if (!seesPool(scope)) throw forbidden(NOT_A_MEMBER);
    const { page, pageSize, offset } = paging(body.page, body.pageSize);
    const last = this.lastBinding();
    const where = this.conditions(scope, body, last);
    const needsLast = body.lastOwnerId !== undefined;
    const countQuery = needsLast
      ? this.db.select({ total: count() }).from(customers).leftJoinLateral(last, sql`true`).where(where)
      : this.db.select({ total: count() }).from(customers).where(where);
    // The total rides on the page's rows as a subquery PostgreSQL runs once: one statement, one
    // round trip. A page past the last customer has no row to carry it, and asks for it alone.
    const rows = await this.db
      .select({
        total: sql<number>`(${countQuery})`.mapWith(Number),
        id: customers.id,
        name: customers.name,
        level: customers.level,
        address: customers.address,
        source: customers.source,
        createdAt: customers.createdAt,
        lastOwnerId: last.staffId,
        lastOwnerName: staff.username,
        leftAt: last.unboundAt,
        leftReason: last.unboundReason,
        leftNote: last.unboundNote,
      })
      .from(customers)
      .leftJoinLateral(last, sql`true`)
      .leftJoin(staff, eq(staff.id, last.staffId))
      .where(where)
      .orderBy(desc(customers.createdAt), desc(customers.id))
      .limit(pageSize)
      .offset(offset);
    const total = rows[0]?.total ?? (await countQuery)[0]?.total ?? 0;
    return {
      list: (rows as PoolRow[]).map((row) => ({
        id: row.id,
        name: row.name,
        level: row.level,
        address: row.address,
        source: row.source,
        createdAt: iso(row.createdAt),
        lastOwner: row.lastOwnerId !== null && row.lastOwnerName !== null ? { id: row.lastOwnerId, username: row.lastOwnerName } : null,
        leftAt: isoOrNull(row.leftAt),
        leftReason: row.leftReason,
        leftNote: row.leftNote,
      })),
      total,
      page,
      pageSize,
    };
  }

  /** Who last owned the pool's customers, with how many each (the 前负责人 filter). */
  async lastOwners(scope: SalesScope): Promise<PoolLastOwners> {
    if (!seesPool(scope)) throw forbidden(NOT_A_MEMBER);
    const last = this.lastBinding();
    const rows = await this.db
      .select({ id: staff.id, username: staff.username, customers: count() })
      .from(customers)
      .innerJoinLateral(last, sql`true`)
      .innerJoin(staff, eq(staff.id, last.staffId))
      .where(poolCustomers(scope))
      .groupBy(staff.id, staff.username)
      .orderBy(desc(count()), asc(staff.id))
      .limit(200);
    return { list: rows };
  }

  /** The site's rules, and the caller's usage of the caps when they claim. */
  async rules(scope: SalesScope): Promise<PoolRules> {
    if (!seesPool(scope)) throw forbidden(NOT_A_MEMBER);
    const rules = await poolRulesOf(this.db, scope.siteId);
    const claims = claimsFromPool(scope);
    const usage = claims
      ? { owned: await ownedAt(this.db, scope.siteId, scope.userId), claimedToday: await claimedTodayAt(this.db, scope.siteId, scope.userId, new Date()) }
      : null;
    return {
      siteId: scope.siteId,
      ownLimit: rules.ownLimit,
      dailyClaimLimit: rules.dailyClaimLimit,
      reclaimBlockDays: rules.reclaimBlockDays,
      noFollowUpDays: rules.noFollowUpDays,
      noOrderDays: rules.noOrderDays,
      warnDays: rules.warnDays,
      usage,
      canClaim: claims,
      canAssign: assignsFromPool(scope),
    };
  }

  /** 领取: a salesperson takes a pool customer of their site. */
  claim(scope: SalesScope, customerId: number, client: ClientContext): Promise<number> {
    return this.db.transaction((tx) => claimInTransaction(tx, scope, eq(customers.id, customerId), POOL_CLAIM, client));
  }

  /** 放弃: the owner returns their customer to the site's pool, with a reason. */
  async release(scope: SalesScope, customerId: number, reasonText: string, client: ClientContext): Promise<void> {
    const reason = reasonText.trim();
    if (!reason) throw badRequest('请填写放弃原因');
    await this.db.transaction(async (tx) => {
      const [customer] = await tx
        .select({ id: customers.id, siteId: customers.siteId, ownerId: customers.ownerId })
        .from(customers)
        .where(and(eq(customers.id, customerId), eq(customers.siteId, scope.siteId)))
        .for('update');
      if (!customer || !canSeeCustomer(scope, customer)) throw notFound(CUSTOMER_NOT_FOUND);
      // A leader sees every customer of the site, pool ones included: only their own are theirs to release.
      if (!canRelease(scope, customer)) throw forbidden('只能放弃自己负责的客户');
      const now = new Date();
      await tx
        .update(customerBindings)
        .set({ unboundAt: now, unboundBy: scope.userId, unboundReason: 'release', unboundNote: reason })
        .where(and(eq(customerBindings.customerId, customer.id), isNull(customerBindings.unboundAt)));
      await tx.update(customers).set({ ownerId: null, updatedAt: now }).where(eq(customers.id, customer.id));
      await appendAudit(tx, { action: 'customer.release', actorId: scope.userId, detail: `customer ${customer.id}: ${reason}`, client });
    });
  }

  /**
   * 分配: a leader gives pool customers of the site to an active member, all or none. The member's
   * 拥有上限 applies unless the leader overrides it with a reason (kept in the audit log); the
   * daily claim cap and the former owner's wait are about claiming, not a leader's decision.
   */
  async assign(scope: SalesScope, body: PoolAssignBody, client: ClientContext): Promise<PoolAssignResult> {
    if (!assignsFromPool(scope)) throw forbidden(POOL_ASSIGN_LEADERS_ONLY);
    const ids = [...new Set(body.customerIds)].sort((a, b) => a - b);
    const override = body.override ? body.override.reason.trim() : undefined;
    if (override === '') throw badRequest('请填写超限分配的原因');
    return this.db.transaction(async (tx) => {
      const [member] = await tx
        .select({ id: staff.id, username: staff.username })
        .from(positions)
        .innerJoin(staff, eq(staff.id, positions.staffId))
        .where(and(eq(positions.siteId, scope.siteId), eq(positions.staffId, body.staffId), eq(staff.status, 'active')))
        .limit(1);
      if (!member) throw badRequest(POOL_NOT_A_MEMBER);
      await lockPerson(tx, member.id);
      const found = await tx
        .select({ id: customers.id, name: customers.name, ownerId: customers.ownerId })
        .from(customers)
        .where(and(inArray(customers.id, ids), eq(customers.siteId, scope.siteId)))
        .orderBy(asc(customers.id))
        .for('update');
      if (found.length !== ids.length) throw notFound(CUSTOMER_NOT_FOUND);
      const taken = found.find((customer) => customer.ownerId !== null);
      if (taken) throw conflict(`「${taken.name}」已被领取，请刷新后重试`);
      const rules = await poolRulesOf(tx, scope.siteId);
      if (rules.ownLimit !== null && override === undefined) {
        const owned = await ownedAt(tx, scope.siteId, member.id);
        if (owned + ids.length > rules.ownLimit) {
          throw conflict(`${member.username}${ownLimitMessage(owned, rules.ownLimit)}，再分配 ${ids.length} 位将超出`);
        }
      }
      const now = new Date();
      await tx.update(customers).set({ ownerId: member.id, updatedAt: now }).where(inArray(customers.id, ids));
      const bindings = await tx
        .insert(customerBindings)
        .values(ids.map((customerId) => ({ customerId, staffId: member.id, boundBy: scope.userId, kind: 'assign' as const, boundAt: now })))
        .returning({ id: customerBindings.id, customerId: customerBindings.customerId });
      const note = override === undefined ? '' : `（超限分配：${override}）`;
      for (const customer of found) {
        await appendAudit(tx, { action: 'customer.assign', actorId: scope.userId, targetId: member.id, detail: `customer ${customer.id}${note}`, client });
      }
      const first = found[0];
      const firstBinding = bindings.find((binding) => binding.customerId === first?.id);
      if (first && firstBinding && member.id !== scope.userId) {
        await noticeCustomerAssigned(tx, {
          bindingId: firstBinding.id,
          customerId: first.id,
          customerName: first.name,
          staffId: member.id,
          siteId: scope.siteId,
          actorId: scope.userId,
          kind: 'assign',
          count: ids.length,
        });
      }
      return { staff: { id: member.id, username: member.username }, assigned: ids.length, overridden: override !== undefined };
    });
  }
}
