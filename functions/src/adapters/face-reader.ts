import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LEGIBILITY_FRAME } from '@thumbnail-studio/contract';
import type { Face } from '../core/likeness';
import { loadSharp } from '../lib/sharp';
import type * as FaceEngine from './face-engine';

/**
 * The face engine (face-engine.ts: TensorFlow.js and the face networks, a few MB of code) is
 * loaded on first use. Beside a Lambda bundle it is a file of its own, built when the bundle is
 * (infra/src/face-engine-bundle.ts), so the worker's bundle stays small; run from source (tsx,
 * vitest) it is the module itself. The specifiers are chosen at run time, so the bundler leaves
 * both alone.
 */
const BUILT_ENGINE = new URL('./face-engine.mjs', import.meta.url);
const SOURCE_ENGINE = './face-engine.js';
let engine: Promise<typeof FaceEngine> | undefined;

function loadEngine(): Promise<typeof FaceEngine> {
  const specifier = existsSync(fileURLToPath(BUILT_ENGINE)) ? BUILT_ENGINE.href : SOURCE_ENGINE;
  engine ??= (import(specifier) as Promise<typeof FaceEngine>).catch((error) => {
    engine = undefined;
    throw error;
  });
  return engine;
}

/** A person's photo is looked at no larger than this on its longer side (the detector's own input is smaller). */
const PHOTO_SIDE = 1024;

/** Runs the engine on raw RGB pixels; boxes are scaled by `scale` into the caller's frame. */
async function facesOf(pixels: { data: Buffer; info: { width: number; height: number } }, scale = 1) {
  const found = await (await loadEngine()).findFaces({
    data: pixels.data,
    width: pixels.info.width,
    height: pixels.info.height,
  });
  return found.map(
    ({ box, descriptor }): Face => ({
      box: {
        x0: Math.round(box.x * scale),
        y0: Math.round(box.y * scale),
        x1: Math.round((box.x + box.width) * scale),
        y1: Math.round((box.y + box.height) * scale),
      },
      descriptor,
    }),
  );
}

/**
 * Every face in a generated thumbnail (any size and format), with boxes in the full-size
 * 1280x720 frame the preview and the legibility check use: the image is fitted to it as they fit it.
 */
export async function findThumbnailFaces(image: Uint8Array): Promise<Face[]> {
  const sharp = await loadSharp();
  const pixels = await sharp(image)
    .resize(LEGIBILITY_FRAME.width, LEGIBILITY_FRAME.height, { fit: 'cover' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return facesOf(pixels);
}

/** The largest face in a person's photo (the one the photo is of), or undefined when it finds none. */
export async function findPhotoFace(photo: Uint8Array): Promise<Face | undefined> {
  const sharp = await loadSharp();
  const pixels = await sharp(photo)
    .rotate() // phone photos stand upright only by their EXIF orientation
    .resize(PHOTO_SIDE, PHOTO_SIDE, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const area = ({ box }: Face) => (box.x1 - box.x0) * (box.y1 - box.y0);
  return (await facesOf(pixels)).sort((a, b) => area(b) - area(a))[0];
}
