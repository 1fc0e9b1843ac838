import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { deriveImageSizes, MAX_EXPORT_BYTES, NOT_AN_IMAGE, normalizeImage } from './images';

const noisyPng = async (width: number, height: number) => {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  return new Uint8Array(
    await sharp(raw, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer(),
  );
};

describe('deriveImageSizes', () => {
  it('exports a 1280x720 PNG under 2 MB and a 640x360 preview, even from noisy 3:2 art', async () => {
    const sizes = await deriveImageSizes(await noisyPng(1536, 1024));
    const exported = await sharp(sizes.export).metadata();
    expect([exported.format, exported.width, exported.height]).toEqual(['png', 1280, 720]);
    expect(sizes.export.length).toBeLessThanOrEqual(MAX_EXPORT_BYTES);
    const preview = await sharp(sizes.preview).metadata();
    expect([preview.format, preview.width, preview.height]).toEqual(['jpeg', 640, 360]);
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
