import * as ROUTES from '@sales/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useCurrentSiteId } from '../../auth/session-store';
import { poolKeys } from './query-keys';

/** POST /seller/fenghe/staff/pool/last-owners: who last had the pool's customers (the 前负责人 filter). */
export function usePoolLastOwners() {
  const siteId = useCurrentSiteId();
  return useQuery({
    queryKey: poolKeys.lastOwners(siteId),
    queryFn: ({ signal }) => call(ROUTES.poolLastOwners, {}, { signal }),
    enabled: siteId !== null,
  });
}
