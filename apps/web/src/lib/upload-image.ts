import type { EndpointResponse } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { upload } from './api-client';

/** POST /seller/upload/img (multipart field `file`): a photo of a follow-up or a report; answers its URL. */
export const uploadImage = (file: File) => upload<EndpointResponse<typeof ROUTES.uploadImage>>({ url: ROUTES.uploadImage, file, name: 'file' });
