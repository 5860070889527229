import type { SendBody, SendMsgBody } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { call } from '../../../lib/api-client';

/** Sends a code to a given phone (login, new phone). */
export const sendCodeToPhone = (body: SendMsgBody) =>
  call(ROUTES.userSendCode, body);

/** Sends a code to the logged-in user's own phone. */
export const sendCodeToOwnPhone = (body: SendBody) => call(ROUTES.userSendOwnCode, body);
