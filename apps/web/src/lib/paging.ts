/** A page of a list call (DESIGN §5): `{ list, total, page, pageSize }`. */
export interface PageOf<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** The list page size the app asks for. */
export const PAGE_SIZE = 20;

/** The next page number to ask for, or undefined once every row has been fetched. */
export function nextPageParam(last: PageOf<unknown>): number | undefined {
  if (last.list.length === 0) return undefined;
  return last.page * last.pageSize < last.total ? last.page + 1 : undefined;
}

/**
 * A row of a paged list. Rows that can share an `id` carry their own `lineId` (a sale and a refund
 * of one order are two lines of that order, OrderLine): the row's key is its lineId, else its id.
 */
export interface PagedRow {
  id: number;
  lineId?: string;
}

/** The key of a row in a paged list: what tells it apart from every other row (React key, repeats). */
export const rowKey = (row: PagedRow): string => row.lineId ?? `id-${row.id}`;

/** All rows of the fetched pages, in order, without repeats (a row can shift pages while scrolling). */
export function flattenPages<T extends PagedRow>(pages: readonly { list: readonly T[] }[] | undefined): T[] {
  const seen = new Set<string>();
  const rows: T[] = [];
  for (const page of pages ?? []) {
    for (const row of page.list) {
      const key = rowKey(row);
      if (seen.has(key)) continue;
      seen.add(key);
      rows.push(row);
    }
  }
  return rows;
}
