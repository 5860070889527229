import { REPORT_KIND_LABELS, type ReportKind } from '@sales/contract';
import { Button, Tag } from 'antd-mobile';
import { CardSkeleton, EmptyState, RecordErrorState } from '../../../components/list-states';
import { Money } from '../../../components/money';
import { TapCard } from '../../../components/tap-card';
import { formatCompletion } from '../../../lib/change';
import { formatDateTime } from '../../../lib/format';
import { useTeamReport } from '../api/get-team-report';

interface TeamReportViewProps {
  kind: ReportKind;
  periodStart?: string | undefined;
  onOpen(reportId: number): void;
  onPdf(periodStart: string): void;
}

/** 团队报告 of a period: who submitted (read/unread by me), and who is missing. */
export function TeamReportView({ kind, periodStart, onOpen, onPdf }: TeamReportViewProps) {
  const query = useTeamReport(kind, periodStart);
  if (!query.data) {
    if (query.isError) return <RecordErrorState error={query.error} what="团队报告" onRetry={() => void query.refetch()} />;
    return <CardSkeleton />;
  }
  const team = query.data;
  const label = REPORT_KIND_LABELS[kind];
  const unread = team.submitted.filter((row) => !row.readByMe).length;
  return (
    <div data-testid="team-report">
      <section className="detail-header">
        <div className="detail-header__line">
          <strong>
            {team.siteName} · {team.label}
          </strong>
          <Button size="mini" fill="outline" onClick={() => onPdf(team.periodStart)} data-testid="team-report-pdf">
            导出PDF
          </Button>
        </div>
        <div className="figures">
          <div className="figure">
            <div className="figure__value" data-testid="team-submitted-count">
              {team.submitted.length}
            </div>
            <div className="figure__label">已提交</div>
          </div>
          <div className="figure">
            <div className="figure__value" data-testid="team-missing-count">
              {team.missing.length}
            </div>
            <div className="figure__label">未提交</div>
          </div>
          <div className="figure">
            <div className="figure__value">{team.readOnly ? '—' : unread}</div>
            <div className="figure__label">我未读</div>
          </div>
        </div>
      </section>
      <h2 className="section-title">未提交（{team.missing.length}）</h2>
      {team.missing.length === 0 ? (
        <EmptyState title={`全员已提交${label}`} />
      ) : (
        <div className="section team-missing" data-testid="team-missing">
          {team.missing.map((person) => (
            <Tag key={person.id} color="danger" fill="outline" className="team-missing__name">
              {person.username}
            </Tag>
          ))}
        </div>
      )}
      <h2 className="section-title">已提交（{team.submitted.length}）</h2>
      {team.submitted.length === 0 ? (
        <EmptyState title={`还没有人提交${label}`} />
      ) : (
        <div data-testid="team-submitted">
          {team.submitted.map((row) => (
            <TapCard key={row.reportId} onTap={() => onOpen(row.reportId)} testId="team-submitted-item" label={`${row.staff.username}的${label}`}>
              <div className="card__row">
                <span className="card__title">{row.staff.username}</span>
                {team.readOnly ? (
                  <Tag color={row.read ? 'success' : 'default'} fill="outline">
                    {row.read ? '主管已读' : '主管未读'}
                  </Tag>
                ) : (
                  <Tag color={row.readByMe ? 'success' : 'warning'} fill="outline" data-testid="team-read-status">
                    {row.readByMe ? '已读' : '未读'}
                  </Tag>
                )}
              </div>
              <div className="card__row card__meta">
                <span>
                  <Money value={row.orderAmount} /> · 完成率 {formatCompletion(row.completion)}
                </span>
                <span>{formatDateTime(row.createdAt)}</span>
              </div>
            </TapCard>
          ))}
        </div>
      )}
    </div>
  );
}
