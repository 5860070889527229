import * as ROUTES from '@sales/contract/routes';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { staffKeys } from './query-keys';

/**
 * POST /seller/fenghe/staff/member/list: the members of a site with role, phone and (where the
 * caller may see them) customer count and this month's figures.
 */
export const getMemberList = (siteId: number, keyword: string, signal?: AbortSignal) =>
  call(ROUTES.memberList, { siteId, ...(keyword ? { keyword } : {}) }, { signal, hideErrorToast: true });

export const memberListQueryOptions = (siteId: number | null, keyword = '') =>
  queryOptions({
    queryKey: staffKeys.members(siteId, keyword),
    queryFn: siteId === null ? skipToken : ({ signal }) => getMemberList(siteId, keyword, signal),
  });

/** The members of `siteId` (the current site, or the one a reportAllSites user picked). */
export function useMemberList(siteId: number | null, { keyword = '', enabled = true }: { keyword?: string; enabled?: boolean } = {}) {
  const options = memberListQueryOptions(siteId, keyword.trim());
  return useQuery({ ...options, enabled });
}
