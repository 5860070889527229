import { REPORT_KIND_LABELS, type ReportKind } from '@sales/contract';
import { Button } from 'antd-mobile';
import { ErrorState } from '../../../components/list-states';
import { useReportPreview } from '../api/get-report-preview';
import { useQueuedReport } from '../../../lib/outbox/use-outbox';
import { MetricsCard } from './metrics-card';
import { QueuedReportButton } from './queued-report-button';

/**
 * This period's card: metrics so far, then 写周报 (or 写半月报), 已提交 → the report, or, for a report
 * submitted offline, its outbox state → the writer, which shows it waiting.
 */
export function PeriodCard({ kind, onWrite, onOpen }: { kind: ReportKind; onWrite(): void; onOpen(id: number): void }) {
  const query = useReportPreview(kind);
  const queued = useQueuedReport(kind, query.data?.periodStart);
  const label = REPORT_KIND_LABELS[kind];
  if (!query.data) {
    if (query.isError) return <ErrorState onRetry={() => void query.refetch()} />;
    return <div className="detail-header card--skeleton" style={{ minHeight: 180 }} />;
  }
  const preview = query.data;
  const reportId = preview.reportId;
  return (
    <div className="period-card" data-testid="period-card">
      <MetricsCard title={`${kind === 'weekly' ? '本周' : '本期'} ${preview.label}`} subtitle="截至目前" metrics={preview.metrics} />
      <div className="section">
        {reportId !== null ? (
          <Button block fill="outline" color="success" onClick={() => onOpen(reportId)} data-testid="period-card-open">
            已提交 · 查看{label}
          </Button>
        ) : queued ? (
          <QueuedReportButton item={queued} onOpen={onWrite} testId="period-card-queued">
            {`查看${label}`}
          </QueuedReportButton>
        ) : (
          <Button block color="primary" onClick={onWrite} data-testid="period-card-write">
            写{label}
          </Button>
        )}
      </div>
    </div>
  );
}
