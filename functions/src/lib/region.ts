import { type PixelBox, REGION_FEATHER_PX, REGION_TEXTS, regionCropBox } from '@thumbnail-studio/contract';
import type { ImageData, RegionRequest } from '@thumbnail-studio/providers';
import { blendByWeights, featherWeights, grownMask, type MaskPixels, paintedMask } from '../core/region';
import { BadRequestError } from './errors';
import { loadSharp } from './sharp';

const MAX_INPUT_PIXELS = 50_000_000;

/** Whether the bytes start with PNG's signature. */
const isPng = (bytes: Uint8Array) =>
  bytes.length > 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;

/**
 * A creator's mask, read for an image of `size`: a PNG (refused otherwise), scaled to the image's
 * size when it has another, painted where its alpha (or, without alpha, its grey) is at least half.
 * Answers the painted pixels and their bounding box; refused when nothing is painted.
 */
export async function readMask(
  bytes: Uint8Array,
  size: { width: number; height: number },
): Promise<{ mask: MaskPixels; bounds: PixelBox }> {
  const sharp = await loadSharp();
  if (!isPng(bytes)) throw new BadRequestError(REGION_TEXTS.notPng);
  const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS });
  const meta = await image.metadata().catch(() => undefined);
  if (meta?.format !== 'png' || !meta.width || !meta.height) throw new BadRequestError(REGION_TEXTS.notPng);
  const scaled = image.resize(size.width, size.height, { fit: 'fill' });
  const channel = meta.hasAlpha ? scaled.ensureAlpha().extractChannel(3) : scaled.greyscale();
  const data = await channel
    .raw()
    .toBuffer()
    .catch(() => {
      throw new BadRequestError(REGION_TEXTS.notPng);
    });
  const { mask, bounds } = paintedMask(new Uint8Array(data), size.width, size.height);
  if (!bounds) throw new BadRequestError(REGION_TEXTS.emptyMask);
  return { mask, bounds };
}

/** The mask as a PNG the image's size: white and opaque where painted, transparent elsewhere. */
export async function maskPng(
  { data, width, height }: MaskPixels,
  paintedOpaque = true,
): Promise<Uint8Array> {
  const sharp = await loadSharp();
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < data.length; i++) {
    const painted = data[i] === 255;
    rgba.fill(painted ? 255 : 0, i * 4, i * 4 + 3);
    rgba[i * 4 + 3] = painted === paintedOpaque ? 255 : 0;
  }
  return new Uint8Array(
    await sharp(rgba, { raw: { width, height, channels: 4 } })
      .png()
      .toBuffer(),
  );
}

/** A stored mask (maskPng's PNG) read back as painted pixels. */
export async function storedMask(png: Uint8Array): Promise<{ mask: MaskPixels; bounds: PixelBox }> {
  const sharp = await loadSharp();
  const { width, height } = await sharp(png).metadata();
  if (!width || !height) throw new Error('the stored mask has no size');
  return readMask(png, { width, height });
}

/**
 * What each provider may be sent for a region edit of `source` (see RegionRequest): the mask,
 * OpenAI's form of it (transparent where to change), and the painted area's box with its margin
 * cut out of the source.
 */
export async function regionRequest(
  source: ImageData,
  { mask, bounds }: { mask: MaskPixels; bounds: PixelBox },
): Promise<RegionRequest> {
  const sharp = await loadSharp();
  const box = regionCropBox(bounds, mask);
  const [painted, editMask, crop] = await Promise.all([
    maskPng(mask),
    maskPng(mask, false),
    sharp(source.bytes)
      .extract({ left: box.x, top: box.y, width: box.width, height: box.height })
      .png()
      .toBuffer(),
  ]);
  return {
    mask: { bytes: painted, mimeType: 'image/png' },
    editMask: { bytes: editMask, mimeType: 'image/png' },
    crop: { box, image: { bytes: new Uint8Array(crop), mimeType: 'image/png' } },
  };
}

/**
 * The provider's `answer` put back over `source` through the painted area only: scaled to the
 * source's size (or, answering a crop, into `placedAt`), then blended by the mask softened over
 * REGION_FEATHER_PX, so every pixel further than that from the painted area is the source's, bit
 * for bit. A PNG the source's size.
 */
export async function putBackRegion(
  source: Uint8Array,
  answer: Uint8Array,
  mask: MaskPixels,
  placedAt?: PixelBox,
): Promise<Uint8Array> {
  const sharp = await loadSharp();
  const { width, height } = mask;
  const base = await sharp(source).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  if (base.info.width !== width || base.info.height !== height)
    throw new Error('the mask and the image differ in size');
  const answered = placedAt
    ? sharp(source)
        .ensureAlpha()
        .composite([
          {
            input: await sharp(answer)
              .resize(placedAt.width, placedAt.height, { fit: 'fill' })
              .ensureAlpha()
              .png()
              .toBuffer(),
            left: placedAt.x,
            top: placedAt.y,
          },
        ])
    : sharp(answer).resize(width, height, { fit: 'fill' }).ensureAlpha();
  // Composited images are flattened to raw through a second pipeline, as sharp applies `composite` last.
  const answerPixels = await sharp(await answered.png().toBuffer())
    .ensureAlpha()
    .raw()
    .toBuffer();
  const softened = await sharp(mask.data, { raw: { width, height, channels: 1 } })
    .blur(REGION_FEATHER_PX / 2)
    .extractChannel(0)
    .raw()
    .toBuffer();
  const weights = featherWeights(new Uint8Array(softened), grownMask(mask));
  const blended = blendByWeights(new Uint8Array(base.data), new Uint8Array(answerPixels), weights, 4);
  const hadAlpha = (await sharp(source).metadata()).hasAlpha;
  const out = sharp(blended, { raw: { width, height, channels: 4 } });
  return new Uint8Array(await (hadAlpha ? out : out.removeAlpha()).png().toBuffer());
}
