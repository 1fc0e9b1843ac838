import { endpoints, type RequestBody } from '@thumbnail-studio/contract';
import { callApi, putToStorage } from '../../../lib/api-client';

type ImageType = RequestBody<typeof endpoints.createUpload>['content_type'];

/**
 * Uploads a reference image: the API hands out a presigned URL, the bytes go straight to storage
 * without passing through the API, and the returned key is what a message refers to.
 */
export async function uploadImage(file: File): Promise<string> {
  // The backend decides which image types it takes; its refusal is the message the user sees.
  const body = { content_type: file.type as ImageType, size: file.size };
  const upload = await callApi(endpoints.createUpload, { body });
  await putToStorage(upload.upload_url, file, upload.headers, 'The image could not be uploaded.');
  return upload.key;
}
