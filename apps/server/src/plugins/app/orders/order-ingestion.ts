/**
 * Orders pushed by the seller platform (POST /seller/integration/orders) or imported from a file
 * (npm run import:orders): each row checked on its own; the valid rows of a batch upserted by
 * orderNo in one transaction: its new orders in one INSERT, the stored orders it names once in one
 * UPDATE, the others each in a savepoint of its own (a row that fails leaves the others stored),
 * and the customers' figures recomputed once, at the end of that transaction.
 */
import { IngestOrder, ID_MAX, ORDER_STATUS_LABELS, ORDER_STATUSES, SALES_STATUSES, yuanToFen, type IngestResult, type OrderStatus, parseChinaTimestamp } from '@sales/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { Value } from 'typebox/value';
import type { Db, Tx } from '../../../db/client.js';
import { recomputeCustomerFigures } from '../../../db/customer-figures.js';
import { customers, orderItems, orders, positions, sites, staff } from '../../../db/schema.js';

export const INGEST_BATCH_MAX = 1000;

/** Items per INSERT of a batch's orders: 4 parameters each, well under PostgreSQL's 65,535. */
const ITEMS_PER_INSERT = 5000;

/** The items of a batch's orders, in as few INSERTs as the parameter limit allows. */
async function insertItems(tx: Tx, lines: readonly { orderId: number; items: CheckedRow['items'] }[]): Promise<void> {
  const items = lines.flatMap(({ orderId, items }) => items.map((item) => ({ orderId, ...item })));
  for (let from = 0; from < items.length; from += ITEMS_PER_INSERT) await tx.insert(orderItems).values(items.slice(from, from + ITEMS_PER_INSERT));
}

const FIELD_NAMES: Record<string, string> = {
  orderNo: '订单号',
  siteId: '站点',
  customerId: '客户',
  customerExternalId: '客户外部编号',
  staffId: '业务员',
  status: '订单状态',
  amount: '订单金额',
  items: '商品明细',
  name: '商品名称',
  quantity: '商品数量',
  unitPrice: '商品单价',
  remark: '备注',
  createdAt: '下单时间',
  paidAt: '付款时间',
  shippedAt: '发货时间',
  completedAt: '完成时间',
  cancelledAt: '取消时间',
  refundedAt: '退款时间',
};

const TIME_FIELDS = ['paidAt', 'shippedAt', 'completedAt', 'cancelledAt', 'refundedAt'] as const;
type TimeField = (typeof TIME_FIELDS)[number];
/** Each time's column, for the batch's UPDATE. */
const TIME_COLUMNS: Record<TimeField, string> = { paidAt: 'paid_at', shippedAt: 'shipped_at', completedAt: 'completed_at', cancelledAt: 'cancelled_at', refundedAt: 'refunded_at' };

interface SchemaIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/** A Chinese sentence for the first schema failure of a row, naming the field to fix. */
function schemaMessage(issue: SchemaIssue | undefined): string {
  if (!issue) return '订单数据格式不正确';
  const parts = issue.instancePath.split('/').filter(Boolean);
  if (issue.keyword === 'required') {
    const missing = Array.isArray(issue.params.requiredProperties) ? String(issue.params.requiredProperties[0]) : '';
    const where = parts[0] === 'items' && parts[1] !== undefined ? `第${Number(parts[1]) + 1}个商品缺少` : '缺少';
    return `${where}${FIELD_NAMES[missing] ?? missing}`;
  }
  const field = parts[parts.length - 1] ?? '';
  const itemPrefix = parts[0] === 'items' && parts.length === 3 ? `第${Number(parts[1]) + 1}个商品的` : '';
  const label = `${itemPrefix}${FIELD_NAMES[field] ?? (/^\d+$/.test(field) ? '商品' : field || '订单')}`;
  switch (issue.keyword) {
    case 'enum':
      return `订单状态不正确，应为 ${ORDER_STATUSES.join('、')} 之一`;
    case 'minItems':
      return '订单至少需要一个商品';
    case 'maxItems':
      return '一个订单最多200个商品';
    case 'minLength':
      return `${label}不能为空`;
    case 'maxLength':
      return `${label}过长`;
    case 'minimum':
    case 'maximum':
      return `${label}超出范围`;
    default:
      return `${label}格式不正确`;
  }
}

