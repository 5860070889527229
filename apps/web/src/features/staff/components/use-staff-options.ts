import { useStaffList } from '../api/get-staff-list';
import { staffFilterOptions } from '../staff-options';

/** The site's staff as filter options for leaders (empty while loading); undefined for everyone else. */
export function useStaffOptions(enabled: boolean) {
  const staff = useStaffList({ enabled });
  if (!enabled) return undefined;
  return staff.data ? staffFilterOptions(staff.data.list) : [];
}
