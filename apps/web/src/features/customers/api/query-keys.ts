/** Query keys of the customers feature, each starting with the site so switching site refetches. */
export const customerKeys = {
  all: (siteId: number | null) => ['customers', siteId] as const,
  list: (siteId: number | null, query: object) => ['customers', siteId, 'list', query] as const,
  detail: (siteId: number | null, id: number) => ['customers', siteId, 'detail', id] as const,
  followUps: (siteId: number | null, customerId: number) => ['customers', siteId, 'follow-ups', customerId] as const,
  bindings: (siteId: number | null, customerId: number) => ['customers', siteId, 'bindings', customerId] as const,
  qr: (siteId: number | null, code: string) => ['customers', siteId, 'qr', code] as const,
};
