import { useSearchParams } from 'react-router';
import { BadLinkState } from '../../components/list-states';
import { OrderBrowser } from '../../features/orders/components/order-browser';
import { StaffLine } from '../../features/staff/components/staff-line';
import { parseId } from '../../lib/query-params';

/** 订单 (?staffId=): one salesperson's orders. */
export default function EmployeeOrderListPage() {
  const [params] = useSearchParams();
  const staffId = parseId(params.get('staffId'));
  if (!staffId) return <BadLinkState what="业务员" />;
  return (
    <>
      <StaffLine staffId={staffId} />
      <OrderBrowser scope={{ staffId }} />
    </>
  );
}
