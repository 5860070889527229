import type { Binding } from '@sales/contract';
import { CardSkeleton, EmptyState, ErrorState } from '../../../components/list-states';
import { formatDateTime } from '../../../lib/format';
import { useCustomerBindings } from '../api/get-customer-bindings';

const KIND_LABELS: Record<Binding['kind'], string> = { bind: '绑定', transfer: '转移', claim: '认领', assign: '分配', create: '新建' };
const REASON_LABELS: Record<NonNullable<Binding['unboundReason']>, string> = {
  transfer: '转移',
  release: '放弃',
  auto_return: '自动回收',
  deactivate: '离职交接',
  unbind: '解绑',
};

function ending(binding: Binding): string {
  if (!binding.unboundAt) return ' · 当前负责';
  const reason = binding.unboundReason ? `${REASON_LABELS[binding.unboundReason]}` : '解除';
  return ` · ${formatDateTime(binding.unboundAt)} ${reason}${binding.unboundNote ? `（${binding.unboundNote}）` : ''}`;
}

/** Who the customer has been bound to, newest first. */
export function BindingHistory({ customerId }: { customerId: number }) {
  const query = useCustomerBindings(customerId);
  if (!query.data) return query.isError ? <ErrorState onRetry={() => void query.refetch()} /> : <CardSkeleton count={1} lines={2} />;
  if (query.data.list.length === 0) return <EmptyState title="暂无绑定记录" />;
  return (
    <ul className="timeline" data-testid="binding-history">
      {query.data.list.map((binding) => (
        <li key={binding.id} className="timeline__item" data-testid="binding-item">
          <span className={`timeline__dot${binding.unboundAt ? ' timeline__dot--done' : ''}`} aria-hidden />
          <div className="timeline__head">
            <span className="timeline__who">{binding.staff.username}</span>
            <span className="muted">
              {KIND_LABELS[binding.kind]}
              {binding.boundBy && binding.kind !== 'claim' && binding.kind !== 'create' ? ` · 操作人 ${binding.boundBy.username}` : ''}
            </span>
          </div>
          <div className="timeline__time">
            {formatDateTime(binding.boundAt)} 起{ending(binding)}
          </div>
        </li>
      ))}
    </ul>
  );
}
