import { Button } from 'antd-mobile';
import { BadLinkState } from '../../components/list-states';
import { PagedList } from '../../components/paged-list';
import { routeUrl } from '../../config/paths';
import { ResetStaffPasswordButton } from '../../features/account/components/reset-staff-password-button';
import { useSession } from '../../features/auth/session-store';
import { useReportList } from '../../features/reports/api/get-report-list';
import { ReportCard } from '../../features/reports/components/report-card';
import { StaffCard } from '../../features/staff/components/staff-card';
import { nav } from '../../lib/navigation';
import { useSalespersonId } from '../../features/staff/salesperson-staff-id';

function StaffReports({ staffId }: { staffId: number }) {
  const userId = useSession((state) => state.userId);
  const list = useReportList('weekly', staffId === userId ? { scope: 'mine' } : { scope: 'members', staffId });
  return (
    <>
      <div className="section">
        <Button block fill="outline" onClick={() => {
            nav.navigateTo(routeUrl('historyWeekly', { staffId }));
          }} data-testid="salesperson-history">
          历史周业绩
        </Button>
      </div>
      <h2 className="section-title">周报</h2>
      <PagedList
        query={list}
        empty="暂无周报"
        header={(total) => <div className="list-total muted">共 {total} 份</div>}
        renderItem={(report) => <ReportCard key={report.id} report={report} onOpen={() => nav.navigateTo(routeUrl('weeklyDetails', { id: report.id }))} />}
        testId="salesperson-reports"
      />
    </>
  );
}

/** 业务员 (weekly-report area, ?staffId=): the salesperson's card and their weekly reports. */
export default function WeeklySalespersonPage() {
  const staffId = useSalespersonId();
  if (!staffId) return <BadLinkState what="业务员" />;
  return (
    <StaffCard staffId={staffId}>
      <ResetStaffPasswordButton staffId={staffId} />
      <StaffReports staffId={staffId} />
    </StaffCard>
  );
}
