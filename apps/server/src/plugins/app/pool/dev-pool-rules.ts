/**
 * Development only (/__dev/pool-rules): sets a site's own caps so e2e can reach them. People set
 * a site's rules in the console; this writes the same row (site_pool_rules) and nothing else.
 */
import type { DevPoolRulesBody } from '@sales/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { sitePoolRules } from '../../../db/schema.js';

/** Upserts the site's own 拥有上限, 每日领取上限 and wait; every field null removes its own row (inherit again). */
export async function setOwnPoolCaps(db: Db, { siteId, ownLimit, dailyClaimLimit, reclaimBlockDays }: DevPoolRulesBody): Promise<void> {
  await db.transaction(async (tx) => {
    if (ownLimit === null && dailyClaimLimit === null && reclaimBlockDays === null) {
      await tx.delete(sitePoolRules).where(eq(sitePoolRules.siteId, siteId));
      return;
    }
    const values = { ownLimit, dailyClaimLimit, reclaimBlockDays, updatedAt: new Date() };
    await tx.insert(sitePoolRules).values({ siteId, ...values }).onConflictDoUpdate({ target: sitePoolRules.siteId, set: values });
  });
}
