import type { WriteOffBody } from '@sales/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';

export const deleteAccount = (body: WriteOffBody) => request<null>({ url: '/seller/user/write/off/web', method: 'POST', data: body });

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
