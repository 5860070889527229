/**
 * npm run bench:pool-job: how long one run of the 公海 return job takes over the database of
 * DATABASE_URL (or the PGlite database in DATA_DIR), e.g. a copy of the 100× data
 * (README, Benchmarks). It migrates and loads the demo steps the database lacks, then, in a
 * transaction it rolls back (the database is left as it was):
 * 1. turns on return rules for every site (未跟进 BENCH_FOLLOW_UP_DAYS, default 90; 未成交
 *    BENCH_ORDER_DAYS, default 180; inherited from the top-level sites), so that many customers
 *    are due at once, as after a first rule change or a long downtime;
 * 2. counts the customers due, independently of the job;
 * 3. times the runs of the job (the set-based return, the warnings and the owners' notices; each
 *    returns at most POOL_RETURN_BATCH) until the backlog is gone, checks they returned exactly the
 *    due ones and wrote no other customer;
 * 4. times one more run, with nothing left to return (the job's cost every five minutes).
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.js';
import { SEED_STEPS, seedDemoData } from '../src/db/seed.js';
import { loadConfig } from '../src/env.js';
import { POOL_RETURN_BATCH, POOL_RETURN_LOCK, runPoolReturn } from '../src/plugins/app/pool/pool-return-job.js';

const followUpDays = Number(process.env.BENCH_FOLLOW_UP_DAYS ?? 90);
const orderDays = Number(process.env.BENCH_ORDER_DAYS ?? 180);
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'),
  afterMigrate: async (db) => {
    await seedDemoData(db, SEED_STEPS, { scale: config.seedScale });
  },
});

class Rollback extends Error {}
const value = (result: unknown) => Number((result as { rows: { value: number | string }[] }).rows[0]?.value ?? 0);

try {
  await database.db.transaction(async (tx) => {
    const at = new Date();
    await tx.execute(sql`select pg_advisory_xact_lock(${POOL_RETURN_LOCK})`);
    await tx.execute(sql`update site_pool_rules set no_follow_up_days = null, no_order_days = null, level_days = null`);
    await tx.execute(sql`insert into site_pool_rules (site_id, no_follow_up_days, no_order_days)
      select id, ${followUpDays}, ${orderDays} from sites where parent_id is null
      on conflict (site_id) do update set no_follow_up_days = excluded.no_follow_up_days, no_order_days = excluded.no_order_days`);
    const total = value(await tx.execute(sql`select count(*) as value from customers`));
    const owned = value(await tx.execute(sql`select count(*) as value from customers where owner_id is not null`));
    const due = value(
      await tx.execute(sql`select count(*) as value from customers c join customer_bindings b on b.customer_id = c.id and b.unbound_at is null and b.staff_id = c.owner_id
        where c.owner_id is not null and (
          greatest(b.bound_at, (select max(created_at) from follow_ups f where f.customer_id = c.id and f.staff_id = c.owner_id)) + make_interval(days => ${followUpDays}) <= ${at.toISOString()}::timestamptz
          or greatest(b.bound_at, (select max(created_at) from orders o where o.customer_id = c.id and o.status in ('paid', 'shipped', 'completed'))) + make_interval(days => ${orderDays}) <= ${at.toISOString()}::timestamptz)`),
    );
    // Runs until the backlog is gone (each returns at most POOL_RETURN_BATCH, the longest overdue first).
    const runs: { ms: number; returned: number; warned: number }[] = [];
    for (;;) {
      const started = performance.now();
      const result = await runPoolReturn(tx, at);
      runs.push({ ms: performance.now() - started, ...result });
      if (result.returned < POOL_RETURN_BATCH) break;
    }
    const returned = runs.reduce((sum, run) => sum + run.returned, 0);
    const slowest = Math.max(...runs.map((run) => run.ms));
    const written = value(await tx.execute(sql`select count(*) as value from customers where updated_at = ${at.toISOString()}::timestamptz`));
    const again = performance.now();
    const second = await runPoolReturn(tx, at);
    const secondMs = performance.now() - again;
    console.log(`database: ${config.databaseUrl ? 'PostgreSQL' : 'PGlite'}; customers ${total}, owned ${owned}; rules 未跟进 ${followUpDays} 天 / 未成交 ${orderDays} 天 on every site`);
    console.log(`due by an independent count: ${due}`);
    for (const [i, run] of runs.entries()) console.log(`run ${i + 1} (backlog): ${run.ms.toFixed(0)} ms — returned ${run.returned}, warned ${run.warned}`);
    console.log(`backlog gone in ${runs.length} run(s): returned ${returned}, customers rows written ${written}; slowest run ${slowest.toFixed(0)} ms`);
    console.log(`next run (nothing due): ${secondMs.toFixed(0)} ms — returned ${second.returned}, warned ${second.warned}`);
    if (returned !== due || written !== due) {
      console.error(`MISMATCH: the job returned ${returned} and wrote ${written} customers, ${due} were due`);
      process.exitCode = 1;
    }
    if (slowest > 10_000 || secondMs > 10_000) {
      console.error('SLOW: a run took more than 10 s');
      process.exitCode = 1;
    }
    throw new Rollback('rolled back: the database is left as it was');
  });
} catch (error) {
  if (!(error instanceof Rollback)) throw error;
  console.log(error.message);
} finally {
  await database.close();
}
