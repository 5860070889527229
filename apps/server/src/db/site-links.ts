/**
 * The sites as a tree (issue 26 §3), read as links (id → parent) once per question and walked in
 * memory: an organisation has tens to hundreds of sites, never enough to make a recursive query pay
 * for itself. A page that reads everything it shows in one statement (home, 部门销售业绩) finds the
 * tree inside that statement instead (siteTreeCte), to keep to one round trip.
 * Archived sites are part of the tree (their history stays readable); pickers leave them out.
 */
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.js';
import { sites } from './schema.js';

export interface SiteLink {
  id: number;
  parentId: number | null;
  archived: boolean;
}

export async function siteLinks(db: Db | Tx): Promise<SiteLink[]> {
  const rows = await db.select({ id: sites.id, parentId: sites.parentId, archivedAt: sites.archivedAt }).from(sites).orderBy(asc(sites.id));
  return rows.map((row) => ({ id: row.id, parentId: row.parentId, archived: row.archivedAt !== null }));
}

/** Every site below any of `roots`, however deep, in id order (the roots themselves only when below another root). */
export function descendantsIn(links: readonly SiteLink[], roots: Iterable<number>): number[] {
  const children = new Map<number, number[]>();
  for (const link of links) {
    if (link.parentId === null) continue;
    const list = children.get(link.parentId) ?? [];
    list.push(link.id);
    children.set(link.parentId, list);
  }
  const below = new Set<number>();
  const stack = [...roots];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    for (const child of children.get(next) ?? []) {
      // The console refuses cycles; the set guards the walk all the same.
      if (below.has(child)) continue;
      below.add(child);
      stack.push(child);
    }
  }
  return [...below].sort((a, b) => a - b);
}

/**
 * The site and every site below it (archived ones included), in id order: the sites whose figures
 * roll up into the site's (issue 26 §3). A flat site answers itself alone.
 */
export async function siteAndDescendants(db: Db | Tx, siteId: number): Promise<number[]> {
  // Most sites have no child: one indexed look before reading the tree.
  const [child] = await db.select({ id: sites.id }).from(sites).where(eq(sites.parentId, siteId)).limit(1);
  if (!child) return [siteId];
  return [siteId, ...descendantsIn(await siteLinks(db), [siteId]).filter((id) => id !== siteId)];
}

/** Whether any site (archived ones included) has `siteId` (a value, or a column of the outer query) as its parent. */
export const sitesBelow = (siteId: number | AnyPgColumn): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${sites} as "below" where "below"."parent_id" = ${siteId})`;

/** The name of siteTreeCte's table: one `id` column, the site and every site below it. */
export const SITE_TREE = sql.identifier('site_tree');

/**
 * siteAndDescendants as a recursive common table expression (`with recursive ${siteTreeCte(id)}`)
 * for a statement that reads the tree with its figures: the site and every site below it, archived
 * ones included. UNION (not UNION ALL) keeps each site once, so a cycle ends the walk as
 * descendantsIn's set does.
 */
export function siteTreeCte(siteId: number): SQL {
  return sql`${SITE_TREE}(id) as (select ${siteId}::int union select ${sites.id} from ${sites} inner join ${SITE_TREE} on ${sites.parentId} = ${SITE_TREE}.id)`;
}

/**
 * The ids of siteTreeCte's sites as an int[]: a SiteSet (performance-figures' atSites) inside its
 * statement. The cast makes `= any(…)` read an array, not the rows of a sub-select. Raw text (it
 * names SITE_TREE) because a statement uses it several times and each drizzle chunk costs a render.
 */
export const SITE_TREE_IDS: SQL = sql.raw('(select array_agg(id) from "site_tree")::int[]');
