import sharp from 'sharp';

/**
 * The yardstick the generation section's times are divided by: one job's image work as it was
 * when the budgets were set (the code of 23 Nov): decode the image and crop it to the 1280x720
 * frame, then from that frame, side by side, WebP previews at 480, 960 and 1280 px and a plain
 * 960 px JPEG. Spelled out here rather than calling the product's image code, so making that
 * code faster does not shrink the yardstick too (and with it every budget measured against it).
 */
export async function imageYardstick(original: Uint8Array): Promise<void> {
  const { data, info } = await sharp(original, { limitInputPixels: 50_000_000 })
    .resize(1280, 720, { fit: 'cover', position: 'centre' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const frame = () =>
    sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  await Promise.all([
    ...[480, 960, 1280].map((width) =>
      (width === 1280 ? frame() : frame().resize(width)).webp({ quality: 75, effort: 0 }).toBuffer(),
    ),
    frame().resize(960).flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: false }).toBuffer(),
  ]);
}
