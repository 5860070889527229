import { APP_VERSION, type UserInfo } from '@sales/contract';
import { request } from '../../../lib/api-client';

export const getUserInfo = (id: number | null, options: { hideErrorToast?: boolean } = {}) =>
  request<UserInfo>({ url: '/seller/user/info', method: 'POST', data: { id: id ?? undefined, Version: APP_VERSION }, ...options });
