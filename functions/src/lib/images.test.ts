import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makePhotoPng } from '../../../tests/fakes/photo-like';
import {
  decodeFrame,
  deriveImageSizes,
  encodePartial,
  encodePreviews,
  MAX_JPEG_BYTES,
  makeDownload,
  NOT_AN_IMAGE,
  normalizeImage,
  PREVIEW_WIDTHS,
  youtubeJpeg,
} from './images';

const noisyPng = async (width: number, height: number) => {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  return new Uint8Array(
    await sharp(raw, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer(),
  );
};

/** One provider-sized photo-like PNG for the whole file: it takes a few seconds to draw. */
const photo = makePhotoPng();

const describeImage = async (bytes: Uint8Array) => {
  const { format, width, height } = await sharp(bytes).metadata();
  return { format, width, height };
};

describe('derived image sizes', () => {
  it('decodes the 3:2 original once into an exact 1280x720 frame', async () => {
    const frame = await decodeFrame(await noisyPng(1536, 1024));
    expect([frame.info.width, frame.info.height]).toEqual([1280, 720]);
    expect(frame.data.length).toBe(1280 * 720 * frame.info.channels);
  });

  it('keeps an original that is the frame already pixel for pixel, and crops a near-16:9 one to it', async () => {
    const exact = await noisyPng(1280, 720);
    const frame = await decodeFrame(exact);
    expect(frame.data.equals(await sharp(exact).raw().toBuffer())).toBe(true);
    const gemini = await decodeFrame(await noisyPng(1344, 768));
    expect([gemini.info.width, gemini.info.height]).toEqual([1280, 720]);
  });

  it('previews the frame in WebP at three widths, narrowest first, all 16:9', async () => {
    const previews = await encodePreviews(await decodeFrame(await photo));
    expect(previews.map((p) => p.width)).toEqual([480, 960, 1280]);
    expect(PREVIEW_WIDTHS.length).toBeGreaterThanOrEqual(2);
    const described = await Promise.all(previews.map((p) => describeImage(p.bytes)));
    expect(described).toEqual([
      { format: 'webp', width: 480, height: 270 },
      { format: 'webp', width: 960, height: 540 },
      { format: 'webp', width: 1280, height: 720 },
    ]);
    // Each wider preview costs more, and the widest is still far smaller than a JPEG of the frame.
    const sizes = previews.map((p) => p.bytes.length);
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
    expect(sizes[2]).toBeLessThan(200_000);
  });

  it('stores for the chat only the WebP previews (without WebP, the chat falls back to the original)', async () => {
    const stored = new Map<string, { bytes: Uint8Array; contentType: string }>();
    await deriveImageSizes(await noisyPng(1536, 1024), async ({ name, ...file }) => {
      stored.set(name, file);
    });
    expect([...stored.keys()].sort()).toEqual(['preview-1280.webp', 'preview-480.webp', 'preview-960.webp']);
    for (const width of PREVIEW_WIDTHS) {
      const preview = stored.get(`preview-${width}.webp`);
      expect(preview?.contentType).toBe('image/webp');
      expect(await describeImage(preview?.bytes ?? new Uint8Array())).toEqual({
        format: 'webp',
        width,
        height: (width * 9) / 16,
      });
    }
  });

  it('downloads as a lossless 1280x720 PNG, never re-quantised to a palette, even past 2 MB', async () => {
    const original = await noisyPng(1536, 1024);
    const frame = await decodeFrame(original);
    const png = await makeDownload(original, 'png');
    expect(png.contentType).toBe('image/png');
    expect(await describeImage(png.bytes)).toEqual({ format: 'png', width: 1280, height: 720 });
    const decoded = await sharp(png.bytes).raw().toBuffer();
    expect(decoded.equals(frame.data)).toBe(true);
    expect(png.bytes.length).toBeGreaterThan(2 * 1024 * 1024);
    expect((await sharp(png.bytes).metadata()).isPalette).toBeFalsy();
  });

  it('makes a YouTube-ready 1280x720 JPEG at or under 600 KB from photo-like and pure-noise art', async () => {
    for (const original of [await photo, await noisyPng(1536, 1024)]) {
      const jpeg = await makeDownload(original, 'jpeg');
      expect(jpeg.contentType).toBe('image/jpeg');
      expect(await describeImage(jpeg.bytes)).toEqual({ format: 'jpeg', width: 1280, height: 720 });
      expect(jpeg.bytes.length).toBeLessThanOrEqual(MAX_JPEG_BYTES);
    }
  });

  it('lowers the JPEG quality, a bounded number of times, until the file fits', async () => {
    // A small noisy frame: the rule is the same at any size, and four mozjpeg passes stay quick.
    const data = Buffer.alloc(320 * 180 * 3);
    for (let i = 0; i < data.length; i++) data[i] = (i * 2654435761) >>> 24;
    const frame = { data, info: { width: 320, height: 180, channels: 3 as const } };
    const first = await youtubeJpeg(frame);
    const squeezed = await youtubeJpeg(frame, first.length - 1);
    expect(squeezed.length).toBeLessThan(first.length);
    // Nothing fits one byte: it stops at the lowest quality rather than looping on.
    const floor = await youtubeJpeg(frame, 1);
    expect(floor.length).toBeGreaterThan(1);
    expect(floor.length).toBeLessThanOrEqual(squeezed.length);
  });
});

describe('a partial picture', () => {
  it('is a 640-wide 16:9 WebP of at most 40 KB, even of noise', async () => {
    const size = { width: 640, maxBytes: 40_000 };
    for (const source of [await photo, await noisyPng(1536, 1024)]) {
      const webp = await encodePartial(source, size);
      expect(await describeImage(webp)).toEqual({ format: 'webp', width: 640, height: 360 });
      expect(webp.length).toBeLessThanOrEqual(40_000);
    }
  });
});

describe('normalizeImage', () => {
  it('re-encodes an image as JPEG without its metadata', async () => {
    const withExif = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#f00' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'GPS here' } } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const normalized = await normalizeImage(new Uint8Array(withExif));
    const meta = await sharp(normalized.bytes).metadata();
    expect(normalized.mimeType).toBe('image/jpeg');
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([40, 30]);
  });

  it('refuses SVG and non-images with a clear message', async () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    await expect(normalizeImage(svg)).rejects.toThrow(NOT_AN_IMAGE);
    await expect(normalizeImage(new TextEncoder().encode('hello'))).rejects.toThrow(NOT_AN_IMAGE);
  });

  it('caps the longest edge at 2048 px', async () => {
    const big = await sharp({ create: { width: 4000, height: 1000, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const meta = await sharp((await normalizeImage(new Uint8Array(big))).bytes).metadata();
    expect([meta.width, meta.height]).toEqual([2048, 512]);
  });
});
