import { loadSharp } from '../../lib/sharp';

/**
 * The two pictures the studio shows while it "draws", as a streaming provider would: the scene
 * blocked out (the final picture reduced to coarse blocks), then nearly there (softly blurred).
 */
export async function partialPictures(final: Uint8Array): Promise<[Uint8Array, Uint8Array]> {
  const sharp = await loadSharp();
  const { width = 1280, height = 720 } = await sharp(final).metadata();
  const blocks = await sharp(final)
    .resize(24, Math.max(1, Math.round((24 * height) / width)), { fit: 'fill' })
    .resize(width, height, { kernel: 'nearest', fit: 'fill' })
    .png()
    .toBuffer();
  const soft = await sharp(final).blur(6).png().toBuffer();
  return [new Uint8Array(blocks), new Uint8Array(soft)];
}
