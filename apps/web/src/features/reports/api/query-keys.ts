import type { ReportKind } from '@sales/contract';

/**
 * Query keys of the reports feature. Every key starts with the kind and the site, so switching
 * site refetches. Only the …QueryOptions of each api file use these.
 */
export const reportKeys = {
  all: (kind: ReportKind, siteId: number | null) => ['reports', kind, siteId] as const,
  preview: (kind: ReportKind, siteId: number | null, periodStart: string | undefined) => ['reports', kind, siteId, 'preview', periodStart ?? 'current'] as const,
  list: (kind: ReportKind, siteId: number | null, query: object) => ['reports', kind, siteId, 'list', query] as const,
  detail: (kind: ReportKind, siteId: number | null, id: number) => ['reports', kind, siteId, 'detail', id] as const,
  orders: (kind: ReportKind, siteId: number | null, id: number) => ['reports', kind, siteId, 'orders', id] as const,
  series: (kind: ReportKind, siteId: number | null, staffId: number | undefined) => ['reports', kind, siteId, 'series', staffId ?? 'me'] as const,
  feedback: (kind: ReportKind, siteId: number | null, id: number) => ['reports', kind, siteId, 'feedback', id] as const,
  team: (kind: ReportKind, siteId: number | null, periodStart: string | undefined) => ['reports', kind, siteId, 'team', periodStart ?? 'current'] as const,
};
