import * as ROUTES from '@sales/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const noticeSettingsKey = ['notice-settings'] as const;

/** POST /seller/notice/settings: the caller's switches per kind and the channels that reach them. */
export const getNoticeSettings = (signal?: AbortSignal) => call(ROUTES.noticeSettings, undefined, { signal, hideErrorToast: true });

export const noticeSettingsQueryOptions = () => queryOptions({ queryKey: noticeSettingsKey, queryFn: ({ signal }) => getNoticeSettings(signal) });

export const useNoticeSettings = () => useQuery(noticeSettingsQueryOptions());