class RowError extends Error {}

const SAVE_CONFLICT = '订单保存冲突，请重试';

/** PostgreSQL's deadlock_detected: another writer holds what this row needs, and waits for this batch. */
const isLockConflict = (error: unknown) =>
  error instanceof Error && ((error as { code?: unknown }).code === '40P01' || (error.cause as { code?: unknown } | undefined)?.code === '40P01');

/**
 * The customers a batch's transaction holds (locked FOR UPDATE, with their owners) and those whose
 * figures its rows changed. A lock taken inside a row's savepoint goes when that row fails, so what
 * a row locked counts as held only once the row is stored (`keepRow`; `dropRow` forgets it).
 */
class BatchLocks {
  private readonly owners = new Map<number, number | null>();
  private rowLocked: number[] = [];
  /** Customers whose orders the batch changed: their figures are recomputed before it commits. */
  readonly changed = new Set<number>();

  constructor(private readonly tx: Tx) {}

  /** Locks, in id order, those of `ids` not yet held (inside a row: on its savepoint `tx`). */
  async lockCustomers(ids: readonly number[], tx: Tx = this.tx): Promise<void> {
    const wanted = [...new Set(ids)].filter((id) => !this.owners.has(id)).sort((a, b) => a - b);
    if (wanted.length === 0) return;
    const locked = await tx
      .select({ id: customers.id, ownerId: customers.ownerId })
      .from(customers)
      .where(inArray(customers.id, wanted))
      .orderBy(asc(customers.id))
      .for('update');
    for (const customer of locked) this.owners.set(customer.id, customer.ownerId);
    if (tx !== this.tx) this.rowLocked.push(...locked.map((customer) => customer.id));
  }

  ownerOf(customerId: number): number | null {
    return this.owners.get(customerId) ?? null;
  }

  keepRow(): void {
    this.rowLocked = [];
  }

  dropRow(): void {
    for (const id of this.rowLocked) this.owners.delete(id);
    this.rowLocked = [];
  }
}

interface CheckedRow {
  index: number;
  orderNo: string;
  siteId: number;
  /** Our id of the customer: sent, or found from customerExternalId (checkFacts). */
  customerId: number;
  customerExternalId: string | undefined;
  /** undefined: not sent (credit the customer's owner on create, keep on update); null: nobody. */
  staffId: number | null | undefined;
  status: OrderStatus;
  amountFen: number;
  remark: string | undefined;
  createdAt: Date;
  times: Record<TimeField, Date | null>;
  items: { name: string; quantity: number; unitPriceFen: number }[];
}

/** A new order's columns from a checked row: the customer's owner is its salesperson unless the row names one. */
function newOrderValues(row: CheckedRow, owner: number | null, updatedAt: Date) {
  return {
    orderNo: row.orderNo,
    siteId: row.siteId,
    customerId: row.customerId,
    staffId: row.staffId === undefined ? owner : row.staffId,
    amountFen: row.amountFen,
    status: row.status,
    remark: row.remark ?? '',
    createdAt: row.createdAt,
    ...row.times,
    updatedAt,
  };
}

/** 10 billion yuan: far above any real order, and well inside exact integer arithmetic. */
const ORDER_FEN_MAX = 1_000_000_000_000;

const hasTwoDecimalsAtMost = (yuan: number) => Math.abs(yuan * 100 - Math.round(yuan * 100)) < 1e-6;
const isId = (value: number) => Number.isInteger(value) && value >= 1 && value <= ID_MAX;

