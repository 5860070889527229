import { MEMBER_SORTS, type MemberSort } from '@sales/contract';
import { useSearchParams } from 'react-router';
import { CardSkeleton, RecordErrorState } from '../../components/list-states';
import { routeUrl } from '../../config/paths';
import { useSiteFigures } from '../../features/performance/api/get-site-figures';
import { FiguresPanel } from '../../features/performance/components/figures-panel';
import { MemberTable } from '../../features/performance/components/member-table';
import { PerformanceToolbar } from '../../features/performance/components/performance-toolbar';
import { carriedPerformanceQuery, usePerformancePeriod } from '../../features/performance/performance-period';
import { nav } from '../../lib/navigation';
import { useSearchState } from '../../lib/use-search-state';

interface SortState {
  sort: MemberSort;
  order: 'asc' | 'desc';
}

const readSort = (params: URLSearchParams): SortState => ({
  sort: MEMBER_SORTS.find((key) => key === params.get('sort')) ?? 'orderAmount',
  order: params.get('order') === 'asc' ? 'asc' : 'desc',
});
const writeSort = (value: SortState, params: URLSearchParams) => {
  if (value.sort === 'orderAmount') params.delete('sort');
  else params.set('sort', value.sort);
  if (value.order === 'desc') params.delete('order');
  else params.set('order', value.order);
};

/** 部门销售业绩: the site's totals with 环比/同比, completion of the site standard, trend, and the member table. */
export default function DepartmentalSalesPerformancePage() {
  const [period] = usePerformancePeriod();
  const [sort, setSort] = useSearchState(readSort, writeSort);
  const figures = useSiteFigures({ period, ...sort });
  const data = figures.data;
  const [params] = useSearchParams();

  return (
    <>
      <PerformanceToolbar ranges={data?.ranges} />
      {!data ? (
        figures.isError ? (
          <RecordErrorState error={figures.error} what="部门业绩" onRetry={() => void figures.refetch()} />
        ) : (
          <CardSkeleton count={3} lines={3} />
        )
      ) : (
        <div className={figures.isPlaceholderData ? 'is-refreshing' : undefined} aria-busy={figures.isPlaceholderData}>
          <h2 className="section-title" data-testid="site-name">
            {data.siteName}
            <button type="button" className="link-button section-title__action" onClick={() => nav.navigateTo(routeUrl('departmentalSalesDetails', carriedPerformanceQuery(params)))} data-testid="sales-details-link">
              销售明细
            </button>
          </h2>
          <FiguresPanel figures={data.figures} ranges={data.ranges} trend={data.trend} pacing={data.pacing} testId="site-figures" />
          <button type="button" className="link-button dash-card__action" onClick={() => nav.navigateTo(routeUrl('updateStandard', { site: params.get('site') ?? undefined }))} data-testid="edit-standard-link">
            查看/编辑业绩标准
          </button>
          <section className="dash-card dash-card--flush" aria-label="成员业绩">
            <h2 className="dash-card__title">成员业绩</h2>
            <MemberTable
              rows={data.members}
              sort={sort.sort}
              order={sort.order}
              onSort={(key, order) => setSort({ sort: key, order })}
              onOpen={(staffId) => nav.navigateTo(routeUrl('salesPerformance', { ...carriedPerformanceQuery(params), staffId }))}
            />
          </section>
        </div>
      )}
    </>
  );
}
