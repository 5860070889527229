import type { CustomerLevel, PoolCustomer } from '@sales/contract';
import { Button, Checkbox } from 'antd-mobile';
import { CustomerLevelTag } from '../../customers/components/customer-level-tag';
import { poolCardText, type PoolCardText } from '../pool-text';

interface PoolCardProps {
  customer: PoolCustomer;
  /** A salesperson's 领取 (absent for leaders). */
  onClaim?(customer: PoolCustomer): void;
  claiming?: boolean;
  /** A leader's selection for 分配 (absent for salespeople). */
  selected?: boolean;
  onSelect?(customer: PoolCustomer, selected: boolean): void;
}

/** One customer of the pool: name, level, address and source, its last owner, and 领取 or a selection box. */
export function PoolCard({ customer, onClaim, claiming = false, selected = false, onSelect }: PoolCardProps) {
  return (
    <PoolCardView
      text={poolCardText(customer)}
      level={customer.level}
      onClaim={onClaim && (() => onClaim(customer))}
      claiming={claiming}
      selected={selected}
      onSelect={onSelect && ((checked) => onSelect(customer, checked))}
    />
  );
}

interface PoolCardViewProps {
  text: PoolCardText;
  level: CustomerLevel;
  onClaim?(): void;
  claiming?: boolean;
  selected?: boolean;
  onSelect?(selected: boolean): void;
}

/**
 * The card from its texts: the build renders it with placeholders, in each look (领取 or a
 * selection box, a level, a source or none), for 公海's painter (app/prerender/pool-rows-markup.tsx),
 * so the painted card is this markup.
 */
export function PoolCardView({ text, level, onClaim, claiming = false, selected = false, onSelect }: PoolCardViewProps) {
  return (
    <div className="card pool-card" data-testid="pool-item">
      <div className="card__row">
        {onSelect ? (
          <Checkbox checked={selected} onChange={onSelect} data-testid="pool-select">
            <span className="card__title" data-testid="pool-name">
              {text.name}
            </span>
          </Checkbox>
        ) : (
          <span className="card__title" data-testid="pool-name">
            {text.name}
          </span>
        )}
        <CustomerLevelTag level={level} />
      </div>
      <div className="card__row card__meta card__meta--wrap">
        <span>{text.address}</span>
        {text.source && <span>来源：{text.source}</span>}
      </div>
      <div className="card__row card__meta">
        <span className="pool-card__left" data-testid="pool-left">
          {text.left}
        </span>
        {onClaim && (
          <Button size="small" color="primary" fill="outline" loading={claiming} onClick={onClaim} data-testid="pool-claim">
            领取
          </Button>
        )}
      </div>
    </div>
  );
}
