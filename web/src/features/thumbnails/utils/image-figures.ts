import { LEGIBILITY_FRAME, type TextBox } from '@thumbnail-studio/contract';
import type { RgbaPixels } from '../../../lib/painted-bounds';

/**
 * What the readiness check measures in a thumbnail's own pixels, with no provider call: where the
 * eye is drawn (focal regions) and how far a subject stands out from what surrounds it. Measured
 * on a small copy (MEASURE_SIZE), as a viewer takes in a feed thumbnail; boxes are given in the
 * full-size 1280x720 frame, like the checks' face and text boxes.
 */

export type { RgbaPixels };

/** The size the image is measured at: a 16:9 copy about as large as the smallest feed thumbnail. */
export const MEASURE_SIZE = { width: 160, height: 90 } as const;

/**
 * A pixel counts as drawing the eye when its colour is this far (CIE76 ΔE) from the picture's
 * typical colour, and twice the average distance: a plain background draws nothing, and a
 * noisy photo does not make every pixel a focus.
 */
const MIN_SALIENCE = 12;
/** Salient pixels this close (measured pixels) join one region: a word's letters are one place. */
const JOIN_RADIUS = 2;
/** A region smaller than this share of the frame is a detail, not somewhere the eye goes. */
const MIN_REGION_SHARE = 0.006;
/** The ring a subject is compared with: its box grown by this share of its size on each side. */
const RING_SHARE = 0.25;

type Lab = [number, number, number];

const linear = (channel: number) => {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
const labCurve = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 / 116) * t + 16 / 116);

