/** Query keys of the 公海 pool, each under the site's customer keys so a change of owner refreshes them too. */
export const poolKeys = {
  all: (siteId: number | null) => ['customers', siteId, 'pool'] as const,
  list: (siteId: number | null, query: object) => ['customers', siteId, 'pool', 'list', query] as const,
  rules: (siteId: number | null) => ['customers', siteId, 'pool', 'rules'] as const,
  lastOwners: (siteId: number | null) => ['customers', siteId, 'pool', 'last-owners'] as const,
};
