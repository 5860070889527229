/**
 * Query keys of the orders feature. Every key starts with the site, so switching site refetches.
 * Only the …QueryOptions of each api file use these.
 */
export const orderKeys = {
  all: (siteId: number | null) => ['orders', siteId] as const,
  list: (siteId: number | null, query: object) => ['orders', siteId, 'list', query] as const,
  ofCustomer: (siteId: number | null, customerId: number, status: string) => ['orders', siteId, 'customer', customerId, status] as const,
  detail: (siteId: number | null, id: number) => ['orders', siteId, 'detail', id] as const,
};
