import { request } from '../../../lib/api-client';

/** Ends the session on the server. */
export const logoutOnServer = () => request<null>({ url: '/seller/user/logout', method: 'POST', hideErrorToast: true });
