import type { PasswordUpdateBody } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const updatePassword = (body: PasswordUpdateBody) => call(ROUTES.userUpdatePassword, body);

export const useUpdatePassword = () => useMutation({ mutationFn: updatePassword });
