/**
 * The 'seed:sales:v1' step (DESIGN §6): demo customers with their bindings, ~20,000 orders over the
 * last 25 months and the follow-ups, generated from a fixed seed so every fresh start holds the
 * same data, with times relative to the start. The plans live in seed-customers.ts,
 * seed-orders.ts and seed-follow-ups.ts; this module loads them.
 */
import { eq, sql } from 'drizzle-orm';
import type { Tx } from './client.js';
import { recomputeAllCustomerFigures } from './customer-figures.js';
import { positions, staff } from './schema.js';
import { bulkLoad, chunks, column, insertColumns, rowsOf } from './seed-bulk.js';
import { planCustomers, type SalesSeedOptions, type SiteMembers } from './seed-customers.js';
import { planFollowUps } from './seed-follow-ups.js';
import { planOrders } from './seed-orders.js';

export { CUSTOMERS_AT_SCALE_1, planCustomers, type BindingPlan, type CustomerPlan, type SalesSeedOptions, type SiteMembers } from './seed-customers.js';
export { planFollowUps, type FollowUpPlan } from './seed-follow-ups.js';
export { ORDERS_AT_SCALE_1, planOrders, type OrderPlan } from './seed-orders.js';

const BATCH = 1000;

/** The members of every site, from the positions the staff seed created. */
export async function loadSiteMembers(tx: Tx): Promise<SiteMembers[]> {
  const rows = await tx
    .select({ staffId: positions.staffId, siteId: positions.siteId, isLeader: positions.isLeader, phone: staff.phone, joinedAt: staff.createdAt })
    .from(positions)
    .innerJoin(staff, eq(staff.id, positions.staffId))
    .where(eq(staff.status, 'active'))
    .orderBy(positions.siteId, positions.staffId, positions.id);
  const bySite = new Map<number, { leaders: Set<number>; salespeople: Map<number, SiteMembers['salespeople'][number]> }>();
  for (const row of rows) {
    const site = bySite.get(row.siteId) ?? { leaders: new Set<number>(), salespeople: new Map<number, SiteMembers['salespeople'][number]>() };
    bySite.set(row.siteId, site);
    if (row.isLeader) site.leaders.add(row.staffId);
    else site.salespeople.set(row.staffId, { id: row.staffId, weight: row.phone.startsWith('1380000000') ? 3 : 1, joinedAt: row.joinedAt });
  }
  return [...bySite].map(([siteId, site]) => ({ siteId, leaders: [...site.leaders], salespeople: [...site.salespeople.values()] }));
}

/** The 'seed:sales:v1' step: customers, bindings, orders with items, follow-ups, then the figures. */
export async function seedSales(tx: Tx, options: SalesSeedOptions): Promise<void> {
  await bulkLoad(tx, () => loadSales(tx, options));
}