/** The checks that need no database: schema, times, money. */
function checkShape(raw: unknown, index: number): CheckedRow {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new RowError('订单数据格式不正确');
  if (!Value.Check(IngestOrder, raw)) {
    const [first] = Value.Errors(IngestOrder, raw) as SchemaIssue[];
    throw new RowError(schemaMessage(first));
  }
  const row = raw as IngestOrder;
  const orderNo = row.orderNo.trim();
  if (!orderNo) throw new RowError('订单号不能为空');
  if ((row.customerId === undefined) === (row.customerExternalId === undefined)) throw new RowError('请用 customerId 或 customerExternalId 之一指明客户');
  const createdAt = parseChinaTimestamp(row.createdAt);
  if (!createdAt) throw new RowError('下单时间不是有效的时间');
  const times = {} as Record<TimeField, Date | null>;
  for (const field of TIME_FIELDS) {
    const value = row[field];
    if (value === undefined || value === null || value === '') {
      times[field] = null;
      continue;
    }
    const parsed = parseChinaTimestamp(value);
    if (!parsed) throw new RowError(`${FIELD_NAMES[field]}不是有效的时间`);
    times[field] = parsed;
  }
  if ((SALES_STATUSES as readonly string[]).includes(row.status) && !times.paidAt) {
    throw new RowError(`${ORDER_STATUS_LABELS[row.status]}的订单需要付款时间`);
  }
  const items = row.items.map((item, position) => {
    if (!hasTwoDecimalsAtMost(item.unitPrice)) throw new RowError(`第${position + 1}个商品的单价最多两位小数`);
    const name = item.name.trim();
    if (!name) throw new RowError(`第${position + 1}个商品的商品名称不能为空`);
    return { name, quantity: item.quantity, unitPriceFen: yuanToFen(item.unitPrice) };
  });
  const itemsFen = items.reduce((sum, item) => sum + item.quantity * item.unitPriceFen, 0);
  if (itemsFen > ORDER_FEN_MAX) throw new RowError('订单金额超出范围');
  if (row.amount !== undefined) {
    if (!hasTwoDecimalsAtMost(row.amount)) throw new RowError('订单金额最多两位小数');
    if (yuanToFen(row.amount) !== itemsFen) throw new RowError(`订单金额 ${row.amount} 与商品合计 ${itemsFen / 100} 不一致`);
  }
  return {
    index,
    orderNo,
    siteId: row.siteId,
    customerId: row.customerId ?? 0,
    customerExternalId: row.customerExternalId,
    staffId: row.staffId,
    status: row.status,
    amountFen: itemsFen,
    remark: row.remark,
    createdAt,
    times,
    items,
  };
}

export class OrderIngestion {
  constructor(private readonly db: Db) {}

