import * as ROUTES from '@sales/contract/routes';
import { call } from '../../../lib/api-client';

/** Ends the session on the server. */
export const logoutOnServer = () => call(ROUTES.userLogout, undefined, { hideErrorToast: true });
