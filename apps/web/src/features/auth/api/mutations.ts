import type { LoginBody } from '@sales/contract';
import { useMutation } from '@tanstack/react-query';
import { completeLogin } from '../session';
import { login } from './login';
import { sendCodeToPhone } from './send-code';

// The login page calls login() and sendCodeToPhone() directly, so TanStack Query is not part of its
// first load; the code-entry page, loaded with the query client, uses these.

/** Logs in and loads the user info; resolves true once the session is ready. */
export const useLogin = () =>
  useMutation({
    mutationFn: async (body: LoginBody) => completeLogin(await login(body)),
  });

export const useSendCodeToPhone = () => useMutation({ mutationFn: sendCodeToPhone });
