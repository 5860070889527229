import { useQueryClient } from '@tanstack/react-query';
import { useCurrentSiteId } from '../../auth/session-store';
import { staffKeys } from './query-keys';

/** Staff figures (customer counts) change when a customer changes owner. */
export function useInvalidateStaff() {
  const siteId = useCurrentSiteId();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: staffKeys.all(siteId) });
}
