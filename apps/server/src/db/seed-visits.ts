/**
 * Demo 拜访签到 (issue 19): a few customers of each site get a position, and their owners checked
 * in on 拜访 follow-ups today (those already past) and yesterday, one of them 位置偏离, so the
 * leaders' 团队考勤 → 拜访 is not empty on a fresh start. Runs once (seed:visits:v1).
 */
import { addDays, startOfChinaDay, VISIT_DEVIATION_METERS_DEFAULT } from '@sales/contract';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { deviationOf } from './geo.js';
import type { Tx } from './client.js';
import { customers, followUps, positions, sites } from './schema.js';
import type { SeedOptions } from './seed.js';

const MINUTE_MS = 60_000;
/** Customers per site that get check-ins; the first POSITIONED of them have a position. */
const PER_SITE = 5;
const POSITIONED = 3;
/** Where each site's demo customers are, by the order of the sites: 上海, 杭州, 广州, 深圳… */
const CENTRES = [
  { latitude: 31.2304, longitude: 121.4737 },
  { latitude: 30.2741, longitude: 120.1551 },
  { latitude: 23.1291, longitude: 113.2644 },
  { latitude: 22.5431, longitude: 114.0579 },
];
const NOTES = ['到店拜访，查看陈列和库存', '拜访店主，沟通下月补货计划', '上门回访，了解新品试销情况', '拜访客户，确认促销物料到位', '到店拜访，处理临期商品'];

export async function seedVisits(tx: Tx, options: SeedOptions): Promise<void> {
  const now = options.now ?? new Date();
  const today = startOfChinaDay(now);
  const allSites = await tx.select({ id: sites.id }).from(sites).orderBy(asc(sites.id));
  for (const [siteIndex, site] of allSites.entries()) {
    const centre = CENTRES[siteIndex % CENTRES.length] ?? { latitude: 31.2304, longitude: 121.4737 };
    const [leader] = await tx.select({ id: positions.staffId }).from(positions).where(and(eq(positions.siteId, site.id), eq(positions.isLeader, true))).limit(1);
    const chosen = await tx
      .select({ id: customers.id, ownerId: customers.ownerId })
      .from(customers)
      .where(and(eq(customers.siteId, site.id), isNotNull(customers.ownerId)))
      .orderBy(asc(customers.id))
      .limit(PER_SITE);
    for (const [index, customer] of chosen.entries()) {
      if (customer.ownerId === null) continue;
      // Customers a few hundred metres apart around the site's centre.
      const shop = { latitude: centre.latitude + index * 0.01, longitude: centre.longitude + index * 0.008 };
      const positioned = index < POSITIONED;
      if (positioned) {
        await tx
          .update(customers)
          .set({ latitude: shop.latitude, longitude: shop.longitude, positionSource: 'leader', positionSetAt: addDays(today, -7), positionSetBy: leader?.id ?? null })
          .where(eq(customers.id, customer.id));
      }
      // The second customer's check-in today is about 900 m away: 位置偏离.
      const offset = index === 1 ? 0.008 : 0.0004 * (index + 1);
      const todayAt = new Date(now.getTime() - (index + 1) * 37 * MINUTE_MS);
      const times = [
        todayAt >= today ? todayAt : new Date(today.getTime() - (8 - index) * 60 * MINUTE_MS),
        new Date(addDays(today, -1).getTime() + (10 * 60 + index * 50) * MINUTE_MS),
      ];
      for (const [dayIndex, at] of times.entries()) {
        const fix = { latitude: shop.latitude + (dayIndex === 0 ? offset : 0.0003), longitude: shop.longitude, accuracy: 15 + index * 7 };
        const { distance, deviated } = deviationOf(fix, positioned ? shop : { latitude: null, longitude: null }, VISIT_DEVIATION_METERS_DEFAULT);
        await tx.insert(followUps).values({
          customerId: customer.id,
          siteId: site.id,
          staffId: customer.ownerId,
          type: '拜访',
          content: NOTES[(index + dayIndex) % NOTES.length] ?? '到店拜访',
          images: [],
          nextContactAt: null,
          createdAt: at,
          checkInAt: at,
          checkInLatitude: fix.latitude,
          checkInLongitude: fix.longitude,
          checkInAccuracy: fix.accuracy,
          checkInPhoto: null,
          checkInDistance: distance,
          checkInDeviated: deviated,
        });
      }
    }
  }
}
