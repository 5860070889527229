import type { Figures, OrderLine, PeriodRanges, SalesDay, SalesDetails } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { type InfiniteData, infiniteQueryOptions, keepPreviousData, skipToken, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { nextPageParam, PAGE_SIZE, type PageOf } from '../../../lib/paging';
import type { Period } from '../../../lib/period';
import { periodFields } from '../performance-period';
import { usePerformanceSiteId } from '../performance-site';
import { performanceKeys } from './query-keys';

export type SalesDetailsView = 'day' | 'order';

/** POST /seller/fenghe/staff/performance/details: the site's sales day by day or order by order. */
export const getSalesDetails = (siteId: number, view: SalesDetailsView, period: Period, page: number, signal?: AbortSignal) =>
  call(ROUTES.performanceDetails, { siteId, ...periodFields(period), view, page, pageSize: PAGE_SIZE }, { signal });

const EMPTY_PAGE = { list: [], total: 0, page: 1, pageSize: PAGE_SIZE };

/** The page of whichever list the view asked for. */
const listOf = (details: SalesDetails): PageOf<SalesDay> | PageOf<OrderLine> => (details.days ?? details.orders ?? EMPTY_PAGE);

export const salesDetailsQueryOptions = (siteId: number | null, view: SalesDetailsView, period: Period) =>
  infiniteQueryOptions({
    queryKey: performanceKeys.details(siteId, { view, period }),
    queryFn: siteId === null ? skipToken : ({ pageParam, signal }) => getSalesDetails(siteId, view, period, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: SalesDetails) => nextPageParam(listOf(last)),
    placeholderData: keepPreviousData,
  });

/** A page of a details list, with the period's totals, as the paged list draws it. */
export type DetailsPage<T> = PageOf<T> & { totals: Figures; ranges: PeriodRanges };

/** A day's row; the day itself ('2025-11-03' → 20251103) is its key. */
export type SalesDayRow = SalesDay & { id: number };

function pagesOf<T>(data: InfiniteData<SalesDetails>, pick: (details: SalesDetails) => PageOf<T> | null): InfiniteData<DetailsPage<T>> {
  return { pageParams: data.pageParams, pages: data.pages.map((details) => ({ ...(pick(details) ?? EMPTY_PAGE), totals: details.totals, ranges: details.ranges })) };
}

export function useSalesDays(period: Period) {
  return useInfiniteQuery({
    ...salesDetailsQueryOptions(usePerformanceSiteId(), 'day', period),
    select: (data) =>
      pagesOf<SalesDayRow>(data, (details) => details.days && { ...details.days, list: details.days.list.map((day) => ({ ...day, id: Number(day.date.replaceAll('-', '')) })) }),
  });
}

export function useSalesOrders(period: Period) {
  return useInfiniteQuery({
    ...salesDetailsQueryOptions(usePerformanceSiteId(), 'order', period),
    select: (data) => pagesOf<OrderLine>(data, (details) => details.orders),
  });
}
