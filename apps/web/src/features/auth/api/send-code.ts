import type { SendBody, SendMsgBody, SendResult } from '@sales/contract';
import { request } from '../../../lib/api-client';

/** Sends a code to a given phone (login, new phone). */
export const sendCodeToPhone = (body: SendMsgBody) =>
  request<SendResult>({ url: '/seller/user/send/msg', method: 'POST', data: body });

/** Sends a code to the logged-in user's own phone. */
export const sendCodeToOwnPhone = (body: SendBody) => request<SendResult>({ url: '/seller/user/send', method: 'POST', data: body });
