import type { ReportKind } from '@sales/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useCurrentSiteId } from '../../auth/session-store';
import { REPORT_ROUTES } from '../report-api';
import { reportKeys } from './query-keys';

/** POST …/remind: 一键催交 to the members missing the period's report (once per member, period and day). */
export const remindReports = (kind: ReportKind, siteId: number, periodStart: string | undefined) => call(REPORT_ROUTES[kind].remind, { siteId, periodStart });

/** 一键催交; the team report then shows the press as 上次催交. */
export function useRemindReports(kind: ReportKind) {
  const siteId = useCurrentSiteId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (periodStart: string | undefined) => remindReports(kind, siteId ?? 0, periodStart),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...reportKeys.all(kind, siteId), 'team'] }),
  });
}
