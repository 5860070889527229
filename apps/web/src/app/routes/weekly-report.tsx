import { Button } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { PagedList } from '../../components/paged-list';
import { routeUrl } from '../../config/paths';
import { useSession } from '../../features/auth/session-store';
import { useReportList } from '../../features/reports/api/get-report-list';
import { PeriodCard } from '../../features/reports/components/period-card';
import { ReportCard } from '../../features/reports/components/report-card';
import { ReportWriter } from '../../features/reports/components/report-writer';
import { TodoEntry } from '../../features/todo/components/todo-entry';
import { nav } from '../../lib/navigation';
import { prefetchRoute } from '../../lib/route-intent';
import { parseId } from '../../lib/query-params';

const MINE = { scope: 'mine' as const };

/**
 * 我的周报 (tab, and 'index copy' with its own nav bar): this week's card with 写周报 or 已提交,
 * the team's reports for leaders who may see them, then past weeks. `?write=1` (and `&id=` to
 * edit) turns the page into the writing form, so a reload comes back to the form and its draft.
 */
export function WeeklyReportContent({ route }: { route: 'weeklyReport' | 'weeklyReportCopy' }) {
  const [params] = useSearchParams();
  const permissions = useSession((state) => state.permissionData);
  const list = useReportList('weekly', MINE);
  const openReport = (id: number) => nav.navigateTo(routeUrl('weeklyDetails', { id }));
  if (params.get('write') === '1') {
    return (
      <div className="report-write" data-testid="weekly-write">
        <ReportWriter kind="weekly" editId={parseId(params.get('id'))} onSaved={(report) => nav.redirectTo(routeUrl('weeklyDetails', { id: report.id }))} onOpen={openReport} />
      </div>
    );
  }
  const canSeeTeam = permissions?.isReport === true || permissions?.reportAllSites === true;
  return (
    <div className="weekly-report" data-testid="weekly-report">
      <TodoEntry onOpen={() => nav.navigateTo(routeUrl('todo'))} onPress={() => prefetchRoute(routeUrl('todo'))} />
      <PeriodCard kind="weekly" onWrite={() => nav.navigateTo(routeUrl(route, { write: 1 }))} onOpen={openReport} />
      <div className="section report-links">
        <Button size="small" fill="outline" onClick={() => {
            nav.navigateTo(routeUrl('historyWeekly'));
          }} data-testid="weekly-history-link">
          历史周业绩
        </Button>
        {canSeeTeam && (
          <Button size="small" fill="outline" color="primary" onClick={() => {
            nav.navigateTo(routeUrl('teamReport'));
          }} data-testid="weekly-team-link">
            团队周报
          </Button>
        )}
      </div>
      <h2 className="section-title">我的周报</h2>
      <PagedList
        query={list}
        empty="暂无周报"
        emptyHint="每周写一份，记录成果和计划"
        header={(total) => <div className="list-total muted">共 {total} 份</div>}
        renderItem={(report) => <ReportCard key={report.id} report={report} onOpen={() => openReport(report.id)} />}
        testId="weekly-list"
      />
    </div>
  );
}

export default function WeeklyReportPage() {
  return <WeeklyReportContent route="weeklyReport" />;
}
