import { describe, expect, it } from 'vitest';
import { dataUrlLength, jsonBytes, MAX_INLINE_JSON_BYTES, planPhotoTransport } from './photo-transport';

const MB = 1024 * 1024;
const jpeg = (size: number) => ({ size, type: 'image/jpeg' });

describe('dataUrlLength', () => {
  it('counts the prefix and 4 characters for every 3 bytes, rounded up', () => {
    const prefix = 'data:image/jpeg;base64,'.length;
    expect(dataUrlLength(0, 'image/jpeg')).toBe(prefix);
    expect(dataUrlLength(3, 'image/jpeg')).toBe(prefix + 4);
    expect(dataUrlLength(4, 'image/jpeg')).toBe(prefix + 8);
    expect(dataUrlLength(3 * MB, 'image/jpeg')).toBe(prefix + 4 * MB);
  });
});

describe('planPhotoTransport', () => {
  it('sends small photos inline', () => {
    expect(planPhotoTransport([jpeg(300_000), jpeg(500_000), jpeg(800_000)], 100)).toEqual([
      'inline',
      'inline',
      'inline',
    ]);
  });

  it('uploads the photos that would take the JSON over the budget, inlining later ones that still fit', () => {
    // 2 MB as base64 is ~2.8 MB: the first fits, the second would not, the small third does.
    expect(planPhotoTransport([jpeg(2 * MB), jpeg(2 * MB), jpeg(200_000)], 100)).toEqual([
      'inline',
      'upload',
      'inline',
    ]);
  });

  it('uploads a photo too large to be inlined at all', () => {
    expect(planPhotoTransport([jpeg(4 * MB)], 100)).toEqual(['upload']);
  });

  it('keeps the whole JSON within the budget, counting the keys of uploaded photos', () => {
    const photos = Array.from({ length: 20 }, () => jpeg(600_000));
    const plan = planPhotoTransport(photos, 1000);
    const inline = plan.filter((how) => how === 'inline').length;
    expect(inline).toBeGreaterThan(0);
    expect(plan.slice(0, inline).every((how) => how === 'inline')).toBe(true);
    const total = 1000 + inline * (dataUrlLength(600_000, 'image/jpeg') + 3) + (20 - inline) * 300;
    expect(total).toBeLessThanOrEqual(MAX_INLINE_JSON_BYTES);
  });

  it('measures JSON in UTF-8 bytes', () => {
    expect(jsonBytes({ name: 'Zoë' })).toBe('{"name":"Zoë"}'.length + 1);
  });
});
