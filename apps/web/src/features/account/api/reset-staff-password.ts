import type { ResetStaffPasswordBody, ResetStaffPasswordResult } from '@sales/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';

/** A leader resets a member's password; the member receives a one-time password by SMS. */
export const resetStaffPassword = (body: ResetStaffPasswordBody) =>
  request<ResetStaffPasswordResult>({ url: '/seller/user/reset/staff/password', method: 'POST', data: body });

export const useResetStaffPassword = () => useMutation({ mutationFn: resetStaffPassword });
