import type { ReportFeedback, ReportKind } from '@sales/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useCurrentSiteId } from '../../auth/session-store';
import { REPORT_ROUTES } from '../report-api';
import { reportKeys } from './query-keys';

/** POST …/comment/list: a report's 点评 and 点赞, with what the caller may do. */
export const getReportFeedback = (kind: ReportKind, siteId: number, reportId: number, signal?: AbortSignal) =>
  call(REPORT_ROUTES[kind].commentList, { siteId, reportId }, { signal, hideErrorToast: true });

/** POST …/comment: a leader's 点评. */
export const commentReport = (kind: ReportKind, siteId: number, reportId: number, text: string) => call(REPORT_ROUTES[kind].comment, { siteId, reportId, text });

/** POST …/comment/reply: the author's one answer. */
export const replyComment = (kind: ReportKind, siteId: number, commentId: number, text: string) => call(REPORT_ROUTES[kind].commentReply, { siteId, commentId, text });

/** POST …/like: once per person. */
export const likeReport = (kind: ReportKind, siteId: number, reportId: number) => call(REPORT_ROUTES[kind].like, { siteId, reportId });

export const reportFeedbackQueryOptions = (kind: ReportKind, siteId: number | null, reportId: number) =>
  queryOptions({
    queryKey: reportKeys.feedback(kind, siteId, reportId),
    queryFn: ({ signal }) => getReportFeedback(kind, siteId ?? 0, reportId, signal),
    enabled: siteId !== null,
  });

export function useReportFeedback(kind: ReportKind, reportId: number) {
  return useQuery(reportFeedbackQueryOptions(kind, useCurrentSiteId(), reportId));
}

type FeedbackAction = { action: 'comment'; text: string } | { action: 'reply'; commentId: number; text: string } | { action: 'like' };

/** 点评, 回复 and 点赞: each answers the report's feedback as it now stands, which replaces the cached one. */
export function useReportFeedbackAction(kind: ReportKind, reportId: number) {
  const siteId = useCurrentSiteId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FeedbackAction): Promise<ReportFeedback> => {
      const site = siteId ?? 0;
      if (input.action === 'comment') return commentReport(kind, site, reportId, input.text);
      if (input.action === 'reply') return replyComment(kind, site, input.commentId, input.text);
      return likeReport(kind, site, reportId);
    },
    onSuccess: (feedback) => queryClient.setQueryData(reportKeys.feedback(kind, siteId, reportId), feedback),
  });
}
