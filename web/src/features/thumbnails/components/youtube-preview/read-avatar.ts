/** Side of the stored avatar, in pixels: twice the largest size the preview draws it (36 px). */
const AVATAR_SIZE = 72;

/**
 * An image file as a small square PNG data URL (cropped to its centre), to keep in this browser's
 * storage: the avatar is never uploaded.
 */
export async function readAvatar(file: File): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const side = Math.min(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = AVATAR_SIZE;
  canvas.height = AVATAR_SIZE;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw images.');
  const left = (bitmap.width - side) / 2;
  const top = (bitmap.height - side) / 2;
  context.drawImage(bitmap, left, top, side, side, 0, 0, AVATAR_SIZE, AVATAR_SIZE);
  bitmap.close();
  return canvas.toDataURL('image/png');
}
