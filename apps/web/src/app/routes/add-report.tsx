import { useSearchParams } from 'react-router';
import { routeUrl } from '../../config/paths';
import { ReportWriter } from '../../features/reports/components/report-writer';
import { nav } from '../../lib/navigation';
import { parseId } from '../../lib/query-params';

/** 添加半月报 (?id= to edit): the current half month's metrics, then the form; saved, it opens in 历史记录. */
export default function AddReportPage() {
  const [params] = useSearchParams();
  const open = (id: number) => nav.redirectTo(routeUrl('historicalReportRecords', { id }));
  return (
    <div className="report-write" data-testid="half-month-write">
      <ReportWriter kind="halfMonth" editId={parseId(params.get('id'))} onSaved={(report) => open(report.id)} onOpen={open} />
    </div>
  );
}
