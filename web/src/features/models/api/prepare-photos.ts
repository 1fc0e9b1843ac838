import { uploadImage } from '../../../lib/upload-image';
import { compressImage } from '../utils/compress-image';
import { readAsDataUrl } from '../utils/data-url';
import { planPhotoTransport } from '../utils/photo-transport';

/**
 * Photos as a model request sends them, in order: each compressed, then a data URL while the request
 * stays well under the API's size limit (`baseBytes` is the rest of its JSON), else uploaded first
 * through a presigned PUT and sent as its key.
 */
export async function preparePhotos(files: readonly File[], baseBytes: number): Promise<string[]> {
  const compressed: Blob[] = [];
  // One at a time: a decoded photo takes tens of megabytes.
  for (const file of files) compressed.push(await compressImage(file));
  const plan = planPhotoTransport(compressed, baseBytes);
  return Promise.all(
    compressed.map((photo, index) => (plan[index] === 'inline' ? readAsDataUrl(photo) : uploadImage(photo))),
  );
}
