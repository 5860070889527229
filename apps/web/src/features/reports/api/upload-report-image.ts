import type { UploadResult } from '@sales/contract';
import { upload } from '../../../lib/api-client';

/** POST /seller/upload/img (multipart field `file`): a report photo; returns its URL. */
export const uploadReportImage = (file: File) => upload<UploadResult>({ url: '/seller/upload/img', file, name: 'file' });
