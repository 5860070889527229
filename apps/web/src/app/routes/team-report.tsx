import { periodAt, shiftPeriod, type ReportKind } from '@sales/contract';
import { ErrorBlock, Tabs } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { routeUrl } from '../../config/paths';
import { useSession } from '../../features/auth/session-store';
import { TeamReportView } from '../../features/reports/components/team-report-view';
import { nav } from '../../lib/navigation';

const PERIOD_TABS = [
  { key: 'current', label: '本期' },
  { key: 'previous', label: '上期' },
] as const;

/**
 * 团队报告 (?kind=weekly|halfMonth&period=current|previous): who has and has not submitted, with
 * my read/unread. Opening a submitted report marks it read.
 */
export default function TeamReportPage() {
  const [params, setParams] = useSearchParams();
  const permissions = useSession((state) => state.permissionData);
  const kind: ReportKind = params.get('kind') === 'halfMonth' ? 'halfMonth' : 'weekly';
  const previous = params.get('period') === 'previous';
  const periodStart = previous ? shiftPeriod(periodAt(kind, new Date()), -1).start : undefined;
  const set = (patch: Record<string, string>) => setParams({ kind, period: previous ? 'previous' : 'current', ...patch }, { replace: true });
  if (!permissions?.isReport && !permissions?.reportAllSites) {
    return <ErrorBlock className="state-block" status="default" title="没有查看团队报告的权限" description="请联系管理员开通" />;
  }
  return (
    <div data-testid="team-report-page">
      <div className="detail-tabs">
        <Tabs activeKey={kind} onChange={(key) => set({ kind: key })}>
          <Tabs.Tab key="weekly" title="周报" />
          <Tabs.Tab key="halfMonth" title="半月报" />
        </Tabs>
      </div>
      <div className="section filter-row">
        {PERIOD_TABS.map((tab) => (
          <button
            key={tab.key}
            type="button"
            className={`filter-chip${(tab.key === 'previous') === previous ? ' filter-chip--active' : ''}`}
            onClick={() => set({ period: tab.key })}
            data-testid={`team-period-${tab.key}`}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <TeamReportView
        kind={kind}
        periodStart={periodStart}
        onOpen={(id) => nav.navigateTo(kind === 'weekly' ? routeUrl('weeklyDetails', { id }) : routeUrl('historicalReportRecords', { id }))}
        onPdf={(start) => nav.navigateTo(routeUrl('viewPdf', { kind, team: 1, periodStart: start }))}
      />
    </div>
  );
}
