import type { ResetStaffPasswordBody } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** A leader resets a member's password; the member receives a one-time password by SMS. */
export const resetStaffPassword = (body: ResetStaffPasswordBody) =>
  call(ROUTES.userResetStaffPassword, body);

export const useResetStaffPassword = () => useMutation({ mutationFn: resetStaffPassword });
