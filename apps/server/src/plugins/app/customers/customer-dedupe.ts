/**
 * 查重 (issue 27 §1): within a site, a customer with the same phone, or the same name once spaces
 * and full-width/half-width differences are set aside, is the same customer. The database keeps the
 * name's key (customers.name_key, migration 0026); `customerNameKey` is the same rule in JS, for
 * rows not yet written (an import's preview, duplicates within one file).
 */
import { isLandline, isMobile } from '@sales/contract';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import { customers, staff } from '../../../db/schema.js';

/** NFKC, no white space, lower case: 'ＡＢＣ 超市' and 'abc超市' share a key. Agrees with the column's SQL. */
export function customerNameKey(name: string): string {
  return name.normalize('NFKC').replace(/\s+/gu, '').toLowerCase();
}

export interface DuplicateCustomer {
  id: number;
  siteId: number;
  name: string;
  ownerId: number | null;
  ownerName: string | null;
  /** What matched: the phone, the name, or both. */
  matched: 'phone' | 'name' | 'both';
}

/** The site's customers that the given name or phone would duplicate, phone matches first. */
export async function findDuplicateCustomers(db: Db | Tx, siteId: number, candidate: { name: string; phone: string }): Promise<DuplicateCustomer[]> {
  const key = customerNameKey(candidate.name);
  const phone = candidate.phone.trim();
  const matches = [
    ...(key ? [eq(customers.nameKey, key)] : []),
    ...(phone ? [eq(customers.phone, phone)] : []),
  ];
  if (matches.length === 0) return [];
  const rows = await db
    .select({ id: customers.id, siteId: customers.siteId, name: customers.name, phone: customers.phone, nameKey: customers.nameKey, ownerId: customers.ownerId, ownerName: staff.username })
    .from(customers)
    .leftJoin(staff, eq(staff.id, customers.ownerId))
    .where(and(eq(customers.siteId, siteId), or(...matches)))
    .orderBy(sql`(${customers.phone} = ${phone}) desc`, customers.id)
    .limit(10);
  return rows.map((row) => {
    const byPhone = phone !== '' && row.phone === phone;
    const byName = key !== '' && row.nameKey === key;
    return {
      id: row.id,
      siteId: row.siteId,
      name: row.name,
      ownerId: row.ownerId,
      ownerName: row.ownerName,
      matched: byPhone && byName ? 'both' : byPhone ? 'phone' : 'name',
    };
  });
}

/**
 * A customer's phone as stored, or null when it is neither a mainland mobile nor a landline
 * (0XX-XXXXXXX): white space is dropped, so 138 0013 8000 and 13800138000 are one phone to 查重.
 */
export function customerPhoneOf(raw: string): string | null {
  const phone = raw.replace(/\s+/gu, '');
  return isMobile(phone) || isLandline(phone) ? phone : null;
}

/** Two-key advisory lock space of customer creation (the site is the second key). */
const NEW_CUSTOMERS_LOCK = 27_001;

/**
 * Serialises the creation of customers at one site until the transaction ends, so 查重 and the
 * insert that follows it are one step: every writer of new customers (新建客户, import, the
 * platform's sync) takes it before findDuplicateCustomers. Other sites and every read go on.
 */
export async function lockSiteForNewCustomers(tx: Tx, siteId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${NEW_CUSTOMERS_LOCK}::int, ${siteId}::int)`);
}
