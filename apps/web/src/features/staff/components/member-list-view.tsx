import { formatMoney, type MemberSummary } from '@sales/contract';
import { Avatar, SearchBar, Tag } from 'antd-mobile';
import { useState } from 'react';
import { CardSkeleton, EmptyState, ErrorState } from '../../../components/list-states';
import { PhoneLink } from '../../../components/phone-link';
import { TapCard } from '../../../components/tap-card';
import { formatCompletion } from '../../../lib/change';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useMemberList } from '../api/get-member-list';

/** 主管 or 业务员, as the staff card tags it. */
export function RoleTag({ isLeader }: { isLeader: boolean }) {
  return (
    <Tag color={isLeader ? 'warning' : 'primary'} fill="outline">
      {isLeader ? '主管' : '业务员'}
    </Tag>
  );
}

/** A member's phone: a call link when the caller may see it whole, else the masked number. */
export function MemberPhone({ member, testId }: { member: MemberSummary; testId?: string }) {
  return member.full ? <PhoneLink phone={member.phone} testId={testId} /> : <span className="muted" data-testid={testId}>{member.phone}</span>;
}

function MemberCard({ member, onOpen }: { member: MemberSummary; onOpen(id: number): void }) {
  const content = (
    <div className="member-card">
      <Avatar src={member.avatar ?? ''} style={{ '--size': '40px', '--border-radius': '50%' }} />
      <div className="member-card__main">
        <div className="card__row">
          <span className="card__title">
            <span data-testid="member-name">{member.username}</span> <RoleTag isLeader={member.isLeader} />
          </span>
          <MemberPhone member={member} testId="member-phone" />
        </div>
        {member.month ? (
          <div className="card__row card__meta card__meta--wrap" data-testid="member-figures">
            <span>客户 {member.customerCount ?? 0}</span>
            <span>本月 {formatMoney(member.month.figures.orderAmount)}</span>
            <span>{member.month.figures.orderCount}单</span>
            <span>完成 {formatCompletion(member.month.completion.amount)}</span>
          </div>
        ) : (
          <div className="card__meta muted">同事的业绩仅主管可见</div>
        )}
      </div>
    </div>
  );
  // A colleague a salesperson may not see in full has no page for them to open.
  if (!member.full) {
    return (
      <div className="card" data-testid="member-item">
        {content}
      </div>
    );
  }
  return (
    <TapCard onTap={() => onOpen(member.id)} label={`成员 ${member.username}`} testId="member-item">
      {content}
    </TapCard>
  );
}

/** 部门成员: the site's members with role, phone and this month's figures (where the caller may see them). */
export function MemberListView({ siteId, onOpen }: { siteId: number | null; onOpen(id: number): void }) {
  const [typed, setTyped] = useState('');
  const keyword = useDebouncedValue(typed).trim();
  const members = useMemberList(siteId, { keyword });
  const data = members.data;
  return (
    <>
      <div className="list-toolbar">
        <div className="list-toolbar__search">
          <SearchBar placeholder="搜索成员姓名或手机号" value={typed} maxLength={50} onChange={setTyped} onClear={() => setTyped('')} />
        </div>
      </div>
      {!data ? (
        members.isError ? (
          <ErrorState onRetry={() => void members.refetch()} />
        ) : (
          <CardSkeleton count={5} lines={2} />
        )
      ) : (
        <>
          <div className="list-total">
            <span data-testid="member-total">共 {data.total} 位成员</span>
          </div>
          {data.list.length === 0 ? <EmptyState title="暂无成员" hint={keyword ? '换个关键词试试' : undefined} /> : data.list.map((member) => <MemberCard key={member.id} member={member} onOpen={onOpen} />)}
        </>
      )}
    </>
  );
}
