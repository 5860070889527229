import { SearchBar } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { ExportButton } from '../../../components/export-button';
import { FilterSelect, type FilterOption } from '../../../components/filter-select';
import { Money } from '../../../components/money';
import { PagedList } from '../../../components/paged-list';
import { PeriodPicker } from '../../../components/period-picker';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSearchState } from '../../../lib/use-search-state';
import { useExportOrders } from '../api/export-orders';
import { useOrderList } from '../api/get-order-list';
import { orderQuery, parseOrderFilters, writeOrderFilters, type FixedOrderScope } from '../order-filters';
import { OrderCard } from './order-card';
import { OrderStatusTabs } from './order-status-tabs';

interface OrderBrowserProps {
  /** Filters the page fixes: a salesperson's or a customer's orders. */
  scope?: FixedOrderScope;
  /** Salespeople for the 业务员 filter; the filter shows only when given. */
  staffOptions?: readonly FilterOption<string>[];
  /** Show the amount of the filtered set next to the count (leaders). */
  showAmount?: boolean;
  /** Offer 导出 of the filtered set as CSV or Excel (leaders). */
  exportable?: boolean;
}

/** The order list pattern: search, status tabs, date (and salesperson) filters, totals, cards. */
export function OrderBrowser({ scope, staffOptions, showAmount = false, exportable = false }: OrderBrowserProps) {
  const [filters, setFilters] = useSearchState(parseOrderFilters, writeOrderFilters);
  const [keyword, setKeyword] = useState(filters.keyword);
  const settledKeyword = useDebouncedValue(keyword);
  useEffect(() => {
    if (settledKeyword.trim() !== filters.keyword.trim()) setFilters({ ...filters, keyword: settledKeyword });
  }, [settledKeyword, filters, setFilters]);

  const query = orderQuery(filters, scope);
  const orders = useOrderList(query);
  const exportOrders = useExportOrders();

  return (
    <>
      <div className="list-toolbar">
        <div className="list-toolbar__search">
          <SearchBar placeholder="搜索订单号或客户" value={keyword} onChange={setKeyword} onClear={() => setKeyword('')} />
        </div>
        <OrderStatusTabs value={filters.status} onChange={(status) => setFilters({ ...filters, status })} />
        <div className="filter-row">
          <PeriodPicker value={filters.period} onChange={(period) => setFilters({ ...filters, period })} testId="order-period-filter" />
          {staffOptions && (
            <FilterSelect
              label="业务员"
              value={filters.staffId ? String(filters.staffId) : 'all'}
              defaultValue="all"
              options={[{ value: 'all', label: '全部业务员' }, ...staffOptions]}
              onChange={(value) => setFilters({ ...filters, staffId: value === 'all' ? null : Number(value) })}
              searchable
              testId="order-staff-filter"
            />
          )}
          {exportable && (
            <ExportButton pending={exportOrders.isPending} onExport={(format) => exportOrders.mutate({ query, format })} testId="order-export" />
          )}
        </div>
      </div>
      <PagedList
        query={orders}
        empty="暂无订单"
        emptyHint={filters.status !== 'all' || filters.period.key !== 'all' || filters.keyword ? '换个筛选条件试试' : undefined}
        testId="order-list"
        renderItem={(order) => <OrderCard key={order.id} order={order} />}
        header={(_total, first) => (
          <div className="list-total">
            <span data-testid="order-total">
              共 {first.summary.count} 单
              {showAmount && (
                <>
                  {' · 合计 '}
                  <Money value={first.summary.amount} testId="order-total-amount" />
                </>
              )}
            </span>
          </div>
        )}
      />
    </>
  );
}
