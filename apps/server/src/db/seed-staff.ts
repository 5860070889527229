/**
 * The demo sites and staff (DESIGN §6): the five demo accounts and ~30 more from a fixed seed, and
 * the step that spreads their join dates over the past three years and more.
 */
import { hash } from '@node-rs/argon2';
import { addDays, startOfChinaDay } from '@sales/contract';
import { inArray, sql } from 'drizzle-orm';
import { SeededRandom } from '../lib/random.js';
import type { Tx } from './client.js';
import { positions, sites, staff } from './schema.js';
import type { SeedOptions } from './seed.js';

export const DEMO_PASSWORD = 'Demo@2025';
const SEED = 20251031;

export const DEMO_SITES = [
  { id: 101, name: '华东一部', region: '华东' },
  { id: 102, name: '华东二部', region: '华东' },
  { id: 201, name: '华南大区', region: '华南' },
] as const;

/**
 * Issue 26 §3: the demo's tree — 华南大区 over two departments nobody holds a position in yet, so the
 * console shows a tree while every rule of SPEC keeps reading the flat sites above as before.
 */
export const DEMO_CHILD_SITES = [
  { id: 202, name: '广州一部', region: '华南', parentId: 201 },
  { id: 203, name: '深圳一部', region: '华南', parentId: 201 },
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

export async function seedStaff(tx: Tx): Promise<void> {
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

/** Join dates of the demo staff, days before the start: leaders and the demo accounts were there first. */
const FOUNDING_DAYS = [1130, 1200] as const;
const JOINED_DAYS = [90, 1095] as const;

/**
 * When each demo staff member joined (by phone), deterministic from the seed: the five demo
 * accounts and the leaders 37–39 months before `now` (before the first customers), the other
 * salespeople 3–36 months before, on a China working morning (09:00–10:30).
 */
export function plannedJoinDates(now: Date): Map<string, Date> {
  const random = new SeededRandom(SEED + 7);
  const joined = new Map<string, Date>();
  const demoPhones = new Set(DEMO_ACCOUNTS.map((account) => account.phone));
  for (const account of [...DEMO_ACCOUNTS, ...extraStaff()]) {
    const founding = demoPhones.has(account.phone) || account.positions.some((position) => position.isLeader);
    const [min, max] = founding ? FOUNDING_DAYS : JOINED_DAYS;
    const day = startOfChinaDay(addDays(now, -random.int(min, max)));
    joined.set(account.phone, new Date(day.getTime() + (9 * 60 + random.int(0, 90)) * 60_000));
  }
  return joined;
}

/**
 * The 'seed:staff-joined:v1' step: each demo staff member's createdAt (shown as 加入) becomes their
 * planned join date, or the day before their first record (binding, order, follow-up, new customer,
 * report, attendance, a month with a target) if that is earlier, so nobody worked anywhere before
 * joining. On a fresh database the step runs before any record exists; on one seeded earlier it
 * moves join dates only to earlier ones.
 */
export async function seedJoinDates(tx: Tx, options: SeedOptions): Promise<void> {
  const planned = plannedJoinDates(options.now ?? new Date());
  const people = await tx
    .select({ id: staff.id, phone: staff.phone })
    .from(staff)
    .where(inArray(staff.phone, [...planned.keys()]));
  if (people.length === 0) return;
  const result = await tx.execute(sql`
    select staff_id as "staffId", min(at) as "firstAt" from (
      select staff_id, min(bound_at) as at from customer_bindings group by staff_id
      union all select bound_by, min(bound_at) from customer_bindings where bound_by is not null group by bound_by
      union all select staff_id, min(created_at) from orders where staff_id is not null group by staff_id
      union all select staff_id, min(created_at) from follow_ups group by staff_id
      union all select credited_staff_id, min(created_at) from customers where credited_staff_id is not null group by credited_staff_id
      union all select staff_id, (min(month || '-01')::timestamp - interval '8 hours') at time zone 'UTC' from performance_standards
        where staff_id is not null and target_amount_fen > 0 group by staff_id
      union all select staff_id, min(created_at) from reports group by staff_id
      union all select staff_id, (min(day)::timestamp - interval '8 hours') at time zone 'UTC' from attendance group by staff_id
    ) records group by staff_id`);
  const firstRecord = new Map(
    (result as unknown as { rows: { staffId: number; firstAt: Date | string }[] }).rows.map((row) => [Number(row.staffId), new Date(row.firstAt).getTime()]),
  );
  for (const person of people) {
    const plannedAt = planned.get(person.phone)?.getTime();
    if (plannedAt === undefined) continue;
    const first = firstRecord.get(person.id);
    const joinedAt = new Date(first === undefined ? plannedAt : Math.min(plannedAt, first - 24 * 60 * 60_000));
    await tx.update(staff).set({ createdAt: joinedAt }).where(sql`${staff.id} = ${person.id} and ${staff.createdAt} > ${joinedAt}`);
  }
}

/** The demo's 系统管理员: no positions (the flag grants no sales data), the demo password. */
export const DEMO_ADMINISTRATOR = { phone: '13800000000', username: '赵敏' } as const;

/**
 * The 'seed:admin:v1' step: the demo organisation's administrator, added after everyone else (so
 * no earlier id moves), who joined with the first of the staff.
 */
export async function seedAdministrator(tx: Tx, options: SeedOptions): Promise<void> {
  const passwordHash = await hash(DEMO_PASSWORD);
  const joined = Math.min(...[...plannedJoinDates(options.now ?? new Date()).values()].map((at) => at.getTime()));
  await tx
    .insert(staff)
    .values({ username: DEMO_ADMINISTRATOR.username, phone: DEMO_ADMINISTRATOR.phone, passwordHash, isAdmin: true, createdAt: new Date(joined) })
    .onConflictDoNothing();
}

/** The 'seed:site-tree:v1' step: 华南大区's child sites, added last so that no earlier id or row changes. */
export async function seedSiteTree(tx: Tx): Promise<void> {
  await tx
    .insert(sites)
    .values(DEMO_CHILD_SITES.map((site) => ({ ...site })))
    .onConflictDoNothing();
}
