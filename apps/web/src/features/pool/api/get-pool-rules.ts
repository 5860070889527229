import * as ROUTES from '@sales/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useCurrentSiteId } from '../../auth/session-store';
import { poolKeys } from './query-keys';

/** POST /seller/fenghe/staff/pool/rules: the site's rules and the caller's usage of the caps. */
export const poolRulesQueryOptions = (siteId: number | null) =>
  queryOptions({
    queryKey: poolKeys.rules(siteId),
    queryFn: ({ signal }) => call(ROUTES.poolRules, {}, { signal }),
    enabled: siteId !== null,
  });

export function usePoolRules() {
  return useQuery(poolRulesQueryOptions(useCurrentSiteId()));
}
