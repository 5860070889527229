import { SearchBar } from 'antd-mobile';
import { useEffect, useState, type ComponentType } from 'react';
import { ExportButton } from '../../../components/export-button';
import { FilterSelect, type FilterOption } from '../../../components/filter-select';
import type { EmptyWayOn } from '../../../components/list-states';
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

/** The 业务员 filter's value and change: a salesperson's id, or null for all of them. */
export interface StaffFilterProps {
  value: number | null;
  onChange(staffId: number | null): void;
}

/** The 业务员 filter drawn with the salespeople a page gives it (StaffFilter reads them). */
export function OrderStaffFilter({ value, onChange, salespeople }: StaffFilterProps & { salespeople: readonly FilterOption<string>[] }) {
  return (
    <FilterSelect
      label="业务员"
      value={value ? String(value) : 'all'}
      defaultValue="all"
      options={[{ value: 'all', label: '全部业务员' }, ...salespeople]}
      onChange={(picked) => onChange(picked === 'all' ? null : Number(picked))}
      searchable
      testId="order-staff-filter"
    />
  );
}

interface OrderBrowserProps {
  /** Filters the page fixes: a salesperson's or a customer's orders. */
  scope?: FixedOrderScope;
  /**
   * The 业务员 filter (none shown when absent): a component of the page that reads the salespeople
   * itself, so their answer re-renders the select alone rather than the list and its cards.
   */
  staffFilter?: ComponentType<StaffFilterProps>;
  /** Show the amount of the filtered set next to the count (leaders). */
  showAmount?: boolean;
  /** Offer 导出 of the filtered set as CSV or Excel (leaders). */
  exportable?: boolean;
  /** What the unfiltered list says when empty, for someone whose orders may be at another site. */
  otherSites?: EmptyWayOn;
}

/** The order list pattern: search, status tabs, date (and salesperson) filters, totals, cards. */
export function OrderBrowser({ scope, staffFilter: StaffFilter, showAmount = false, exportable = false, otherSites }: OrderBrowserProps) {
  const [filters, setFilters] = useSearchState(parseOrderFilters, writeOrderFilters);
  const [keyword, setKeyword] = useState(filters.keyword);
  const settledKeyword = useDebouncedValue(keyword);
  useEffect(() => {
    if (settledKeyword.trim() !== filters.keyword.trim()) setFilters({ ...filters, keyword: settledKeyword });
  }, [settledKeyword, filters, setFilters]);

  const query = orderQuery(filters, scope);
  const orders = useOrderList(query);
  const exportOrders = useExportOrders();
  const filtered = filters.status !== 'all' || filters.period.key !== 'all' || Boolean(filters.keyword);

  return (
    <>
      <div className="list-toolbar">
        <div className="list-toolbar__search">
          <SearchBar placeholder="搜索订单号或客户" value={keyword} onChange={setKeyword} onClear={() => setKeyword('')} />
        </div>
        <OrderStatusTabs value={filters.status} onChange={(status) => setFilters({ ...filters, status })} />
        <div className="filter-row">
          <PeriodPicker value={filters.period} onChange={(period) => setFilters({ ...filters, period })} testId="order-period-filter" />
          {StaffFilter && <StaffFilter value={filters.staffId} onChange={(staffId) => setFilters({ ...filters, staffId })} />}
          {exportable && (
            <ExportButton pending={exportOrders.isPending} onExport={(format) => exportOrders.mutate({ query, format })} testId="order-export" />
          )}
        </div>
      </div>
      <PagedList
        query={orders}
        empty="暂无订单"
        emptyHint={filtered ? '换个筛选条件试试' : otherSites?.hint}
        emptyAction={filtered ? undefined : otherSites?.action}
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
