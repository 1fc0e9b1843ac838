import { endpoints, type RequestBody } from '@thumbnail-studio/contract';
import { callApi, putToStorage } from './api-client';

type ImageType = RequestBody<typeof endpoints.createUpload>['content_type'];

/**
 * Uploads an image through a presigned PUT: the API hands out the URL, the bytes go straight to storage
 * without passing through the API, and the returned key is what a message or a model refers to.
 */
export async function uploadImage(image: Blob): Promise<string> {
  // The backend decides which image types it takes; its refusal is the message the user sees.
  const body = { content_type: image.type as ImageType, size: image.size };
  const upload = await callApi(endpoints.createUpload, { body });
  await putToStorage(upload.upload_url, image, upload.headers, 'The image could not be uploaded.');
  return upload.key;
}
