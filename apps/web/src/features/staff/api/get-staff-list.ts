import * as ROUTES from '@sales/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useCurrentSiteId } from '../../auth/session-store';
import { staffKeys } from './query-keys';

/** POST /seller/fenghe/staff/staff/list: the salespeople of the current site. */
export const getStaffList = (keyword: string, signal?: AbortSignal) =>
  call(ROUTES.staffList, keyword ? { keyword } : {}, { signal });

export const staffListQueryOptions = (siteId: number | null, keyword = '') =>
  queryOptions({
    queryKey: staffKeys.list(siteId, keyword),
    queryFn: ({ signal }) => getStaffList(keyword, signal),
    enabled: siteId !== null,
  });

/** The site's staff; `enabled: false` for users who may not list them (salespeople). */
export function useStaffList({ keyword = '', enabled = true }: { keyword?: string; enabled?: boolean } = {}) {
  const siteId = useCurrentSiteId();
  const options = staffListQueryOptions(siteId, keyword.trim());
  return useQuery({ ...options, enabled: options.enabled !== false && enabled });
}
