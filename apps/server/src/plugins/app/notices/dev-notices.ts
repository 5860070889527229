/** Development only (routes/dev.ts): a user's latest notices by phone, so e2e can see a notice was created. */
import type { DevNotices } from '@sales/contract';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { notices, staff } from '../../../db/schema.js';
import { iso } from '../sales/sales-queries.js';

export async function latestNoticesOf(db: Db, phone: string, kind: string | undefined): Promise<DevNotices> {
  const conditions: SQL[] = [eq(staff.phone, phone)];
  if (kind) conditions.push(eq(notices.kind, kind));
  const rows = await db
    .select({ notice: notices })
    .from(notices)
    .innerJoin(staff, eq(staff.id, notices.staffId))
    .where(and(...conditions))
    .orderBy(desc(notices.createdAt), desc(notices.id))
    .limit(20);
  return { list: rows.map(({ notice }) => ({ id: notice.id, kind: notice.kind, dedupeKey: notice.dedupeKey, title: notice.title, body: notice.body, link: notice.link, createdAt: iso(notice.createdAt) })) };
}
