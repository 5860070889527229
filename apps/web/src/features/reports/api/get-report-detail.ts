import type { ReportKind } from '@sales/contract';
import { queryOptions, skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../../lib/api-client';
import { REPORT_ROUTES } from '../report-api';
import { reportKeys } from './query-keys';
import { useCurrentSiteId } from '../../auth/session-store';

/** POST …/detail; a leader of the site opening a member's report marks it read. */
export const getReportDetail = (kind: ReportKind, siteId: number, id: number, signal?: AbortSignal) =>
  call(REPORT_ROUTES[kind].detail, { siteId, id }, { signal, hideErrorToast: true });

export const reportDetailQueryOptions = (kind: ReportKind, siteId: number | null, id: number) =>
  queryOptions({
    queryKey: reportKeys.detail(kind, siteId, id),
    queryFn: siteId === null ? skipToken : ({ signal }) => getReportDetail(kind, siteId, id, signal),
  });

export function useReportDetail(kind: ReportKind, id: number) {
  const siteId = useCurrentSiteId();
  const queryClient = useQueryClient();
  const query = useQuery(reportDetailQueryOptions(kind, siteId, id));
  const read = query.data?.read;
  // Opening a report may have marked it read: the lists and the team report show read status.
  useEffect(() => {
    if (read === undefined) return;
    void queryClient.invalidateQueries({ queryKey: [...reportKeys.all(kind, siteId), 'team'] });
    void queryClient.invalidateQueries({ queryKey: [...reportKeys.all(kind, siteId), 'list'] });
  }, [queryClient, kind, siteId, id, read]);
  return query;
}
