/** Small pieces the sales repositories share: paging, keyword patterns, staff references, sales statuses, day bounds. */
import { PAGE_SIZE_MAX, parseChinaDay, shiftDay, type DayRange, type OrderStatus, type StaffRef } from '@sales/contract';
import { count, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { customers, followUps } from '../../../db/schema.js';
import { badRequest } from '../../../lib/errors.js';

export interface Paging {
  page: number;
  pageSize: number;
  offset: number;
}

export function paging(page: number | undefined, pageSize: number | undefined): Paging {
  const safePage = Math.max(1, Math.floor(page ?? 1));
  const size = Math.min(PAGE_SIZE_MAX, Math.max(1, Math.floor(pageSize ?? 20)));
  return { page: safePage, pageSize: size, offset: (safePage - 1) * size };
}

/** The trimmed keyword, or undefined when there is nothing to search for. */
export function keywordOf(keyword: string | undefined): string | undefined {
  const trimmed = keyword?.trim();
  return trimmed ? trimmed : undefined;
}

/** An ILIKE pattern matching the keyword anywhere, with the keyword's own % and _ taken literally. */
export const containsPattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The statuses of an order that was paid, refunded ones included: what sales figures count (a refund is subtracted on its day). */
export const PAID_STATUSES: readonly OrderStatus[] = ['paid', 'shipped', 'completed', 'refunded'];

/** A range of China days as instants: from the first day's midnight up to (not including) the midnight after the last. */
export function dayBounds(range: DayRange): { from: Date; to: Date } {
  const from = parseChinaDay(range.startDate);
  const to = parseChinaDay(shiftDay(range.endDate, 1));
  if (!from || !to) throw badRequest('日期不正确');
  return { from, to };
}

export function staffRef(id: number | null, username: string | null): StaffRef | null {
  return id !== null && username !== null ? { id, username } : null;
}

export const iso = (date: Date) => date.toISOString();
export const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/** Rows an export reads per query: small enough for flat memory, large enough for few round trips. */
export const EXPORT_BATCH = 1000;

/**
 * Reads up to `limit` rows in keyset batches: `fetch` returns the next `size` rows after the key of
 * the last one it was given (the first ones when given none), in a fixed order. Each batch is one short
 * indexed query, so no connection is held for the whole export and, on PGlite, other requests
 * run between batches.
 */
export async function* keysetBatches<T extends Key, Key>(
  fetch: (after: Key | undefined, size: number) => Promise<T[]>,
  limit: number,
  size = EXPORT_BATCH,
): AsyncGenerator<T[]> {
  let after: Key | undefined;
  let left = limit;
  while (left > 0) {
    const want = Math.min(size, left);
    const batch = await fetch(after, want);
    if (batch.length > 0) yield batch;
    if (batch.length < want) return;
    left -= batch.length;
    after = batch[batch.length - 1];
  }
}

/** How many rows of `table` match `where`, counting no further than `cap` (an export's row count). */
export async function cappedCount(db: Db, table: PgTable, id: AnyPgColumn, where: SQL | undefined, cap: number): Promise<number> {
  const capped = db.select({ id }).from(table).where(where).limit(cap).as('capped');
  const [row] = await db.select({ count: count() }).from(capped);
  return row?.count ?? 0;
}

/**
 * The columns of a due follow-up and its customer, read from follow_up_latest joined to
 * follow_ups and customers: home's 今日待联系 and 今日待办 list the same row, each with its own extras.
 */
export const DUE_FOLLOW_UP_COLUMNS = {
  followUpId: followUps.id,
  customerId: customers.id,
  name: customers.name,
  contactName: customers.contactName,
  phone: customers.phone,
  type: followUps.type,
  content: followUps.content,
  nextContactAt: followUps.nextContactAt,
};
