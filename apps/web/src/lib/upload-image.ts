import { ERROR_MESSAGES, IDEMPOTENCY_HEADER, RUNTIME_ERRORS, type EndpointResponse } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { ApiError, RuntimeError, upload } from './api-client';
import { newIdempotencyKey } from './outbox/key';
import { keepPhoto, photoPreview } from './outbox/outbox-runtime';
import { isRetryable } from './outbox/submit';
import { showToast } from './toast';

/** The upload's answer; `thumbnailUrl` is what to show (a kept photo's object URL). */
export type UploadedImage = EndpointResponse<typeof ROUTES.uploadImage> & { thumbnailUrl: string };

/**
 * POST /seller/upload/img (multipart field `file`): a photo of a follow-up or a report; answers its
 * URL. Each photo carries its own Idempotency-Key, made when it is picked. When the upload cannot
 * be sent (no answer, time-out, 5xx) the photo waits in the outbox and its URL is the local
 * reference `outbox-photo:<key>`; the write that holds it is then queued and the photo is uploaded
 * first, with the same key (lib/outbox/photos.ts).
 */
export async function uploadImage(file: File): Promise<UploadedImage> {
  const key = newIdempotencyKey();
  try {
    const uploaded = await upload<EndpointResponse<typeof ROUTES.uploadImage>>({ url: ROUTES.uploadImage, file, name: 'file', header: { [IDEMPOTENCY_HEADER]: key }, hideErrorToast: true });
    return { ...uploaded, thumbnailUrl: uploaded.url };
  } catch (error) {
    if (isRetryable(error)) {
      try {
        const url = await keepPhoto(key, file, file.name || 'image');
        return { url, name: file.name, size: file.size, contentType: file.type, thumbnailUrl: photoPreview(url) };
      } catch {
        // The phone cannot keep it (no IndexedDB, signed out): the upload failed, as before.
      }
    }
    // What the request layer would have said (a 401 was already handled there).
    const expired = error instanceof ApiError && error.code === 401;
    const aborted = error instanceof RuntimeError && error.code === RUNTIME_ERRORS.abort.code;
    if (!expired && !aborted && (error instanceof ApiError || error instanceof RuntimeError)) {
      showToast(error instanceof RuntimeError ? ERROR_MESSAGES.network : error.message || ERROR_MESSAGES.requestFailed);
    }
    throw error;
  }
}
