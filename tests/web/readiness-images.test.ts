import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { findThumbnailFaces } from '../../functions/src/adapters/face-reader';
import { checkLegibility } from '../../functions/src/services/legibility-check';
import { MEASURE_SIZE } from '../../web/src/features/thumbnails/utils/image-figures';
import { type ReadinessFacts, readinessItems } from '../../web/src/features/thumbnails/utils/readiness';
import { thumbnailWith } from '../fakes/faces';

/**
 * The readiness check on pictures made here, read by the same checks a generated image gets (the
 * text read back by OCR, the faces found by the face check) and measured in pixels as the
 * browser measures the preview.
 */

const demo = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')),
  'demo',
);

/** What the readiness check knows of a picture once both checks have run. */
async function factsOf(image: Buffer, prompt = ''): Promise<ReadinessFacts> {
  const [legibility, faces, pixels] = await Promise.all([
    checkLegibility(image, prompt),
    findThumbnailFaces(image),
    sharp(image)
      .resize(MEASURE_SIZE.width, MEASURE_SIZE.height, { fit: 'cover' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true }),
  ]);
  return {
    legibility,
    faces: faces.map((face) => face.box),
    layers: [],
    pixels: {
      data: new Uint8ClampedArray(pixels.data),
      width: pixels.info.width,
      height: pixels.info.height,
    },
    duration: '12:34',
  };
}

const svgPicture = (body: string, background: string) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720"><rect width="1280" height="720" fill="${background}"/>${body}</svg>`,
    ),
  )
    .png()
    .toBuffer();

const words = (x: number, y: number, size: number, fill: string, text: string, anchor = 'start') =>
  `<text x="${x}" y="${y}" text-anchor="${anchor}" font-family="Liberation Sans, Arial, sans-serif" font-weight="bold" font-size="${size}" fill="${fill}">${text}</text>`;

const verdicts = (facts: ReadinessFacts) =>
  Object.fromEntries(readinessItems(facts).map((item) => [item.id, item.ok]));

// The first test loads the OCR and face models (seconds on a busy machine).
describe('the readiness check on made pictures', { timeout: 60_000 }, () => {
  it('passes a good thumbnail: a large face on a contrasting ground, big words clear of the badge', async () => {
    const face = await thumbnailWith('one');
    const good = await sharp(face)
      .resize(1280, 720)
      .composite([
        {
          input: Buffer.from(
            `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720">${words(60, 200, 150, '#ffd23f', 'WOW')}</svg>`,
          ),
        },
      ])
      .png()
      .toBuffer();
    expect(verdicts(await factsOf(good, 'the text "WOW"'))).toEqual({
      text: true,
      face: true,
      contrast: true,
      clutter: true,
      badge: true,
      corners: true,
    });
  });

  it('warns of tiny text, text under the badge, and a small face', async () => {
    const sample = await sharp(path.join(demo, 'sample1.jpg'))
      .extract({ left: 325, top: 235, width: 355, height: 480 })
      .resize({ height: 190 })
      .toBuffer();
    const picture = await sharp(
      await svgPicture(
        words(80, 160, 26, '#ffffff', 'tiny words nobody reads') +
          words(1260, 700, 110, '#ffffff', 'SALE', 'end'),
        '#1d3557',
      ),
    )
      .composite([{ input: sample, left: 560, top: 260 }])
      .png()
      .toBuffer();
    const facts = await factsOf(picture);
    const items = readinessItems(facts);
    expect(facts.faces).toHaveLength(1);
    expect(items.find((item) => item.id === 'face')).toMatchObject({ ok: false });
    expect(items.find((item) => item.id === 'text')).toMatchObject({ ok: false });
    expect(items.find((item) => item.id === 'badge')?.says).toMatch(/^Text sits under the duration badge/);
  });

  it('warns of a subject that blends into its ground', async () => {
    const picture = await svgPicture('<circle cx="800" cy="360" r="220" fill="#7c8590"/>', '#858585');
    expect(verdicts(await factsOf(picture)).contrast).toBe(false);
  });
});
