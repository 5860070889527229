/**
 * Development only (/__dev/pool-rules): sets a site's own caps so e2e can reach them. People set
 * a site's rules in the console; this writes the same row (site_pool_rules) and nothing else.
 */
import type { DevPoolRulesBody } from '@sales/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { sitePoolRules, sites } from '../../../db/schema.js';
import { notFound } from '../../../lib/errors.js';
import { SITE_NOT_FOUND } from '../sales/sales-authorization.js';

/**
 * Sets the site's own 拥有上限, 每日领取上限 and wait (null: inherit again), and nothing else of its
 * row: the return rules the demo or the console set stay as they are.
 */
export async function setOwnPoolCaps(db: Db, { siteId, ownLimit, dailyClaimLimit, reclaimBlockDays }: DevPoolRulesBody): Promise<void> {
  await db.transaction(async (tx) => {
    const [site] = await tx.select({ id: sites.id }).from(sites).where(eq(sites.id, siteId));
    if (!site) throw notFound(SITE_NOT_FOUND);
    const values = { ownLimit, dailyClaimLimit, reclaimBlockDays, updatedAt: new Date() };
    await tx.insert(sitePoolRules).values({ siteId, ...values }).onConflictDoUpdate({ target: sitePoolRules.siteId, set: values });
  });
}
