import type { CheckBody } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** Verifies a code sent to the user's own phone; the ticket opens the next step of that flow. */
export const checkCode = (body: CheckBody) => call(ROUTES.userCheckCode, body);

export const useCheckCode = () => useMutation({ mutationFn: checkCode });
