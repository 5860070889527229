import { REPORT_KIND_LABELS, type ReportSummary } from '@sales/contract';
import { Tag } from 'antd-mobile';
import { Money } from '../../../components/money';
import { TapCard } from '../../../components/tap-card';
import { formatCompletion } from '../../../lib/change';
import { formatDateTime } from '../../../lib/format';

/**
 * One report in a list: period, author (when it is not mine), amount, completion, read status;
 * `showKind` names the kind first, for a list of weekly and half-month reports together.
 */
export function ReportCard({ report, showAuthor, showKind, onOpen }: { report: ReportSummary; showAuthor?: boolean; showKind?: boolean; onOpen(): void }) {
  const kind = showKind ? `${REPORT_KIND_LABELS[report.kind]} · ` : '';
  return (
    <TapCard onTap={onOpen} testId="report-item" label={`${kind}${report.label} ${report.staff.username}`}>
      <div className="card__row">
        <span className="card__title">{kind}{showAuthor ? `${report.staff.username} · ${report.label}` : report.label}</span>
        <Tag color={report.read ? 'success' : 'warning'} fill="outline">
          {report.read ? '已读' : '未读'}
        </Tag>
      </div>
      <div className="card__row">
        <Money value={report.orderAmount} className="amount" />
        <span>完成率 {formatCompletion(report.completion)}</span>
      </div>
      <div className="card__row card__meta">
        <span>
          {report.periodStart} 至 {report.periodEnd}
        </span>
        <span>{formatDateTime(report.createdAt)}</span>
      </div>
    </TapCard>
  );
}
