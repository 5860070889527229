import { formatMoney } from '@sales/contract';
import { useSearchParams } from 'react-router';
import { Chart } from '../../components/chart';
import { CompletionBar } from '../../components/completion-bar';
import { ErrorState, CardSkeleton } from '../../components/list-states';
import { Money } from '../../components/money';
import { TapCard } from '../../components/tap-card';
import { routeUrl } from '../../config/paths';
import { useReportSeries } from '../../features/reports/api/get-report-series';
import { formatCompletion } from '../../lib/change';
import { nav } from '../../lib/navigation';
import { parseId } from '../../lib/query-params';

/** 历史周业绩 (?staffId= for a leader looking at a member): 12 weeks of amount and completion, chart and list. */
export default function HistoryWeeklyPage() {
  const [params] = useSearchParams();
  const staffId = parseId(params.get('staffId')) ?? undefined;
  const query = useReportSeries('weekly', staffId);
  if (!query.data) return query.isError ? <ErrorState onRetry={() => void query.refetch()} /> : <CardSkeleton count={4} />;
  const points = query.data.list;
  return (
    <div className="history-weekly" data-testid="history-weekly">
      <section className="section">
        <Chart
          label="近12周销售额与完成率"
          categories={points.map((point) => point.periodStart.slice(5))}
          series={[
            { name: '销售额', kind: 'bar', values: points.map((point) => point.metrics.orderAmount), format: formatMoney },
            {
              name: '完成率',
              kind: 'line',
              axis: 1,
              values: points.map((point) => (point.metrics.completion === null ? null : point.metrics.completion * 100)),
              format: (value) => `${value.toFixed(1)}%`,
              axisFormat: (value) => `${Math.round(value)}%`,
            },
          ]}
          height={240}
          testId="history-weekly-chart"
        />
      </section>
      <h2 className="section-title">每周明细</h2>
      {[...points].reverse().map((point) => {
        const reportId = point.reportId;
        return (
          <TapCard
            key={point.periodStart}
            onTap={() => (reportId !== null ? nav.navigateTo(routeUrl('weeklyDetails', { id: reportId })) : undefined)}
            testId="history-weekly-item"
            label={point.label}
          >
            <div className="card__row">
              <span className="card__title">{point.label}</span>
              <span className={reportId !== null ? 'tag-text tag-text--ok' : 'tag-text muted'}>{reportId !== null ? '已提交' : '未提交'}</span>
            </div>
            <div className="card__row">
              <Money value={point.metrics.orderAmount} className="amount" />
              <span className="muted">
                {point.metrics.orderCount} 单 · 完成率 {formatCompletion(point.metrics.completion)}
              </span>
            </div>
            <CompletionBar rate={point.metrics.completion} />
          </TapCard>
        );
      })}
    </div>
  );
}
