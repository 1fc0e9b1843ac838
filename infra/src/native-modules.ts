import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { FONT_PACKAGES } from '@thumbnail-studio/typeset/fonts';
import { Architecture } from 'aws-cdk-lib/aws-lambda';
import { type BuildOptions, buildSync, type Message, type Metafile } from 'esbuild';
import { repoPath } from './paths';

/** The face reader's source: a bundle that includes it gets the face engine built beside it. */
export const FACE_READER_SOURCE = repoPath('functions', 'src', 'adapters', 'face-reader.ts');

/**
 * Modules with native binaries: esbuild cannot inline them, so every bundle leaves them
 * external and a bundle that imports one gets it installed for the Lambda platform.
 */
export const NATIVE_MODULES = ['sharp'] as const;

/**
 * The legibility check's OCR: tesseract.js runs its WebAssembly in a worker thread it starts from
 * its own files, and reads the English data from its package's folder, so neither can be inlined.
 */
const TEXT_READER_MODULES = ['tesseract.js', '@tesseract.js-data/eng'] as const;

/**
 * The image providers' SDKs and the offline studio's font parser: the worker loads one with
 * import() only when a job uses that provider, so they stay out of the bundle (a cold start
 * parses none) and are installed beside it like the native modules.
 */
export const LAZY_MODULES = ['openai', '@google/genai', 'opentype.js', ...TEXT_READER_MODULES] as const;

/**
 * Files read, not modules imported, so esbuild cannot see them: installed beside the bundles that
 * read them, where they are found as an unbundled run finds them in the repository's
 * node_modules. The text fonts go beside every bundle that draws text (the ones importing
 * `opentype.js`; functions/src/lib/fonts.ts); the offline studio's keyword list and emoji
 * illustrations only beside a bundle that includes the studio (image-providers/studio/assets.ts).
 */
export const FONT_MODULES = FONT_PACKAGES;
export const STUDIO_ASSET_MODULES = ['emojilib', '@twemoji/svg'] as const;
const FONT_MARKER = 'opentype.js';
const STUDIO_ASSETS_SOURCE = repoPath('functions', 'src', 'image-providers', 'studio', 'assets.ts');

/** Every module left out of the bundles and installed beside the ones that import it. */
export const INSTALLED_MODULES = [...NATIVE_MODULES, ...LAZY_MODULES] as const;

/** npm settings that select the prebuilt binaries of a Lambda function's platform (Linux, glibc, its CPU). */
export const lambdaPlatformNpmFlags = (architecture: Architecture): string[] => [
  '--os=linux',
  `--cpu=${architecture.name === Architecture.X86_64.name ? 'x64' : 'arm64'}`,
  '--libc=glibc',
];

/**
 * ESM bundles have no `require`; some dependencies still call it (e.g. for Node built-ins).
 * Aliased so it cannot clash with a bundled module's own `createRequire` import.
 */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __bundleCreateRequire } from 'node:module'; const require = __bundleCreateRequire(import.meta.url);";

/**
 * Modules the bundles take from a file of ours instead: the SDK's default credential chain
 * becomes the environment's credentials, all a Lambda function has (see the file).
 */
export const BUNDLE_ALIASES = {
  '@aws-sdk/credential-provider-node': repoPath('functions', 'src', 'lib', 'lambda-credentials.ts'),
} as const;

/**
 * esbuild settings of a deployed bundle: `AppFunction` hands these to the CDK (adding source
 * maps), and tools that bundle a handler the same way (the bench, tests) use them as they are.
 *
 * Only `INSTALLED_MODULES` stay out. The Node.js 22 Lambda runtime ships AWS SDK v3, but the
 * bundles do not use its copy: the runtime's clients load as hundreds of separate CommonJS
 * files, while the parts a bundle uses, tree-shaken and minified into it, import in a fraction
 * of the time (the cold-start section of `npm run bench` shows both). Bundling also runs in
 * AWS the SDK version the tests ran.
 */
export const lambdaBundleOptions = {
  bundle: true,
  minify: true,
  /**
   * Arrow functions become `function` expressions. V8 compiles an arrow passed straight to a call
   * as soon as it parses it, and a minified bundle wraps each module of a lazily loaded client in
   * one (`x(()=>{...})`): the whole S3 SDK was compiled at import though no request had used it.
   * As functions they compile when first called: importing `reads` took 13 ms less CPU, and its
   * first request no more than before (the cold-start section of `npm run bench` has the import).
   */
  supported: { arrow: false },
  platform: 'node',
  target: 'node22',
  format: 'esm',
  mainFields: ['module', 'main'],
  banner: { js: ESM_REQUIRE_BANNER },
  tsconfig: repoPath('functions', 'tsconfig.json'),
  external: [...INSTALLED_MODULES],
  alias: { ...BUNDLE_ALIASES },
} satisfies BuildOptions;

/** What a bundle needs beside it: the installed modules it imports, and whether it loads the face engine. */
export interface BundleNeeds {
  modules: string[];
  faceEngine: boolean;
}

/**
 * Which of `INSTALLED_MODULES` the bundle of `entry` imports, from esbuild's own import graph
 * (with the fonts when it draws text, and the studio's asset packages when it includes the
 * studio), and whether it includes the face reader, which loads the face engine built beside it
 * (face-engine-bundle.ts).
 */
export function bundleNeeds(entry: string): BundleNeeds {
  let metafile: Metafile;
  try {
    ({ metafile } = buildSync({
      entryPoints: [entry],
      ...lambdaBundleOptions,
      minify: false,
      write: false,
      metafile: true,
      logLevel: 'silent',
    }));
  } catch (error) {
    const messages = (error as { errors?: Message[] }).errors ?? [];
    const details = messages.map((m) => `${m.location?.file}:${m.location?.line}: ${m.text}`).join('\n  ');
    throw new Error(`Cannot bundle ${entry}:\n  ${details || String(error)}`);
  }
  const externals = new Set(
    Object.values(metafile.inputs).flatMap((input) =>
      input.imports.filter((imported) => imported.external).map((imported) => imported.path),
    ),
  );
  const modules: string[] = INSTALLED_MODULES.filter((name) => externals.has(name));
  const includes = (source: string) => Object.keys(metafile.inputs).some((input) => resolve(input) === source);
  return {
    modules: [
      ...modules,
      ...(modules.includes(FONT_MARKER) ? FONT_MODULES : []),
      ...(includes(STUDIO_ASSETS_SOURCE) ? STUDIO_ASSET_MODULES : []),
    ],
    faceEngine: includes(FACE_READER_SOURCE),
  };
}

/**
 * One word for a POSIX shell (sh, bash, zsh): single-quoted, a single quote inside written as
 * `'\''`. Bundling hooks run in bash on macOS, Linux and WSL; Windows' cmd reads quotes otherwise.
 */
export const posixQuote = (word: string): string => `'${word.replaceAll("'", `'\\''`)}'`;

/**
 * `name@version` as the lock file pins it for the functions workspace (its own copy, else the
 * hoisted one), so Lambda runs the version the tests ran, whatever is in node_modules right now.
 */
export function lockedSpec(name: string, lockFile = repoPath('package-lock.json')): string {
  const { packages } = JSON.parse(readFileSync(lockFile, 'utf8')) as {
    packages: Record<string, { version?: string }>;
  };
  const version = (packages[`functions/node_modules/${name}`] ?? packages[`node_modules/${name}`])?.version;
  if (!version) throw new Error(`${name} is not in ${lockFile}; add it to the functions workspace`);
  return `${name}@${version}`;
}
