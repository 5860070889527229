import { ERROR_MESSAGES } from '@sales/contract';
import { ApiError } from '../../lib/api-client';

/** What a refused pool action tells the user: the server's words (which rule, the numbers), else the network's. */
export function failureText(error: unknown): string {
  if (error instanceof ApiError) return error.message || ERROR_MESSAGES.requestFailed;
  return ERROR_MESSAGES.network;
}
