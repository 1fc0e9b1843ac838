import * as z from 'zod';
import { api } from '../../../lib/api-client';

const uploadSchema = z.object({
  key: z.string(),
  upload_url: z.string(),
  headers: z.record(z.string(), z.string()).default({}),
});

/**
 * Uploads a reference image: the API hands out a presigned URL (DESIGN decision 7), the bytes go
 * straight to storage, and the returned key is what a message refers to.
 */
export async function uploadImage(file: File): Promise<string> {
  const upload = await api.post('/api/uploads', { content_type: file.type, size: file.size }, uploadSchema);
  await api.putToStorage(upload.upload_url, file, upload.headers, 'The image could not be uploaded.');
  return upload.key;
}
