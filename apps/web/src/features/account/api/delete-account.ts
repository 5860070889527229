import type { WriteOffBody } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const deleteAccount = (body: WriteOffBody) => call(ROUTES.userDelete, body);

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
