import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { FONT_IDS } from '@thumbnail-studio/contract';
import { fontFiles } from '@thumbnail-studio/typeset/fonts';
import { App } from 'aws-cdk-lib';
import { build } from 'esbuild';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { FACE_ENGINE_ASSETS, FACE_ENGINE_FILE } from '../../infra/src/face-engine-bundle';
import { lambdaBundleOptions } from '../../infra/src/native-modules';
import { repoPath } from '../../infra/src/paths';
import { ThumbnailStudioStack } from '../../infra/src/stack';
import { thumbnailWith } from '../fakes/faces';
import { type CfnJson, deployedFunctions, fakeWebDist, logicalId } from './synth';

const run = promisify(execFile);
const cdkContext = JSON.parse(readFileSync(repoPath('cdk.json'), 'utf8')).context as Record<string, unknown>;

/**
 * The stack synthesized as `cdk deploy` synthesizes it: asset bundling on, so every handler
 * goes through the real esbuild and the native modules are installed for Lambda's platform.
 * No AWS credentials are involved; only the npm registry is reached, for those modules.
 */
let assemblyDir: string;
let template: CfnJson;
let stack: ThumbnailStudioStack;
beforeAll(() => {
  const app = new App({
    outdir: mkdtempSync(join(tmpdir(), 'deploy-synth-')),
    // As the CDK CLI runs an app: each resource names the asset folder it deploys.
    context: { ...cdkContext, 'aws:cdk:enable-asset-metadata': true },
  });
  stack = new ThumbnailStudioStack(app, 'Deploy', { stage: 'ci', webDistDir: fakeWebDist() });
  assemblyDir = app.synth().directory;
  template = JSON.parse(readFileSync(join(assemblyDir, 'Deploy.template.json'), 'utf8'));
}, 300_000);

interface LintFinding {
  Level: 'Error' | 'Warning' | 'Informational';
  Rule: { Id: string };
  Message: string;
  Location: { Path: (string | number)[] };
}

/** cfn-lint's findings on a template. It exits non-zero for warnings too (4) and errors (2), not only when it fails. */
async function cfnLint(file: string): Promise<LintFinding[]> {
  try {
    return JSON.parse((await run('cfn-lint', ['--format', 'json', file], { maxBuffer: 1 << 24 })).stdout);
  } catch (error) {
    const { code, stdout } = error as { code?: number | string; stdout?: string };
    // Not installed, or killed: a failure of the check, not a finding.
    if (typeof code !== 'number' || !stdout) throw error;
    return JSON.parse(stdout);
  }
}

describe('the template a deploy synthesizes', () => {
  it('passes cfn-lint (AWS CloudFormation Linter) with no errors', async () => {
    const findings = await cfnLint(join(assemblyDir, 'Deploy.template.json'));
    const errors = findings
      .filter((finding) => finding.Level === 'Error')
      .map((finding) => `${finding.Rule.Id} ${finding.Location.Path.join('/')}: ${finding.Message}`);
    expect(errors).toEqual([]);
  }, 120_000);

  it("gives each function that processes images sharp's Lambda build (linux arm64) beside its bundle", () => {
    const functions = deployedFunctions(stack).map(({ fn }) => template.Resources[logicalId(fn)]);
    const assets = functions.map((fn) => join(assemblyDir, fn.Metadata['aws:asset:path']));
    expect(assets.length).toBe(deployedFunctions(stack).length);
    const withSharp = assets.filter((asset) => existsSync(join(asset, 'node_modules', 'sharp')));
    // The worker and the request functions that decode images: messages (downloads), uploads, models.
    expect(withSharp.length).toBeGreaterThanOrEqual(4);
    for (const asset of withSharp) {
      expect(readdirSync(join(asset, 'node_modules', '@img'))).toEqual(
        expect.arrayContaining(['sharp-linux-arm64', 'sharp-libvips-linux-arm64']),
      );
    }
    for (const asset of assets) expect(existsSync(join(asset, 'index.mjs'))).toBe(true);
  });

  it('gives the worker, and only it, the OCR of the legibility check with its English data', () => {
    const assets = deployedFunctions(stack).map(({ fn }) =>
      join(assemblyDir, template.Resources[logicalId(fn)].Metadata['aws:asset:path']),
    );
    const withOcr = assets.filter((asset) => existsSync(join(asset, 'node_modules', 'tesseract.js')));
    expect(withOcr).toHaveLength(1);
    const [worker] = withOcr as [string];
    expect(existsSync(join(worker, 'node_modules', 'tesseract.js-core'))).toBe(true);
    expect(
      existsSync(
        join(worker, 'node_modules', '@tesseract.js-data', 'eng', '4.0.0_best_int', 'eng.traineddata.gz'),
      ),
    ).toBe(true);
  });
});

