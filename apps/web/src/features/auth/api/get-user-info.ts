import { APP_VERSION } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { call } from '../../../lib/api-client';

export const getUserInfo = (id: number | null, options: { hideErrorToast?: boolean } = {}) =>
  call(ROUTES.userInfo, { id: id ?? undefined, Version: APP_VERSION }, { ...options });
