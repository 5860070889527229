import { ErrorBlock } from 'antd-mobile';
import { useState } from 'react';
import { FilterSelect } from '../../components/filter-select';
import { PagedList } from '../../components/paged-list';
import { routeUrl } from '../../config/paths';
import { useSession } from '../../features/auth/session-store';
import { useReportList } from '../../features/reports/api/get-report-list';
import { ReportCard } from '../../features/reports/components/report-card';
import { useStaffOptions } from '../../features/staff/components/use-staff-options';
import { nav } from '../../lib/navigation';

type ReadFilter = 'all' | 'unread' | 'read';
const READ_OPTIONS: { value: ReadFilter; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'unread', label: '未读' },
  { value: 'read', label: '已读' },
];

/**
 * The 员工 filter, shown once the site's salespeople have come: it reads them itself, so their
 * answer draws this select rather than the page and its reports again.
 */
function StaffFilter({ value, onChange }: { value: string; onChange(staff: string): void }) {
  const staffOptions = useStaffOptions(true) ?? [];
  if (staffOptions.length === 0) return null;
  return <FilterSelect label="员工" value={value} defaultValue="all" options={[{ value: 'all', label: '全部员工' }, ...staffOptions]} onChange={onChange} searchable testId="employee-report-staff" />;
}

/** 员工报告 (leaders, reportAllSites): the members' half-month reports, filtered by member and read status. */
export default function EmployeeReportPage() {
  const permissions = useSession((state) => state.permissionData);
  const allowed = permissions?.isSalesperson === false || permissions?.reportAllSites === true;
  const [staff, setStaff] = useState('all');
  const [read, setRead] = useState<ReadFilter>('all');
  const list = useReportList('halfMonth', {
    scope: 'members',
    staffId: staff === 'all' ? undefined : Number(staff),
    read: read === 'all' ? undefined : read,
  });
  if (!allowed) return <ErrorBlock className="state-block" status="default" title="仅主管可查看" description="员工报告是主管查看成员半月报的地方" />;
  return (
    <div data-testid="employee-report">
      <div className="list-toolbar filter-row">
        {permissions?.isSalesperson === false && <StaffFilter value={staff} onChange={setStaff} />}
        <FilterSelect<ReadFilter> label="阅读状态" value={read} defaultValue="all" options={READ_OPTIONS} onChange={setRead} testId="employee-report-read" />
      </div>
      <PagedList
        query={list}
        empty="暂无半月报"
        header={(total) => <div className="list-total muted">共 {total} 份</div>}
        renderItem={(report) => <ReportCard key={report.id} report={report} showAuthor onOpen={() => nav.navigateTo(routeUrl('historicalReportRecords', { id: report.id }))} />}
        testId="employee-report-list"
      />
    </div>
  );
}
