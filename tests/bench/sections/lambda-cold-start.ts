import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { apiFunctions } from '../../../functions/src/routes';
import { lambdaBundleOptions } from '../../../infra/src/native-modules';
import { defaultHandlersDir, repoPath } from '../../../infra/src/paths';
import { budgets } from '../budgets';
import type { BenchSection, Measurement } from '../report';

const run = promisify(execFile);

const EMPTY = '(empty module)';
const YARDSTICK = '(yardstick)';

/**
 * Import rounds per bundle; the median is reported, so a stall on the shared machine does not count.
 * With 7, a busy spell over four rounds moved one bundle's median past its budget now and then
 * (28 Nov: a bundle at 2.3 yardsticks in most runs read 3.4 once).
 */
const ROUNDS = 11;

interface ImportTime {
  /** Wall-clock time of the import. */
  wallMs: number;
  /** CPU time the process spent on it (every thread): what it costs on a core of its own. */
  cpuMs: number;
}

/**
 * Times `import()` of one file in a fresh Node process, the part of a cold start our code
 * decides (Lambda's own runtime start comes before it and is the same for every function).
 */
async function importTime(file: string): Promise<ImportTime> {
  const script = [
    'const t = performance.now(), c = process.cpuUsage();',
    `await import(${JSON.stringify(pathToFileURL(file).href)});`,
    'const { user, system } = process.cpuUsage(c);',
    "process.stdout.write('\\n' + JSON.stringify({ wallMs: performance.now() - t, cpuMs: (user + system) / 1000 }));",
  ].join(' ');
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
    env: {
      ...process.env,
      AWS_REGION: 'us-east-1',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
    },
  });
  return JSON.parse(stdout.trim().split('\n').pop() ?? '') as ImportTime;
}

/**
 * The yardstick the imports are divided by: a module of fixed content shaped like a bundle (3,000
 * small functions, about 330 kB, a seventh of them run at import, as a bundle's top level builds
 * its clients and tables), imported in the same rounds. Its own code never changes, so it shows
 * how fast the machine is in this run.
 */
export function yardstickModule(): string {
  const functions = Array.from(
    { length: 3000 },
    (_, i) =>
      `function f${i}(a,b){let s=${i};for(let j=0;j<a;j++){s=(s*31+j^b)|0}return{k:'v${i}',s,n:[a,b,${i}]}}`,
  );
  const list = `const all=[${Array.from({ length: 3000 }, (_, i) => `f${i}`).join(',')}];`;
  const run = 'const out=[];for(let i=0;i<all.length;i+=7)out.push(all[i](20,i));export default out.length;';
  return `${functions.join('\n')}\n${list}\n${run}\n`;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/**
 * Each API function's bundle, built as the CDK app builds it (infra/src/constructs/app-function.ts)
 * into a folder whose node_modules holds what a deploy installs beside it, then imported in
 * fresh Node processes: the median time per function, and the same as a multiple of importing
 * an empty module in the same rounds, so a busy machine shows up as a high baseline rather
 * than as a slow function.
 */
export const lambdaColdStart: BenchSection = {
  title: `Lambda cold start (import of each API bundle, median of ${ROUNDS} fresh processes)`,
  async run() {
    const dir = await mkdtemp(join(tmpdir(), 'lambda-cold-start-'));
    try {
      // Modules left out of the bundles resolve from the repo's node_modules, as they would from
      // the ones installed beside the bundle (or, for anything the runtime provides, from the runtime).
      await symlink(repoPath('node_modules'), join(dir, 'node_modules'), 'dir');
      const names = Object.keys(apiFunctions).sort();
      const files = new Map<string, string>();
      await Promise.all(
        names.map(async (name) => {
          const outdir = join(dir, name);
          await mkdir(outdir);
          await build({
            ...lambdaBundleOptions,
            entryPoints: [join(defaultHandlersDir, `${name}.ts`)],
            outfile: join(outdir, 'index.mjs'),
            logLevel: 'silent',
          });
          files.set(name, join(outdir, 'index.mjs'));
        }),
      );
      const empty = join(dir, 'empty.mjs');
      await writeFile(empty, 'export {};\n');
      const yardstick = join(dir, 'yardstick.mjs');
      await writeFile(yardstick, yardstickModule());
      const fixed = new Map([
        [EMPTY, empty],
        [YARDSTICK, yardstick],
      ]);

      const labels = [EMPTY, YARDSTICK, ...names];
      const times = new Map<string, ImportTime[]>(labels.map((label) => [label, []]));
      for (let round = 0; round < ROUNDS; round++) {
        // One round imports every bundle once, so a slow spell hits all of them alike.
        for (const label of labels) {
          times.get(label)?.push(await importTime(fixed.get(label) ?? files.get(label) ?? ''));
        }
      }
      const medianOf = (label: string, key: keyof ImportTime) =>
        median((times.get(label) ?? []).map((time) => time[key]));
      const baseline = medianOf(EMPTY, 'wallMs');
      const yardstickCpu = medianOf(YARDSTICK, 'cpuMs');
      const measurements: Measurement[] = [
        ...names.map((name) => ({
          label: `${name} CPU ÷ yardstick`,
          value: medianOf(name, 'cpuMs') / yardstickCpu,
          unit: 'x',
          budget: budgets.lambdaImportOverYardstick,
        })),
        { label: 'yardstick (CPU)', value: yardstickCpu, unit: 'ms' },
        ...names.map((name) => ({ label: `${name} (CPU)`, value: medianOf(name, 'cpuMs'), unit: 'ms' })),
        { label: '(empty module) wall', value: baseline, unit: 'ms' },
        ...names.map((name) => ({ label: `${name} wall`, value: medianOf(name, 'wallMs'), unit: 'ms' })),
        ...names.map((name) => ({
          label: `${name} wall ÷ empty`,
          value: medianOf(name, 'wallMs') / baseline,
          unit: 'x',
        })),
      ];
      return {
        title: this.title,
        measurements,
        notes: [
          `budget: each import's CPU (all threads) over the yardstick's, a module of fixed content shaped like a bundle imported in the same rounds; ${budgets.lambdaImportOverYardstick}x is 80 ms on the dev machine on the day the imports were cut to 56-66 ms; ms are context only`,
          'bundled as deployed (minified ESM, node22); modules left out resolve from node_modules',
        ],
      };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
};
