import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadEmojiKeywords } from './assets';
import { indexKeywords } from './keywords';
import { planOf, withPlan } from './plan-chunk';
import { planScene } from './scene';

const png = new Uint8Array(
  await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
    .png()
    .toBuffer(),
);
const plan = planScene('A cat on the left "HI 🐱"', indexKeywords(await loadEmojiKeywords()));

describe('the scene kept inside the PNG', () => {
  it('reads back what was written, and the PNG still decodes to the same pixels', async () => {
    const carrying = withPlan(png, plan);
    expect(planOf(carrying)).toEqual(plan);
    expect(await sharp(carrying).raw().toBuffer()).toEqual(await sharp(png).raw().toBuffer());
  });

  it('is absent from other images, and refused when it does not validate', () => {
    expect(planOf(png)).toBeUndefined();
    expect(planOf(new TextEncoder().encode('not a png'))).toBeUndefined();
    expect(planOf(withPlan(png, { ...plan, zoom: 99 }))).toBeUndefined();
    expect(planOf(withPlan(png, { ...plan, textColour: '"/><script>' }))).toBeUndefined();
  });
});
