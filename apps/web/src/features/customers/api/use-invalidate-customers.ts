import { useQueryClient } from '@tanstack/react-query';
import { useCurrentSiteId } from '../../auth/session-store';
import { customerKeys } from './query-keys';

/** After a change of owner every customer query of the site may be stale (lists, detail, history). */
export function useInvalidateCustomers() {
  const siteId = useCurrentSiteId();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: customerKeys.all(siteId) });
}
