import { PhoneLink } from '../../../components/phone-link';
import { useStaffDetail } from '../api/get-staff-detail';

/** A one-line heading naming the salesperson whose list this is; nothing if they cannot be loaded. */
export function StaffLine({ staffId }: { staffId: number }) {
  const { data: staff } = useStaffDetail(staffId);
  if (!staff) return null;
  return (
    <div className="context-line" data-testid="staff-line">
      <span>
        业务员：<strong>{staff.username}</strong>
      </span>
      <PhoneLink phone={staff.phone} />
    </div>
  );
}
