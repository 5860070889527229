import type { ResetTelBody } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** Moves the account to a new phone (ticket of changePhone plus the new phone's code). */
export const resetPhone = (body: ResetTelBody) => call(ROUTES.userResetPhone, body);

export const useResetPhone = () => useMutation({ mutationFn: resetPhone });
