import sharp from 'sharp';
import {
  decodeFrame,
  deriveImageSizes,
  encodePreviews,
  type Frame,
  losslessPng,
  makeDownload,
  youtubeJpeg,
} from '../../../functions/src/lib/images';
import { makePhotoPng } from '../../fakes/photo-like';
import { budgets } from '../budgets';
import type { BenchSection, Measurement } from '../report';

const RUNS = 5;
const kB = (bytes: number) => bytes / 1000;

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** The median wall time of `work` over RUNS runs, after one warm-up. */
async function time(work: () => Promise<unknown>): Promise<number> {
  await work();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return median(times);
}

/**
 * What the worker did before: a level-6 PNG, re-quantised to a palette when past 2 MB,
 * and a 640x360 JPEG preview. Kept here as the yardstick for the new derivation's time.
 */
async function previousDerivation(original: Uint8Array) {
  const source = sharp(original, { limitInputPixels: 50_000_000 });
  const frame = source.clone().resize(1280, 720, { fit: 'cover', position: 'centre' });
  const [full] = await Promise.all([
    frame.clone().png({ compressionLevel: 6 }).toBuffer(),
    source.clone().resize(640, 360, { fit: 'cover' }).jpeg({ quality: 80 }).toBuffer(),
  ]);
  if (full.length > 2 * 1024 * 1024)
    await frame.clone().png({ palette: true, quality: 90, compressionLevel: 6 }).toBuffer();
}

/** Pure noise, the hardest case for the JPEG's 600 KB. */
function noiseFrame(): Frame {
  const data = Buffer.alloc(1280 * 720 * 3);
  for (let i = 0; i < data.length; i++) data[i] = (Math.imul(i, 2654435761) >>> 24) & 0xff;
  return { data, info: { width: 1280, height: 720, channels: 3 } };
}

/**
 * The image work of one generation, in-process, on a provider-sized photo-like PNG: the bytes
 * of every size kept (against budgets), and its time as ratios taken in this one run.
 */
export const images: BenchSection = {
  title: 'Image sizes (1536x1024 photo-like PNG, in-process)',
  async run() {
    const original = await makePhotoPng();
    const frame = await decodeFrame(original);
    const previews = await encodePreviews(frame);
    const measurements: Measurement[] = previews.map(({ width, bytes }) => ({
      label: `WebP preview ${width}w`,
      value: kB(bytes.length),
      unit: 'kB',
      budget: budgets.previewWebpKb[width as keyof typeof budgets.previewWebpKb],
    }));
    const noiseJpeg = await youtubeJpeg(noiseFrame());
    const [jpeg, png] = await Promise.all([makeDownload(original, 'jpeg'), makeDownload(original, 'png')]);
    measurements.push(
      {
        label: 'YouTube JPEG 1280x720',
        value: kB(jpeg.bytes.length),
        unit: 'kB',
        budget: budgets.youtubeJpegKb,
      },
      {
        label: 'YouTube JPEG, pure noise',
        value: kB(noiseJpeg.length),
        unit: 'kB',
        budget: budgets.youtubeJpegKb,
      },
      { label: 'PNG 1280x720 (lossless)', value: kB(png.bytes.length), unit: 'kB' },
    );

    const previous = await time(() => previousDerivation(original));
    const current = await time(() => deriveImageSizes(original, async () => {}));
    const parts = {
      decode: await time(() => decodeFrame(original)),
      previews: await time(() => encodePreviews(frame)),
    };
    const downloads = {
      png: await time(() => losslessPng(frame)),
      jpeg: await time(() => youtubeJpeg(frame)),
    };
    measurements.push({
      label: 'derivation time, new as % of previous',
      value: (100 * current) / previous,
      unit: '%',
      budget: budgets.imageDerivationTimePercent,
    });
    const sum = parts.decode + parts.previews;
    const share = (part: number) => `${Math.round((100 * part) / sum)}%`;
    return {
      title: this.title,
      measurements,
      notes: [
        `source PNG ${original.length} bytes; medians of ${RUNS} runs: new ${Math.round(current)} ms, previous ${Math.round(previous)} ms (level-6 PNG, its palette fallback past 2 MB, 640x360 JPEG); ms on this machine only as context`,
        `a job's image work one step at a time: decode+crop ${share(parts.decode)}, three WebP previews ${share(parts.previews)} (a browser without WebP falls back to the original: nothing encoded for it)`,
        `the downloads, made on first download only: PNG ${Math.round(downloads.png)} ms, mozjpeg JPEG ${Math.round(downloads.jpeg)} ms (plus a decode) on this machine`,
        `the old 640x360 preview stretched over a 710 px column; now a 2x screen gets the 1280w WebP, a phone the 480w or 960w`,
      ],
    };
  },
};
