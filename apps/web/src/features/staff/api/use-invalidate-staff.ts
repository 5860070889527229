import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../auth/session-store';
import { staffKeys } from './query-keys';

/** Staff figures (customer counts) change when a customer changes owner. */
export function useInvalidateStaff() {
  const siteId = useSession((state) => state.currentSite?.departmentId ?? null);
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: staffKeys.all(siteId) });
}
