import { REPORT_KIND_LABELS, type ReportKind } from '@sales/contract';
import { Button, Tag } from 'antd-mobile';
import { CardSkeleton, EmptyState, RecordErrorState } from '../../../components/list-states';
import { Money } from '../../../components/money';
import { TapCard } from '../../../components/tap-card';
import { formatCompletion } from '../../../lib/change';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useTeamReport } from '../api/get-team-report';
import { useRemindReports } from '../api/remind-reports';
import { Dialog } from '../../../lib/antd-imperative';
import { showToast } from '../../../lib/toast';

interface TeamReportViewProps {
  kind: ReportKind;
  periodStart?: string | undefined;
  onOpen(reportId: number): void;
  onPdf(periodStart: string): void;
}

/** HH:mm for a press today (China time), else MM-DD HH:mm. */
function remindTime(at: string): string {
  const shown = formatDateTime(at);
  return shown.slice(0, 10) === formatDate(new Date()) ? shown.slice(11) : shown.slice(5);
}

/** 团队报告 of a period: who submitted (read/unread by me), and who is missing. */
export function TeamReportView({ kind, periodStart, onOpen, onPdf }: TeamReportViewProps) {
  const query = useTeamReport(kind, periodStart);
  const remind = useRemindReports(kind);
  if (!query.data) {
    if (query.isError) return <RecordErrorState error={query.error} what="团队报告" onRetry={() => void query.refetch()} />;
    return <CardSkeleton />;
  }
  const team = query.data;
  const label = REPORT_KIND_LABELS[kind];
  const unread = team.submitted.filter((row) => !row.readByMe).length;
  const last = team.lastRemind;
  const confirmRemind = async () => {
    const confirmed = await Dialog.confirm({
      content: `给未提交${label}的 ${team.missing.length} 人发送催交提醒？同一期每人每天只提醒一次。`,
      confirmText: '催交',
    });
    if (!confirmed) return;
    try {
      const result = await remind.mutateAsync(periodStart);
      showToast(`已催交 ${result.reminded.length} 人`, 'success');
    } catch {
      // The request layer showed why (e.g. 今天已催交过).
    }
  };
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
      {(team.canRemind || last) && (
        <div className="section team-remind" data-testid="team-remind">
          <span className="muted" data-testid="team-remind-last">
            {last ? `上次催交 ${remindTime(last.at)} · ${last.by.username} · ${last.count}人` : '本期还未催交'}
          </span>
          {team.canRemind && team.missing.length > 0 && (
            <Button size="small" color="warning" loading={remind.isPending} onClick={() => void confirmRemind()} data-testid="team-remind-button">
              一键催交
            </Button>
          )}
        </div>
      )}
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
