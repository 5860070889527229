import { useSearchParams } from 'react-router';
import { BadLinkState, CardSkeleton, EmptyState, RecordErrorState } from '../../components/list-states';
import { Money } from '../../components/money';
import { TapCard } from '../../components/tap-card';
import { routeUrl } from '../../config/paths';
import { ResetStaffPasswordButton } from '../../features/account/components/reset-staff-password-button';
import { useSession } from '../../features/auth/session-store';
import { FiguresPanel } from '../../features/performance/components/figures-panel';
import { PerformanceToolbar } from '../../features/performance/components/performance-toolbar';
import { periodFields, usePerformancePeriod } from '../../features/performance/performance-period';
import { usePerformanceSiteId } from '../../features/performance/performance-site';
import { useMemberDetail } from '../../features/staff/api/get-member-detail';
import { MemberHeader } from '../../features/staff/components/member-header';
import { formatDateTime } from '../../lib/format';
import { nav } from '../../lib/navigation';
import { parseId } from '../../lib/query-params';

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
          member.recentOrders.map((order) => (
            <TapCard key={order.id} onTap={() => nav.navigateTo(routeUrl('orderDetails', { id: order.id }))} label={`订单 ${order.orderNo}`} testId="member-order">
              <div className="card__row">
                <span className="card__title">{order.customer.name}</span>
                <Money value={order.amount} className="amount" />
              </div>
              <div className="card__row card__meta">
                <span className="order-no">{order.orderNo}</span>
                <span>{formatDateTime(order.paidAt)}</span>
              </div>
            </TapCard>
          ))
        )}
      </div>
    </>
  );
}

/** 部门成员详情 (?id=): a member's contact, customers, figures for a period and recent orders. */
export default function DepartmentMembersDetailsPage() {
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  if (!id) return <BadLinkState what="成员" />;
  return <MemberDetailPage id={id} />;
}
