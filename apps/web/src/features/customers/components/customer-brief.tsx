import type { CustomerLevel, StaffRef } from '@sales/contract';
import { CustomerLevelTag } from './customer-level-tag';

/** The customer a binding is about: name, level and who is responsible now. */
export function CustomerBrief({ name, level, owner }: { name: string; level?: CustomerLevel; owner: StaffRef | null }) {
  return (
    <section className="detail-header" data-testid="bind-customer">
      <div className="card__row">
        <h2 className="detail-header__name">{name}</h2>
        {level && <CustomerLevelTag level={level} />}
      </div>
      <div className="detail-header__line">
        <span>
          当前负责人：
          <strong data-testid="bind-current-owner">{owner?.username ?? '未绑定'}</strong>
        </span>
      </div>
    </section>
  );
}
