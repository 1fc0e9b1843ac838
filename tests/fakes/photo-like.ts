import sharp from 'sharp';

/** A seeded linear congruential generator: the same image every run. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

/** One octave of value noise: a random RGB grid `cell` pixels apart, smoothly interpolated. */
function octave(width: number, height: number, cell: number, amplitude: number, random: () => number) {
  const out = new Float32Array(width * height * 3);
  const gridWidth = Math.ceil(width / cell) + 2;
  const gridHeight = Math.ceil(height / cell) + 2;
  const grid = new Float32Array(gridWidth * gridHeight * 3).map(() => (random() - 0.5) * 2 * amplitude);
  const smooth = (t: number) => t * t * (3 - 2 * t);
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor(y / cell);
    const sy = smooth(y / cell - y0);
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor(x / cell);
      const sx = smooth(x / cell - x0);
      const a = (y0 * gridWidth + x0) * 3;
      const c = a + gridWidth * 3;
      const i = (y * width + x) * 3;
      for (let k = 0; k < 3; k++) {
        const top = (grid[a + k] ?? 0) + ((grid[a + 3 + k] ?? 0) - (grid[a + k] ?? 0)) * sx;
        const bottom = (grid[c + k] ?? 0) + ((grid[c + 3 + k] ?? 0) - (grid[c + k] ?? 0)) * sx;
        out[i + k] = top + (bottom - top) * sy;
      }
    }
  }
  return out;
}

/** The photos made so far in this process, by size and seed. */
const photos = new Map<string, Promise<Uint8Array>>();

/**
 * A photo-like PNG, like the 1536x1024 images providers answer: fractal noise (detail at
 * every scale, as in photographs) whose fine detail is masked out over part of the frame
 * (a smooth, out-of-focus background). At 1536x1024 it is about 4.4 MB as PNG, 2.6 MB at
 * 1280x720, and about 150 kB as a quality-85 JPEG: a hard but honest case for the image work.
 */
export function makePhotoPng(width = 1536, height = 1024, seed = 1): Promise<Uint8Array> {
  // Half a second of CPU each, and the same bytes for the same arguments: made once per process.
  const key = `${width}x${height}#${seed}`;
  let made = photos.get(key);
  if (!made) {
    made = drawPhotoPng(width, height, seed);
    photos.set(key, made);
  }
  return made.then((png) => png.slice());
}

async function drawPhotoPng(width: number, height: number, seed: number): Promise<Uint8Array> {
  const random = seeded(seed);
  const sum = new Float32Array(width * height * 3);
  const mask = octave(width, height, Math.max(width, height) / 3, 1, random);
  let amplitude = 70;
  for (let cell = Math.max(width, height) / 2; cell >= 1; cell /= 2, amplitude *= 0.85) {
    const layer = octave(width, height, cell, amplitude, random);
    const fine = cell < 24;
    for (let i = 0; i < sum.length; i++) {
      const weight = fine ? Math.max(0, Math.min(1, 0.3 + (mask[i - (i % 3)] ?? 0) * 3)) : 1;
      sum[i] = (sum[i] ?? 0) + (layer[i] ?? 0) * weight;
    }
  }
  const base = [120, 110, 100];
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < sum.length; i++) {
    pixels[i] = Math.max(0, Math.min(255, Math.round((base[i % 3] ?? 0) + (sum[i] ?? 0))));
  }
  const png = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  return new Uint8Array(png);
}
