/**
 * The 'seed:pool:v1' step (issue 27): the 公海 in the demo.
 * - Every site gets pool customers of every level (two of each, no owner), some with a history: a
 *   salesperson who 放弃'd one (release, with a reason) and one the rules returned (auto_return,
 *   未跟进 30 天).
 * - Site 101 (华东一部) gets rules: 拥有上限, 每日领取上限, 前负责人 7 天内不能领取, 未跟进 N 天
 *   回收 (A 类 longer), 提前 5 天提醒. N is chosen above the longest time any owned customer of
 *   101 has gone without its owner's follow-up, so that no demo customer is returned the moment
 *   the server starts; 张伟 gets two new customers near the end of it: one returns in 2 days (red,
 *   in 今日待办), one in 4 (within the warning window), and the rest of his show a longer countdown.
 * Added after every earlier step, so no earlier id or row changes.
 */
import { addDays } from '@sales/contract';
import { and, eq, sql } from 'drizzle-orm';
import { SeededRandom } from '../lib/random.js';
import type { Tx } from './client.js';
import { customerBindings, customers, sitePoolRules, sites, staff } from './schema.js';
import { token } from './seed-customers.js';
import type { SeedOptions } from './seed.js';

const SEED = 20261128;
const DAY_MS = 24 * 60 * 60 * 1000;
const LEVELS = ['A', 'B', 'C'] as const;
const SHOPS = ['便利店', '超市', '批发部', '烟酒行', '商行', '食品店'];
const NAMES = ['丰收', '惠民', '好邻居', '金利', '万家', '永兴', '福满', '鑫源', '顺达', '德胜', '同心', '佳佳'];
const CONTACTS = ['赵', '钱', '孙', '周', '吴', '郑'];

/** The fewest days site 101's 未跟进 rule says (more when a demo customer has waited longer). */
const MIN_FOLLOW_UP_DAYS = 30;

export async function seedPool(tx: Tx, options: SeedOptions): Promise<void> {
  const now = options.now ?? new Date();
  const random = new SeededRandom(SEED);
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const siteRows = await tx.select({ id: sites.id }).from(sites).orderBy(sites.id);
  const salespeople = await tx.execute(sql`select p.site_id as "siteId", min(p.staff_id) as "staffId" from positions p join staff s on s.id = p.staff_id
    where s.status = 'active' and not p.is_leader group by p.site_id`);
  const someoneAt = new Map((salespeople as unknown as { rows: { siteId: number; staffId: number }[] }).rows.map((row) => [Number(row.siteId), Number(row.staffId)]));
  let seq = 0;

  // Pool customers in every site, two of each level; a site's first two with a history.
  for (const site of siteRows) {
    const formerOwner = someoneAt.get(site.id);
    for (let i = 0; i < LEVELS.length * 2; i += 1) {
      seq += 1;
      const level = LEVELS[i % LEVELS.length] ?? 'C';
      const createdAt = daysAgo(random.int(60, 200));
      const [row] = await tx
        .insert(customers)
        .values({
          siteId: site.id,
          name: `${random.pick(NAMES)}${random.pick(SHOPS)}（公海${seq}）`,
          contactName: `${random.pick(CONTACTS)}经理`,
          phone: `136${String(20_270_000 + seq).padStart(8, '0')}`,
          address: `公海客户地址 ${random.int(1, 300)} 号`,
          level,
          source: '公海',
          ownerId: null,
          qrToken: token(random),
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: customers.id });
      if (!row || formerOwner === undefined || i >= 2) continue;
      const boundAt = new Date(createdAt.getTime() + DAY_MS);
      const releasedAt = daysAgo(random.int(3, 20));
      const history =
        i === 0
          ? { kind: 'claim' as const, unboundReason: 'release' as const, unboundNote: '客户暂无进货需求', unboundBy: formerOwner }
          : { kind: 'create' as const, unboundReason: 'auto_return' as const, unboundNote: '未跟进 30 天', unboundBy: null };
      await tx.insert(customerBindings).values({
        customerId: row.id,
        staffId: formerOwner,
        boundBy: formerOwner,
        kind: history.kind,
        boundAt,
        unboundAt: releasedAt,
        unboundBy: history.unboundBy,
        unboundReason: history.unboundReason,
        unboundNote: history.unboundNote,
      });
    }
  }

  // The longest any owned customer of 101 has gone without its owner's follow-up (since bound).
  const waited = await tx.execute(sql`select coalesce(max(extract(epoch from (${now.toISOString()}::timestamptz - greatest(b.bound_at,
      (select max(f.created_at) from follow_ups f where f.customer_id = c.id and f.staff_id = c.owner_id)))) / 86400), 0) as days
    from customers c join customer_bindings b on b.customer_id = c.id and b.unbound_at is null and b.staff_id = c.owner_id
    where c.site_id = 101 and c.owner_id is not null`);
  const longest = Number((waited as unknown as { rows: { days: number | string }[] }).rows[0]?.days ?? 0);
  // 拥有上限 above what the busiest salesperson of 101 already owns (张伟: 423 at 1×), so the demo's
  // 领取 works and shows its numbers (已拥有 423/500) instead of refusing every claim.
  const owned = await tx.execute(sql`select coalesce(max(n), 0) as n from (select count(*) as n from customers where site_id = 101 and owner_id is not null group by owner_id) per_owner`);
  const ownLimit = Math.ceil((Number((owned as unknown as { rows: { n: number | string }[] }).rows[0]?.n ?? 0) + 50) / 100) * 100;
  const noFollowUpDays = Math.max(MIN_FOLLOW_UP_DAYS, Math.ceil(longest) + 10);
  await tx
    .insert(sitePoolRules)
    .values({
      siteId: 101,
      ownLimit,
      dailyClaimLimit: 10,
      reclaimBlockDays: 7,
      noFollowUpDays,
      noOrderDays: null,
      levelDays: { A: { noFollowUpDays: noFollowUpDays + 15, noOrderDays: null } },
      warnDays: 5,
      updatedAt: now,
    })
    .onConflictDoNothing();

  // 张伟's two customers near the end of the countdown (level B: the general rule).
  const [zhangWei] = await tx.select({ id: staff.id }).from(staff).where(and(eq(staff.phone, '13800000001'), eq(staff.status, 'active')));
  if (!zhangWei) return;
  for (const [n, left] of [
    [1, 2],
    [2, 4],
  ] as const) {
    // An hour short of `left` whole days, so 剩余 shows `left` (it rounds up).
    const boundAt = new Date(now.getTime() - (noFollowUpDays - left) * DAY_MS - 60 * 60 * 1000);
    const createdAt = addDays(boundAt, -30);
    const [row] = await tx
      .insert(customers)
      .values({
        siteId: 101,
        name: n === 1 ? '久未联系便利店' : '待回访烟酒行',
        contactName: n === 1 ? '冯老板' : '褚老板',
        phone: `136${String(20_279_000 + n).padStart(8, '0')}`,
        address: `上海市浦东新区公海路 ${n} 号`,
        level: 'B',
        source: '公海',
        ownerId: zhangWei.id,
        qrToken: token(random),
        createdAt,
        updatedAt: boundAt,
      })
      .returning({ id: customers.id });
    if (!row) continue;
    await tx.insert(customerBindings).values({ customerId: row.id, staffId: zhangWei.id, boundBy: zhangWei.id, kind: 'claim', boundAt });
  }
}
