import { Tabs } from 'antd-mobile';
import { isOrderStatusFilter, ORDER_STATUS_TABS, type OrderStatusFilter } from '../order-status';

/** 全部 · 待付款 · 已付款 · 已发货 · 已完成 · 已取消/退款 */
export function OrderStatusTabs({ value, onChange }: { value: OrderStatusFilter; onChange(status: OrderStatusFilter): void }) {
  return (
    <Tabs
      className="status-tabs"
      activeKey={value}
      onChange={(key) => {
        if (isOrderStatusFilter(key)) onChange(key);
      }}
      data-testid="order-status-tabs"
    >
      {ORDER_STATUS_TABS.map((tab) => (
        <Tabs.Tab key={tab.key} title={tab.label} />
      ))}
    </Tabs>
  );
}