  /** Checks and stores a batch of rows; never throws for a bad row, reports it instead. */
  async ingest(rows: readonly unknown[]): Promise<IngestResult> {
    if (rows.length > INGEST_BATCH_MAX) throw new RangeError(`at most ${INGEST_BATCH_MAX} orders per batch`);
    const result: IngestResult = { created: 0, updated: 0, failed: 0, errors: [] };
    const fail = (index: number, orderNo: string | null, message: string) => {
      result.failed += 1;
      result.errors.push({ index, orderNo, message });
    };

    const checked: CheckedRow[] = [];
    rows.forEach((raw, index) => {
      try {
        checked.push(checkShape(raw, index));
      } catch (error) {
        if (!(error instanceof RowError)) throw error;
        const orderNo = raw !== null && typeof raw === 'object' && 'orderNo' in raw && typeof raw.orderNo === 'string' ? raw.orderNo : null;
        fail(index, orderNo, error.message);
      }
    });

    const facts = await this.loadFacts(checked);
    const valid = checked.filter((row) => {
      try {
        this.checkFacts(row, facts);
        return true;
      } catch (error) {
        if (!(error instanceof RowError)) throw error;
        fail(row.index, row.orderNo, error.message);
        return false;
      }
    });
    if (valid.length > 0) {
      await this.db.transaction(async (tx) => {
        const batch = new BatchLocks(tx);
        // Every customer the batch may change, locked at once in id order: the rows' customers and
        // those of the orders they may move away from. Concurrent writers queue up instead of
        // locking the same customers in another order.
        const existing = await tx
          .select({ orderNo: orders.orderNo, customerId: orders.customerId })
          .from(orders)
          .where(inArray(orders.orderNo, [...new Set(valid.map((row) => row.orderNo))]));
        await batch.lockCustomers([...valid.map((row) => row.customerId), ...existing.map((row) => row.customerId)]);
        // The batch's new orders in one statement (and their items in a few): the statement triggers
        // that keep the daily figures and the tallies fire once for them, not once an order.
        const created = await this.createNew(tx, valid, new Set(existing.map((row) => row.orderNo)), batch);
        // The stored orders the batch names once, in one UPDATE (their items replaced in a few).
        const updated = await this.updateStored(tx, valid.filter((row) => !created.has(row)), batch);
        result.created += created.size;
        result.updated += updated.size;
        const stored = new Set([...created, ...updated]);
        for (const row of valid) {
          if (stored.has(row)) continue;
          try {
            const outcome = await tx.transaction((savepoint) => this.upsert(savepoint, row, batch));
            batch.keepRow();
            result[outcome] += 1;
          } catch (error) {
            batch.dropRow();
            if (error instanceof RowError) fail(row.index, row.orderNo, error.message);
            else if (isLockConflict(error)) fail(row.index, row.orderNo, SAVE_CONFLICT);
            else throw error;
          }
        }
        await recomputeCustomerFigures(tx, [...batch.changed].sort((a, b) => a - b));
      });
    }
    result.errors.sort((a, b) => a.index - b.index);
    return result;
  }

  /**
   * Creates the batch's orders whose number is new, the first row of each such number, in one
   * INSERT (in a savepoint) with their items after it; returns the rows it created. A number another
   * request created meanwhile is skipped (ON CONFLICT DO NOTHING) and, with anything else that fails
   * here, left to the row-by-row path, which reports a row's own failure on that row. Later rows of
   * a number created here update it in their turn, as if the batch had come row by row.
   */
  private async createNew(tx: Tx, valid: readonly CheckedRow[], stored: ReadonlySet<string>, batch: BatchLocks): Promise<Set<CheckedRow>> {
    const seen = new Set(stored);
    const fresh: CheckedRow[] = [];
    for (const row of valid) {
      if (seen.has(row.orderNo)) continue;
      seen.add(row.orderNo);
      fresh.push(row);
    }
    if (fresh.length < 2) return new Set();
    const now = new Date();
    try {
      return await tx.transaction(async (savepoint) => {
        const inserted = await savepoint
          .insert(orders)
          .values(fresh.map((row) => newOrderValues(row, batch.ownerOf(row.customerId), now)))
          .onConflictDoNothing({ target: orders.orderNo })
          .returning({ id: orders.id, orderNo: orders.orderNo });
        const idOf = new Map(inserted.map((order) => [order.orderNo, order.id]));
        const created = fresh.filter((row) => idOf.has(row.orderNo));
        await insertItems(savepoint, created.map((row) => ({ orderId: idOf.get(row.orderNo) as number, items: row.items })));
        for (const row of created) batch.changed.add(row.customerId);
        return new Set(created);
      });
    } catch {
      // Rolled back to the savepoint: each of these rows goes the row-by-row way, which stores it or
      // reports why on it (a failure that is not a row's throws there).
      return new Set();
    }
  }

