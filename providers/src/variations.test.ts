import { UNEXPECTED_ERROR_TEXT } from '@thumbnail-studio/contract';
import { describe, expect, it } from 'vitest';
import type { GenerationResult } from './types';
import { makeVariations } from './variations';

const image = (n: number): GenerationResult => ({
  type: 'image',
  image: { bytes: new Uint8Array([n]), mimeType: 'image/png' },
  model: 'm',
});

describe('makeVariations', () => {
  it('makes one call per variation, all started at once, each told its index', async () => {
    const started: number[] = [];
    const waiting: Array<() => void> = [];
    const made = makeVariations(3, async (variation) => {
      started.push(variation);
      await new Promise<void>((resolve) => waiting.push(resolve));
      return image(variation);
    });
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    for (const resolve of waiting) resolve();
    expect(await made).toEqual([image(0), image(1), image(2)]);
  });

  it('keeps the others when one call throws or fails, and says which', async () => {
    const thrown: number[] = [];
    const results = await makeVariations(
      3,
      async (variation) => {
        if (variation === 1) throw new Error('boom');
        if (variation === 2) return { type: 'error', content: 'Refused' };
        return image(variation);
      },
      (variation) => thrown.push(variation),
    );
    expect(results).toEqual([
      image(0),
      { type: 'error', content: UNEXPECTED_ERROR_TEXT },
      { type: 'error', content: 'Refused' },
    ]);
    expect(thrown).toEqual([1]);
  });

  it('throws the first error when every call throws', async () => {
    await expect(
      makeVariations(2, async (variation) => {
        throw new Error(`boom ${variation}`);
      }),
    ).rejects.toThrow('boom 0');
  });

  it('makes at most `atOnce` calls at a time, starting the next as one ends', async () => {
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const results = await makeVariations(
      4,
      async (variation) => {
        running++;
        most = Math.max(most, running);
        order.push(variation);
        // Later variations end sooner, so a slot frees up out of order.
        await new Promise((resolve) => setTimeout(resolve, 8 - 2 * variation));
        running--;
        return image(variation);
      },
      undefined,
      2,
    );
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3]);
    expect(results).toEqual([image(0), image(1), image(2), image(3)]);
  });
});
