import { useSearchParams } from 'react-router';
import { useSession } from '../auth/session-store';
import { parseId } from '../../lib/query-params';

/**
 * The salesperson a 业务员 page is about: `?staffId=`, or the user themself when the link has
 * none; null when the parameter is there but malformed.
 */
export function salespersonId(raw: string | null, ownId: number | null): number | null {
  if (raw === null || raw === '') return ownId;
  return parseId(raw);
}

/** salespersonId of the current page's link and user. */
export function useSalespersonId(): number | null {
  const [params] = useSearchParams();
  const ownId = useSession((state) => state.userId);
  return salespersonId(params.get('staffId'), ownId);
}
