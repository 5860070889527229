import { CUSTOMER_LEVELS, CUSTOMER_SORTS } from '@sales/contract';
import { SearchBar } from 'antd-mobile';
import { useEffect, useState, type ComponentType } from 'react';
import { ExportButton } from '../../../components/export-button';
import { FilterSelect, type FilterOption } from '../../../components/filter-select';
import type { EmptyWayOn } from '../../../components/list-states';
import { PagedList } from '../../../components/paged-list';
import { routeUrl } from '../../../config/paths';
import { nav } from '../../../lib/navigation';
import { prefetchRoute } from '../../../lib/route-intent';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSearchState } from '../../../lib/use-search-state';
import { useExportCustomers } from '../api/export-customers';
import { useCustomerList } from '../api/get-customer-list';
import { CUSTOMER_SORT_LABELS, customerQuery, parseCustomerFilters, writeCustomerFilters, type CustomerFilters } from '../customer-filters';
import { CustomerCard } from './customer-card';

const LEVEL_OPTIONS: FilterOption<string>[] = [{ value: 'all', label: '全部等级' }, ...CUSTOMER_LEVELS.map((level) => ({ value: level, label: `${level}类` }))];
const ORDER_OPTIONS: FilterOption<CustomerFilters['orders']>[] = [
  { value: 'all', label: '全部客户' },
  { value: 'yes', label: '有订单' },
  { value: 'no', label: '无订单' },
];
const SORT_OPTIONS = CUSTOMER_SORTS.map((sort) => ({ value: sort, label: CUSTOMER_SORT_LABELS[sort] }));

/** The 负责人 filter's value and change, as the list's filters keep them ('all', 'none' or a salesperson's id). */
export interface OwnerFilterProps {
  value: CustomerFilters['owner'];
  onChange(owner: CustomerFilters['owner']): void;
}

/** The 负责人 filter drawn with the salespeople a page gives it (OwnerFilter reads them). */
export function CustomerOwnerFilter({ value, onChange, salespeople }: OwnerFilterProps & { salespeople: readonly FilterOption<string>[] }) {
  return (
    <FilterSelect
      label="负责人"
      value={String(value)}
      defaultValue="all"
      options={[{ value: 'all', label: '全部负责人' }, { value: 'none', label: '未绑定' }, ...salespeople]}
      onChange={(picked) => onChange(picked === 'all' || picked === 'none' ? picked : Number(picked))}
      searchable
      testId="customer-owner-filter"
    />
  );
}

interface CustomerBrowserProps {
  /**
   * The 负责人 filter (leaders; none shown when absent): a component of the page that reads the
   * salespeople itself, so their answer, which comes after the list has drawn, re-renders the select
   * alone rather than the list and its cards.
   */
  ownerFilter?: ComponentType<OwnerFilterProps>;
  /** Offer 导出 of the filtered set as CSV or Excel (leaders). */
  exportable?: boolean;
  /** What the unfiltered list says when empty, for someone whose customers may be at another site. */
  otherSites?: EmptyWayOn;
}

/** allCustomers: search, filters (等级, 负责人, 有无订单), sort, total and cards. */
export function CustomerBrowser({ ownerFilter: OwnerFilter, exportable = false, otherSites }: CustomerBrowserProps) {
  const [filters, setFilters] = useSearchState(parseCustomerFilters, writeCustomerFilters);
  const [keyword, setKeyword] = useState(filters.keyword);
  const settledKeyword = useDebouncedValue(keyword);
  useEffect(() => {
    if (settledKeyword.trim() !== filters.keyword.trim()) setFilters({ ...filters, keyword: settledKeyword });
  }, [settledKeyword, filters, setFilters]);

  const query = customerQuery(filters);
  const customers = useCustomerList(query);
  const exportCustomers = useExportCustomers();
  const filtered = filters.keyword || filters.level !== 'all' || filters.owner !== 'all' || filters.orders !== 'all';

  return (
    <>
      <div className="list-toolbar">
        <div className="list-toolbar__search">
          <SearchBar placeholder="搜索客户名称、联系人或电话" value={keyword} onChange={setKeyword} onClear={() => setKeyword('')} />
        </div>
        <div className="filter-row">
          <FilterSelect
            label="等级"
            value={filters.level}
            defaultValue="all"
            options={LEVEL_OPTIONS}
            onChange={(value) => setFilters({ ...filters, level: CUSTOMER_LEVELS.find((level) => level === value) ?? 'all' })}
            testId="customer-level-filter"
          />
          {OwnerFilter && <OwnerFilter value={filters.owner} onChange={(owner) => setFilters({ ...filters, owner })} />}
          <FilterSelect label="订单" value={filters.orders} defaultValue="all" options={ORDER_OPTIONS} onChange={(orders) => setFilters({ ...filters, orders })} testId="customer-orders-filter" />
          <FilterSelect
            label={CUSTOMER_SORT_LABELS[filters.sort]}
            value={filters.sort}
            defaultValue={filters.sort}
            options={SORT_OPTIONS}
            onChange={(sort) => setFilters({ ...filters, sort })}
            testId="customer-sort"
          />
          {exportable && (
            <ExportButton pending={exportCustomers.isPending} onExport={(format) => exportCustomers.mutate({ query, format })} testId="customer-export" />
          )}
        </div>
      </div>
      <PagedList
        query={customers}
        empty="暂无客户"
        emptyHint={filtered ? '换个关键词或筛选条件试试' : otherSites?.hint}
        emptyAction={filtered ? undefined : otherSites?.action}
        testId="customer-list"
        renderItem={(customer) => (
          <CustomerCard
            key={customer.id}
            customer={customer}
            onOpen={(id) => nav.navigateTo(routeUrl('customerDetails', { id }))}
            onPress={(id) => prefetchRoute(routeUrl('customerDetails', { id }))}
          />
        )}
        header={(total) => (
          <div className="list-total">
            <span data-testid="customer-total">共 {total} 位客户</span>
          </div>
        )}
      />
    </>
  );
}
