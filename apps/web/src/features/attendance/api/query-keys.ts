/** Query keys of the attendance feature, each starting with the site. */
export const attendanceKeys = {
  all: (siteId: number | null) => ['attendance', siteId] as const,
  today: (siteId: number | null) => ['attendance', siteId, 'today'] as const,
  day: (siteId: number | null, date: string) => ['attendance', siteId, 'day', date] as const,
  month: (siteId: number | null, month: string, staffId: number | null) => ['attendance', siteId, 'month', month, staffId] as const,
};
