/**
 * Issue 29: 部门销售业绩 is one statement once the caller's scope is known — at a single site and at
 * a parent site, whose figures cover every site below it; home too, the caller's scope telling
 * whether the site has sites below it (and a single site's statement checking). The repositories run
 * here on a drizzle instance over the test database's own client that logs each statement it sends.
 */
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../../src/db/client.js';
import { nameFor } from '../../../src/db/prepared.js';
import * as schema from '../../../src/db/schema.js';
import { extraStaff } from '../../../src/db/seed.js';
import { HomeRepository } from '../../../src/plugins/app/performance/home-repository.js';
import { PerformanceRepository } from '../../../src/plugins/app/performance/performance-repository.js';
import { resolveSalesScope } from '../../../src/plugins/app/sales/sales-authorization.js';
import { createTestDatabase, PHONES, rows, type TestDatabase } from '../../helper.js';

/** 华南大区's leader (朱刚): its figures roll up 广州一部 and 深圳一部 below it. */
const PARENT_LEADER = extraStaff().find((person) => person.positions.some((position) => position.siteId === 201 && position.isLeader))?.phone ?? '';

let test: TestDatabase;
let counted: ReturnType<typeof countingDb>;

/** A drizzle instance on the database's client that records each statement's text (and, in `sent`, its text and values). */
function countingDb(database: Database): { db: Db; statements: string[]; sent: string[] } {
  const statements: string[] = [];
  const sent: string[] = [];
  const logger = {
    logQuery: (query: string, params: unknown[]) => {
      statements.push(query);
      sent.push(JSON.stringify([query, params]));
    },
  };
  const client = (database.db as unknown as { $client: unknown }).$client;
  const db = database.kind === 'postgres' ? drizzlePg({ client: client as pg.Pool, schema, logger }) : drizzlePglite({ client: client as PGlite, schema, logger });
  return { db: db as unknown as Db, statements, sent };
}

const idOf = async (phone: string) => {
  const [row] = await rows<{ id: number }>(test.database.db, sql`select id from staff where phone = ${phone}`);
  if (!row) throw new Error(`no staff with phone ${phone}`);
  return row.id;
};

/** The statements `read` sends, its scope resolved first (as the routes do before it). */
const statementsOf = async (read: () => Promise<unknown>) => {
  counted.statements.length = 0;
  await read();
  return [...counted.statements];
};

beforeAll(async () => {
  test = await createTestDatabase();
  counted = countingDb(test.database);
});
afterAll(async () => {
  await test.dispose();
});

describe('one statement per page (issue 29)', () => {
  it('reads 部门销售业绩 in one statement, at a single site and at a parent site', async () => {
    const repository = new PerformanceRepository(counted.db);
    for (const [phone, siteId] of [[PHONES.liNa, 101], [PARENT_LEADER, 201]] as const) {
      const scope = await resolveSalesScope(test.database.db, await idOf(phone), siteId);
      for (const period of ['month', 'year'] as const) {
        const statements = await statementsOf(() => repository.site(scope, { period }));
        expect(statements, `performance/site ${siteId} ${period}`).toHaveLength(1);
        // Short enough, and a read, to go as a named prepared statement on PostgreSQL.
        expect(nameFor(statements[0] ?? '', [siteId])).toBeDefined();
      }
    }
  });

  it('sends 部门销售业绩’s statement to the generic reads (Database.genericReads), nothing to the other reads', async () => {
    const other = countingDb(test.database);
    const repository = new PerformanceRepository(other.db, counted.db);
    const scope = await resolveSalesScope(test.database.db, await idOf(PHONES.liNa), 101);
    const statements = await statementsOf(() => repository.site(scope, { period: 'week' }));
    expect(statements).toHaveLength(1);
    expect(other.statements).toHaveLength(0);
  });

  it('sends the same statement for the same query and another for another (statements kept by their query)', async () => {
    const { db, sent } = countingDb(test.database);
    const repository = new PerformanceRepository(db);
    const scope = await resolveSalesScope(test.database.db, await idOf(PHONES.liNa), 101);
    const periods = ['month', 'week', 'year', 'custom'] as const;
    const read = async () => {
      for (const period of periods) await repository.site(scope, period === 'custom' ? { period, startDate: '2026-03-01', endDate: '2026-05-31' } : { period });
    };
    await read();
    const first = sent.splice(0);
    await read();
    expect(sent).toEqual(first);
    expect(new Set(first).size).toBe(periods.length);
  });

  it('reads home in one statement, at a single site (a leader’s and a salesperson’s) and at a parent site', async () => {
    const repository = new HomeRepository(counted.db);
    for (const [phone, siteId, below] of [[PHONES.liNa, 101, false], [PHONES.zhangWei, 101, false], [PARENT_LEADER, 201, true]] as const) {
      const scope = await resolveSalesScope(test.database.db, await idOf(phone), siteId);
      expect(scope.hasSitesBelow, `${siteId} has sites below it`).toBe(below);
      const statements = await statementsOf(() => repository.home(scope));
      expect(statements, `performance/home ${phone}@${siteId}`).toHaveLength(1);
      for (const statement of statements) expect(nameFor(statement, [siteId])).toBeDefined();
    }
  });

  it('reads a parent site’s tree on home though its scope still says it has no site below it', async () => {
    const repository = new HomeRepository(counted.db);
    const scope = await resolveSalesScope(test.database.db, await idOf(PARENT_LEADER), 201);
    const fresh = await repository.home(scope);
    counted.statements.length = 0;
    const stale = await repository.home({ ...scope, hasSitesBelow: false });
    // The single site's statement finds the sites below, and the tree's statement follows.
    expect(counted.statements).toHaveLength(2);
    expect(stale.monthSales).toEqual(fresh.monthSales);
    expect(stale.month).toEqual(fresh.month);
    expect(stale.top).toEqual(fresh.top);
  });
});
