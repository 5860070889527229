/**
 * Demo 周报 and 半月报 from a fixed seed: the last 12 weeks and the last 12 half months (6 months)
 * for most members of each site, some periods missing and the recent ones often still unread.
 * The current week and half month are left unwritten for the five demo accounts, so a demo login
 * can write them; about half of the other members have already written the current ones.
 * Metrics are snapshots from the performance figures, as a report written then would hold.
 * Reports cover only these recent periods (the sales history is longer: reports are read as they
 * come, never compared a year back), and none of a period that ended before the writer joined.
 */
import { addDays, chinaDayString, parseChinaDay, periodAt, periodLabel, shiftPeriod, type ReportKind, type ReportPeriod } from '@sales/contract';
import { and, eq, sql } from 'drizzle-orm';
import { SeededRandom } from '../lib/random.js';
import { periodMetrics, type TargetCache } from './report-metrics.js';
import type { Tx } from './client.js';
import { positions, reportReads, reports, staff } from './schema.js';
import type { SeedOptions } from './seed.js';

const SEED = 20251117;
const PERIODS_BACK = 12;
const DEMO_ACCOUNT_COUNT = 5;
const BATCH = 500;

const SUMMARIES = [
  '本周重点跟进了老客户复购，{customers}家门店补货，整体销售额较上周有所提升。',
  '完成了{orders}笔订单，其中两家新开门店首单顺利落地，客户对配送时效比较满意。',
  '拜访了片区内的重点客户，了解到节前备货需求旺盛，已提前锁定部分订单。',
  '本周新品试销反馈良好，饮料和休闲食品类动销明显，客户愿意加大进货量。',
  '跟进了{followUps}次客户沟通，处理了一起配送延迟的投诉，客户已表示谅解。',
  '重点维护了A类客户关系，协助两家超市调整陈列，带动了整体出货。',
];
const PLANS = [
  '下周计划拜访{customers}家潜在客户，争取新增两家合作门店。',
  '继续跟进未回款订单，确保月底前款项全部到账。',
  '配合促销活动做好客户通知，提前统计各门店的备货数量。',
  '重点开发社区便利店渠道，整理一份意向客户清单。',
  '回访本月新客户，收集对产品和服务的意见，提高复购率。',
  '与仓库协调发货时间，解决周末配送不及时的问题。',
];
const PROBLEMS = [
  '部分客户反映价格偏高，希望公司能给予一定的促销支持。',
  '物流周末配送不及时，影响了两家客户的补货，希望协调解决。',
  '新品样品数量不足，申请下周补充一批样品。',
  '',
  '个别客户账期较长，需要财务协助跟进对账。',
  '',
];

/** The members who write reports at each site: active staff with a position there and no leader position. */
async function writers(tx: Tx): Promise<{ staffId: number; siteId: number; joinedAt: Date }[]> {
  const rows = await tx
    .selectDistinct({ staffId: positions.staffId, siteId: positions.siteId, joinedAt: staff.createdAt })
    .from(positions)
    .innerJoin(staff, eq(staff.id, positions.staffId))
    .where(
      and(
        eq(staff.status, 'active'),
        sql`not exists (select 1 from ${positions} p2 where p2.staff_id = ${positions.staffId} and p2.site_id = ${positions.siteId} and p2.is_leader)`,
      ),
    )
    .orderBy(positions.staffId, positions.siteId);
  return rows;
}

async function leadersBySite(tx: Tx): Promise<Map<number, number[]>> {
  const rows = await tx.selectDistinct({ staffId: positions.staffId, siteId: positions.siteId }).from(positions).where(eq(positions.isLeader, true));
  const map = new Map<number, number[]>();
  for (const row of rows) map.set(row.siteId, [...(map.get(row.siteId) ?? []), row.staffId]);
  return map;
}

function fill(template: string, random: SeededRandom): string {
  return template
    .replace('{customers}', String(random.int(3, 9)))
    .replace('{orders}', String(random.int(8, 30)))
    .replace('{followUps}', String(random.int(10, 25)));
}

