import type { LoginBody, LoginResult } from '@sales/contract';
import { request } from '../../../lib/api-client';

export const login = (body: LoginBody) => request<LoginResult>({ url: '/seller/user/v2/login', method: 'POST', data: body });
