import { POOL_LEFT_REASON_LABELS, type PoolCustomer, type PoolRules } from '@sales/contract';
import { formatDate } from '../../lib/format';
import { rulesText, usageText } from './pool-filters';

/** Who had the customer last, and when and why it left them: 前负责人 张伟 · 11-20 放弃（店铺已转让）. */
function leftLine(customer: PoolCustomer): string {
  if (!customer.lastOwner) return '从未有负责人';
  // Bindings that ended before their reason was kept read as 解除, as in the binding history.
  const how = customer.leftReason ? POOL_LEFT_REASON_LABELS[customer.leftReason] : '解除';
  const when = customer.leftAt ? formatDate(customer.leftAt) : '';
  const note = customer.leftNote ? `（${customer.leftNote}）` : '';
  return `前负责人 ${customer.lastOwner.username} · ${when} ${how}${note}`.trim();
}

/** The texts of a pool customer's card (components/pool-card.tsx), shared with 公海's painter (app/prerender/pool-painter.ts). */
export interface PoolCardText {
  name: string;
  address: string;
  /** '' when the customer has none: the card leaves its 来源 out. */
  source: string;
  left: string;
}

export const poolCardText = (customer: PoolCustomer): PoolCardText => ({
  name: customer.name,
  address: customer.address || '地址未填写',
  source: customer.source,
  left: leftLine(customer),
});

/** The rules bar's texts (components/pool-rules-bar.tsx), shared with 公海's painter. */
export interface PoolRulesText {
  /** The caller's usage of the caps; '' for those who do not claim (no usage line). */
  usage: string;
  rules: string;
}

export const poolRulesText = (rules: PoolRules): PoolRulesText => ({ usage: rules.usage ? usageText(rules.usage, rules) : '', rules: rulesText(rules) });
