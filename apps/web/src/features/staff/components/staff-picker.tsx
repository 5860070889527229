import { List, Radio, SearchBar, Tag } from 'antd-mobile';
import { useState } from 'react';
import { CardSkeleton, EmptyState, ErrorState } from '../../../components/list-states';
import { Money } from '../../../components/money';
import { useStaffList } from '../api/get-staff-list';
import { searchStaff } from '../staff-options';
import type { StaffSummary } from '@sales/contract';

interface StaffPickerProps {
  value: number | null;
  onChange(staff: StaffSummary): void;
  /** The current owner: shown, but not selectable. */
  disabledId?: number | null;
}

/** The site's salespeople, searchable by name or phone, to pick one. */
export function StaffPicker({ value, onChange, disabledId }: StaffPickerProps) {
  const [search, setSearch] = useState('');
  const staff = useStaffList();

  let body;
  if (!staff.data) {
    body = staff.isError ? <ErrorState onRetry={() => void staff.refetch()} /> : <CardSkeleton count={3} lines={1} />;
  } else {
    const shown = searchStaff(staff.data.list, search);
    body =
      shown.length === 0 ? (
        <EmptyState title="没有匹配的业务员" />
      ) : (
        <Radio.Group
          value={value}
          onChange={(id) => {
            const picked = shown.find((candidate) => candidate.id === id);
            if (picked) onChange(picked);
          }}
        >
          <List className="staff-picker__list">
            {shown.map((person) => {
              const isOwner = person.id === disabledId;
              return (
                <List.Item
                  key={person.id}
                  prefix={
                    // The radio's label names it (an aria-label is not allowed on the <label> antd-mobile draws).
                    <Radio value={person.id} disabled={isOwner}>
                      <span className="visually-hidden">{person.username}</span>
                    </Radio>
                  }
                  description={person.customerCount === null ? undefined : `${person.customerCount} 位客户`}
                  extra={
                    // Null when the caller may not see a colleague's figures (the server's colleague rule).
                    person.monthAmount === null ? undefined : (
                      <span className="staff-picker__month">
                        本月 <Money value={person.monthAmount} />
                      </span>
                    )
                  }
                  disabled={isOwner}
                  aria-disabled={isOwner || undefined}
                  onClick={() => {
                    if (!isOwner) onChange(person);
                  }}
                  data-testid="staff-option"
                >
                  <span className="staff-picker__name">
                    {person.username}
                    {isOwner && (
                      <Tag color="primary" fill="outline">
                        当前负责人
                      </Tag>
                    )}
                    {person.isLeader && (
                      <Tag color="warning" fill="outline">
                        主管
                      </Tag>
                    )}
                  </span>
                </List.Item>
              );
            })}
          </List>
        </Radio.Group>
      );
  }

  return (
    <div className="staff-picker" data-testid="staff-picker">
      <div className="staff-picker__search">
        <SearchBar placeholder="搜索业务员姓名或手机号" value={search} onChange={setSearch} />
      </div>
      {body}
    </div>
  );
}
