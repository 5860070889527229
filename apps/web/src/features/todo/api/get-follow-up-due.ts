import * as ROUTES from '@sales/contract/routes';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { nextPageParam, PAGE_SIZE } from '../../../lib/paging';
import { useCurrentSiteId } from '../../auth/session-store';
import { todoKeys } from './query-keys';

/** POST /seller/fenghe/staff/followup/due: the caller's due and overdue customers, the reports owed, the badge count. */
export const getFollowUpDue = (body: { page: number; pageSize: number }, signal?: AbortSignal) => call(ROUTES.followUpDue, body, { signal });

// A follow-up written anywhere (a customer's page) changes the list: ask again whenever it is shown.
const FRESH = { staleTime: 0 };

/**
 * The list's answer is taken as it is for a moment: the press on 今日待办's entry asks for it ahead of
 * the page (app/route-prefetch.ts), which would otherwise ask again when it mounts. A follow-up or a
 * report written here invalidates it anyway (start-outbox.ts, useRefreshTodo).
 */
export const TODO_PREFETCH_FRESH_MS = 5_000;

export const followUpDueQueryOptions = (siteId: number | null) =>
  infiniteQueryOptions({
    queryKey: todoKeys.list(siteId),
    queryFn: ({ pageParam, signal }) => getFollowUpDue({ page: pageParam, pageSize: PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    enabled: siteId !== null,
    staleTime: TODO_PREFETCH_FRESH_MS,
  });

/** 今日待办's pages. */
export function useFollowUpDue() {
  return useInfiniteQuery(followUpDueQueryOptions(useCurrentSiteId()));
}

/** The badge's figures only (one row asked for): the same call and rule as the page's. */
export const todoCountQueryOptions = (siteId: number | null) =>
  queryOptions({
    queryKey: todoKeys.count(siteId),
    queryFn: ({ signal }) => getFollowUpDue({ page: 1, pageSize: 1 }, signal),
    select: (data) => ({ count: data.count, followUps: data.total, reports: data.reports.length }),
    enabled: siteId !== null,
    ...FRESH,
  });

export function useTodoCount() {
  return useQuery(todoCountQueryOptions(useCurrentSiteId()));
}

/** After a follow-up is written from 今日待办: the list and the badges ask again. */
export function useRefreshTodo() {
  const siteId = useCurrentSiteId();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: todoKeys.all(siteId) });
}
