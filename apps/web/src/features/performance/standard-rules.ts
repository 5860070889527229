import { isAmount, STANDARD_AMOUNT_MAX, STANDARD_COUNT_MAX, STANDARD_FIELD_MESSAGES, type Targets } from '@sales/contract';

export type StandardField = keyof Targets;

export const STANDARD_FIELD_LABELS: Record<StandardField, string> = {
  targetAmount: '目标金额',
  targetOrders: '目标订单数',
  targetNewCustomers: '目标新客户',
};

/**
 * What is wrong with a typed target, in the words the server uses (the contract's messages),
 * or null: amounts are yuan with at most two decimals, counts whole numbers, within the limits.
 */
export function standardFieldError(field: StandardField, text: string): string | null {
  const value = text.trim();
  if (!value) return `请输入${STANDARD_FIELD_LABELS[field]}`;
  if (field === 'targetAmount') {
    return isAmount(value) && Number(value) <= STANDARD_AMOUNT_MAX ? null : (STANDARD_FIELD_MESSAGES.targetAmount ?? '金额不正确');
  }
  return /^(0|[1-9]\d*)$/.test(value) && Number(value) <= STANDARD_COUNT_MAX ? null : (STANDARD_FIELD_MESSAGES[field] ?? '数量不正确');
}

/** The typed targets as numbers, or null when any is invalid. */
export function parseTargets(values: Record<StandardField, string>): Targets | null {
  const fields: StandardField[] = ['targetAmount', 'targetOrders', 'targetNewCustomers'];
  if (fields.some((field) => standardFieldError(field, values[field]) !== null)) return null;
  return { targetAmount: Number(values.targetAmount.trim()), targetOrders: Number(values.targetOrders.trim()), targetNewCustomers: Number(values.targetNewCustomers.trim()) };
}
