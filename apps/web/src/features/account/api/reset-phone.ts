import type { AccountInfo, ResetTelBody } from '@sales/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';

/** Moves the account to a new phone (ticket of changePhone plus the new phone's code). */
export const resetPhone = (body: ResetTelBody) => request<AccountInfo>({ url: '/seller/user/reset/tel', method: 'POST', data: body });

export const useResetPhone = () => useMutation({ mutationFn: resetPhone });
