import type { PasswordUpdateBody } from '@sales/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';

export const updatePassword = (body: PasswordUpdateBody) => request<null>({ url: '/seller/user/password/update', method: 'POST', data: body });

export const useUpdatePassword = () => useMutation({ mutationFn: updatePassword });
