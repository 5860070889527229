import { CUSTOMER_LEVELS, type PoolCustomer } from '@sales/contract';
import { Button, SearchBar } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { FilterSelect, type FilterOption } from '../../../components/filter-select';
import { PagedList } from '../../../components/paged-list';
import { Sheet } from '../../../components/sheet';
import { showToast } from '../../../lib/toast';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSearchState } from '../../../lib/use-search-state';
import { useSession } from '../../auth/session-store';
import { usePoolLastOwners } from '../api/get-pool-last-owners';
import { usePoolList } from '../api/get-pool-list';
import { usePoolRules } from '../api/get-pool-rules';
import { useClaimPoolCustomer } from '../api/pool-actions';
import { failureText } from '../failure-text';
import { parsePoolFilters, poolQuery, poolRole, writePoolFilters } from '../pool-filters';
import { AssignSheet } from './assign-sheet';
import { PoolCard } from './pool-card';
import { PoolRulesBar } from './pool-rules-bar';

const LEVEL_OPTIONS: FilterOption<string>[] = [{ value: 'all', label: '全部等级' }, ...CUSTOMER_LEVELS.map((level) => ({ value: level, label: `${level}类` }))];

/**
 * The 前负责人 filter with its own query: the owners' answer comes after the page has drawn, and
 * re-renders this select alone rather than the page and its cards (a query's answer is a
 * synchronous render: 70 ms of 公海's at 4× CPU when the page read it).
 */
function LastOwnerFilter({ value, onChange }: { value: number | 'all'; onChange: (lastOwner: number | 'all') => void }) {
  const lastOwners = usePoolLastOwners();
  const options: FilterOption<string>[] = [
    { value: 'all', label: '全部前负责人' },
    ...(lastOwners.data?.list ?? []).map((owner) => ({ value: String(owner.id), label: `${owner.username}（${owner.customers}）` })),
  ];
  return (
    <FilterSelect
      label="前负责人"
      value={String(value)}
      defaultValue="all"
      options={options}
      onChange={(picked) => onChange(picked === 'all' ? 'all' : Number(picked))}
      searchable
      testId="pool-owner-filter"
    />
  );
}

/** 公海客户: search, 等级 and 前负责人 filters, the site's rules; 领取 for salespeople, select and 分配 for leaders. */
export function PoolBrowser() {
  const [filters, setFilters] = useSearchState(parsePoolFilters, writePoolFilters);
  const [keyword, setKeyword] = useState(filters.keyword);
  const settledKeyword = useDebouncedValue(keyword);
  useEffect(() => {
    if (settledKeyword.trim() !== filters.keyword.trim()) setFilters({ ...filters, keyword: settledKeyword });
  }, [settledKeyword, filters, setFilters]);

  const rules = usePoolRules();
  const isLeaderOfSite = useSession((state) => state.currentSite?.isLeader ?? false);
  const { canClaim, canAssign } = poolRole(rules.data, isLeaderOfSite);
  const pool = usePoolList(poolQuery(filters));
  const claim = useClaimPoolCustomer();
  const [claimingId, setClaimingId] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [assigning, setAssigning] = useState(false);

  const filtered = filters.keyword || filters.level !== 'all' || filters.lastOwner !== 'all';

  const claimOne = async (customer: PoolCustomer) => {
    setClaimingId(customer.id);
    setRefusal(null);
    try {
      await claim.mutateAsync({ customerId: customer.id });
      showToast(`已领取「${customer.name}」`, 'success');
    } catch (error) {
      const text = failureText(error);
      setRefusal(text);
      showToast(text);
    } finally {
      setClaimingId(null);
    }
  };

  const toggle = (customer: PoolCustomer, on: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (on) next.add(customer.id);
      else next.delete(customer.id);
      return next;
    });

  return (
    <div className={canAssign ? 'detail--with-bar' : undefined} data-testid="pool-page">
      {(rules.data !== undefined || !rules.isError) && <PoolRulesBar rules={rules.data} showsUsage={canClaim} />}
      {refusal && (
        <div className="pool-refusal" role="alert" data-testid="pool-refusal">
          <span>{refusal}</span>
          <button type="button" className="link-button" onClick={() => setRefusal(null)}>
            知道了
          </button>
        </div>
      )}
      <div className="list-toolbar">
        <div className="list-toolbar__search">
          <SearchBar placeholder={canAssign ? '搜索客户名称、联系人或电话' : '搜索客户名称'} value={keyword} onChange={setKeyword} onClear={() => setKeyword('')} />
        </div>
        <div className="filter-row">
          <FilterSelect
            label="等级"
            value={filters.level}
            defaultValue="all"
            options={LEVEL_OPTIONS}
            onChange={(value) => setFilters({ ...filters, level: CUSTOMER_LEVELS.find((level) => level === value) ?? 'all' })}
            testId="pool-level-filter"
          />
          <LastOwnerFilter value={filters.lastOwner} onChange={(lastOwner) => setFilters({ ...filters, lastOwner })} />
        </div>
      </div>
      <PagedList
        query={pool}
        empty="公海暂无客户"
        emptyHint={filtered ? '换个关键词或筛选条件试试' : undefined}
        testId="pool-list"
        renderItem={(customer) => (
          <PoolCard
            key={customer.id}
            customer={customer}
            onClaim={canClaim ? (row) => void claimOne(row) : undefined}
            claiming={claimingId === customer.id}
            selected={selected.has(customer.id)}
            onSelect={canAssign ? toggle : undefined}
          />
        )}
        header={(total) => (
          <div className="list-total">
            <span data-testid="pool-total">公海共 {total} 位客户</span>
          </div>
        )}
      />
      {canAssign && (
        <div className="action-bar">
          <Button fill="outline" disabled={selected.size === 0} onClick={() => setSelected(new Set())} data-testid="pool-clear">
            清除选择
          </Button>
          <Button color="primary" disabled={selected.size === 0} onClick={() => setAssigning(true)} data-testid="pool-assign">
            {selected.size > 0 ? `分配（${selected.size}）` : '选择客户后分配'}
          </Button>
        </div>
      )}
      <Sheet visible={assigning} onMaskClick={() => setAssigning(false)} bodyClassName="sheet sheet--form" destroyOnClose>
        <AssignSheet
          customerIds={[...selected]}
          onCancel={() => setAssigning(false)}
          onDone={() => {
            setAssigning(false);
            setSelected(new Set());
          }}
        />
      </Sheet>
    </div>
  );
}
