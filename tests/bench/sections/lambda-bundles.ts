import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { build } from 'esbuild';
import { LAZY_MODULES, lambdaBundleOptions, NATIVE_MODULES } from '../../../infra/src/native-modules';
import { defaultHandlersDir } from '../../../infra/src/paths';
import { budgets } from '../budgets';
import type { BenchSection, Measurement } from '../report';

/** Bundles one handler the way the CDK app does (infra/src/constructs/app-function.ts), without source maps. */
async function bundledKb(entry: string): Promise<number> {
  const result = await build({
    ...lambdaBundleOptions,
    entryPoints: [entry],
    write: false,
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
        'AWS SDK v3 is bundled (the clients each function uses, tree-shaken), not taken from the Lambda runtime',
        `not bundled: ${NATIVE_MODULES.join(', ')} (native; installed beside the bundles that import it, linux-arm64 binaries, not counted here)`,
        `not bundled: ${LAZY_MODULES.join(', ')} (loaded with import() only by the provider a job uses; installed beside the worker, not counted here)`,
      ],
    };
  },
};
