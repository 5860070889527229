import type { RankingMetric } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import type { Period } from '../../../lib/period';
import { periodFields } from '../performance-period';
import { usePerformanceSiteId } from '../performance-site';
import { performanceKeys } from './query-keys';

export interface RankingQuery {
  metric: RankingMetric;
  period: Period;
}

/** POST /seller/fenghe/staff/performance/ranking: the site's salespeople ranked by one figure. */
export const getRanking = (siteId: number, query: RankingQuery, signal?: AbortSignal) =>
  call(ROUTES.performanceRanking, { siteId, metric: query.metric, ...periodFields(query.period) }, { signal, hideErrorToast: true });

export const rankingQueryOptions = (siteId: number | null, query: RankingQuery) =>
  queryOptions({
    queryKey: performanceKeys.ranking(siteId, query),
    queryFn: siteId === null ? skipToken : ({ signal }) => getRanking(siteId, query, signal),
    placeholderData: keepPreviousData,
  });

export function useRanking(query: RankingQuery) {
  return useQuery(rankingQueryOptions(usePerformanceSiteId(), query));
}
