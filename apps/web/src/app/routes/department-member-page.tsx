import { routeUrl } from '../../config/paths';
import { usePerformanceSiteId } from '../../features/performance/performance-site';
import { MemberListView } from '../../features/staff/components/member-list-view';
import { nav } from '../../lib/navigation';

/** 部门成员 */
export default function DepartmentMemberPage() {
  const siteId = usePerformanceSiteId();
  return <MemberListView siteId={siteId} onOpen={(id) => nav.navigateTo(routeUrl('departmentMembersDetails', { id }))} />;
}
