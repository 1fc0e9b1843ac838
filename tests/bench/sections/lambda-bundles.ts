import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { build } from 'esbuild';
import {
  INSTALLED_MODULES,
  LAZY_MODULES,
  NATIVE_MODULES,
  RUNTIME_PROVIDED_MODULES,
} from '../../../infra/src/native-modules';
import { defaultHandlersDir, repoPath } from '../../../infra/src/paths';
import { budgets } from '../budgets';
import type { BenchSection, Measurement } from '../report';

/** Bundles one handler the way the CDK app does (infra/src/constructs/app-function.ts), without source maps. */
async function bundledKb(entry: string): Promise<number> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    minify: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    mainFields: ['module', 'main'],
    tsconfig: repoPath('functions', 'tsconfig.json'),
    external: [...RUNTIME_PROVIDED_MODULES, ...INSTALLED_MODULES],
    logLevel: 'silent',
  });
  return result.outputFiles.reduce((sum, file) => sum + file.contents.length, 0) / 1000;
}

export const lambdaBundles: BenchSection = {
  title: 'Lambda bundles (minified ESM)',
  async run() {
    const entries = readdirSync(defaultHandlersDir)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .sort();
    const measurements = await Promise.all(
      entries.map(async (file): Promise<Measurement> => {
        const label = basename(file, '.ts');
        try {
          return {
            label,
            value: await bundledKb(join(defaultHandlersDir, file)),
            unit: 'kB',
            budget: budgets.lambdaBundleKb,
          };
        } catch (error) {
          const first = (error as { errors?: { text: string }[] }).errors?.[0]?.text ?? String(error);
          return { label, value: 0, unit: 'kB', error: `does not bundle: ${first}` };
        }
      }),
    );
    return {
      title: this.title,
      measurements,
      notes: [
        `not bundled: ${RUNTIME_PROVIDED_MODULES.join(', ')} (the Node.js 22 Lambda runtime provides AWS SDK v3)`,
        `not bundled: ${NATIVE_MODULES.join(', ')} (native; installed beside the bundles that import it, linux-arm64 binaries, not counted here)`,
        `not bundled: ${LAZY_MODULES.join(', ')} (loaded with import() only by the provider a job uses; installed beside the worker, not counted here)`,
      ],
    };
  },
};
