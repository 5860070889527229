import { APP_VERSION, PLATFORM, VERSION_CODE } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { call, callGet } from '../../../lib/api-client';

export const getVersion = () => callGet(ROUTES.versionInfo);

/** Reports this client's version and learns whether a newer one is out. */
export const checkForUpdate = () =>
  call(ROUTES.versionUpdate, { version: APP_VERSION, versionCode: VERSION_CODE, platform: PLATFORM }, { hideErrorToast: true });
