import type { ReportMetrics } from '@sales/contract';
import { CompletionBar } from '../../../components/completion-bar';
import { Figure } from '../../../components/figure';
import { Money } from '../../../components/money';
import { hasTargets } from '../../../lib/targets';

/**
 * The computed figures of a period, read-only: amount against target, orders, new customers,
 * follow-ups. Without a standard for the person (all targets 0: a leader of the site) no target is
 * shown, only 未设标准.
 */
export function MetricsCard({ title, subtitle, metrics, testId = 'report-metrics' }: { title: string; subtitle?: string; metrics: ReportMetrics; testId?: string }) {
  const hasTarget = hasTargets(metrics);
  return (
    <section className="detail-header" data-testid={testId}>
      <div className="detail-header__line">
        <strong>{title}</strong>
        {subtitle && <span className="muted">{subtitle}</span>}
      </div>
      <div className="detail-header__line">
        <Money value={metrics.orderAmount} className="detail-header__amount" testId="report-metrics-amount" />
        {hasTarget && (
          <span className="muted" data-testid="report-metrics-target" data-keep-clear>
            目标 <Money value={metrics.targetAmount} />
          </span>
        )}
      </div>
      <CompletionBar rate={metrics.completion} />
      <div className="figures">
        <Figure label={hasTarget ? `订单数 / 目标${metrics.targetOrders}` : '订单数'} testId="report-metrics-orders">
          {metrics.orderCount}
        </Figure>
        <Figure label={hasTarget ? `新客户 / 目标${metrics.targetNewCustomers}` : '新客户'} testId="report-metrics-new-customers">
          {metrics.newCustomers}
        </Figure>
        <Figure label="跟进次数" testId="report-metrics-follow-ups">
          {metrics.followUps}
        </Figure>
      </div>
    </section>
  );
}
