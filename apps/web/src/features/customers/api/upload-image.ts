import type { UploadResult } from '@sales/contract';
import { upload } from '../../../lib/api-client';

/** POST /seller/upload/img (multipart field `file`): a follow-up photo; returns its URL. */
export const uploadImage = (file: File) => upload<UploadResult>({ url: '/seller/upload/img', file, name: 'file' });