/** A moment within the period's last days (or just after it), when such a report is written. */
function writtenAt(period: ReportPeriod, now: Date, random: SeededRandom): Date {
  const end = new Date(`${period.end}T18:00:00+08:00`);
  const at = new Date(end.getTime() + random.int(-20, 60) * 60 * 60 * 1000);
  return at > now ? new Date(now.getTime() - random.int(1, 120) * 60 * 1000) : at;
}

/**
 * The moment a seeded report's figures stand at. The snapshot is computed at seed time, so it
 * holds every event of a period already over: its end (the last moment of the period's last China
 * day) says the same and reads as the report's own "统计截至"; a period still running stands at now.
 */
function figuresMoment(period: ReportPeriod, now: Date): Date {
  const end = parseChinaDay(period.end);
  if (!end) return now;
  const endOfPeriod = new Date(addDays(end, 1).getTime() - 1);
  return endOfPeriod < now ? endOfPeriod : now;
}

export async function seedReports(tx: Tx, options: SeedOptions): Promise<void> {
  const now = options.now ?? new Date();
  const random = new SeededRandom(SEED);
  const people = await writers(tx);
  const leaders = await leadersBySite(tx);
  const targets: TargetCache = new Map();
  const rows: (typeof reports.$inferInsert)[] = [];
  const readPlans: { leaders: number[]; readAt: Date }[] = [];
  for (const kind of ['weekly', 'halfMonth'] as ReportKind[]) {
    const current = periodAt(kind, now);
    for (const person of people) {
      const isDemo = person.staffId <= DEMO_ACCOUNT_COUNT;
      for (let back = PERIODS_BACK; back >= 0; back -= 1) {
        const period = shiftPeriod(current, -back);
        if (back === 0 && (isDemo || random.chance(0.5))) continue;
        if (back > 0 && random.chance(0.12)) continue;
        if (period.end < chinaDayString(person.joinedAt)) continue;
        const snapshot = await periodMetrics(tx, person.siteId, person.staffId, period, targets);
        const createdAt = writtenAt(period, now, random);
        rows.push({
          kind,
          staffId: person.staffId,
          siteId: person.siteId,
          periodStart: period.start,
          periodEnd: period.end,
          ...snapshot,
          summary: `${periodLabel(period)}：${fill(random.pick(SUMMARIES), random)}`,
          plan: fill(random.pick(PLANS), random),
          problems: random.pick(PROBLEMS),
          images: [],
          createdAt,
          updatedAt: createdAt,
          figuresAt: figuresMoment(period, now),
        });
        // Older reports have mostly been read; the last two periods often not yet.
        const readChance = back >= 3 ? 0.9 : back >= 1 ? 0.4 : 0.15;
        readPlans.push({
          leaders: (leaders.get(person.siteId) ?? []).filter((leaderId) => leaderId !== person.staffId && random.chance(readChance)),
          readAt: new Date(Math.min(now.getTime(), createdAt.getTime() + random.int(1, 48) * 60 * 60 * 1000)),
        });
      }
    }
  }
  // One insert per chunk; the unique period index orders nothing, so ids are matched by period.
  for (let start = 0; start < rows.length; start += BATCH) {
    const chunk = rows.slice(start, start + BATCH);
    const inserted = await tx
      .insert(reports)
      .values(chunk)
      .returning({ id: reports.id, kind: reports.kind, staffId: reports.staffId, siteId: reports.siteId, periodStart: reports.periodStart });
    const idOf = new Map(inserted.map((row) => [`${row.kind}:${row.staffId}:${row.siteId}:${row.periodStart}`, row.id]));
    const reads = chunk.flatMap((row, index) => {
      const plan = readPlans[start + index];
      const reportId = idOf.get(`${row.kind}:${row.staffId}:${row.siteId}:${row.periodStart}`);
      if (!plan || reportId === undefined) return [];
      return plan.leaders.map((leaderId) => ({ reportId, leaderId, readAt: plan.readAt }));
    });
    if (reads.length > 0) await tx.insert(reportReads).values(reads);
  }
}
