import { REPORT_KIND_LABELS, type ReportKind } from '@sales/contract';
import { Button, Tag } from 'antd-mobile';
import type { ReactNode } from 'react';
import { CardSkeleton, RecordErrorState } from '../../../components/list-states';
import { formatDateTime } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { useReportDetail } from '../api/get-report-detail';
import { useDeleteReport } from '../api/save-report';
import { SECTION_LABELS } from '../report-api';
import { MetricsCard } from './metrics-card';
import { ReportFeedbackView } from './report-feedback-view';
import { Dialog } from '../../../lib/antd-imperative';
import { PhotoGallery } from '../../../components/photo-gallery';

interface ReportDetailViewProps {
  kind: ReportKind;
  id: number;
  /** 订单 and 导出PDF links; the page decides where they go. */
  onOrders?: () => void;
  onPdf(): void;
  onEdit(): void;
  onDeleted(): void;
}

function TextSection({ title, text, testId }: { title: string; text: string; testId: string }) {
  return (
    <section className="report-section">
      <h2 className="section-title">{title}</h2>
      <p className={`report-section__text${text ? '' : ' muted'}`} data-testid={testId}>
        {text || '无'}
      </p>
    </section>
  );
}

/** A report: its metrics snapshot, the text sections, photos, who read it, and the author's actions. */
export function ReportDetailView({ kind, id, onOrders, onPdf, onEdit, onDeleted }: ReportDetailViewProps) {
  const query = useReportDetail(kind, id);
  const remove = useDeleteReport(kind);
  const labels = SECTION_LABELS[kind];
  if (!query.data) {
    if (query.isError) return <RecordErrorState error={query.error} what={REPORT_KIND_LABELS[kind]} onRetry={() => void query.refetch()} />;
    return <CardSkeleton count={3} lines={3} />;
  }
  const report = query.data;
  const confirmDelete = async () => {
    const confirmed = await Dialog.confirm({ content: `删除这份${REPORT_KIND_LABELS[kind]}？删除后可以重新填写。`, confirmText: '删除' });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(report.id);
    } catch {
      return;
    }
    showToast('已删除', 'success');
    onDeleted();
  };
  const actions: ReactNode[] = [];
  if (onOrders) {
    actions.push(
      <Button key="orders" fill="outline" onClick={onOrders} data-testid="report-orders">
        订单
      </Button>,
    );
  }
  actions.push(
    <Button key="pdf" fill="outline" onClick={onPdf} data-testid="report-pdf">
      导出PDF
    </Button>,
  );
  if (report.canEdit) {
    actions.push(
      <Button key="delete" fill="outline" color="danger" onClick={() => void confirmDelete()} loading={remove.isPending} data-testid="report-delete">
        删除
      </Button>,
      <Button key="edit" color="primary" onClick={onEdit} data-testid="report-edit">
        编辑
      </Button>,
    );
  }
  return (
    <div className="detail detail--with-bar" data-testid="report-detail">
      <MetricsCard title={`${report.staff.username} · ${report.label}`} subtitle={report.siteName} metrics={report.metrics} />
      <div className="section report-meta">
        <span className="muted">提交于 {formatDateTime(report.createdAt)}</span>
        <Tag color={report.read ? 'success' : 'warning'} fill="outline" data-testid="report-read-status">
          {report.read ? `已读 · ${report.readers.map((reader) => reader.leader.username).join('、') || '主管'}` : '主管未读'}
        </Tag>
      </div>
      <TextSection title={labels.summary} text={report.summary} testId="report-detail-summary" />
      <TextSection title={labels.plan} text={report.plan} testId="report-detail-plan" />
      <TextSection title={labels.problems} text={report.problems} testId="report-detail-problems" />
      {report.images.length > 0 && (
        <section>
          <h2 className="section-title">图片</h2>
          <PhotoGallery images={report.images} size={96} className="report-images" />
        </section>
      )}
      <ReportFeedbackView kind={kind} reportId={report.id} />
      <div className="action-bar">{actions}</div>
    </div>
  );
}
