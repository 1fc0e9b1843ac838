import { cpSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';
import { lambdaBundleOptions, posixQuote } from './native-modules';
import { repoPath } from './paths';

/**
 * The likeness check's face engine (functions/src/adapters/face-engine.ts): TensorFlow.js and
 * face-api, a few MB of code a bundle would parse at every cold start. A bundle that loads the
 * face reader gets the engine as a file of its own beside it instead (`face-engine.mjs`, which the
 * reader imports on first use), with the only files it reads: the three networks' weights from
 * face-api's package and TensorFlow.js's WebAssembly binaries. They sit in `node_modules` as
 * installed, where the engine finds them as an unbundled run finds them in the repository's.
 * Installing the packages instead would put some 300 MB of alternative builds beside the bundle.
 */
const FACE_ENGINE_SOURCE = repoPath('functions', 'src', 'adapters', 'face-engine.ts');
export const FACE_ENGINE_FILE = 'face-engine.mjs';

/** Per package, the files the engine reads (its package.json lets Node resolve the folder). */
export const FACE_ENGINE_ASSETS = {
  '@vladmandic/face-api': [
    'package.json',
    ...['ssd_mobilenetv1', 'face_landmark_68', 'face_recognition'].flatMap((net) => [
      `model/${net}_model-weights_manifest.json`,
      `model/${net}_model.bin`,
    ]),
  ],
  '@tensorflow/tfjs-backend-wasm': [
    'package.json',
    'dist/tfjs-backend-wasm.wasm',
    'dist/tfjs-backend-wasm-simd.wasm',
    'dist/tfjs-backend-wasm-threaded-simd.wasm',
  ],
} as const;

/** Writes the engine and its files into a bundle's output folder. */
export function bundleFaceEngine(outputDir: string): void {
  // Arrows kept as arrows: TensorFlow.js's layers call `super` inside them, which a lowered
  // `function` cannot (the bundles' lowering is a cold-start measure this file does not need).
  const { supported: _arrowsLowered, ...options } = lambdaBundleOptions;
  buildSync({
    ...options,
    entryPoints: [FACE_ENGINE_SOURCE],
    outfile: join(outputDir, FACE_ENGINE_FILE),
    logLevel: 'warning',
  });
  for (const [name, files] of Object.entries(FACE_ENGINE_ASSETS)) {
    for (const file of files) {
      const target = join(outputDir, 'node_modules', name, file);
      mkdirSync(dirname(target), { recursive: true });
      cpSync(repoPath('node_modules', name, file), target);
    }
  }
}

/** The shell command a bundling hook runs to do it (the hook's commands run after esbuild's). */
export const bundleFaceEngineCommand = (outputDir: string): string =>
  [
    process.execPath,
    '--import',
    import.meta.resolve('tsx'),
    repoPath('infra', 'src', 'face-engine-bundle.ts'),
    outputDir,
  ]
    .map(posixQuote)
    .join(' ');

// `node --import tsx face-engine-bundle.ts <outputDir>`
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [outputDir] = process.argv.slice(2);
  if (!outputDir) throw new Error('Usage: face-engine-bundle.ts <output folder>');
  bundleFaceEngine(outputDir);
}
