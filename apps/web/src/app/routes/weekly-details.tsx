import { useSearchParams } from 'react-router';
import { BadLinkState } from '../../components/list-states';
import { routeUrl } from '../../config/paths';
import { ReportDetailView } from '../../features/reports/components/report-detail-view';
import { nav } from '../../lib/navigation';
import { parseId } from '../../lib/query-params';

/** 周报业绩详情 (?id=): the weekly report with its metrics snapshot, its orders and its PDF. */
export default function WeeklyDetailsPage() {
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  if (!id) return <BadLinkState what="周报" />;
  return (
    <ReportDetailView
      kind="weekly"
      id={id}
      onOrders={() => nav.navigateTo(routeUrl('weeklyOrderList', { id }))}
      onPdf={() => nav.navigateTo(routeUrl('viewPdf', { kind: 'weekly', id }))}
      onEdit={() => nav.navigateTo(routeUrl('weeklyReport', { write: 1, id }))}
      onDeleted={() => nav.navigateBack()}
    />
  );
}
