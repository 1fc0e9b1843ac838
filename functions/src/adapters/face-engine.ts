import { createRequire } from 'node:module';
import path from 'node:path';
import type * as Tf from '@tensorflow/tfjs';
import type { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import * as faceapi from '@vladmandic/face-api/dist/face-api.node-wasm.js';

/**
 * Face detection and recognition: face-api (TensorFlow.js on its WebAssembly backend) with the
 * model weights its npm package ships. This module is the heavy half of the face reader
 * (face-reader.ts), loaded only when a check runs; a Lambda bundle gets it as a file of its own
 * beside the bundle, with the weights and the WebAssembly binary it reads (see
 * infra/src/face-engine-assets.ts), so the worker's own bundle stays small.
 */

/** One face in an image: where it is (pixels of the image given) and its 128-number descriptor. */
export interface EngineFace {
  box: { x: number; y: number; width: number; height: number };
  /** How sure the detector is that this is a face, 0 to 1. */
  confidence: number;
  descriptor: number[];
}

/** An image as raw RGB bytes, row by row. */
export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Detections below this confidence are not taken as faces. */
const MIN_CONFIDENCE = 0.5;

/** The package's files, found the way Node resolves an import from here. */
const resolveFromHere = createRequire(import.meta.url);
const packageDir = (name: string) => path.dirname(resolveFromHere.resolve(`${name}/package.json`));

/**
 * TensorFlow.js as face-api itself loaded it (with the WebAssembly backend's exports): importing
 * the packages here could load second copies, whose settings face-api would never see.
 */
const tf = faceapi.tf as unknown as typeof Tf & { setWasmPaths: typeof setWasmPaths };

let ready: Promise<void> | undefined;

/** Starts TensorFlow.js's WebAssembly backend and loads the three networks, once. */
function start(): Promise<void> {
  ready ??= (async () => {
    // Production mode: no debug checks, and no console advice to install the native backend.
    tf.enableProdMode();
    tf.setWasmPaths(`${path.join(packageDir('@tensorflow/tfjs-backend-wasm'), 'dist')}${path.sep}`);
    await tf.setBackend('wasm');
    await tf.ready();
    const weights = path.join(packageDir('@vladmandic/face-api'), 'model');
    await Promise.all([
      faceapi.nets.ssdMobilenetv1.loadFromDisk(weights),
      faceapi.nets.faceLandmark68Net.loadFromDisk(weights),
      faceapi.nets.faceRecognitionNet.loadFromDisk(weights),
    ]);
  })().catch((error) => {
    ready = undefined;
    throw error;
  });
  return ready;
}

/** Every face found in `image`, with its descriptor (faces closer than 0.6 apart are one person). */
export async function findFaces(image: RgbImage): Promise<EngineFace[]> {
  await start();
  const tensor = tf.tensor3d(image.data, [image.height, image.width, 3], 'int32');
  try {
    const found = await faceapi
      .detectAllFaces(tensor as never, new faceapi.SsdMobilenetv1Options({ minConfidence: MIN_CONFIDENCE }))
      .withFaceLandmarks()
      .withFaceDescriptors();
    return found.map(({ detection, descriptor }) => ({
      box: {
        x: detection.box.x,
        y: detection.box.y,
        width: detection.box.width,
        height: detection.box.height,
      },
      confidence: detection.score,
      descriptor: Array.from(descriptor),
    }));
  } finally {
    tensor.dispose();
  }
}