async function loadSales(tx: Tx, options: SalesSeedOptions): Promise<void> {
  const now = options.now ?? new Date();
  const planOptions = { ...options, now };
  const members = await loadSiteMembers(tx);
  const customerPlans = planCustomers(members, planOptions);

  const customerIds: number[] = [];
  for (const batch of chunks(customerPlans, BATCH * 10)) {
    const result = await insertColumns(
      tx,
      'customers',
      {
        site_id: column('int', batch, (c) => c.siteId),
        name: column('text', batch, (c) => c.name),
        contact_name: column('text', batch, (c) => c.contactName),
        phone: column('text', batch, (c) => c.phone),
        address: column('text', batch, (c) => c.address),
        level: column('text', batch, (c) => c.level),
        source: column('text', batch, (c) => c.source),
        owner_id: column('int', batch, (c) => c.ownerId),
        credited_staff_id: column('int', batch, (c) => c.creditedStaffId),
        remark: column('text', batch, (c) => c.remark),
        qr_token: column('text', batch, (c) => c.qrToken),
        created_at: column('timestamptz', batch, (c) => c.createdAt),
        updated_at: column('timestamptz', batch, (c) => c.createdAt),
      },
      sql`id, qr_token`,
    );
    const idByToken = new Map(rowsOf<{ id: number; qr_token: string }>(result).map((row) => [row.qr_token, row.id]));
    for (const customer of batch) {
      const id = idByToken.get(customer.qrToken);
      if (id === undefined) throw new Error('customer insert lost a row');
      customerIds.push(id);
    }
  }
  const idOf = (index: number) => {
    const id = customerIds[index];
    if (id === undefined) throw new Error(`no customer at ${index}`);
    return id;
  };

  const bindingRows = customerPlans.flatMap((customer, index) => customer.bindings.map((binding) => ({ customerId: idOf(index), ...binding })));
  for (const batch of chunks(bindingRows, BATCH * 10)) {
    await insertColumns(tx, 'customer_bindings', {
      customer_id: column('int', batch, (b) => b.customerId),
      staff_id: column('int', batch, (b) => b.staffId),
      bound_by: column('int', batch, (b) => b.boundBy),
      kind: column('text', batch, (b) => b.kind),
      bound_at: column('timestamptz', batch, (b) => b.boundAt),
      unbound_at: column('timestamptz', batch, (b) => b.unboundAt),
      unbound_by: column('int', batch, (b) => b.unboundBy),
    });
  }

  for (const batch of chunks(planOrders(customerPlans, planOptions), BATCH * 10)) {
    await insertColumns(tx, 'orders', {
      order_no: column('text', batch, (o) => o.orderNo),
      site_id: column('int', batch, (o) => o.siteId),
      customer_id: column('int', batch, (o) => idOf(o.customer)),
      staff_id: column('int', batch, (o) => o.staffId),
      amount_fen: column('bigint', batch, (o) => o.amountFen),
      status: column('text', batch, (o) => o.status),
      remark: column('text', batch, (o) => o.remark),
      created_at: column('timestamptz', batch, (o) => o.createdAt),
      paid_at: column('timestamptz', batch, (o) => o.paidAt),
      shipped_at: column('timestamptz', batch, (o) => o.shippedAt),
      completed_at: column('timestamptz', batch, (o) => o.completedAt),
      cancelled_at: column('timestamptz', batch, (o) => o.cancelledAt),
      refunded_at: column('timestamptz', batch, (o) => o.refundedAt),
      updated_at: column('timestamptz', batch, (o) => o.createdAt),
    });
    // Items find their order by its number, so no ids travel back to the seed.
    const items = batch.flatMap((order) => order.items.map((item) => ({ orderNo: order.orderNo, ...item })));
    await tx.execute(sql`
      insert into order_items (order_id, name, quantity, unit_price_fen)
      select o.id, i.name, i.quantity, i.unit_price_fen
      from unnest(${sql.param(items.map((i) => i.orderNo))}::text[], ${sql.param(items.map((i) => i.name))}::text[],
                  ${sql.param(items.map((i) => i.quantity))}::int[], ${sql.param(items.map((i) => i.unitPriceFen))}::bigint[])
           as i(order_no, name, quantity, unit_price_fen)
      join orders o on o.order_no = i.order_no`);
  }

  for (const batch of chunks(planFollowUps(customerPlans, planOptions), BATCH * 10)) {
    await insertColumns(tx, 'follow_ups', {
      customer_id: column('int', batch, (f) => idOf(f.customer)),
      site_id: column('int', batch, (f) => f.siteId),
      staff_id: column('int', batch, (f) => f.staffId),
      type: column('text', batch, (f) => f.type),
      content: column('text', batch, (f) => f.content),
      next_contact_at: column('timestamptz', batch, (f) => f.nextContactAt),
      created_at: column('timestamptz', batch, (f) => f.createdAt),
    });
  }

  await recomputeAllCustomerFigures(tx);
}

