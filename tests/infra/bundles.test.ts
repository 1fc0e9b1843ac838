import { readdirSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { apiFunctions, backgroundFunctions, type FunctionAccess, routes } from '../../functions/src/routes';

type FunctionName = keyof typeof apiFunctions | keyof typeof backgroundFunctions;

import { AppFunction } from '../../infra/src/constructs/app-function';
import { INSTALLED_MODULES, lambdaBundleOptions } from '../../infra/src/native-modules';
import { defaultHandlersDir } from '../../infra/src/paths';

/** esbuild's import graph of one handler, bundled as deployed, and the bundle's unminified code. */
async function metafileOf(name: string): Promise<Metafile & { code: string }> {
  const { metafile, outputFiles } = await build({
    ...lambdaBundleOptions,
    entryPoints: [join(defaultHandlersDir, `${name}.ts`)],
    minify: false,
    write: false,
    outdir: 'out',
    metafile: true,
    logLevel: 'silent',
  });
  return { ...metafile, code: outputFiles.map((file) => file.text).join('\n') };
}

const externalImports = (metafile: Metafile) =>
  Object.values(metafile.inputs).flatMap((input) => input.imports.filter((imported) => imported.external));

/** Every bundled source file, node_modules paths shortened to the package's own path. */
const bundledFiles = (metafile: Metafile) =>
  Object.keys(metafile.inputs).map((file) => file.replace(/^.*node_modules\//, ''));

const allFunctions = [...Object.keys(apiFunctions), ...Object.keys(backgroundFunctions)].sort();
const metafiles = new Map(
  await Promise.all(allFunctions.map(async (name) => [name, await metafileOf(name)] as const)),
);

describe.each(allFunctions)('the %s bundle', (name) => {
  const metafile = metafiles.get(name) as Metafile;

  it('carries the AWS SDK clients it uses instead of loading the Lambda runtime’s copy', () => {
    const leftOut = externalImports(metafile)
      .map((imported) => imported.path)
      .filter((path) => !isBuiltin(path) && !(INSTALLED_MODULES as readonly string[]).includes(path));
    expect(leftOut).toEqual([]);
    expect(bundledFiles(metafile).some((file) => file.startsWith('@aws-sdk/client-dynamodb/'))).toBe(true);
  });

  it('takes credentials from the environment, without the SDK’s default chain and its clients', () => {
    const chain = bundledFiles(metafile).filter((file) =>
      /^@aws-sdk\/(credential-provider-(node|ini|sso|process|web-identity)|nested-clients)\//.test(file),
    );
    expect(chain).toEqual([]);
  });

  it('validates with zod’s small build only, not the full one (several times its import cost)', () => {
    const files = bundledFiles(metafile);
    expect(files.filter((file) => file.startsWith('zod/v4/classic/'))).toEqual([]);
    expect(files.some((file) => file.startsWith('zod/v4/mini/'))).toBe(true);
  });

  it('loads sharp and the providers’ SDKs only with import(), when a request needs them', () => {
    const eager = externalImports(metafile).filter(
      (imported) =>
        imported.kind !== 'dynamic-import' &&
        (INSTALLED_MODULES as readonly string[]).includes(imported.path),
    );
    expect(eager).toEqual([]);
  });
});

/**
 * What a bundle's code can do, read from what survived tree-shaking: a DynamoDB delete or scan
 * command it builds, and the blob store's functions it kept.
 */
const capabilitiesOf = (code: string) => ({
  // Our calls pass an object literal; the SDK's own classes, kept in every bundle, pass `this.input`.
  deletesItems: /new (DeleteCommand|BatchWriteCommand)\d*\(\{/.test(code),
  writesItems: /new (PutCommand|UpdateCommand|TransactWriteCommand|BatchWriteCommand)\d*\(\{/.test(code),
  scans: /new ScanCommand\d*\(\{/.test(code),
  bucket: /function deleteBlobs\(/.test(code)
    ? 'delete'
    : /function (putBlob|signedPutUrl)\(/.test(code)
      ? 'write'
      : /function (signedGetUrl|getBlob|blobSize)\(/.test(code)
        ? 'read'
        : undefined,
  signsUrls: /function (signedGetUrl|signedPutUrl)\(/.test(code),
});

describe.each(allFunctions)('the %s function’s declared access', (name) => {
  it('is exactly what its code uses: writes, deletes, scans, the bucket level and URL signing (each granted in AWS)', () => {
    const access: FunctionAccess = { ...apiFunctions, ...backgroundFunctions }[name as FunctionName];
    const uses = capabilitiesOf((metafiles.get(name) as Metafile & { code: string }).code);
    expect(uses.deletesItems).toBe((access.deletesFrom ?? []).length > 0);
    // A function whose every table is read-only writes nothing (the shared pages, open to anyone).
    const readsOnly = access.tables.every((table) => (access.readOnly ?? []).includes(table));
    if (readsOnly && name !== 'reconciler') expect(uses.writesItems).toBe(false);
    // Only the ledger check scans, and its binding adds the Scan itself (infra/src/constructs/generation.ts).
    expect(uses.scans).toBe(name === 'reconciler');
    expect(uses.bucket).toBe(access.bucket);
    // Only a function that hands out URLs gets a role to sign them with.
    expect(uses.signsUrls).toBe(!!access.signsUrls);
  });
});

describe('the reads function', () => {
  const files = bundledFiles(metafiles.get('reads') as Metafile);

  it('loads none of the send path: no sharp, providers, queue, secrets or body schemas', () => {
    const sendPath = files.filter((file) =>
      /(^|\/)(sharp|openai|@google\/genai|@aws-sdk\/client-sqs|@aws-sdk\/client-secrets-manager|stripe)\/|functions\/src\/(providers|services\/(send-message|references|generation-job))\/|functions\/src\/lib\/(images|sharp)\.ts/.test(
        file,
      ),
    );
    expect(sendPath).toEqual([]);
    const externals = externalImports(metafiles.get('reads') as Metafile).map((imported) => imported.path);
    expect(externals.filter((path) => !isBuiltin(path))).toEqual([]);
  });
});

describe('the Test & Compare export', () => {
  it('is served by the messages function, which may make and store JPEGs, and only it carries the zip library', () => {
    expect(routes.find((route) => route.path === '/api/exports/test-and-compare')).toMatchObject({
      method: 'POST',
      fn: 'messages',
      auth: true,
    });
    expect(apiFunctions.messages.tables).toContain('messages');
    expect(['write', 'delete']).toContain(apiFunctions.messages.bucket);
    const carrying = allFunctions.filter((name) =>
      bundledFiles(metafiles.get(name) as Metafile).some((file) => file.startsWith('fflate/')),
    );
    expect(carrying).toEqual(['messages']);
  });
});

describe('AppFunction', () => {
  it('bundles the AWS SDK into the asset, leaving out only the installed modules', () => {
    const app = new App({ outdir: join(process.env.TMPDIR ?? '/tmp', `bundle-test-${process.pid}`) });
    const stack = new Stack(app, 'Bundled');
    new AppFunction(stack, 'Reads', { entry: join(defaultHandlersDir, 'reads.ts') });
    const assembly = app.synth();
    const assetDir = readdirSync(assembly.directory).find((entry) => entry.startsWith('asset.'));
    expect(assetDir).toBeDefined();
    const code = readFileSync(join(assembly.directory, assetDir ?? '', 'index.mjs'), 'utf8');
    expect(code).not.toMatch(/from\s*"@aws-sdk\//);
    expect(code).not.toMatch(/from\s*"@smithy\//);
    expect(code).toContain('DynamoDB');
    // The default chain's own error, so the alias reached the CDK's esbuild too.
    expect(code).not.toContain('Could not load credentials from any providers');
    expect(code).toContain('No AWS credentials in the environment');
    // No arrow functions, so lambdaBundleOptions.supported reached it as well.
    expect(code).not.toContain('=>');
  });
});
