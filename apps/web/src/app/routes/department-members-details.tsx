import type { ReportSummary } from '@sales/contract';
import { useSearchParams } from 'react-router';
import { BadLinkState, CardSkeleton, EmptyState, RecordErrorState } from '../../components/list-states';
import { routeUrl } from '../../config/paths';
import { ResetStaffPasswordButton } from '../../features/account/components/reset-staff-password-button';
import { useSession } from '../../features/auth/session-store';
import { OrderCard } from '../../features/orders/components/order-card';
import { FiguresPanel } from '../../features/performance/components/figures-panel';
import { PerformanceToolbar } from '../../features/performance/components/performance-toolbar';
import { periodFields, usePerformancePeriod } from '../../features/performance/performance-period';
import { usePerformanceSiteId } from '../../features/performance/performance-site';
import { ReportCard } from '../../features/reports/components/report-card';
import { useMemberDetail } from '../../features/staff/api/get-member-detail';
import { MemberHeader } from '../../features/staff/components/member-header';
import { nav } from '../../lib/navigation';
import { parseId } from '../../lib/query-params';

/** A weekly report opens in 周报业绩详情, a half-month report in 历史记录 (where 员工报告 opens them too). */
function openReport(report: ReportSummary): void {
  nav.navigateTo(report.kind === 'weekly' ? routeUrl('weeklyDetails', { id: report.id }) : routeUrl('historicalReportRecords', { id: report.id }));
}

function MemberDetailPage({ id }: { id: number }) {
  const [period] = usePerformancePeriod();
  const siteId = usePerformanceSiteId();
  const isLeader = useSession((state) => state.currentSite?.isLeader ?? false);
  const detail = useMemberDetail(siteId, id, periodFields(period));
  const member = detail.data;
  if (!member) {
    if (detail.isError) return <RecordErrorState error={detail.error} what="成员" onRetry={() => void detail.refetch()} />;
    return <CardSkeleton count={2} lines={3} />;
  }
  return (
    <>
      <MemberHeader member={member} onCustomers={isLeader ? () => nav.navigateTo(routeUrl('allCustomers', { owner: member.id })) : undefined} />
      {isLeader && !member.isLeader ? <ResetStaffPasswordButton staffId={member.id} name={member.username} /> : null}
      <PerformanceToolbar ranges={member.ranges} />
      <div className={detail.isPlaceholderData ? 'is-refreshing' : undefined}>
        <FiguresPanel figures={member.figures} ranges={member.ranges} testId="member-figures" />
        <h2 className="section-title">
          最近订单
          <button type="button" className="link-button section-title__action" onClick={() => nav.navigateTo(routeUrl('employeeOrderList', { staffId: member.id }))}>
            全部订单
          </button>
        </h2>
        {member.recentOrders.length === 0 ? (
          <EmptyState title="暂无订单" />
        ) : (
          <div data-testid="member-orders">
            {member.recentOrders.map((order) => (
              <OrderCard key={order.id} order={order} />
            ))}
          </div>
        )}
        <h2 className="section-title">最近报告</h2>
        {member.recentReports.length === 0 ? (
          <EmptyState title="暂无周报和半月报" />
        ) : (
          <div data-testid="member-reports">
            {member.recentReports.map((report) => (
              <ReportCard key={report.id} report={report} showKind onOpen={() => openReport(report)} />
            ))}
          </div>
        )}
      </div>
    </>
  );
}

/** 部门成员详情 (?id=): a member's contact, customers, figures for a period, recent orders and recent reports. */
export default function DepartmentMembersDetailsPage() {
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  if (!id) return <BadLinkState what="成员" />;
  return <MemberDetailPage id={id} />;
}