  /**
   * Updates the stored orders that `rows` (the batch's rows not created above) name once, in one
   * UPDATE in a savepoint, with their items replaced after it; returns the rows it updated. An order
   * of another site, a number named twice (each of its rows updates in turn), and all of them if
   * anything here fails, go the row-by-row way, which stores each or reports why on that row.
   */
  private async updateStored(tx: Tx, rows: readonly CheckedRow[], batch: BatchLocks): Promise<Set<CheckedRow>> {
    const named = new Map<string, number>();
    for (const row of rows) named.set(row.orderNo, (named.get(row.orderNo) ?? 0) + 1);
    const once = rows.filter((row) => named.get(row.orderNo) === 1);
    if (once.length < 2) return new Set();
    try {
      const updated = await tx.transaction(async (savepoint) => {
        const stored = await savepoint
          .select({ id: orders.id, orderNo: orders.orderNo, siteId: orders.siteId, customerId: orders.customerId })
          .from(orders)
          .where(inArray(orders.orderNo, once.map((row) => row.orderNo)))
          .orderBy(asc(orders.id))
          .for('update');
        const byNumber = new Map(stored.map((order) => [order.orderNo, order]));
        const matched = once.flatMap((row) => {
          const order = byNumber.get(row.orderNo);
          return order && order.siteId === row.siteId ? [{ row, order }] : [];
        });
        if (matched.length === 0) return new Set<CheckedRow>();
        // Locked with the batch; an order moved to its customer since then is locked now.
        await batch.lockCustomers(
          matched.flatMap(({ row, order }) => [row.customerId, order.customerId]),
          savepoint,
        );
        const values = matched.map(({ row, order }) => ({
          id: order.id,
          site_id: row.siteId,
          customer_id: row.customerId,
          amount_fen: row.amountFen,
          status: row.status,
          created_at: row.createdAt.toISOString(),
          ...Object.fromEntries(TIME_FIELDS.map((field) => [TIME_COLUMNS[field], row.times[field]?.toISOString() ?? null])),
          // Not sent: the order keeps its salesperson and its remark.
          staff_sent: row.staffId !== undefined,
          staff_id: row.staffId ?? null,
          remark: row.remark ?? null,
        }));
        await savepoint.execute(sql`
          update orders o
             set site_id = v.site_id, customer_id = v.customer_id, amount_fen = v.amount_fen, status = v.status,
                 created_at = v.created_at, paid_at = v.paid_at, shipped_at = v.shipped_at, completed_at = v.completed_at,
                 cancelled_at = v.cancelled_at, refunded_at = v.refunded_at, updated_at = now(),
                 staff_id = case when v.staff_sent then v.staff_id else o.staff_id end,
                 remark = coalesce(v.remark, o.remark)
            from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(
                   id integer, site_id integer, customer_id integer, amount_fen bigint, status varchar,
                   created_at timestamptz, paid_at timestamptz, shipped_at timestamptz, completed_at timestamptz,
                   cancelled_at timestamptz, refunded_at timestamptz, staff_sent boolean, staff_id integer, remark text)
           where o.id = v.id`);
        await savepoint.delete(orderItems).where(
          inArray(
            orderItems.orderId,
            matched.map(({ order }) => order.id),
          ),
        );
        await insertItems(savepoint, matched.map(({ row, order }) => ({ orderId: order.id, items: row.items })));
        for (const { row, order } of matched) {
          batch.changed.add(row.customerId);
          batch.changed.add(order.customerId);
        }
        return new Set(matched.map(({ row }) => row));
      });
      batch.keepRow();
      return updated;
    } catch {
      // Rolled back to the savepoint, its locks with it: these rows go the row-by-row way.
      batch.dropRow();
      return new Set();
    }
  }

