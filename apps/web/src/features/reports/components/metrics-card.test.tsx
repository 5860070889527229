import type { ReportMetrics } from '@sales/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MetricsCard } from './metrics-card';

const metrics = (target: number): ReportMetrics => ({
  orderCount: 4,
  orderAmount: 1_200,
  newCustomers: 1,
  followUps: 6,
  targetAmount: target,
  targetOrders: target > 0 ? 10 : 0,
  targetNewCustomers: target > 0 ? 2 : 0,
  completion: target > 0 ? 1_200 / target : null,
});

afterEach(cleanup);

describe('MetricsCard', () => {
  it('shows the target where a standard applies', () => {
    render(<MetricsCard title="本周业绩" metrics={metrics(43_306.67)} />);
    expect(screen.getByTestId('report-metrics-target').textContent).toBe('目标 43,306.67元');
    expect(screen.getByTestId('report-metrics').textContent).toContain('订单数 / 目标10');
  });

  it('marks the target and the completion percentage as figures the site badge steps aside from', () => {
    render(<MetricsCard title="本期业绩" metrics={metrics(43_306.67)} />);
    // At the badge's resting place (right, top 160) on 添加半月报: it covered 目标 … and then 0%.
    expect(screen.getByTestId('report-metrics-target').hasAttribute('data-keep-clear')).toBe(true);
    expect(screen.getByTestId('report-metrics').querySelector('.completion__value')?.hasAttribute('data-keep-clear')).toBe(true);
  });

  it('shows no target, only 未设标准, for a person no standard applies to (a leader of the site)', () => {
    render(<MetricsCard title="本周业绩" metrics={metrics(0)} />);
    expect(screen.queryByTestId('report-metrics-target')).toBeNull();
    const text = screen.getByTestId('report-metrics').textContent ?? '';
    expect(text).toContain('未设标准');
    expect(text).not.toContain('目标');
  });
});
