import type { Visit } from '@sales/contract';
import { Avatar, Tag } from 'antd-mobile';
import { useState } from 'react';
import { CardSkeleton, EmptyState, ErrorState } from '../../../components/list-states';
import { Sheet } from '../../../components/sheet';
import { routeUrl } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { nav } from '../../../lib/navigation';
import { useAttendanceVisits } from '../api/get-attendance-visits';
import { VisitDetail } from './visit-detail';

/**
 * 团队考勤 → 拜访: the day's check-ins of each member with time, customer, ±accuracy and 位置偏离;
 * a row opens its follow-up (content, photos, check-in) in a sheet.
 */
export function VisitsDay({ date }: { date: string }) {
  const query = useAttendanceVisits(date);
  const [opened, setOpened] = useState<{ visit: Visit; memberName: string } | null>(null);
  if (!query.data) {
    if (query.isError) return <ErrorState onRetry={() => void query.refetch()} />;
    return <CardSkeleton count={3} lines={1} />;
  }
  const data = query.data;
  const members = data.members.filter((entry) => entry.visits.length > 0);
  return (
    <section aria-label={`${data.date} 拜访`} data-testid="attendance-visits" data-date={data.date}>
      <h2 className="section-title">{data.date} 拜访</h2>
      <p className="muted visits-day__counts" data-testid="attendance-visits-counts">
        签到 {data.total} 次 · 位置偏离 {data.deviated} 次（超过 {data.deviationMeters} 米）
      </p>
      {members.length === 0 ? (
        <EmptyState title="当天没有拜访签到" />
      ) : (
        <ul className="visits-day__members">
          {members.map(({ member, visits }) => (
            <li key={member.id} className="visits-day__member" data-testid="visits-member" data-staff-id={member.id}>
              <div className="visits-day__name">
                <Avatar src={member.avatar ?? ''} style={{ '--size': '32px', '--border-radius': '50%' }} />
                <span>{member.username}</span>
                <span className="muted">{visits.length} 次</span>
              </div>
              {visits.map((visit) => (
                <button
                  type="button"
                  key={visit.followUpId}
                  className="visits-day__visit"
                  onClick={() => setOpened({ visit, memberName: member.username })}
                  data-testid="visit-row"
                  data-follow-up-id={visit.followUpId}
                >
                  <span>{formatDateTime(visit.checkIn.at).slice(11, 16)}</span>
                  <span className="visits-day__customer" data-testid="visit-customer">
                    {visit.customer.name}
                  </span>
                  <span className="muted">±{Math.round(visit.checkIn.accuracy)} 米</span>
                  {visit.checkIn.deviated && visit.checkIn.distance !== null && (
                    <Tag color="danger" data-testid="visit-deviated">
                      位置偏离 {visit.checkIn.distance} 米
                    </Tag>
                  )}
                </button>
              ))}
            </li>
          ))}
        </ul>
      )}
      <Sheet visible={opened !== null} onMaskClick={() => setOpened(null)} onClose={() => setOpened(null)} bodyClassName="sheet sheet--form" destroyOnClose>
        {opened && (
          <VisitDetail
            visit={opened.visit}
            memberName={opened.memberName}
            onClose={() => setOpened(null)}
            onOpenCustomer={() => {
              setOpened(null);
              nav.navigateTo(routeUrl('customerDetails', { id: opened.visit.customer.id, tab: 'followups' }));
            }}
          />
        )}
      </Sheet>
    </section>
  );
}
