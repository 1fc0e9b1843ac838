import { describe, expect, it } from 'vitest';
import { downloadFilename } from './download-filename';

describe('downloadFilename', () => {
  it('lowercases and replaces non-alphanumerics with underscores', () => {
    expect(downloadFilename('Epic Minecraft Build!')).toBe('epic_minecraft_build__generated.png');
  });

  it('keeps at most 50 characters of the prompt', () => {
    const name = downloadFilename('X'.repeat(80));
    expect(name).toBe(`${'x'.repeat(50)}_generated.png`);
  });

  it('replaces accented letters and each UTF-16 unit of an emoji', () => {
    expect(downloadFilename('Café 🔥')).toBe('caf_____generated.png');
  });

  it('falls back to a stem when the prompt is empty', () => {
    expect(downloadFilename('')).toBe('thumbnail_generated.png');
    expect(downloadFilename(null)).toBe('thumbnail_generated.png');
  });

  it('names the YouTube JPEG by the same rule, with its own extension', () => {
    expect(downloadFilename('Epic Minecraft Build!', 'jpeg')).toBe('epic_minecraft_build__generated.jpg');
    expect(downloadFilename('Epic Minecraft Build!', 'png')).toBe('epic_minecraft_build__generated.png');
    expect(downloadFilename('X'.repeat(80), 'jpeg')).toBe(`${'x'.repeat(50)}_generated.jpg`);
  });
});
