import { Button, List, Steps } from 'antd-mobile';
import { CardSkeleton, RecordErrorState } from '../../../components/list-states';
import { Money } from '../../../components/money';
import { PhoneLink } from '../../../components/phone-link';
import { routeUrl } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { nav } from '../../../lib/navigation';
import { useOrderDetail } from '../api/get-order-detail';
import { orderTimeline } from '../order-status';
import { OrderStatusTag } from './order-status-tag';

/** orderDetails: status and time line, customer, salesperson, items, total, remark. */
export function OrderDetailView({ id }: { id: number }) {
  const { data: order, isError, error, refetch } = useOrderDetail(id);

  if (!order) {
    if (isError) return <RecordErrorState error={error} what="订单" onRetry={() => void refetch()} />;
    return <CardSkeleton count={3} lines={3} />;
  }

  const steps = orderTimeline(order);
  const staff = order.staff;
  return (
    <div className="detail" data-testid="order-detail">
      <section className="detail-header">
        <div className="card__row">
          <span className="order-no" data-testid="order-no">
            {order.orderNo}
          </span>
          <OrderStatusTag status={order.status} />
        </div>
        <div className="detail-header__amount">
          <Money value={order.amount} testId="order-amount" />
        </div>
        <div className="muted">下单时间 {formatDateTime(order.createdAt)}</div>
      </section>

      <section className="detail-section">
        <h2 className="detail-section__title">订单进度</h2>
        <Steps direction="vertical" data-testid="order-timeline">
          {steps.map((step) => (
            <Steps.Step key={step.key} title={step.label} description={step.time ? formatDateTime(step.time) : '—'} status={step.state} />
          ))}
        </Steps>
      </section>

      <List header="客户与业务员" className="detail-list">
        <List.Item
          extra={order.customer.contactName}
          description={<PhoneLink phone={order.customer.phone} />}
          onClick={() => {
            nav.navigateTo(routeUrl('customerDetails', { id: order.customer.id }));
          }}
          data-testid="order-customer-link"
        >
          {order.customer.name}
        </List.Item>
        <List.Item
          extra="业务员"
          onClick={staff ? () => nav.navigateTo(routeUrl('orderSalesperson', { staffId: staff.id })) : undefined}
        >
          {order.staff?.username ?? '未分配'}
        </List.Item>
      </List>

      <section className="detail-section">
        <h2 className="detail-section__title">商品</h2>
        <ul className="order-items" data-testid="order-items">
          {order.items.map((item, index) => (
            <li key={`${item.name}-${index}`} className="order-items__row">
              <div>
                <div className="order-items__name">
                  {item.name} × {item.quantity}
                </div>
                <div className="muted">单价 {<Money value={item.unitPrice} />}</div>
              </div>
              <Money value={item.subtotal} />
            </li>
          ))}
        </ul>
        <div className="order-items__total">
          <span>合计</span>
          <Money value={order.amount} className="amount" />
        </div>
      </section>

      <section className="detail-section">
        <h2 className="detail-section__title">备注</h2>
        <p className="detail-text">{order.remark || <span className="muted">无</span>}</p>
      </section>

      <div className="section">
        <Button
          block
          fill="none"
          onClick={() => {
            nav.navigateTo(routeUrl('customerOrderList', { customerId: order.customer.id }));
          }}
        >
          该客户的全部订单
        </Button>
      </div>
    </div>
  );
}
