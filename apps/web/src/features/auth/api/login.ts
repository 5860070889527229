import type { LoginBody } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { call } from '../../../lib/api-client';

export const login = (body: LoginBody) => call(ROUTES.userLogin, body);
