import type { LoginBody, LoginResult } from '@sales/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { completeLogin } from '../session';

export const login = (body: LoginBody) => request<LoginResult>({ url: '/seller/user/v2/login', method: 'POST', data: body });

/** Logs in and loads the user info; resolves true once the session is ready. */
export const useLogin = () =>
  useMutation({
    mutationFn: async (body: LoginBody) => completeLogin(await login(body)),
  });
