import { REGION_FEATHER_PX } from '@thumbnail-studio/contract';
import { describe, expect, it } from 'vitest';
import { blendByWeights, featherWeights, grownMask, paintedMask } from './region';

const W = 40;
const H = 30;

/** A painting channel `W` x `H` with `strength` on the pixels of `box`, 0 elsewhere. */
function channel(box: { x: number; y: number; width: number; height: number }, strength = 255) {
  const data = new Uint8Array(W * H);
  for (let y = box.y; y < box.y + box.height; y++)
    data.fill(strength, y * W + box.x, y * W + box.x + box.width);
  return data;
}

describe('the painted pixels of a mask', () => {
  it('are those at least half strength, with their bounding box', () => {
    const strong = channel({ x: 5, y: 6, width: 7, height: 3 }, 128);
    strong[0] = 127;
    const { mask, bounds } = paintedMask(strong, W, H);
    expect(bounds).toEqual({ x: 5, y: 6, width: 7, height: 3 });
    expect(mask.data.filter((v) => v === 255)).toHaveLength(21);
    expect(mask.data[0]).toBe(0);
  });

  it('have no bounding box when nothing is painted', () => {
    expect(paintedMask(channel({ x: 0, y: 0, width: W, height: H }, 127), W, H).bounds).toBeUndefined();
  });
});

describe('the feather around the painted area', () => {
  const { mask } = paintedMask(channel({ x: 20, y: 15, width: 1, height: 1 }), W, H);
  const grown = grownMask(mask);

  it('reaches exactly the pixels within its radius, by straight-line distance', () => {
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const within = (x - 20) ** 2 + (y - 15) ** 2 <= REGION_FEATHER_PX ** 2;
        expect(grown[y * W + x], `${x},${y}`).toBe(within ? 255 : 0);
      }
    }
  });

  it('weighs nothing outside the grown area, whatever the softened mask says there', () => {
    const softened = new Uint8Array(W * H).fill(200);
    const weights = featherWeights(softened, grown);
    for (let i = 0; i < weights.length; i++) expect(weights[i]).toBe(grown[i] === 255 ? 200 : 0);
  });
});

describe('blending an answer over its source', () => {
  it("keeps the source's bytes at weight 0, takes the answer's at 255, and mixes between", () => {
    const source = Uint8Array.from([10, 20, 30, 40, 50, 60, 70, 80, 90]);
    const answer = Uint8Array.from([250, 240, 230, 220, 210, 200, 190, 180, 170]);
    const out = blendByWeights(source, answer, Uint8Array.from([0, 255, 128]), 3);
    expect([...out]).toEqual([10, 20, 30, 220, 210, 200, 130, 130, 130]);
  });
});
