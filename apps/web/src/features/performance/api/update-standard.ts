import type { StandardUpdateBody } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { performanceKeys } from './query-keys';

/** POST /seller/fenghe/staff/performance/standard/update: sets the site default or a member's standard (leaders of the site). */
export const updateStandard = (body: StandardUpdateBody) =>
  call(ROUTES.standardUpdate, body, { hideErrorToast: true });

/** Every figure with a completion depends on the standards: refetch the site's performance. */
export function useUpdateStandard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStandard,
    onSuccess: (_row, body) => queryClient.invalidateQueries({ queryKey: performanceKeys.all(body.siteId) }),
  });
}
