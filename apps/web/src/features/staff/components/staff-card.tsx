import { Avatar, Tag } from 'antd-mobile';
import type { ReactNode } from 'react';
import { Figure } from '../../../components/figure';
import { CardSkeleton, RecordErrorState } from '../../../components/list-states';
import { Money } from '../../../components/money';
import { PhoneLink } from '../../../components/phone-link';
import { useStaffDetail } from '../api/get-staff-detail';

/**
 * A salesperson's card: name, phone, customers, and this month's sales and orders. What goes
 * below it (their orders, reports) shows only once the salesperson is known to be visible.
 */
export function StaffCard({ staffId, children }: { staffId: number; children?: ReactNode }) {
  const { data: staff, isError, error, refetch } = useStaffDetail(staffId);
  if (!staff) {
    if (isError) return <RecordErrorState error={error} what="业务员" onRetry={() => void refetch()} />;
    return <CardSkeleton count={1} lines={3} />;
  }
  return (
    <>
      <section className="staff-card" data-testid="staff-card">
        <div className="staff-card__head">
          <Avatar src={staff.avatar ?? ''} style={{ '--size': '52px', '--border-radius': '50%' }} />
          <div className="staff-card__who">
            <div className="staff-card__name">
              <span data-testid="staff-name">{staff.username}</span>
              <Tag color={staff.isLeader ? 'warning' : 'primary'} fill="outline">
                {staff.isLeader ? '主管' : '业务员'}
              </Tag>
            </div>
            <PhoneLink phone={staff.phone} testId="staff-phone" />
          </div>
          <PhoneLink phone={staff.phone} button />
        </div>
        <div className="figures">
          <Figure label="客户数" testId="staff-customer-count">
            {staff.customerCount ?? '—'}
          </Figure>
          <Figure label="本月销售额">
            {staff.monthAmount === null ? '—' : <Money value={staff.monthAmount} testId="staff-month-amount" />}
          </Figure>
          <Figure label="本月订单" testId="staff-month-orders">
            {staff.monthOrders ?? '—'}
          </Figure>
        </div>
      </section>
      {children}
    </>
  );
}
