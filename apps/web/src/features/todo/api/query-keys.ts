/** Query keys of 今日待办, starting with the site so switching site refetches. */
export const todoKeys = {
  all: (siteId: number | null) => ['todo', siteId] as const,
  list: (siteId: number | null) => ['todo', siteId, 'list'] as const,
  count: (siteId: number | null) => ['todo', siteId, 'count'] as const,
};
