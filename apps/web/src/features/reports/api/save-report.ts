import type { ReportCreateBody, ReportDetail, ReportKind, ReportUpdateBody } from '@sales/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { REPORT_ROUTES } from '../report-api';
import { reportKeys } from './query-keys';
import { submitFieldWrite } from '../../../lib/outbox/submit';
import { useCurrentSiteId } from '../../auth/session-store';

/**
 * POST …/create with an Idempotency-Key made at the tap; without a network (or on a 5xx) the
 * report waits in the outbox (待发送): the answer is then null.
 */
export const createReport = async (kind: ReportKind, body: ReportCreateBody): Promise<ReportDetail | null> => {
  const result = await submitFieldWrite<ReportDetail>(REPORT_ROUTES[kind].create, body, { kind: 'report', report: kind, periodStart: body.periodStart });
  return result.queued ? null : result.data;
};

/** POST …/update (the author, until a leader has read it). */
export const updateReport = (kind: ReportKind, body: ReportUpdateBody) => call(REPORT_ROUTES[kind].update, body);

/** POST …/delete (the author, until a leader has read it). */
export const deleteReport = (kind: ReportKind, siteId: number, id: number) =>
  call(REPORT_ROUTES[kind].delete, { siteId, id });

type SaveInput = Omit<ReportCreateBody, 'siteId'> & { id?: number };

/** A report is written at the current site; without one (no position left) nothing is sent. */
function atSite<T>(siteId: number | null, send: (siteId: number) => Promise<T>): Promise<T> {
  if (siteId !== null) return send(siteId);
  const message = '当前没有可用的站点';
  showToast(message);
  return Promise.reject(new Error(message));
}

/** Creates (null when queued in the outbox), or updates when an id is given; refreshes every report query of the kind. */
export function useSaveReport(kind: ReportKind) {
  const siteId = useCurrentSiteId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, periodStart, ...text }: SaveInput): Promise<ReportDetail | null> =>
      atSite(siteId, (site) => (id ? updateReport(kind, { siteId: site, id, ...text }) : createReport(kind, { siteId: site, periodStart, ...text }))),
    // A new report is queued rather than paused when there is no network.
    networkMode: 'always',
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.all(kind, siteId) }),
  });
}

export function useDeleteReport(kind: ReportKind) {
  const siteId = useCurrentSiteId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => atSite(siteId, (site) => deleteReport(kind, site, id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.all(kind, siteId) }),
  });
}
