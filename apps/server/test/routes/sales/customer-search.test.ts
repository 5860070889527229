/**
 * customer_search (migration 0036): a keyword's exact total on the customer list is counted there,
 * and a broad keyword's page is read in the list's own order. These tests hold both to the
 * customers themselves: the table equals its projection of customers after every kind of write,
 * and for every filter, sort and page, as a leader and as a salesperson, the list shows what
 * `ILIKE` on the customers finds, in the list's order, with its count as the total.
 */
import { CUSTOMER_SORTS, type CustomerPage } from '@sales/contract';
import { eq, sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../../src/db/schema.js';
import { containsPattern } from '../../../src/plugins/app/sales/sales-queries.js';
import { rows, useTestServer } from '../../helper.js';
import { loginAll, staffCall, type Role, type Session } from './support.js';

const server = useTestServer();
let as: Record<Role, Session>;
const SITE = 101;

beforeAll(async () => {
  as = await loginAll(server.app);
});

/** Rows of customer_search that differ from the customers' projection, both ways (none when kept). */
async function expectKeptEqualCustomers(): Promise<void> {
  const projection = sql`select id, site_id, owner_id, level, lower(name) as name_lower, lower(contact_name) as contact_lower, lower(phone) as phone_lower from customers`;
  const kept = sql`select customer_id, site_id, owner_id, level, name_lower, contact_lower, phone_lower from customer_search`;
  const missing = await rows(server.db, sql`${projection} except ${kept}`);
  const extra = await rows(server.db, sql`${kept} except ${projection}`);
  expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  const [counts] = await rows<{ kept: number; customers: number }>(
    server.db,
    sql`select (select count(*)::int from customer_search) as kept, (select count(*)::int from customers) as customers`,
  );
  expect(counts?.kept).toBe(counts?.customers);
  expect(counts?.kept).toBeGreaterThan(0);
}

const list = async (session: Session, body: Record<string, unknown>): Promise<CustomerPage> => {
  const response = await staffCall<CustomerPage>(server.app, session, 'customer/list', { siteId: SITE, ...body });
  expect(response.status, JSON.stringify(body)).toBe(200);
  return response.body.data;
};

const ORDER_BY: Record<(typeof CUSTOMER_SORTS)[number], SQL | undefined> = {
  lastOrder: sql`last_order_at desc nulls last, id desc`,
  totalAmount: sql`total_amount_fen desc, id desc`,
  createdAt: sql`created_at desc, id desc`,
  // The countdown is the server's own computation: compared as a set below.
  returnSoon: undefined,
};

/** The ids ILIKE finds among the customers a session sees, in the list's order. */
async function expected(scope: SQL, keyword: string, filters: SQL[], sort: (typeof CUSTOMER_SORTS)[number]): Promise<number[]> {
  const pattern = containsPattern(keyword);
  const where = sql.join([sql`site_id = ${SITE}`, scope, sql`(name ilike ${pattern} or contact_name ilike ${pattern} or phone ilike ${pattern})`, ...filters], sql` and `);
  const found = await rows<{ id: number }>(server.db, sql`select id from customers where ${where} order by ${ORDER_BY[sort] ?? sql`id`}`);
  return found.map((row) => row.id);
}

describe('customer_search', () => {
  it('equals the customers’ projection after creating, renaming, moving, releasing, re-levelling, selling to and deleting customers', async () => {
    await expectKeptEqualCustomers();

    const [created] = await server.db
      .insert(customers)
      .values([
        { siteId: SITE, name: 'ABC超市（测试店）', contactName: 'Li Ming', phone: '13912345678', ownerId: as.zhangWei.id, qrToken: 'search-test-token-1' },
        { siteId: SITE, name: '测试便利', contactName: '王超', phone: '13912345679', ownerId: null, qrToken: 'search-test-token-2' },
      ])
      .returning({ id: customers.id });
    if (!created) throw new Error('no customer created');
    await expectKeptEqualCustomers();

    await server.db.update(customers).set({ name: 'XYZ百货', contactName: 'ZHAO Lei', phone: '13700000001' }).where(eq(customers.id, created.id));
    await expectKeptEqualCustomers();
    // A leader assigns it to another owner, it is released to the 公海, re-levelled, moved to another site.
    await server.db.update(customers).set({ ownerId: as.liNa.id }).where(eq(customers.id, created.id));
    await server.db.update(customers).set({ ownerId: null, level: 'A' }).where(eq(customers.id, created.id));
    await server.db.update(customers).set({ siteId: 102 }).where(eq(customers.id, created.id));
    await expectKeptEqualCustomers();
    // An order's figures change nothing here (and write nothing: the row is the same).
    await server.db.update(customers).set({ orderCount: sql`${customers.orderCount} + 1`, totalAmountFen: sql`${customers.totalAmountFen} + 100` }).where(eq(customers.siteId, SITE));
    await expectKeptEqualCustomers();

    await server.db.delete(customers).where(eq(customers.id, created.id));
    await expectKeptEqualCustomers();
  });

  it('a keyword’s list is what ILIKE finds, in the list’s order, with its count as the total, for every filter, sort and page', async () => {
    const cases: [Session, SQL][] = [
      [as.liNa, sql`true`],
      [as.zhangWei, sql`owner_id = ${as.zhangWei.id}`],
    ];
    // Broad (most phones hold 13: the list's order is read), narrow (every match is found first),
    // a single character (no key: counted on the customers), and none at all.
    const keywords = ['13', '超市', '便利店', '王', '不存在的店'];
    for (const [session, scope] of cases) {
      for (const keyword of keywords) {
        for (const [body, filters] of [
          [{}, []],
          [{ level: 'A' }, [sql`level = 'A'`]],
          [{ ownerId: 0 }, [sql`owner_id is null`]],
          [{ ownerId: as.zhangWei.id }, [sql`owner_id = ${as.zhangWei.id}`]],
          [{ hasOrders: true }, [sql`order_count > 0`]],
        ] as [Record<string, unknown>, SQL[]][]) {
          for (const sort of CUSTOMER_SORTS) {
            const ids = await expected(scope, keyword, filters, sort);
            const label = JSON.stringify({ session: session.id, keyword, ...body, sort });
            // The first page, small pages (a broad keyword's are read in the list's order: the
            // demo site is small), a page in the middle, and the page past the last match.
            for (const [page, pageSize] of [
              [1, 20],
              [1, 2],
              [3, 3],
              [3, 7],
              [Math.floor(ids.length / 5) + 2, 5],
            ] as const) {
              const data = await list(session, { keyword, sort, page, pageSize, ...body });
              expect(data.total, label).toBe(ids.length);
              const shown = data.list.map((customer) => customer.id);
              const slice = ids.slice((page - 1) * pageSize, page * pageSize);
              if (ORDER_BY[sort]) expect(shown, `${label} page ${page}`).toEqual(slice);
              else expect(shown.length, `${label} page ${page}`).toBe(slice.length);
              for (const id of shown) expect(ids, label).toContain(id);
            }
          }
        }
      }
    }
  });
});
