import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { verify } from '@node-rs/argon2';
import { isMobile } from '@sales/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/db/client.js';
import { positions, sites, staff } from '../../src/db/schema.js';
import { CHILD_SITE_STAFF, extraStaff, SEED_STEPS, seedDemoData } from '../../src/db/seed.js';
import { createTestDatabase, DEMO_PASSWORD, PHONES, rows, type TestDatabase } from '../helper.js';

let testDb: TestDatabase;
let db: Db;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.database.db;
});

afterAll(async () => {
  await testDb.dispose();
});

async function counts(target: Db = db) {
  const [row] = await rows<{ sites: number; staff: number; positions: number }>(
    target,
    sql`select (select count(*)::int from sites) as sites, (select count(*)::int from staff) as staff, (select count(*)::int from positions) as positions`,
  );
  return row;
}

async function positionsOf(phone: string) {
  return db
    .select({ siteId: positions.siteId, isLeader: positions.isLeader, drawAuth: positions.drawAuth })
    .from(positions)
    .innerJoin(staff, eq(staff.id, positions.staffId))
    .where(eq(staff.phone, phone))
    .orderBy(asc(positions.id));
}

describe('demo seed', () => {
  it('creates the three flat sites and 华南大区’s two child sites, with people of their own', async () => {
    const all = await db
      .select({ id: sites.id, name: sites.name, region: sites.region, parentId: sites.parentId, archivedAt: sites.archivedAt })
      .from(sites)
      .orderBy(asc(sites.id));
    expect(all).toEqual([
      { id: 101, name: '华东一部', region: '华东', parentId: null, archivedAt: null },
      { id: 102, name: '华东二部', region: '华东', parentId: null, archivedAt: null },
      { id: 201, name: '华南大区', region: '华南', parentId: null, archivedAt: null },
      { id: 202, name: '广州一部', region: '华南', parentId: 201, archivedAt: null },
      { id: 203, name: '深圳一部', region: '华南', parentId: 201, archivedAt: null },
    ]);
    // seed:site-tree-people:v1: 广州一部 a leader and three salespeople, all new; 深圳一部 nobody yet.
    const inChildren = await db
      .select({ phone: staff.phone, siteId: positions.siteId, isLeader: positions.isLeader })
      .from(positions)
      .innerJoin(staff, eq(staff.id, positions.staffId))
      .where(inArray(positions.siteId, [202, 203]))
      .orderBy(asc(positions.id));
    expect(inChildren).toEqual(CHILD_SITE_STAFF.map(({ phone, siteId, isLeader }) => ({ phone, siteId, isLeader })));
    const [sold] = await rows<{ customers: number; orders: number }>(
      db,
      sql`select (select count(*)::int from customers where site_id in (202, 203)) as customers, (select count(*)::int from orders where site_id in (202, 203)) as orders`,
    );
    // 15 customers of 广州一部's salespeople, and (seed:pool:v1, issue 27) six 公海 customers in each of the two sites.
    expect(sold).toEqual({ customers: 15 + 2 * 6, orders: 60 });
    expect(inChildren.every((person) => person.siteId === 202)).toBe(true);
  });

  it('creates the five demo accounts and the administrator with their names and flags', async () => {
    const demo = await db
      .select({ phone: staff.phone, username: staff.username, reportAllSites: staff.reportAllSites, teamReportAuth: staff.teamReportAuth, isAdmin: staff.isAdmin, status: staff.status })
      .from(staff)
      .where(sql`${staff.phone} like '1380000000%'`)
      .orderBy(asc(staff.phone));
    expect(demo).toEqual([
      { phone: '13800000000', username: '赵敏', reportAllSites: false, teamReportAuth: false, isAdmin: true, status: 'active' },
      { phone: PHONES.zhangWei, username: '张伟', reportAllSites: false, teamReportAuth: false, isAdmin: false, status: 'active' },
      { phone: PHONES.liNa, username: '李娜', reportAllSites: false, teamReportAuth: true, isAdmin: false, status: 'active' },
      { phone: PHONES.wangQiang, username: '王强', reportAllSites: false, teamReportAuth: false, isAdmin: false, status: 'active' },
      { phone: PHONES.liuYang, username: '刘洋', reportAllSites: true, teamReportAuth: false, isAdmin: false, status: 'active' },
      { phone: PHONES.chenJing, username: '陈静', reportAllSites: false, teamReportAuth: false, isAdmin: false, status: 'active' },
    ]);
  });

  it('gives the demo accounts the positions of DESIGN §6', async () => {
    expect(await positionsOf(PHONES.zhangWei)).toEqual([{ siteId: 101, isLeader: false, drawAuth: false }]);
    expect(await positionsOf(PHONES.liNa)).toEqual([{ siteId: 101, isLeader: true, drawAuth: false }]);
    expect(await positionsOf(PHONES.wangQiang)).toEqual([
      { siteId: 101, isLeader: true, drawAuth: false },
      { siteId: 102, isLeader: true, drawAuth: false },
      { siteId: 201, isLeader: false, drawAuth: false },
    ]);
    expect(await positionsOf(PHONES.liuYang)).toEqual([{ siteId: 201, isLeader: false, drawAuth: false }]);
    expect(await positionsOf(PHONES.chenJing)).toEqual([
      { siteId: 102, isLeader: false, drawAuth: true },
      { siteId: 102, isLeader: true, drawAuth: false },
    ]);
  });

  it('sets every demo password to Demo@2025, stored as an argon2 hash', async () => {
    const all = await db.select({ phone: staff.phone, passwordHash: staff.passwordHash }).from(staff).orderBy(asc(staff.id));
    const checked = [...all.slice(0, 5), all[all.length - 1]];
    for (const account of checked) {
      expect(account?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verify(account?.passwordHash ?? '', DEMO_PASSWORD), account?.phone).toBe(true);
      expect(await verify(account?.passwordHash ?? '', 'demo@2025')).toBe(false);
    }
  });

  it('adds about 30 more staff with unique valid phones and names, each in one site', async () => {
    const extra = await db
      .select({ id: staff.id, phone: staff.phone, username: staff.username, teamReportAuth: staff.teamReportAuth })
      .from(staff)
      .where(sql`${staff.phone} not like '1380000000%'`)
      .orderBy(asc(staff.id));
    expect(extra.length).toBeGreaterThanOrEqual(25);
    expect(extra.length).toBeLessThanOrEqual(40);
    expect(new Set(extra.map((person) => person.phone)).size).toBe(extra.length);
    const allNames = await db.select({ username: staff.username }).from(staff);
    expect(new Set(allNames.map((person) => person.username)).size).toBe(allNames.length);
    for (const person of extra) {
      expect(isMobile(person.phone), person.phone).toBe(true);
      expect(person.username).toMatch(/^[\u4e00-\u9fff]{2,3}$/);
    }

    const extraPositions = await db
      .select({ staffId: positions.staffId, siteId: positions.siteId, isLeader: positions.isLeader })
      .from(positions)
      .where(sql`${positions.staffId} in (select id from staff where phone not like '1380000000%')`);
    expect(extraPositions).toHaveLength(extra.length);
    for (const siteId of [101, 102, 201]) {
      const here = extraPositions.filter((position) => position.siteId === siteId);
      expect(here.length, `staff of ${siteId}`).toBeGreaterThanOrEqual(5);
      expect(here.some((position) => position.isLeader), `a leader of ${siteId}`).toBe(true);
      expect(here.some((position) => !position.isLeader), `a salesperson of ${siteId}`).toBe(true);
    }
  });

  it('generates the same extra staff on every fresh start', async () => {
    const expected = extraStaff();
    expect(extraStaff()).toEqual(expected);
    const stored = await db.select({ phone: staff.phone, username: staff.username }).from(staff).where(sql`${staff.phone} not like '1380000000%'`).orderBy(asc(staff.id));
    // Then the child sites' people (seed:site-tree-people:v1), fixed.
    expect(stored).toEqual([...expected, ...CHILD_SITE_STAFF].map(({ phone, username }) => ({ phone, username })));
  });

  it('adds nothing when seeded again', async () => {
    const before = await counts();
    expect(await seedDemoData(db)).toEqual([]);
    expect(await counts()).toEqual(before);
    // Issue 26 §3 added 华南大区's two child sites (202, 203), then four people in them.
    expect(before).toEqual({ sites: 5, staff: 40, positions: 42 });
  });

  it('adds nothing when the server starts again on the same database', async () => {
    const before = await counts();
    const seedOnStart = async (target: Db) => {
      await seedDemoData(target);
    };
    if (testDb.url) {
      const again = await openDatabase({ databaseUrl: testDb.url, afterMigrate: seedOnStart });
      try {
        expect(await counts(again.db)).toEqual(before);
      } finally {
        await again.close();
      }
      return;
    }
    // PGlite: restart an on-disk database, as `npm start` does with ./data.
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sales-seed-test-'));
    try {
      const first = await openDatabase({ pgliteDir: path.join(dir, 'pglite'), afterMigrate: seedOnStart });
      const firstCounts = await counts(first.db);
      await first.close();
      const second = await openDatabase({ pgliteDir: path.join(dir, 'pglite'), afterMigrate: seedOnStart });
      try {
        expect(await counts(second.db)).toEqual(firstCounts);
        expect(firstCounts).toEqual(before);
      } finally {
        await second.close();
      }
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
    // Two cold PGlite starts, each migrating and seeding a disk database: seconds when idle, but a
    // saturated CI machine took more than the suite's default 30 s.
  }, 180_000);

  it('runs only the steps a database has not received yet', async () => {
    let runs = 0;
    const laterStep = {
      key: 'test:later-step',
      async run() {
        runs += 1;
      },
    };
    expect(await seedDemoData(db, [...SEED_STEPS, laterStep])).toEqual(['test:later-step']);
    expect(await seedDemoData(db, [...SEED_STEPS, laterStep])).toEqual([]);
    expect(runs).toBe(1);
  });
});
