import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoPath } from '../../../infra/src/paths';
import { type RunningCloud, startCloudProcess } from '../../support/local-cloud-process';
import { budgets } from '../budgets';
import type { BenchSection, Measurement } from '../report';
import { ensureWebBuilt } from './landing-js';

const run = promisify(execFile);
const cli = repoPath('node_modules', 'lighthouse', 'cli', 'index.js');
/** Lighthouse varies from run to run on a shared machine: the median of five runs counts. */
const RUNS = 5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

interface LighthouseReport {
  lighthouseVersion: string;
  categories: { performance: { score: number | null } };
  audits: Record<string, { numericValue?: number }>;
}

/** One Lighthouse run of `url` with its default mobile settings (simulated slow 4G, 4x CPU). */
async function lighthouse(url: string, outDir: string, index: number): Promise<LighthouseReport> {
  const output = path.join(outDir, `run-${index}.json`);
  await run(
    process.execPath,
    [
      cli,
      url,
      '--quiet',
      '--only-categories=performance',
      '--output=json',
      `--output-path=${output}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking',
    ],
    {
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
      timeout: 180_000,
    },
  );
  return JSON.parse(await readFile(output, 'utf8')) as LighthouseReport;
}

/**
 * Lighthouse's mobile performance score of the landing page served by the local cloud, started as
 * `npm start` starts it, with the built web app (prerendered, precompressed). Times are shown for
 * reading the score; only the score has a budget.
 */
export const lighthouseLanding: BenchSection = {
  title: 'Lighthouse mobile performance, landing page on the local cloud',
  async run() {
    if (!existsSync(cli)) throw new Error('lighthouse is not installed: run npm install');
    const built = ensureWebBuilt();
    const outDir = await mkdtemp(path.join(os.tmpdir(), 'lighthouse-'));
    let cloud: RunningCloud | undefined;
    try {
      cloud = await startCloudProcess();
      const reports: LighthouseReport[] = [];
      for (let index = 0; index < RUNS; index += 1)
        reports.push(await lighthouse(`${cloud.url}/`, outDir, index));
      const audit = (id: string) =>
        median(reports.map((report) => report.audits[id]?.numericValue ?? Number.NaN));
      const scores = reports.map((report) => Math.round((report.categories.performance.score ?? 0) * 100));
      const times: Measurement[] = [
        ['First Contentful Paint', 'first-contentful-paint'],
        ['Largest Contentful Paint', 'largest-contentful-paint'],
        ['Speed Index', 'speed-index'],
        ['Total Blocking Time', 'total-blocking-time'],
      ].map(([label, id]) => ({ label: `${label} (simulated)`, value: audit(id ?? ''), unit: 'ms' }));
      return {
        title: this.title,
        measurements: [
          ...times,
          { label: 'Cumulative Layout Shift', value: audit('cumulative-layout-shift'), unit: '' },
          { label: 'score', value: median(scores), unit: '', minimum: budgets.lighthouseMobilePerformance },
        ],
        notes: [
          `${built ? 'existing' : 'freshly built'} web/dist; Lighthouse ${reports[0]?.lighthouseVersion}, median of ${RUNS} runs (scores ${scores.join(', ')}); times are Lighthouse's simulation, not this machine's clock`,
        ],
      };
    } finally {
      await cloud?.stop();
      await rm(outDir, { recursive: true, force: true });
    }
  },
};
