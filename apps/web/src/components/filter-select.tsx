import { CheckList, SearchBar } from 'antd-mobile';
import { DownFill } from 'antd-mobile-icons';
import { useState } from 'react';
import { Sheet } from './sheet';

export interface FilterOption<V extends string> {
  value: V;
  label: string;
}

interface FilterSelectProps<V extends string> {
  /** The chip's text while the default option is chosen, and the sheet's title. */
  label: string;
  value: V;
  /** The option meaning "no filter"; any other choice highlights the chip. */
  defaultValue: V;
  options: readonly FilterOption<V>[];
  onChange(value: V): void;
  /** Show a search box over the options (long lists such as salespeople). */
  searchable?: boolean;
  /** Always show the chosen option on the chip, the default one included (a site, not a filter). */
  showChosen?: boolean;
  testId?: string;
}

/** A filter chip that opens a bottom sheet with a single choice. */
export function FilterSelect<V extends string>({ label, value, defaultValue, options, onChange, searchable = false, showChosen = false, testId }: FilterSelectProps<V>) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const chosen = options.find((option) => option.value === value);
  const active = value !== defaultValue;
  const shown = search.trim() ? options.filter((option) => option.label.includes(search.trim())) : options;

  return (
    <>
      <FilterChip active={active} onClick={() => setOpen(true)} testId={testId}>
        {(active || showChosen) && chosen ? chosen.label : label}
      </FilterChip>
      <Sheet visible={open} onMaskClick={() => setOpen(false)} onClose={() => setOpen(false)} bodyClassName="sheet" destroyOnClose>
        <div className="sheet__title">{label}</div>
        {searchable && (
          <div className="sheet__search">
            <SearchBar placeholder="搜索" value={search} onChange={setSearch} />
          </div>
        )}
        <div className="sheet__body">
          <CheckList
            value={[value]}
            onChange={(values) => {
              const next = values[0];
              const option = options.find((candidate) => candidate.value === next);
              if (option) onChange(option.value);
              setOpen(false);
              setSearch('');
            }}
          >
            {shown.map((option) => (
              <CheckList.Item key={option.value} value={option.value}>
                {option.label}
              </CheckList.Item>
            ))}
          </CheckList>
          {shown.length === 0 && <p className="muted sheet__none">没有匹配的选项</p>}
        </div>
      </Sheet>
    </>
  );
}

/** A rounded filter button; highlighted when a filter is on. */
export function FilterChip({ active, onClick, children, testId }: { active: boolean; onClick(): void; children: React.ReactNode; testId?: string }) {
  return (
    <button type="button" className={`filter-chip${active ? ' filter-chip--active' : ''}`} onClick={onClick} data-testid={testId}>
      <span className="filter-chip__text">{children}</span>
      <DownFill fontSize={8} />
    </button>
  );
}
