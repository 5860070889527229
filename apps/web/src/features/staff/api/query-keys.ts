/** Query keys of the staff feature, each starting with the site. */
export const staffKeys = {
  all: (siteId: number | null) => ['staff', siteId] as const,
  list: (siteId: number | null, keyword: string) => ['staff', siteId, 'list', keyword] as const,
  detail: (siteId: number | null, id: number) => ['staff', siteId, 'detail', id] as const,
  members: (siteId: number | null, keyword: string) => ['staff', siteId, 'members', keyword] as const,
  member: (siteId: number | null, id: number, period: object) => ['staff', siteId, 'member', id, period] as const,
};
