import { IDEMPOTENCY_HEADER, type EndpointResponse } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { upload } from './api-client';
import { newIdempotencyKey } from './outbox/key';

/**
 * POST /seller/upload/img (multipart field `file`): a photo of a follow-up or a report; answers its
 * URL. Each photo carries its own Idempotency-Key, made when it is picked.
 */
export const uploadImage = (file: File) =>
  upload<EndpointResponse<typeof ROUTES.uploadImage>>({ url: ROUTES.uploadImage, file, name: 'file', header: { [IDEMPOTENCY_HEADER]: newIdempotencyKey() } });
