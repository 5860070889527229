import type { CustomerDetail } from '@sales/contract';
import { List } from 'antd-mobile';
import { PhoneLink } from '../../../components/phone-link';
import { formatDateTime } from '../../../lib/format';

/** 资料: everything on file about the customer. */
export function CustomerProfile({ customer }: { customer: CustomerDetail }) {
  const rows: [string, React.ReactNode][] = [
    ['客户名称', customer.name],
    ['联系人', customer.contactName || '—'],
    ['联系电话', <PhoneLink key="phone" phone={customer.phone} />],
    ['地址', customer.address || '—'],
    ['客户等级', `${customer.level}类`],
    ['客户来源', customer.source || '—'],
    ['负责人', customer.owner?.username ?? '未绑定'],
    ['所属站点', customer.siteName],
    ['建档时间', formatDateTime(customer.createdAt)],
    ['备注', customer.remark || '—'],
  ];
  return (
    <List className="profile-list" data-testid="customer-profile">
      {rows.map(([label, value]) => (
        <List.Item key={label} extra={value}>
          {label}
        </List.Item>
      ))}
    </List>
  );
}
