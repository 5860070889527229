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

/** All rows of the fetched pages, in order, without repeats (a row can shift pages while scrolling). */
export function flattenPages<T extends { id: number }>(pages: readonly { list: readonly T[] }[] | undefined): T[] {
  const seen = new Set<number>();
  const rows: T[] = [];
  for (const page of pages ?? []) {
    for (const row of page.list) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      rows.push(row);
    }
  }
  return rows;
}
