/**
 * Two-character keywords (migration 0017): the bigram keys are only a pre-filter, so the lists must
 * find exactly what `ILIKE` alone finds — mixed case, full-width letters, emoji, the wildcard
 * characters of LIKE — and must go on finding it after a customer is renamed. The keys must also
 * be usable by their index, or the pre-filter would cost a scan instead of saving one.
 */
import type { CustomerPage, OrderPage } from '@sales/contract';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../../src/db/schema.js';
import { keywordKeys } from '../../../src/plugins/app/sales/keyword-search.js';
import { containsPattern } from '../../../src/plugins/app/sales/sales-queries.js';
import { rows, useTestServer } from '../../helper.js';
import { loginAll, staffCall, type Role, type Session } from './support.js';

const server = useTestServer();
let as: Record<Role, Session>;
const SITE = 101;

/** Names that a careless pre-filter would get wrong, each added as a customer of the site. */
const TRICKY = ['ABC超市', 'abc便利', 'Ｘ超市Ｙ', '😀超市😀', '50%折扣店', 'a_b百货', 'C:\\路径', '超', '超 市', 'İstanbul 商行', 'STRASSE 超市'];

beforeAll(async () => {
  as = await loginAll(server.app);
  const [owner] = await rows<{ ownerId: number }>(server.db, sql`select owner_id as "ownerId" from customers where site_id = ${SITE} and owner_id is not null limit 1`);
  await server.db.insert(customers).values(
    TRICKY.map((name, index) => ({
      siteId: SITE,
      name,
      contactName: index % 2 ? '王超' : 'Li Ming',
      phone: `1390000${String(index).padStart(4, '0')}`,
      ownerId: owner?.ownerId ?? null,
      qrToken: `bigram-test-${index}-token`,
    })),
  );
});

const customerList = (body: Record<string, unknown>) =>
  staffCall<CustomerPage>(server.app, as.liNa, 'customer/list', { siteId: SITE, pageSize: 100, ...body }).then((response) => response.body.data as CustomerPage);
const orderList = (body: Record<string, unknown>) =>
  staffCall<OrderPage>(server.app, as.liNa, 'order/list', { siteId: SITE, pageSize: 100, ...body }).then((response) => response.body.data as OrderPage);

async function allIds<T extends { id: number }>(fetchPage: (page: number) => Promise<{ list: T[]; total: number }>): Promise<{ ids: number[]; total: number }> {
  const ids: number[] = [];
  for (let page = 1; ; page += 1) {
    const data = await fetchPage(page);
    ids.push(...data.list.map((row) => row.id));
    if (data.list.length < 100) return { ids: ids.sort((a, b) => a - b), total: data.total };
  }
}

/** The site's customers that ILIKE alone finds: the answer the pre-filter must not change. */
async function byIlike(keyword: string): Promise<number[]> {
  const pattern = containsPattern(keyword);
  const found = await rows<{ id: number }>(
    server.db,
    sql`select id from customers where site_id = ${SITE} and (name ilike ${pattern} or contact_name ilike ${pattern} or phone ilike ${pattern}) order by id`,
  );
  return found.map((row) => row.id);
}

describe('keyword search with bigram keys', () => {
  it.each(['超市', '便利', 'ab', 'AB', 'ｘ超', '😀超', '%折', 'a_', '_b', 'c:', 'İs', 'is', 'ss', '王超', '13', '超 市', '不存'])(
    'the customer list finds exactly what ILIKE finds (%s)',
    async (keyword) => {
      const expected = await byIlike(keyword);
      const found = await allIds((page) => customerList({ keyword, page }));
      expect(found.ids).toEqual(expected);
      expect(found.total).toBe(expected.length);
    },
  );

  it('the order list finds the orders of the customers whose name ILIKE finds, with their totals', async () => {
    for (const keyword of ['超市', '便利', '店']) {
      const pattern = containsPattern(keyword);
      const expected = await rows<{ id: number; amountFen: string }>(
        server.db,
        sql`select o.id, o.amount_fen::text as "amountFen" from orders o join customers c on c.id = o.customer_id
            where o.site_id = ${SITE} and c.name ilike ${pattern} order by o.id`,
      );
      const found = await allIds((page) => orderList({ keyword, page }));
      expect(found.ids, keyword).toEqual(expected.map((row) => row.id));
      const first = await orderList({ keyword, page: 1 });
      expect(first.summary.count, keyword).toBe(expected.length);
      expect(Math.round(first.summary.amount * 100), keyword).toBe(expected.reduce((sum, row) => sum + Number(row.amountFen), 0));
    }
  });

  it('follows a renamed customer: found by its new name, no longer by its old one', async () => {
    const [target] = await rows<{ id: number }>(server.db, sql`select id from customers where site_id = ${SITE} and name = 'abc便利'`);
    if (!target) throw new Error('missing test customer');
    await server.db.update(customers).set({ name: '鲜果驿站' }).where(eq(customers.id, target.id));
    expect((await allIds((page) => customerList({ keyword: '驿站', page }))).ids).toContain(target.id);
    expect((await allIds((page) => customerList({ keyword: 'c便', page }))).ids).not.toContain(target.id);
  });

  it('never drops a match: whatever ILIKE matches holds every bigram of the keyword', async () => {
    const text = fc.string({ unit: 'grapheme', minLength: 2, maxLength: 12 });
    await fc.assert(
      fc.asyncProperty(text, fc.nat(), fc.nat(), fc.boolean(), async (body, from, span, upper) => {
        const start = from % (body.length - 1);
        const slice = body.slice(start, start + 2 + (span % 4));
        const keyword = upper ? slice.toUpperCase() : slice;
        const [row] = await rows<{ matches: boolean; held: boolean }>(
          server.db,
          sql`select ${body}::text ilike ${containsPattern(keyword)} as matches,
                     search_bigrams(${SITE}::integer, ${body}::text) @> search_bigrams(${SITE}::integer, ${keyword}::text) as held`,
        );
        if (row?.matches) expect(row.held).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('asks nothing of a single character (no bigram) and keeps the site in every key', async () => {
    expect(keywordKeys(SITE, '超')).toBeUndefined();
    expect(keywordKeys(SITE, '😀')).toBeUndefined();
    const [row] = await rows<{ keys: string[] }>(server.db, sql`select search_bigrams(${SITE}::integer, 'A超市'::text) as keys`);
    expect([...(row?.keys ?? [])].sort()).toEqual([`${SITE}:a超`, `${SITE}:超市`]);
  });

  it('is answered from customers_search_keys_idx', async () => {
    const keys = keywordKeys(SITE, '超市');
    if (!keys) throw new Error('no keys for two characters');
    const query = server.db.select({ id: customers.id }).from(customers).where(and(keys)).toSQL();
    const plan = await server.database.withConnection(async (db) => {
      await db.execute(sql`set enable_seqscan = off`);
      try {
        const explained = await db.execute(sql`explain ${sql.raw(inline(query.sql, query.params))}`);
        return (explained as unknown as { rows: Record<string, string>[] }).rows.map((line) => Object.values(line).join(' ')).join('\n');
      } finally {
        await db.execute(sql`reset enable_seqscan`);
      }
    });
    expect(plan).toContain('customers_search_keys_idx');
  });
});

/** The query with its parameters written in (EXPLAIN takes no parameters over every driver). */
function inline(text: string, params: readonly unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, index: string) => {
    const value = params[Number(index) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  });
}
