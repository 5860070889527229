/** Small pieces the sales repositories share: paging, keyword patterns, staff references. */
import { PAGE_SIZE_MAX, type StaffRef } from '@sales/contract';

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

export function staffRef(id: number | null, username: string | null): StaffRef | null {
  return id !== null && username !== null ? { id, username } : null;
}

export const iso = (date: Date) => date.toISOString();
export const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);
