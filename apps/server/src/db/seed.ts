import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { parseSeedScale } from '../env.js';
import { SeededRandom } from '../lib/random.js';
import type { Db, Tx } from './client.js';
import { appMeta, positions, sites, staff } from './schema.js';
import { seedPerformance } from './seed-performance.js';
import { seedReports } from './seed-reports.js';
import { seedSales } from './seed-sales.js';

export const DEMO_PASSWORD = 'Demo@2025';
const SEED = 20251031;

export const DEMO_SITES = [
  { id: 101, name: '华东一部', region: '华东' },
  { id: 102, name: '华东二部', region: '华东' },
  { id: 201, name: '华南大区', region: '华南' },
] as const;

interface DemoPosition {
  siteId: number;
  isLeader: boolean;
  drawAuth: boolean;
}

interface DemoAccount {
  phone: string;
  username: string;
  positions: DemoPosition[];
  reportAllSites?: boolean;
  teamReportAuth?: boolean;
}

/** The five demo accounts of DESIGN §6, in id order 1–5. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { phone: '13800000001', username: '张伟', positions: [{ siteId: 101, isLeader: false, drawAuth: false }] },
  { phone: '13800000002', username: '李娜', positions: [{ siteId: 101, isLeader: true, drawAuth: false }], teamReportAuth: true },
  {
    phone: '13800000003',
    username: '王强',
    positions: [
      { siteId: 101, isLeader: true, drawAuth: false },
      { siteId: 102, isLeader: true, drawAuth: false },
      { siteId: 201, isLeader: false, drawAuth: false },
    ],
  },
  { phone: '13800000004', username: '刘洋', positions: [{ siteId: 201, isLeader: false, drawAuth: false }], reportAllSites: true },
  {
    phone: '13800000005',
    username: '陈静',
    positions: [
      { siteId: 102, isLeader: false, drawAuth: true },
      { siteId: 102, isLeader: true, drawAuth: false },
    ],
  },
];

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '高', '林', '罗', '郑', '梁', '谢', '宋', '唐', '许', '韩', '冯', '邓', '曹'];
const GIVEN = ['芳', '敏', '静', '丽', '军', '磊', '洋', '勇', '艳', '杰', '娟', '涛', '明', '超', '秀英', '霞', '平', '刚', '桂英', '建华', '文博', '子豪', '欣怡', '浩然', '雨婷', '志强', '晓东', '海燕', '国庆', '春梅', '佳琪', '思远'];

/** Builds the ~30 extra staff from the fixed seed: mostly salespeople, one leader per site. */
export function extraStaff(count = 30): DemoAccount[] {
  const random = new SeededRandom(SEED);
  const used = new Set(DEMO_ACCOUNTS.map((account) => account.username));
  const people: DemoAccount[] = [];
  for (let i = 0; i < count; i += 1) {
    let username = '';
    do {
      username = random.pick(SURNAMES) + random.pick(GIVEN);
    } while (used.has(username));
    used.add(username);
    const site = DEMO_SITES[i % DEMO_SITES.length];
    if (!site) throw new Error('no demo site');
    const isLeader = i < DEMO_SITES.length;
    people.push({
      phone: `139${String(10_000_000 + i * 7919 + random.int(0, 7000)).padStart(8, '0')}`,
      username,
      positions: [{ siteId: site.id, isLeader, drawAuth: random.chance(0.2) }],
      teamReportAuth: isLeader,
    });
  }
  return people;
}

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

async function seedStaff(tx: Tx): Promise<void> {
  await tx.insert(sites).values([...DEMO_SITES]).onConflictDoNothing();
  // Demo accounts share one password, so one hash serves them all and start-up stays fast.
  const passwordHash = await hash(DEMO_PASSWORD);
  for (const account of [...DEMO_ACCOUNTS, ...extraStaff()]) {
    const [created] = await tx
      .insert(staff)
      .values({
        username: account.username,
        phone: account.phone,
        passwordHash,
        reportAllSites: account.reportAllSites ?? false,
        teamReportAuth: account.teamReportAuth ?? false,
      })
      .returning({ id: staff.id });
    if (!created) throw new Error(`could not seed ${account.phone}`);
    await tx.insert(positions).values(account.positions.map((position) => ({ staffId: created.id, ...position })));
  }
}

/** Later areas append their steps here; a database seeded earlier receives only the new ones. */
export const SEED_STEPS: SeedStep[] = [
  { key: 'seed:staff:v1', run: seedStaff },
  { key: 'seed:sales:v1', run: seedSales },
  { key: 'seed:performance:v1', run: seedPerformance },
  // After the performance standards: the report snapshots read their targets.
  { key: 'seed:reports:v1', run: seedReports },
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
