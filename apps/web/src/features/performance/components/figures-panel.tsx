import { RANKING_METRICS, type FigureComparison, type Pacing, type PeriodRanges, type TrendPoint } from '@sales/contract';
import { CompletionBar } from '../../../components/completion-bar';
import { Money } from '../../../components/money';
import { hasTargets } from '../../../lib/targets';
import { formatMetric, METRIC_LABELS } from '../metrics';
import { ChangePair } from './change-pair';
import { PacingCard } from './pacing-card';
import { rangeText } from './performance-toolbar';
import { TrendChart } from './trend-chart';

/**
 * A period's four figures with 环比 and 同比, completion of the standard, and the trend: the body
 * of 销售业绩, 部门销售业绩 and a member's page.
 */
export function FiguresPanel({
  figures,
  ranges,
  trend,
  pacing,
  testId = 'figures',
}: {
  figures: FigureComparison;
  ranges: PeriodRanges;
  trend?: readonly TrendPoint[];
  /** This month's and quarter's pacing, beside completion (whatever period is shown). */
  pacing?: Pacing | null;
  testId?: string;
}) {
  const { current, previous, yearAgo, target, completion } = figures;
  return (
    <>
      <section className="dash-card" data-testid={testId} aria-label="业绩">
        <div className="metric-grid">
          {RANKING_METRICS.map((metric) => (
            <div className="dash-figure" key={metric} data-testid={`${testId}-${metric}`}>
              <span className="dash-figure__label">{METRIC_LABELS[metric]}</span>
              <span className="dash-figure__value" data-testid={`${testId}-${metric}-value`}>
                {metric === 'orderAmount' ? <Money value={current.orderAmount} /> : formatMetric(metric, current[metric])}
              </span>
              <ChangePair current={current[metric]} previous={previous[metric]} yearAgo={yearAgo ? yearAgo[metric] : null} />
            </div>
          ))}
        </div>
        <p className="muted metric-note">
          环比 {rangeText(ranges.previous)} · 同比 {yearAgo ? rangeText(ranges.yearAgo) : '去年同期无数据'}
        </p>
      </section>
      <section className="dash-card" aria-label="标准完成" data-testid={`${testId}-completion`}>
        <h2 className="dash-card__title">
          标准完成
          <span className="muted dash-card__hint" data-testid={`${testId}-target`}>
            {hasTargets(target) ? (
              <>
                目标 <Money value={target.targetAmount} /> · {target.targetOrders}单 · {target.targetNewCustomers}位
              </>
            ) : (
              '未设标准'
            )}
          </span>
        </h2>
        <CompletionBar label="销售额" rate={completion.amount} testId={`${testId}-completion-amount`} />
        <CompletionBar label="订单数" rate={completion.orders} />
        <CompletionBar label="新客户" rate={completion.newCustomers} />
      </section>
      <PacingCard pacing={pacing} testId={`${testId}-pacing`} />
      {trend && trend.length > 0 && (
        <section className="dash-card dash-card--flush" aria-label="趋势">
          <h2 className="dash-card__title">每日趋势</h2>
          <TrendChart label={`${rangeText(ranges.range)} 每日销售额与订单数`} points={trend} testId={`${testId}-trend`} />
        </section>
      )}
    </>
  );
}
