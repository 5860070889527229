import { SALES_STATUSES } from '@sales/contract';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client.js';

const salesStatuses = sql.join(
  SALES_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

/**
 * Recomputes the order figures kept on customers from their orders: order_count and
 * total_amount_fen count the sales statuses (paid, shipped, completed); last_order_at is the
 * latest created_at of any of the customer's orders, whatever its status. Every order write
 * calls this inside its transaction, after locking the customers, so the figures never drift.
 */
export async function recomputeCustomerFigures(db: Db | Tx, customerIds: readonly number[]): Promise<void> {
  if (customerIds.length === 0) return;
  const ids = sql.join(
    customerIds.map((id) => sql`${id}`),
    sql`, `,
  );
  await db.execute(sql`
    update customers c set
      order_count = coalesce(s.order_count, 0),
      total_amount_fen = coalesce(s.total_amount_fen, 0),
      last_order_at = s.last_order_at
    from (select x.id, agg.order_count, agg.total_amount_fen, agg.last_order_at
          from customers x
          left join lateral (
            select count(*) filter (where o.status in (${salesStatuses}))::int as order_count,
                   coalesce(sum(o.amount_fen) filter (where o.status in (${salesStatuses})), 0) as total_amount_fen,
                   max(o.created_at) as last_order_at
            from orders o where o.customer_id = x.id
          ) agg on true
          where x.id in (${ids})) s
    where c.id = s.id`);
}

/** The same figures for every customer at once (after the demo seed). */
export async function recomputeAllCustomerFigures(db: Db | Tx): Promise<void> {
  await db.execute(sql`
    update customers c set
      order_count = s.order_count,
      total_amount_fen = s.total_amount_fen,
      last_order_at = s.last_order_at
    from (select customer_id,
                 count(*) filter (where status in (${salesStatuses}))::int as order_count,
                 coalesce(sum(amount_fen) filter (where status in (${salesStatuses})), 0) as total_amount_fen,
                 max(created_at) as last_order_at
          from orders group by customer_id) s
    where c.id = s.customer_id`);
}
