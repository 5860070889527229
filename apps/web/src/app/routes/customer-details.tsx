import { ERROR_MESSAGES } from '@sales/contract';
import { Button, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { BadLinkState, CardSkeleton, RecordErrorState } from '../../components/list-states';
import { Sheet } from '../../components/sheet';
import { routeUrl } from '../../config/paths';
import { useCustomerDetail } from '../../features/customers/api/get-customer-detail';
import { CustomerHeader } from '../../features/customers/components/customer-header';
import { CustomerProfile } from '../../features/customers/components/customer-profile';
import { CustomerQrCode } from '../../features/customers/components/customer-qr-code';
import { FollowUpWriterSheet } from './follow-up-writer-sheet';
import { FollowUpTimeline } from '../../features/customers/components/follow-up-timeline';
import { useSession } from '../../features/auth/session-store';
import { useInvalidateCustomers } from '../../features/customers/api/use-invalidate-customers';
import { CheckInBadge } from '../../features/visits/components/check-in-badge';
import { CustomerPositionCard } from '../../features/visits/components/customer-position';
import { CustomerRecentOrders } from '../../features/orders/components/recent-orders';
import { ReleaseSheet } from '../../features/pool/components/release-sheet';
import { nav } from '../../lib/navigation';
import { parseId } from '../../lib/query-params';
import { showToast } from '../../lib/toast';

const TABS = [
  { key: 'orders', title: '订单' },
  { key: 'followups', title: '跟进记录' },
  { key: 'profile', title: '资料' },
  { key: 'qr', title: '二维码' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

function CustomerScreen({ id }: { id: number }) {
  const [params, setParams] = useSearchParams();
  const { data: customer, isError, error, refetch } = useCustomerDetail(id);
  const [writing, setWriting] = useState(false);
  const [releasing, setReleasing] = useState(false);
  const isLeader = useSession((state) => state.currentSite?.isLeader ?? false);
  const invalidateCustomers = useInvalidateCustomers();
  const userId = useSession((state) => state.userId);

  if (!customer) {
    if (isError) return <RecordErrorState error={error} what="客户" onRetry={() => void refetch()} />;
    return <CardSkeleton count={3} lines={3} />;
  }

  const tabs = TABS.filter((tab) => tab.key !== 'qr' || customer.qrPayload !== null);
  const requested = params.get('tab');
  const active: TabKey = tabs.find((tab) => tab.key === requested)?.key ?? 'orders';
  const setTab = (key: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('tab', key);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="detail detail--with-bar" data-testid="customer-detail">
      <CustomerHeader customer={customer} />
      <div className="detail-tabs">
        <Tabs activeKey={active} onChange={setTab} data-testid="customer-tabs">
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.key} title={tab.title} />
          ))}
        </Tabs>
      </div>
      <div className="detail-tab-body">
        {active === 'orders' && <CustomerRecentOrders customerId={customer.id} moreUrl={routeUrl('customerOrderList', { customerId: customer.id })} />}
        {active === 'followups' && (
          <FollowUpTimeline
            customerId={customer.id}
            extra={(entry) =>
              entry.checkIn && (
                <CheckInBadge
                  checkIn={entry.checkIn}
                  // 位置偏离: to leaders, and to the salesperson on their own check-ins.
                  showDeviation={isLeader || entry.staff.id === userId}
                  onSetPosition={
                    customer.position === null && (isLeader || entry.staff.id === userId)
                      ? () =>
                          // Its dialog's module comes on the tap, not with the page.
                          void import('../../features/visits/offer-customer-position').then(
                            ({ offerCustomerPosition }) =>
                              offerCustomerPosition(entry).then((set) => {
                                if (set) void invalidateCustomers();
                              }),
                            () => showToast(ERROR_MESSAGES.network, 'fail'),
                          )
                      : undefined
                  }
                />
              )
            }
          />
        )}
        {active === 'profile' && isLeader && <CustomerPositionCard customer={customer} onSaved={() => void invalidateCustomers()} />}
        {active === 'profile' && <CustomerProfile customer={customer} />}
        {active === 'qr' && customer.qrPayload && <CustomerQrCode payload={customer.qrPayload} name={customer.name} />}
      </div>

      <div className="action-bar">
        {customer.canManage && (
          <Button
            fill="outline"
            color="primary"
            onClick={() => {
              nav.navigateTo(routeUrl('relationshipBind', { id: customer.id }));
            }}
            data-testid="customer-bind"
          >
            {customer.owner ? '转移' : '绑定'}
          </Button>
        )}
        {customer.owner?.id === userId && (
          // 放弃: the owner returns the customer to the 公海 with a reason (issue 27 §2).
          <Button fill="outline" color="danger" onClick={() => setReleasing(true)} data-testid="customer-release">
            放弃
          </Button>
        )}
        <Button color="primary" onClick={() => setWriting(true)} data-testid="follow-up-open">
          写跟进
        </Button>
      </div>

      <Sheet visible={releasing} onMaskClick={() => setReleasing(false)} bodyClassName="sheet sheet--form" destroyOnClose>
        <ReleaseSheet
          customerId={customer.id}
          customerName={customer.name}
          onCancel={() => setReleasing(false)}
          onDone={() => {
            setReleasing(false);
            // It is no longer the salesperson's: back to where they came from.
            nav.navigateBack();
          }}
        />
      </Sheet>

      <FollowUpWriterSheet preload="shown" customerId={writing ? customer.id : null} onClose={() => setWriting(false)} onWritten={() => setTab('followups')} />
    </div>
  );
}

/** 客户详情 / 客户 (?id=): header, figures, 订单 · 跟进记录 · 资料 · 二维码, and the actions. */
export default function CustomerDetailsPage() {
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  if (!id) return <BadLinkState what="客户" />;
  return <CustomerScreen id={id} />;
}
