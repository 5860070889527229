import { parseId } from '../../lib/query-params';

/**
 * The salesperson a 业务员 page is about: `?staffId=`, or the user themself when the link has
 * none; null when the parameter is there but malformed.
 */
export function salespersonId(raw: string | null, ownId: number | null): number | null {
  if (raw === null || raw === '') return ownId;
  return parseId(raw);
}
