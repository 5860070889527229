/**
 * follow_up_latest (migration 0018) holds each customer's latest follow-up, kept by statement
 * triggers on follow_ups; 今日待办 and home's 今日待联系 read "still open" from it. These tests hold
 * it to a recomputation from the follow-ups themselves after every kind of write (the seed's bulk
 * load, inserts of several customers at once, a back-dated one, an edit that reorders, deletes of
 * the latest and of every follow-up, a deleted customer), and home's count to a count by the rule.
 */
import type { HomeDashboard } from '@sales/contract';
import { chinaDayString, parseChinaDay, shiftDay } from '@sales/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows, useTestServer } from '../../helper.js';
import { loginAll, staffCall, type Role, type Session } from '../sales/support.js';

const server = useTestServer();
let as: Record<Role, Session>;
const SITE = 101;

beforeAll(async () => {
  as = await loginAll(server.app);
});

/** The table as it is, then as its recompute function rebuilds it: they must be equal. */
async function expectKeptEqualRecomputed(): Promise<void> {
  const read = () =>
    rows<{ line: string }>(
      server.db,
      sql`select customer_id || '/' || follow_up_id || '/' || site_id || '/' || staff_id || '/' || created_at || '/' || coalesce(next_contact_at::text, '-') || '/' || coalesce(owner_id::text, '-') as line
          from follow_up_latest order by customer_id`,
    ).then((found) => found.map((row) => row.line));
  const kept = await read();
  await server.db.execute(sql`select follow_up_latest_recompute()`);
  const recomputed = await read();
  expect(recomputed.length).toBeGreaterThan(0);
  expect(kept).toEqual(recomputed);
}

/** Home's rule, counted from follow_ups: the site's follow-ups due today that no later follow-up of the customer cleared. */
async function dueTodayByRule(): Promise<number> {
  const today = chinaDayString(new Date());
  const from = parseChinaDay(today);
  const to = parseChinaDay(shiftDay(today, 1));
  const [row] = await rows<{ count: number }>(
    server.db,
    sql`select count(*)::int as count from follow_ups f join customers c on c.id = f.customer_id
        where f.site_id = ${SITE} and c.site_id = ${SITE} and f.next_contact_at >= ${from} and f.next_contact_at < ${to}
          and not exists (select 1 from follow_ups later where later.customer_id = f.customer_id
                          and (later.created_at > f.created_at or (later.created_at = f.created_at and later.id > f.id)))`,
  );
  return row?.count ?? -1;
}

const homeDue = async () => {
  const response = await staffCall<HomeDashboard>(server.app, as.liNa, 'performance/home', { siteId: SITE });
  expect(response.status).toBe(200);
  return response.body.data.toContactTotal;
};

describe('follow_up_latest', () => {
  it('equals a recomputation after the seed, and home counts what the rule counts', async () => {
    await expectKeptEqualRecomputed();
    expect(await homeDue()).toBe(await dueTodayByRule());
  });

  it('follows inserts, a back-dated follow-up, an edit that reorders, and deletes', async () => {
    const customers = await rows<{ id: number; ownerId: number }>(
      server.db,
      sql`select id, owner_id as "ownerId" from customers where site_id = ${SITE} and owner_id is not null order by id limit 3`,
    );
    const ids = customers.map((row) => row.id);
    const staffId = customers[0]?.ownerId ?? 0;
    const soon = new Date(Date.now() + 60_000);
    // Several customers in one statement, one of them due today.
    await server.db.execute(sql`
      insert into follow_ups (customer_id, site_id, staff_id, type, content, next_contact_at, created_at)
      select id, ${SITE}, ${staffId}, '电话', 'latest test', ${soon}, now() from customers where id in ${ids}`);
    await expectKeptEqualRecomputed();
    expect(await homeDue()).toBe(await dueTodayByRule());
    // Back-dated: older than the customer's latest, so the latest stays.
    await server.db.execute(sql`
      insert into follow_ups (customer_id, site_id, staff_id, type, content, created_at)
      values (${ids[0]}, ${SITE}, ${staffId}, '微信', 'back-dated', now() - interval '400 days')`);
    await expectKeptEqualRecomputed();
    // An edit that moves the back-dated one to the future makes it the latest.
    await server.db.execute(sql`update follow_ups set created_at = now() + interval '1 minute' where content = 'back-dated'`);
    await expectKeptEqualRecomputed();
    expect(await homeDue()).toBe(await dueTodayByRule());
    // Deleting the latest brings the one before back; deleting all of them empties the customer's row.
    await server.db.execute(sql`delete from follow_ups where content = 'back-dated'`);
    await expectKeptEqualRecomputed();
    await server.db.execute(sql`delete from follow_ups where customer_id = ${ids[1]}`);
    await expectKeptEqualRecomputed();
    const [gone] = await rows<{ count: number }>(server.db, sql`select count(*)::int as count from follow_up_latest where customer_id = ${ids[1]}`);
    expect(gone?.count).toBe(0);
    expect(await homeDue()).toBe(await dueTodayByRule());
  });

  it('forgets a deleted customer', async () => {
    const [owner] = await rows<{ id: number }>(server.db, sql`select owner_id as id from customers where site_id = ${SITE} and owner_id is not null limit 1`);
    const [customer] = await rows<{ id: number }>(
      server.db,
      sql`insert into customers (site_id, name, contact_name, phone, owner_id, qr_token)
          values (${SITE}, '临时客户', '临时', '13900009999', ${owner?.id ?? null}, 'latest-test-token-1') returning id`,
    );
    if (!customer) throw new Error('no customer inserted');
    await server.db.execute(sql`insert into follow_ups (customer_id, site_id, staff_id, type, content) values (${customer.id}, ${SITE}, ${owner?.id ?? 0}, '电话', 'to be deleted')`);
    const held = () => rows<{ count: number }>(server.db, sql`select count(*)::int as count from follow_up_latest where customer_id = ${customer.id}`);
    expect((await held())[0]?.count).toBe(1);
    await server.db.execute(sql`delete from customers where id = ${customer.id}`);
    expect((await held())[0]?.count).toBe(0);
    await expectKeptEqualRecomputed();
  });
});
