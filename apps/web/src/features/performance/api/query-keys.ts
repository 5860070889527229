/** Query keys of the performance feature, each starting with the site it reads. */
export const performanceKeys = {
  all: (siteId: number | null) => ['performance', siteId] as const,
  home: (siteId: number | null) => ['performance', siteId, 'home'] as const,
  person: (siteId: number | null, staffId: number | null, period: object) => ['performance', siteId, 'person', staffId, period] as const,
  site: (siteId: number | null, query: object) => ['performance', siteId, 'site', query] as const,
  details: (siteId: number | null, query: object) => ['performance', siteId, 'details', query] as const,
  ranking: (siteId: number | null, query: object) => ['performance', siteId, 'ranking', query] as const,
  standards: (siteId: number | null, month: string) => ['performance', siteId, 'standards', month] as const,
  standardHistory: (siteId: number | null, month: string) => ['performance', siteId, 'standard-history', month] as const,
  search: (siteId: number | null, query: object) => ['performance', siteId, 'search', query] as const,
  sites: () => ['performance', 'sites'] as const,
};
