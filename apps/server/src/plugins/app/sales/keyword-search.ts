/**
 * Keyword search on customers: `ILIKE '%…%'` on name, contact and phone decides, and an indexed
 * pre-filter finds the candidates first. Keywords of three characters or more can use the
 * trigram indexes (migration 0008); two characters (超市, 便利) have no trigram, so every keyword
 * of two characters or more also asks that the customer's bigram keys (migration 0017) hold the
 * keyword's own. A customer whose name, contact or phone contains the keyword holds every bigram
 * of it, so the pre-filter never drops a match, and the ILIKE drops what the pre-filter lets by:
 * the results are exactly the ILIKE's.
 */
import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { customers, customerSearch, customerSearchKeys } from '../../../db/schema.js';
import { containsPattern } from './sales-queries.js';

/** Whether a keyword has a bigram (two characters or more): a single character has no key. */
const hasBigram = (keyword: string): boolean => [...keyword].length >= 2;

/**
 * The bigram pre-filter of a keyword at a site, or undefined for a single character (no bigram;
 * an empty key list would match every customer and read the whole index). `search_bigrams`
 * lower-cases the keyword in the database, as it did the customers' text.
 */
export function keywordKeys(siteId: number, keyword: string): SQL | undefined {
  if (!hasBigram(keyword)) return undefined;
  return sql`${customers.searchKeys} @> search_bigrams(${siteId}::integer, ${keyword}::text)`;
}

/** The exact match, behind the keyword's bigram pre-filter where it has one. */
function prefiltered(siteId: number, keyword: string, exact: SQL): SQL {
  const keys = keywordKeys(siteId, keyword);
  return keys ? sql`(${keys} and ${exact})` : exact;
}

/** Customers of the site whose name, contact or phone contains the keyword (trimmed, non-empty). */
export function customerKeywordMatch(siteId: number, keyword: string): SQL {
  const pattern = containsPattern(keyword);
  return prefiltered(siteId, keyword, or(ilike(customers.name, pattern), ilike(customers.contactName, pattern), ilike(customers.phone, pattern)) as SQL);
}

/** Customers of the site whose name contains the keyword (an order search by customer). */
export function customerNameMatch(siteId: number, keyword: string): SQL {
  return prefiltered(siteId, keyword, ilike(customers.name, containsPattern(keyword)));
}

/**
 * Rows of customer_search (migration 0036) whose customer's name, contact or phone contains the
 * keyword, as customerKeywordMatch finds the customers: the same bigram keys first (the table's
 * index), then the exact check on the lower-cased text. Undefined for a single character, which
 * has no key: its count reads the customers as before.
 */
export function searchRowKeywordMatch(siteId: number, keyword: string): SQL | undefined {
  if (!hasBigram(keyword)) return undefined;
  const lowered = sql`lower(${keyword}::text)`;
  return sql`(${searchRowKeys(siteId, keyword)}
    and (strpos(${customerSearch.nameLower}, ${lowered}) > 0 or strpos(${customerSearch.contactLower}, ${lowered}) > 0 or strpos(${customerSearch.phoneLower}, ${lowered}) > 0))`;
}

/** The keys of customer_search rows that may match a keyword of two characters or more (its index). */
const searchRowKeys = (siteId: number, keyword: string): SQL => sql`${customerSearchKeys(customerSearch)} @> search_bigrams(${siteId}::integer, ${keyword}::text)`;

/**
 * The ids of the site's customers whose name contains the keyword (an order search by customer),
 * as a subquery: from customer_search's narrow rows and their keys, as searchRowKeywordMatch;
 * from the customers themselves for a single character (customerNameMatch).
 */
export function namedCustomerIds(db: Db, siteId: number, keyword: string) {
  if (!hasBigram(keyword)) {
    return db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.siteId, siteId), customerNameMatch(siteId, keyword)));
  }
  return db
    .select({ id: customerSearch.customerId })
    .from(customerSearch)
    .where(and(eq(customerSearch.siteId, siteId), searchRowKeys(siteId, keyword), sql`strpos(${customerSearch.nameLower}, lower(${keyword}::text)) > 0`));
}