describe("the worker's bundle, which runs the offline studio when it is turned on", () => {
  const workerAsset = () => {
    const worker = deployedFunctions(stack).find(({ name }) => name === 'worker');
    if (!worker) throw new Error('no worker function');
    return join(assemblyDir, template.Resources[logicalId(worker.fn)].Metadata['aws:asset:path']);
  };

  it('carries the text fonts, the emoji keywords and the Twemoji illustrations, not system fonts', () => {
    const modules = join(workerAsset(), 'node_modules');
    for (const file of [
      ...FONT_IDS.flatMap(fontFiles),
      'emojilib/dist/emoji-en-US.json',
      '@twemoji/svg/1f431.svg',
      'opentype.js/package.json',
    ]) {
      expect(existsSync(join(modules, file)), file).toBe(true);
    }
  });

  it('draws text with each font and finds the emoji from inside the bundle', async () => {
    // The studio's code bundled as the worker is, run from the worker's asset folder.
    const probe = join(workerAsset(), 'studio-probe.mjs');
    await build({
      ...lambdaBundleOptions,
      entryPoints: [repoPath('tests', 'infra', 'studio-probe.ts')],
      outfile: probe,
      logLevel: 'silent',
    });
    const { stdout } = await run(process.execPath, [probe], { cwd: tmpdir() });
    const { pathLengths, catSvg } = JSON.parse(stdout);
    expect(catSvg).toBe(true);
    expect(Object.keys(pathLengths).sort()).toEqual([...FONT_IDS].sort());
    for (const id of FONT_IDS) expect(pathLengths[id], id).toBeGreaterThan(1000);
  });
});

describe("the messages function's bundle, which draws edited text", () => {
  it("carries the text fonts but not the offline studio's emoji", () => {
    const messages = deployedFunctions(stack).find(({ name }) => name === 'messages');
    if (!messages) throw new Error('no messages function');
    const modules = join(
      assemblyDir,
      template.Resources[logicalId(messages.fn)].Metadata['aws:asset:path'],
      'node_modules',
    );
    for (const file of FONT_IDS.flatMap(fontFiles)) expect(existsSync(join(modules, file)), file).toBe(true);
    for (const name of ['emojilib', '@twemoji/svg'])
      expect(existsSync(join(modules, name)), name).toBe(false);
  });
});

describe("the worker's bundle, which runs the likeness check", () => {
  const assetOf = (name: string) => {
    const fn = deployedFunctions(stack).find((deployed) => deployed.name === name);
    if (!fn) throw new Error(`no ${name} function`);
    return join(assemblyDir, template.Resources[logicalId(fn.fn)].Metadata['aws:asset:path']);
  };

  it('carries the face engine as a file of its own with the weights it reads; no other function does', () => {
    const withEngine = deployedFunctions(stack)
      .map(({ name }) => name)
      .filter((name) => existsSync(join(assetOf(name), FACE_ENGINE_FILE)));
    expect(withEngine).toEqual(['worker']);
    for (const [name, files] of Object.entries(FACE_ENGINE_ASSETS)) {
      for (const file of files)
        expect(existsSync(join(assetOf('worker'), 'node_modules', name, file)), file).toBe(true);
    }
    // The engine's few MB stay out of the worker's own bundle, which a cold start parses; the
    // bundle's face reader loads it from beside itself.
    const bundle = readFileSync(join(assetOf('worker'), 'index.mjs'), 'utf8');
    expect(bundle).not.toContain('tfjs-backend-wasm');
    expect(bundle).toContain(`./${FACE_ENGINE_FILE}`);
  });

  it('finds the face in a thumbnail from inside the asset folder', async () => {
    const worker = assetOf('worker');
    const thumbnail = await sharp(await thumbnailWith('one'))
      .resize(1280, 720, { fit: 'cover' })
      .removeAlpha()
      .raw()
      .toBuffer();
    writeFileSync(join(worker, 'face-probe.rgb'), thumbnail);
    const probe = join(worker, 'face-probe.mjs');
    writeFileSync(
      probe,
      `import { readFileSync } from 'node:fs';
import { findFaces } from './${FACE_ENGINE_FILE}';
const data = readFileSync(new URL('./face-probe.rgb', import.meta.url));
const faces = await findFaces({ data, width: 1280, height: 720 });
console.log(JSON.stringify(faces.map((face) => ({ x: face.box.x, size: face.descriptor.length }))));
`,
    );
    const { stdout } = await run(process.execPath, [probe], { cwd: tmpdir() });
    const faces = JSON.parse(stdout) as { x: number; size: number }[];
    expect(faces).toHaveLength(1);
    expect(faces[0]).toMatchObject({ size: 128 });
    expect(faces[0]?.x).toBeGreaterThan(640);
  }, 120_000);
});
