import { crc32 } from 'node:zlib';
import * as z from 'zod/mini';
import type { ScenePlan } from './scene';

/**
 * The scene travels inside the PNG it was rendered to, as a `tEXt` chunk, so an edit of the
 * image re-renders the scene with the change (the worker hands providers the stored original).
 * Anyone can upload a PNG with such a chunk, so what is read back is validated and clamped like
 * any input; a PNG without a valid one is edited as pixels.
 */
const KEYWORD = 'thumbnail-studio-scene';
const SIGNATURE_BYTES = 8;

const hsl = z.object({
  h: z.number().check(z.minimum(0), z.maximum(360)),
  s: z.number().check(z.minimum(0), z.maximum(100)),
  l: z.number().check(z.minimum(0), z.maximum(100)),
});
const hexColour = z.string().check(z.regex(/^#[0-9a-f]{6}$/));
const scale = (low: number, high: number) => z.number().check(z.minimum(low), z.maximum(high));
const planSchema = z.object({
  subjects: z
    .array(
      z.object({
        word: z.string().check(z.maxLength(60)),
        emoji: z.string().check(z.maxLength(40)),
        codePoints: z.string().check(z.regex(/^[0-9a-f]{1,6}(-[0-9a-f]{1,6}){0,9}$/)),
      }),
    )
    .check(z.maxLength(3)),
  palette: z.object({ from: hsl, to: hsl, accent: hsl }),
  text: z.optional(z.string().check(z.maxLength(4000))),
  textColour: hexColour,
  side: z.enum(['left', 'right']),
  arrow: z.boolean(),
  circle: z.boolean(),
  textScale: scale(0.5, 2),
  subjectScale: scale(0.4, 1.6),
  zoom: scale(1, 3),
  adjust: z.object({
    brightness: scale(0.3, 2.5),
    saturation: scale(0, 3),
    hue: scale(-360, 360),
    grayscale: z.boolean(),
  }),
  textLayer: z.optional(z.boolean()),
});

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** The PNG with the plan in a chunk right after its header (IHDR). */
export function withPlan(png: Uint8Array, plan: ScenePlan): Uint8Array {
  const bytes = Buffer.from(png);
  const afterHeader = SIGNATURE_BYTES + 8 + bytes.readUInt32BE(SIGNATURE_BYTES) + 4;
  const data = Buffer.from(`${KEYWORD}\0${Buffer.from(JSON.stringify(plan)).toString('base64')}`, 'latin1');
  return new Uint8Array(
    Buffer.concat([bytes.subarray(0, afterHeader), chunk('tEXt', data), bytes.subarray(afterHeader)]),
  );
}

/** The plan a PNG carries, or undefined (not a PNG, no chunk, or one that does not validate). */
export function planOf(image: Uint8Array): ScenePlan | undefined {
  const bytes = Buffer.from(image.buffer, image.byteOffset, image.byteLength);
  if (bytes.length < SIGNATURE_BYTES || bytes.readUInt32BE(0) !== 0x89504e47) return undefined;
  for (let at = SIGNATURE_BYTES; at + 8 <= bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (type === 'IDAT' || type === 'IEND') return undefined;
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (type === 'tEXt' && data.toString('latin1').startsWith(`${KEYWORD}\0`)) {
      try {
        const json = Buffer.from(data.toString('latin1').slice(KEYWORD.length + 1), 'base64').toString(
          'utf8',
        );
        const parsed = planSchema.safeParse(JSON.parse(json));
        return parsed.success ? (parsed.data as ScenePlan) : undefined;
      } catch {
        return undefined;
      }
    }
    at += 12 + length;
  }
  return undefined;
}
