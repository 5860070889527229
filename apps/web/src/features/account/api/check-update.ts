import { APP_VERSION, PLATFORM, VERSION_CODE, type VersionInfo, type VersionUpdateResult } from '@sales/contract';
import { request } from '../../../lib/api-client';

export const getVersion = () => request<VersionInfo>({ url: '/seller/version' });

/** Reports this client's version and learns whether a newer one is out. */
export const checkForUpdate = () =>
  request<VersionUpdateResult>({
    url: '/seller/version/update',
    method: 'POST',
    data: { version: APP_VERSION, versionCode: VERSION_CODE, platform: PLATFORM },
    hideErrorToast: true,
  });
