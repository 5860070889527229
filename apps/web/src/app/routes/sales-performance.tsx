import { useSearchParams } from 'react-router';
import { FilterSelect } from '../../components/filter-select';
import { CardSkeleton, RecordErrorState } from '../../components/list-states';
import { usePersonFigures } from '../../features/performance/api/get-person-figures';
import { FiguresPanel } from '../../features/performance/components/figures-panel';
import { PerformanceToolbar } from '../../features/performance/components/performance-toolbar';
import { usePerformancePeriod } from '../../features/performance/performance-period';
import { usePerformanceSiteId } from '../../features/performance/performance-site';
import { useMemberList } from '../../features/staff/api/get-member-list';
import { parseId } from '../../lib/query-params';

/** 销售业绩 (?staffId=): the user's own figures, or a chosen member's when the server offers the member picker. */
export default function SalesPerformancePage() {
  const [params, setParams] = useSearchParams();
  const staffId = parseId(params.get('staffId'));
  const [period] = usePerformancePeriod();
  const siteId = usePerformanceSiteId();
  const figures = usePersonFigures(staffId, period);
  const data = figures.data;
  // The server says who may look at another member (canPickMember); the page only reads it.
  const picksMember = data?.canPickMember === true;
  const members = useMemberList(siteId, { enabled: picksMember });

  const memberFilter = picksMember && members.data && (
    <FilterSelect
      label="成员"
      value={staffId ? String(staffId) : 'me'}
      defaultValue="me"
      options={[{ value: 'me', label: '我自己' }, ...members.data.list.map((member) => ({ value: String(member.id), label: member.username }))]}
      onChange={(value) =>
        setParams(
          (previous) => {
            const next = new URLSearchParams(previous);
            if (value === 'me') next.delete('staffId');
            else next.set('staffId', value);
            return next;
          },
          { replace: true },
        )
      }
      searchable
      testId="performance-member"
    />
  );

  return (
    <>
      <PerformanceToolbar ranges={data?.ranges} actions={memberFilter} />
      {!data ? (
        figures.isError ? (
          <RecordErrorState error={figures.error} what="业绩" onRetry={() => void figures.refetch()} />
        ) : (
          <CardSkeleton count={3} lines={3} />
        )
      ) : (
        <div className={figures.isPlaceholderData ? 'is-refreshing' : undefined} aria-busy={figures.isPlaceholderData}>
          <h2 className="section-title" data-testid="performance-person">
            {data.member.username}的业绩
          </h2>
          <FiguresPanel figures={data.figures} ranges={data.ranges} trend={data.trend} pacing={data.pacing} />
        </div>
      )}
    </>
  );
}
