import { Button } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { PagedList } from '../../components/paged-list';
import { routeUrl } from '../../config/paths';
import { useReportList } from '../../features/reports/api/get-report-list';
import { useReportPreview } from '../../features/reports/api/get-report-preview';
import { ReportCard } from '../../features/reports/components/report-card';
import { QueuedReportButton } from '../../features/reports/components/queued-report-button';
import { ReportDetailView } from '../../features/reports/components/report-detail-view';
import { useQueuedReport } from '../../lib/outbox/use-outbox';
import { nav } from '../../lib/navigation';
import { parseId } from '../../lib/query-params';

const MINE = { scope: 'mine' as const };

/**
 * This half month's report: 写本期半月报 while the user has none at this site, its outbox state when
 * it was submitted offline (→ the writer, which shows it waiting), else 已提交 → the report.
 * Nothing until the server has said which (nor when it refuses: not a writer here).
 */
function CurrentHalfMonth() {
  const preview = useReportPreview('halfMonth');
  const queued = useQueuedReport('halfMonth', preview.data?.periodStart);
  const reportId = preview.data?.reportId;
  if (reportId === undefined) return null;
  return (
    <div className="section">
      {reportId === null && queued ? (
        <QueuedReportButton item={queued} onOpen={() => void nav.navigateTo(routeUrl('addReport'))} testId="half-month-queued">
          查看本期半月报
        </QueuedReportButton>
      ) : reportId === null ? (
        <Button block color="primary" onClick={() => {
            nav.navigateTo(routeUrl('addReport'));
          }} data-testid="half-month-add">
          写本期半月报
        </Button>
      ) : (
        <Button block fill="outline" color="success" onClick={() => {
            nav.navigateTo(routeUrl('historicalReportRecords', { id: reportId }));
          }} data-testid="half-month-open">
          本期半月报已提交 · 查看
        </Button>
      )}
    </div>
  );
}

function HalfMonthList() {
  const list = useReportList('halfMonth', MINE);
  return (
    <div data-testid="half-month-history">
      <CurrentHalfMonth />
      <PagedList
        query={list}
        empty="暂无半月报"
        header={(total) => <div className="list-total muted">共 {total} 份</div>}
        renderItem={(report) => <ReportCard key={report.id} report={report} onOpen={() => nav.navigateTo(routeUrl('historicalReportRecords', { id: report.id }))} />}
        testId="half-month-list"
      />
    </div>
  );
}

/** 历史记录: my half-month reports; `?id=` shows one (also a member's, for leaders from 员工报告). */
export default function HistoricalReportRecordsPage() {
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  if (!id) return <HalfMonthList />;
  return (
    <ReportDetailView
      kind="halfMonth"
      id={id}
      onOrders={() => nav.navigateTo(routeUrl('weeklyOrderList', { kind: 'halfMonth', id }))}
      onPdf={() => nav.navigateTo(routeUrl('viewPdf', { kind: 'halfMonth', id }))}
      onEdit={() => nav.navigateTo(routeUrl('addReport', { id }))}
      onDeleted={() => nav.redirectTo(routeUrl('historicalReportRecords'))}
    />
  );
}
