import { SearchBar } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CompletionBar } from '../../../components/completion-bar';
import { CardSkeleton, EmptyState, ErrorState } from '../../../components/list-states';
import { Money } from '../../../components/money';
import { TapCard } from '../../../components/tap-card';
import { routeUrl } from '../../../config/paths';
import { nav } from '../../../lib/navigation';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSearchState } from '../../../lib/use-search-state';
import { useSession } from '../../auth/session-store';
import { usePerformanceSearch } from '../api/search-performance';
import { carriedPerformanceQuery, usePerformancePeriod } from '../performance-period';
import { PerformanceToolbar } from './performance-toolbar';

const KEYWORD_MAX = 50;
const readKeyword = (params: URLSearchParams) => params.get('q') ?? '';
const writeKeyword = (keyword: string, params: URLSearchParams) => {
  if (keyword.trim()) params.set('q', keyword.trim());
  else params.delete('q');
};

/** 搜索: salespeople and customers of the site matching a keyword, with the period's figures. */
export function PerformanceSearch() {
  const [keyword, setKeyword] = useSearchState(readKeyword, writeKeyword);
  const [typed, setTyped] = useState(keyword);
  const settled = useDebouncedValue(typed);
  useEffect(() => {
    if (settled.trim() !== keyword) setKeyword(settled);
  }, [settled, keyword, setKeyword]);
  const [period] = usePerformancePeriod();
  const search = usePerformanceSearch({ keyword: keyword.slice(0, KEYWORD_MAX), period });
  const userId = useSession((state) => state.userId);
  const [params] = useSearchParams();
  const data = search.data;

  return (
    <>
      <PerformanceToolbar ranges={data?.ranges}>
        <div className="list-toolbar__search">
          <SearchBar placeholder="搜索业务员或客户" value={typed} maxLength={KEYWORD_MAX} onChange={setTyped} onClear={() => setTyped('')} />
        </div>
      </PerformanceToolbar>
      {!keyword ? (
        <EmptyState title="输入姓名、手机号或客户名称" hint="查看所选时间段的业绩" />
      ) : !data ? (
        search.isError ? (
          <ErrorState onRetry={() => void search.refetch()} />
        ) : (
          <CardSkeleton count={3} lines={2} />
        )
      ) : (
        <div className={search.isPlaceholderData ? 'is-refreshing' : undefined} data-testid="search-results">
          <h2 className="section-title">业务员 · {data.staff.length}</h2>
          {data.staff.length === 0 ? (
            <EmptyState title="没有匹配的业务员" />
          ) : (
            data.staff.map((row) => (
              <TapCard
                key={row.member.id}
                label={`业务员 ${row.member.username}`}
                testId="search-staff"
                onTap={() => nav.navigateTo(routeUrl('salesPerformance', { ...carriedPerformanceQuery(params), staffId: row.member.id === userId ? undefined : row.member.id }))}
              >
                <div className="card__row">
                  <span className="card__title">{row.member.username}</span>
                  <Money value={row.figures.orderAmount} className="amount" />
                </div>
                <div className="card__row card__meta card__meta--wrap">
                  <span>{row.figures.orderCount}单</span>
                  <span>新客户{row.figures.newCustomers}位</span>
                  <span>跟进{row.figures.followUps}次</span>
                </div>
                <CompletionBar rate={row.completion.amount} />
              </TapCard>
            ))
          )}
          <h2 className="section-title">客户 · {data.customerTotal}</h2>
          {data.customers.length === 0 ? (
            <EmptyState title="没有匹配的客户" />
          ) : (
            data.customers.map((customer) => (
              <TapCard key={customer.id} label={`客户 ${customer.name}`} testId="search-customer" onTap={() => nav.navigateTo(routeUrl('customerDetails', { id: customer.id }))}>
                <div className="card__row">
                  <span className="card__title">{customer.name}</span>
                  <Money value={customer.orderAmount} className="amount" />
                </div>
                <div className="card__row card__meta card__meta--wrap">
                  <span>{customer.contactName}</span>
                  <span>负责人 {customer.owner?.username ?? '无'}</span>
                  <span>{customer.orderCount}单</span>
                  <span>跟进{customer.followUps}次</span>
                </div>
              </TapCard>
            ))
          )}
          {data.customerTotal > data.customers.length && <p className="muted search-more">仅显示前 {data.customers.length} 位客户，请输入更完整的名称</p>}
        </div>
      )}
    </>
  );
}
