import type { CheckBody, CheckResult } from '@sales/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';

/** Verifies a code sent to the user's own phone; the ticket opens the next step of that flow. */
export const checkCode = (body: CheckBody) => request<CheckResult>({ url: '/seller/user/check', method: 'POST', data: body });

export const useCheckCode = () => useMutation({ mutationFn: checkCode });
