import { REPORT_KIND_LABELS, type ReportDetail, type ReportKind } from '@sales/contract';
import { Button, ErrorBlock } from 'antd-mobile';
import { CardSkeleton, ErrorState, RecordErrorState } from '../../../components/list-states';
import { useReportDetail } from '../api/get-report-detail';
import { useReportPreview } from '../api/get-report-preview';
import { ReportForm } from './report-form';
import { PendingReport } from './pending-report';
import { useQueuedReport } from '../../../lib/outbox/use-outbox';

interface ReportWriterProps {
  kind: ReportKind;
  /** Edit this report (its author, until read); otherwise write the current period's. */
  editId?: number | null;
  onSaved(report: ReportDetail): void;
  onOpen(id: number): void;
}

function EditReport({ kind, id, onSaved }: { kind: ReportKind; id: number; onSaved(report: ReportDetail): void }) {
  const detail = useReportDetail(kind, id);
  const preview = useReportPreview(kind, detail.data?.periodStart);
  if (detail.isError) return <RecordErrorState error={detail.error} what={REPORT_KIND_LABELS[kind]} onRetry={() => void detail.refetch()} />;
  if (!detail.data || !preview.data) return preview.isError ? <ErrorState onRetry={() => void preview.refetch()} /> : <CardSkeleton count={3} />;
  if (!detail.data.canEdit) return <ErrorBlock className="state-block" status="default" title="不能再修改" description="主管已查阅，报告已锁定" />;
  return <ReportForm kind={kind} preview={preview.data} existing={detail.data} onSaved={onSaved} />;
}

/** The write (or edit) view of a report: starts from the period's computed metrics. */
export function ReportWriter({ kind, editId, onSaved, onOpen }: ReportWriterProps) {
  const preview = useReportPreview(kind);
  const period = preview.data?.periodStart;
  const queued = useQueuedReport(kind, period);
  if (editId) return <EditReport kind={kind} id={editId} onSaved={onSaved} />;
  if (!preview.data) return preview.isError ? <ErrorState onRetry={() => void preview.refetch()} /> : <CardSkeleton count={3} />;
  const reportId = preview.data.reportId;
  if (reportId !== null) {
    return (
      <ErrorBlock className="state-block" status="default" title={`${preview.data.label}的${REPORT_KIND_LABELS[kind]}已提交`} description="每期只能提交一份" data-testid="report-already">
        <Button color="primary" onClick={() => onOpen(reportId)}>
          查看{REPORT_KIND_LABELS[kind]}
        </Button>
      </ErrorBlock>
    );
  }
  // Submitted without a network: the report waits in 待发送 (or shows why the server refused it).
  if (queued) return <PendingReport item={queued} label={`${preview.data.label}的${REPORT_KIND_LABELS[kind]}`} />;
  return <ReportForm kind={kind} preview={preview.data} onSaved={onSaved} />;
}
