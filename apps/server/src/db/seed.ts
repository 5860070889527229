import { eq } from 'drizzle-orm';
import { parseSeedScale } from '../env.js';
import type { Db, Tx } from './client.js';
import { appMeta } from './schema.js';
import { seedFeedback } from './seed-feedback.js';
import { seedNotices } from './seed-notices.js';
import { seedPerformance } from './seed-performance.js';
import { seedReports } from './seed-reports.js';
import { seedSales } from './seed-sales.js';
import { seedPool } from './seed-pool.js';
import { seedSiteTreePeople } from './seed-site-tree.js';
import { seedAdministrator, seedJoinDates, seedSiteTree, seedStaff } from './seed-staff.js';
import { seedVisits } from './seed-visits.js';

export { DEMO_ACCOUNTS, DEMO_ADMINISTRATOR, DEMO_PASSWORD, DEMO_SITES, extraStaff, plannedJoinDates } from './seed-staff.js';
export { CHILD_SITE_STAFF } from './seed-site-tree.js';

export interface SeedOptions {
  /** Size of the generated data: 1 is the demo (~2,000 customers, ~20,000 orders). */
  scale: number;
  /** The moment the data is relative to; now by default. */
  now?: Date;
}

/** What a caller that passes no options gets: the scale of SEED_SCALE, as the server would use. */
export const defaultSeedOptions = (): SeedOptions => ({ scale: parseSeedScale(process.env.SEED_SCALE) });

interface SeedStep {
  /** Stored in app_meta once the step has run, so each step runs once per database. */
  key: string;
  run(tx: Tx, options: SeedOptions): Promise<void>;
}

/** Later areas append their steps here; a database seeded earlier receives only the new ones. */
export const SEED_STEPS: SeedStep[] = [
  { key: 'seed:staff:v1', run: seedStaff },
  // Before the sales, which bind customers only to staff who had joined by then. A database seeded
  // before this step existed gets it alone: join dates before each person's first record there.
  { key: 'seed:staff-joined:v1', run: seedJoinDates },
  { key: 'seed:sales:v1', run: seedSales },
  { key: 'seed:performance:v1', run: seedPerformance },
  // After the performance standards: the report snapshots read their targets.
  { key: 'seed:reports:v1', run: seedReports },
  // After the reports and their reads: 点评, replies and 点赞 by leaders who read them, with notices.
  { key: 'seed:feedback:v1', run: seedFeedback },
  // After the sales: a user's demo notices name customers bound to them.
  { key: 'seed:notices:v1', run: seedNotices },
  // After the sales (issue 19): positions of a few customers and their owners' 拜访签到 of today and yesterday.
  { key: 'seed:visits:v1', run: seedVisits },
  // Issue 26: the organisation's 系统管理员, last so that no earlier staff id moves.
  { key: 'seed:admin:v1', run: seedAdministrator },
  // Issue 26 §3: 华南大区's child sites (no members), after everything so that existing ids and data stay.
  { key: 'seed:site-tree:v1', run: seedSiteTree },
  // Issue 26 §3: people, customers, orders and standards in 广州一部 and 深圳一部, so that 华南大区's
  // figures roll them up; last again, so that no earlier id or row changes.
  { key: 'seed:site-tree-people:v1', run: seedSiteTreePeople },
  // Issue 27: a 公海 in every site, rules on 101 (张伟's countdown), release and auto-return history;
  // last again, so that no earlier id or row changes.
  { key: 'seed:pool:v1', run: seedPool },
];

/** Loads the demo data into a database that has not received it yet. */
export async function seedDemoData(db: Db, steps: SeedStep[] = SEED_STEPS, options: SeedOptions = defaultSeedOptions()): Promise<string[]> {
  const ran: string[] = [];
  for (const step of steps) {
    const done = await db.select({ key: appMeta.key }).from(appMeta).where(eq(appMeta.key, step.key));
    if (done.length > 0) continue;
    await db.transaction(async (tx) => {
      await step.run(tx, options);
      await tx.insert(appMeta).values({ key: step.key, value: new Date().toISOString() });
    });
    ran.push(step.key);
  }
  return ran;
}
