import * as ROUTES from '@sales/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useCurrentSiteId } from '../../auth/session-store';
import { staffKeys } from './query-keys';

/** POST /seller/fenghe/staff/staff/detail: one salesperson with their month figures. */
export const getStaffDetail = (id: number, signal?: AbortSignal) =>
  call(ROUTES.staffDetail, { id }, { signal, hideErrorToast: true });

export const staffDetailQueryOptions = (siteId: number | null, id: number) =>
  queryOptions({
    queryKey: staffKeys.detail(siteId, id),
    queryFn: ({ signal }) => getStaffDetail(id, signal),
    enabled: siteId !== null,
  });

export function useStaffDetail(id: number) {
  const siteId = useCurrentSiteId();
  return useQuery(staffDetailQueryOptions(siteId, id));
}
