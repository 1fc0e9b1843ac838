import { REGION_FEATHER_PX, REGION_TEXTS } from '@thumbnail-studio/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { maskPng, putBackRegion, readMask, regionRequest, storedMask } from './region';

const W = 320;
const H = 180;

/** A PNG of pseudo-random colours (a different picture for each seed), `channels` deep. */
async function noise(seed: number, width = W, height = H, channels: 3 | 4 = 3) {
  const raw = new Uint8Array(width * height * channels);
  for (let i = 0; i < raw.length; i++) raw[i] = ((i + seed * 7919) * 2654435761) >>> 24;
  if (channels === 4) for (let i = 3; i < raw.length; i += 4) raw[i] = 255;
  return new Uint8Array(await sharp(raw, { raw: { width, height, channels } }).png().toBuffer());
}

/** A mask PNG `width` x `height` with a painted disc and a painted square, transparent elsewhere. */
async function paintedPng(width = W, height = H) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <circle cx="${width * 0.3}" cy="${height * 0.5}" r="${height * 0.2}" fill="#fff"/>
    <rect x="${width * 0.6}" y="${height * 0.2}" width="${width * 0.2}" height="${height * 0.3}" fill="#fff"/></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}

const rawOf = async (png: Uint8Array) => new Uint8Array(await sharp(png).removeAlpha().raw().toBuffer());

/** Whether a painted pixel lies within the feather of (x, y), by straight-line distance. */
const nearPainted = (painted: Uint8Array) => (x: number, y: number) => {
  const r = REGION_FEATHER_PX;
  for (let dy = -r; dy <= r; dy++) {
    for (let dx = -r; dx <= r; dx++) {
      const px = x + dx;
      const py = y + dy;
      if (dx * dx + dy * dy > r * r || px < 0 || py < 0 || px >= W || py >= H) continue;
      if (painted[py * W + px] === 255) return true;
    }
  }
  return false;
};

describe('a region edit put back over its image', () => {
  it('changes no pixel further than the feather from the painted area, and takes the answer well inside it', async () => {
    const source = await noise(1);
    const answer = await noise(2);
    const { mask } = await readMask(await paintedPng(), { width: W, height: H });
    const out = await rawOf(await putBackRegion(source, answer, mask));
    const [before, proposed] = await Promise.all([rawOf(source), rawOf(answer)]);
    const near = nearPainted(mask.data);
    let outside = 0;
    let inside = 0;
    for (let y = 0; y < H; y += 1) {
      for (let x = 0; x < W; x += 1) {
        const i = (y * W + x) * 3;
        const pixel = (data: Uint8Array) => [data[i], data[i + 1], data[i + 2]];
        if (!near(x, y)) {
          outside++;
          expect(pixel(out), `${x},${y}`).toEqual(pixel(before));
        } else if (isDeepInside(mask.data, x, y)) {
          inside++;
          expect(pixel(out), `${x},${y}`).toEqual(pixel(proposed));
        }
      }
    }
    expect(outside).toBeGreaterThan(30_000);
    expect(inside).toBeGreaterThan(1_000);
  });

  it('scales a crop answered for its box back into place', async () => {
    const source = await noise(3);
    const { mask, bounds } = await readMask(await paintedPng(), { width: W, height: H });
    const region = await regionRequest({ bytes: source, mimeType: 'image/png' }, { mask, bounds });
    const { box } = region.crop;
    expect(await sharp(region.crop.image.bytes).metadata()).toMatchObject({
      width: box.width,
      height: box.height,
    });
    // A provider answering the crop at twice its size, in one flat colour.
    const flat = new Uint8Array(
      await sharp({
        create: { width: box.width * 2, height: box.height * 2, channels: 3, background: '#ff0000' },
      })
        .png()
        .toBuffer(),
    );
    const out = await rawOf(await putBackRegion(source, flat, mask, box));
    const centre =
      ((bounds.y + Math.floor(bounds.height / 2)) * W + bounds.x + Math.floor(bounds.width * 0.3)) * 3;
    expect([out[centre], out[centre + 1], out[centre + 2]]).toEqual([255, 0, 0]);
    const before = await rawOf(source);
    expect([...out.subarray(0, 30)]).toEqual([...before.subarray(0, 30)]);
  });

  it("gives OpenAI the mask's other form: transparent where to change, opaque elsewhere", async () => {
    const { mask, bounds } = await readMask(await paintedPng(), { width: W, height: H });
    const region = await regionRequest({ bytes: await noise(4), mimeType: 'image/png' }, { mask, bounds });
    const alpha = async (png: Uint8Array) =>
      new Uint8Array(await sharp(png).extractChannel(3).raw().toBuffer());
    const [painted, openai] = await Promise.all([alpha(region.mask.bytes), alpha(region.editMask.bytes)]);
    for (let i = 0; i < painted.length; i += 97) expect(openai[i]).toBe(255 - (painted[i] ?? 0));
    expect(await sharp(region.editMask.bytes).metadata()).toMatchObject({
      width: W,
      height: H,
      hasAlpha: true,
    });
  });
});

describe('reading a mask', () => {
  it('scales a mask of another size to the image and keeps what was painted', async () => {
    const { mask, bounds } = await readMask(await paintedPng(W * 2, H * 2), { width: W, height: H });
    expect(mask).toMatchObject({ width: W, height: H });
    expect(bounds.x).toBeGreaterThan(0);
    const again = await storedMask(await maskPng(mask));
    expect(again.bounds).toEqual(bounds);
  });

  it('refuses a mask that is not a PNG, and one with nothing painted', async () => {
    const jpeg = new Uint8Array(
      await sharp(await noise(5))
        .jpeg()
        .toBuffer(),
    );
    await expect(readMask(jpeg, { width: W, height: H })).rejects.toThrow(REGION_TEXTS.notPng);
    const empty = new Uint8Array(
      await sharp({
        create: { width: W, height: H, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
      })
        .png()
        .toBuffer(),
    );
    await expect(readMask(empty, { width: W, height: H })).rejects.toThrow(REGION_TEXTS.emptyMask);
  });

  it('reads a mask without alpha by its grey: white is painted', async () => {
    const grey = new Uint8Array(
      await sharp(await paintedPng())
        .flatten({ background: '#000' })
        .png()
        .toBuffer(),
    );
    const { bounds } = await readMask(grey, { width: W, height: H });
    expect(bounds.width).toBeGreaterThan(50);
  });
});

/** Whether every pixel within the feather of (x, y) is painted: the edit's full weight there. */
function isDeepInside(painted: Uint8Array, x: number, y: number) {
  const r = REGION_FEATHER_PX * 2;
  for (let dy = -r; dy <= r; dy++) {
    for (let dx = -r; dx <= r; dx++) if (painted[(y + dy) * W + (x + dx)] !== 255) return false;
  }
  return true;
}
