// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type CompressionPass,
  compressImage,
  compressWith,
  FIRST_PASS,
  MAX_FIRST_PASS_BYTES,
  SECOND_PASS,
} from './compress-image';

afterEach(() => vi.restoreAllMocks());

/** An encoder whose output of each pass has the given size; records the passes asked for. */
function encoder(...sizes: number[]) {
  const passes: CompressionPass[] = [];
  const encode = async (pass: CompressionPass) => {
    passes.push(pass);
    return new Blob([new Uint8Array(sizes[passes.length - 1] ?? 0)], { type: 'image/jpeg' });
  };
  return { passes, encode };
}

describe('compressWith', () => {
  it('keeps the first pass (1920x1080, quality 0.7) when it is 2 MB or less', async () => {
    const { passes, encode } = encoder(MAX_FIRST_PASS_BYTES);
    const result = await compressWith(encode);
    expect(result.size).toBe(2_097_152);
    expect(passes).toEqual([{ maxWidth: 1920, maxHeight: 1080, quality: 0.7 }]);
  });

  it('encodes again at 1280x720, quality 0.5, when the first pass is over 2 MB', async () => {
    const { passes, encode } = encoder(MAX_FIRST_PASS_BYTES + 1, 900_000);
    const result = await compressWith(encode);
    expect(result.size).toBe(900_000);
    expect(passes).toEqual([FIRST_PASS, SECOND_PASS]);
    expect(SECOND_PASS).toEqual({ maxWidth: 1280, maxHeight: 720, quality: 0.5 });
  });
});

describe('compressImage', () => {
  it('sends the original when the browser cannot decode the photo', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const file = new File(['not really a photo'], 'face.png', { type: 'image/png' });
    expect(await compressImage(file)).toBe(file);
  });
});
