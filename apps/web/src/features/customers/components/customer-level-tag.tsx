import type { CustomerLevel } from '@sales/contract';
import { Tag } from 'antd-mobile';

// Darker than antd-mobile's danger/warning so the letters pass WCAG AA contrast (4.5:1) on white.
const LEVEL_COLORS: Record<CustomerLevel, string> = { A: '#cf1322', B: '#ad4e00', C: 'default' };

/** 客户等级 A/B/C as a small tag: A red, B orange, C grey. */
export function CustomerLevelTag({ level }: { level: CustomerLevel }) {
  return (
    <Tag color={LEVEL_COLORS[level]} fill="outline" data-testid="customer-level">
      {level}类
    </Tag>
  );
}
