import { customerQrPayload, parseCustomerQr } from '@sales/contract';
import { useSearchParams } from 'react-router';
import { BadLinkState } from '../../components/list-states';
import { ClaimByCode } from '../../features/customers/components/claim-by-code';
import { ManageBinding } from '../../features/customers/components/manage-binding';
import { useInvalidateStaff } from '../../features/staff/api/use-invalidate-staff';
import { StaffPicker } from '../../features/staff/components/staff-picker';
import { parseId } from '../../lib/query-params';

/** 绑定客户关系 (?id= for leaders; ?qr=<token> for a salesperson arriving from a scan). */
export default function RelationshipBindPage() {
  const [params] = useSearchParams();
  const invalidateStaff = useInvalidateStaff();
  const qr = params.get('qr');
  if (qr !== null) {
    const token = parseCustomerQr(customerQrPayload(qr));
    return token ? <ClaimByCode token={token} onClaimed={invalidateStaff} /> : <BadLinkState what="客户二维码" />;
  }
  const id = parseId(params.get('id'));
  if (!id) return <BadLinkState what="客户" />;
  return <ManageBinding customerId={id} picker={StaffPicker} onOwnerChanged={invalidateStaff} />;
}
