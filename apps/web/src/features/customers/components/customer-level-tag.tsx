import type { CustomerLevel } from '@sales/contract';
import { Tag } from 'antd-mobile';

const LEVEL_COLORS: Record<CustomerLevel, string> = { A: 'danger', B: 'warning', C: 'default' };

/** 客户等级 A/B/C as a small tag: A red, B orange, C grey. */
export function CustomerLevelTag({ level }: { level: CustomerLevel }) {
  return (
    <Tag color={LEVEL_COLORS[level]} fill="outline" data-testid="customer-level">
      {level}类
    </Tag>
  );
}