/** An sRGB colour in CIE L*a*b* (D65), where distances are about as far apart as colours look. */
export function toLab(r: number, g: number, b: number): Lab {
  const [lr, lg, lb] = [linear(r), linear(g), linear(b)];
  const x = labCurve((0.4124 * lr + 0.3576 * lg + 0.1805 * lb) / 0.95047);
  const y = labCurve(0.2126 * lr + 0.7152 * lg + 0.0722 * lb);
  const z = labCurve((0.0193 * lr + 0.1192 * lg + 0.9505 * lb) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

const distance = (a: Lab, b: Lab) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** One pixel's Lab colour. */
const labAt = ({ data }: RgbaPixels, pixel: number): Lab =>
  toLab(data[pixel * 4] ?? 0, data[pixel * 4 + 1] ?? 0, data[pixel * 4 + 2] ?? 0);

/** Every pixel's Lab colour, blurred over its 3x3 neighbours (a pixel's own noise draws no eye). */
function blurredLab(pixels: RgbaPixels): Lab[] {
  const { width, height } = pixels;
  const lab = Array.from({ length: width * height }, (_, i) => labAt(pixels, i));
  return lab.map((_, i) => {
    const x = i % width;
    const y = Math.floor(i / width);
    const around: Lab[] = [];
    for (let ny = Math.max(0, y - 1); ny <= Math.min(height - 1, y + 1); ny++) {
      for (let nx = Math.max(0, x - 1); nx <= Math.min(width - 1, x + 1); nx++) {
        around.push(lab[ny * width + nx] ?? [0, 0, 0]);
      }
    }
    return average(around);
  });
}

function average(colours: readonly Lab[]): Lab {
  const sum: Lab = [0, 0, 0];
  for (const colour of colours) {
    sum[0] += colour[0];
    sum[1] += colour[1];
    sum[2] += colour[2];
  }
  const n = Math.max(1, colours.length);
  return [sum[0] / n, sum[1] / n, sum[2] / n];
}

/** A box in measured pixels, scaled to the full-size frame. */
function toFrame(box: TextBox, { width, height }: RgbaPixels): TextBox {
  const sx = LEGIBILITY_FRAME.width / width;
  const sy = LEGIBILITY_FRAME.height / height;
  return { x0: box.x0 * sx, y0: box.y0 * sy, x1: box.x1 * sx, y1: box.y1 * sy };
}

/** The median of each Lab channel: the picture's typical (background) colour, which a subject does not pull. */
function medianColour(colours: readonly Lab[]): Lab {
  const median = (channel: 0 | 1 | 2) => {
    const values = Float64Array.from(colours, (colour) => colour[channel]).sort();
    return values[Math.floor(values.length / 2)] ?? 0;
  };
  return [median(0), median(1), median(2)];
}

/**
 * The places in a thumbnail that draw the eye, largest first, in frame pixels: the pixels whose
 * colour stands out from the picture's typical colour (frequency-tuned salience, after Achanta et
 * al. 2009, measured from the median rather than the mean so a large subject does not hide
 * another), those close together joined into one region, details too small to notice left out.
 */
export function focalRegions(pixels: RgbaPixels): TextBox[] {
  const { width, height } = pixels;
  const lab = blurredLab(pixels);
  const typical = medianColour(lab);
  const salience = lab.map((colour) => distance(colour, typical));
  const salientAt = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < width && y < height && salient[y * width + x] === true;
  const threshold = Math.max(MIN_SALIENCE, 2 * (salience.reduce((sum, s) => sum + s, 0) / salience.length));
  const salient = salience.map((s) => s >= threshold);
  // Grown by the join radius, so near neighbours touch; the regions keep only salient pixels' extent.
  const grown = salient.map((_, i) => {
    const x = i % width;
    const y = Math.floor(i / width);
    for (let dy = -JOIN_RADIUS; dy <= JOIN_RADIUS; dy++) {
      for (let dx = -JOIN_RADIUS; dx <= JOIN_RADIUS; dx++) {
        if (salientAt(x + dx, y + dy)) return true;
      }
    }
    return false;
  });
  const seen = new Uint8Array(width * height);
  const regions: { box: TextBox; area: number }[] = [];
  for (let start = 0; start < grown.length; start++) {
    if (!grown[start] || seen[start]) continue;
    const box = { x0: width, y0: height, x1: 0, y1: 0 };
    let area = 0;
    const stack = [start];
    seen[start] = 1;
    while (stack.length > 0) {
      const i = stack.pop() as number;
      const x = i % width;
      const y = Math.floor(i / width);
      if (salient[i]) {
        area++;
        box.x0 = Math.min(box.x0, x);
        box.y0 = Math.min(box.y0, y);
        box.x1 = Math.max(box.x1, x + 1);
        box.y1 = Math.max(box.y1, y + 1);
      }
      const neighbours = [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width];
      for (const n of neighbours) {
        if (n >= 0 && n < grown.length && grown[n] && !seen[n]) {
          seen[n] = 1;
          stack.push(n);
        }
      }
    }
    if (area >= MIN_REGION_SHARE * width * height) regions.push({ box, area });
  }
  return regions.sort((a, b) => b.area - a.area).map((region) => toFrame(region.box, pixels));
}

/** The measured pixels' Lab colours inside a frame box (whole pixels, within the image). */
function coloursIn(pixels: RgbaPixels, box: TextBox, except?: TextBox): Lab[] {
  const { width, height } = pixels;
  const sx = width / LEGIBILITY_FRAME.width;
  const sy = height / LEGIBILITY_FRAME.height;
  const inside = (b: TextBox, x: number, y: number) =>
    x >= Math.floor(b.x0 * sx) &&
    x < Math.ceil(b.x1 * sx) &&
    y >= Math.floor(b.y0 * sy) &&
    y < Math.ceil(b.y1 * sy);
  const colours: Lab[] = [];
  for (let y = Math.max(0, Math.floor(box.y0 * sy)); y < Math.min(height, Math.ceil(box.y1 * sy)); y++) {
    for (let x = Math.max(0, Math.floor(box.x0 * sx)); x < Math.min(width, Math.ceil(box.x1 * sx)); x++) {
      if (except && inside(except, x, y)) continue;
      colours.push(labAt(pixels, y * width + x));
    }
  }
  return colours;
}

/**
 * How far a subject (a frame box) stands out from what surrounds it: the CIE76 distance between
 * its average colour and the average colour of a ring around it (the box grown by a quarter of
 * its size on each side). Null when the box leaves no ring inside the frame.
 */
export function subjectContrast(pixels: RgbaPixels, box: TextBox): number | null {
  const growX = (box.x1 - box.x0) * RING_SHARE;
  const growY = (box.y1 - box.y0) * RING_SHARE;
  const ring = coloursIn(
    pixels,
    { x0: box.x0 - growX, y0: box.y0 - growY, x1: box.x1 + growX, y1: box.y1 + growY },
    box,
  );
  const subject = coloursIn(pixels, box);
  if (ring.length === 0 || subject.length === 0) return null;
  return Math.round(distance(average(subject), average(ring)));
}