  /** Sites, customers and memberships the batch names, in three queries. */
  private async loadFacts(rows: readonly CheckedRow[]) {
    const externalIds = [...new Set(rows.flatMap((row) => (row.customerExternalId === undefined ? [] : [row.customerExternalId])))];
    const byExternal = externalIds.length
      ? await this.db.select({ id: customers.id, externalId: customers.externalId }).from(customers).where(inArray(customers.externalId, externalIds))
      : [];
    const idOfExternal = new Map(byExternal.map((row) => [row.externalId, row.id]));
    for (const row of rows) if (row.customerExternalId !== undefined) row.customerId = idOfExternal.get(row.customerExternalId) ?? 0;
    const customerIds = [...new Set(rows.map((row) => row.customerId).filter(isId))];
    const staffIds = [...new Set(rows.map((row) => row.staffId).filter((id): id is number => typeof id === 'number' && isId(id)))];
    const siteIds = new Set((await this.db.select({ id: sites.id }).from(sites)).map((site) => site.id));
    const customerRows = customerIds.length
      ? await this.db.select({ id: customers.id, siteId: customers.siteId }).from(customers).where(inArray(customers.id, customerIds))
      : [];
    const memberRows = staffIds.length
      ? await this.db
          .select({ staffId: positions.staffId, siteId: positions.siteId })
          .from(positions)
          .innerJoin(staff, eq(staff.id, positions.staffId))
          .where(and(inArray(positions.staffId, staffIds), eq(staff.status, 'active')))
      : [];
    return {
      siteIds,
      siteOf: new Map(customerRows.map((row) => [row.id, row.siteId])),
      members: new Set(memberRows.map((row) => `${row.staffId}:${row.siteId}`)),
    };
  }

  private checkFacts(row: CheckedRow, facts: Awaited<ReturnType<OrderIngestion['loadFacts']>>): void {
    if (!facts.siteIds.has(row.siteId)) throw new RowError('站点不存在');
    if (facts.siteOf.get(row.customerId) !== row.siteId) {
      throw new RowError(row.customerExternalId === undefined ? '客户不存在或不属于该站点' : `外部编号为 ${row.customerExternalId} 的客户不存在或不属于该站点`);
    }
    if (typeof row.staffId === 'number' && !facts.members.has(`${row.staffId}:${row.siteId}`)) throw new RowError('业务员不是该站点的成员');
  }

  /** Creates or updates one order with its items; its customers' figures follow at the end of the batch (`batch.changed`). */
  private async upsert(tx: Tx, row: CheckedRow, batch: BatchLocks): Promise<'created' | 'updated'> {
    const findExisting = async () => {
      const [found] = await tx
        .select({ id: orders.id, siteId: orders.siteId, customerId: orders.customerId, staffId: orders.staffId })
        .from(orders)
        .where(eq(orders.orderNo, row.orderNo))
        .for('update');
      return found;
    };
    let existing = await findExisting();
    if (existing && existing.siteId !== row.siteId) throw new RowError('订单号已被其他站点的订单使用');

    // Locked with the batch; an order moved to its customer since then is locked now.
    const affected = [row.customerId, ...(existing ? [existing.customerId] : [])];
    await batch.lockCustomers(affected, tx);
    const owner = batch.ownerOf(row.customerId);

    const values = {
      siteId: row.siteId,
      customerId: row.customerId,
      amountFen: row.amountFen,
      status: row.status,
      createdAt: row.createdAt,
      ...row.times,
      updatedAt: new Date(),
    };
    let created: number | undefined;
    if (!existing) {
      const [inserted] = await tx
        .insert(orders)
        .values(newOrderValues(row, owner, values.updatedAt))
        .onConflictDoNothing({ target: orders.orderNo })
        .returning({ id: orders.id });
      created = inserted?.id;
      if (created === undefined) {
        // Another request created it a moment ago: update it like a re-sent order.
        existing = await findExisting();
        if (!existing) throw new RowError(SAVE_CONFLICT);
        if (existing.siteId !== row.siteId) throw new RowError('订单号已被其他站点的订单使用');
        affected.push(existing.customerId);
        await batch.lockCustomers(affected, tx);
      }
    }
    const orderId = created ?? existing?.id;
    if (orderId === undefined) throw new RowError(SAVE_CONFLICT);
    if (created === undefined) {
      await tx
        .update(orders)
        .set({ ...values, ...(row.staffId === undefined ? {} : { staffId: row.staffId }), ...(row.remark === undefined ? {} : { remark: row.remark }) })
        .where(eq(orders.id, orderId));
      await tx.delete(orderItems).where(eq(orderItems.orderId, orderId));
    }
    await insertItems(tx, [{ orderId, items: row.items }]);
    for (const id of affected) batch.changed.add(id);
    return created === undefined ? 'updated' : 'created';
  }
}
