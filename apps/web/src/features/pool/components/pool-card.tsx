import { POOL_LEFT_REASON_LABELS, type PoolCustomer } from '@sales/contract';
import { Button, Checkbox } from 'antd-mobile';
import { formatDate } from '../../../lib/format';
import { CustomerLevelTag } from '../../customers/components/customer-level-tag';

interface PoolCardProps {
  customer: PoolCustomer;
  /** A salesperson's 领取 (absent for leaders). */
  onClaim?(customer: PoolCustomer): void;
  claiming?: boolean;
  /** A leader's selection for 分配 (absent for salespeople). */
  selected?: boolean;
  onSelect?(customer: PoolCustomer, selected: boolean): void;
}

/** Who had the customer last, and when and why it left them: 前负责人 张伟 · 11-20 放弃（店铺已转让）. */
function leftLine(customer: PoolCustomer): string {
  if (!customer.lastOwner) return '从未有负责人';
  // Bindings that ended before their reason was kept read as 解除, as in the binding history.
  const how = customer.leftReason ? POOL_LEFT_REASON_LABELS[customer.leftReason] : '解除';
  const when = customer.leftAt ? formatDate(customer.leftAt) : '';
  const note = customer.leftNote ? `（${customer.leftNote}）` : '';
  return `前负责人 ${customer.lastOwner.username} · ${when} ${how}${note}`.trim();
}

/** One customer of the pool: name, level, address and source, its last owner, and 领取 or a selection box. */
export function PoolCard({ customer, onClaim, claiming = false, selected = false, onSelect }: PoolCardProps) {
  return (
    <div className="card pool-card" data-testid="pool-item">
      <div className="card__row">
        {onSelect ? (
          <Checkbox checked={selected} onChange={(checked) => onSelect(customer, checked)} data-testid="pool-select">
            <span className="card__title" data-testid="pool-name">
              {customer.name}
            </span>
          </Checkbox>
        ) : (
          <span className="card__title" data-testid="pool-name">
            {customer.name}
          </span>
        )}
        <CustomerLevelTag level={customer.level} />
      </div>
      <div className="card__row card__meta card__meta--wrap">
        <span>{customer.address || '地址未填写'}</span>
        {customer.source && <span>来源：{customer.source}</span>}
      </div>
      <div className="card__row card__meta">
        <span className="pool-card__left" data-testid="pool-left">
          {leftLine(customer)}
        </span>
        {onClaim && (
          <Button size="small" color="primary" fill="outline" loading={claiming} onClick={() => onClaim(customer)} data-testid="pool-claim">
            领取
          </Button>
        )}
      </div>
    </div>
  );
}
