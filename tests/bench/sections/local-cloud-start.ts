import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildWebIfChanged } from '../../../local/web-build';
import { freePort, repoRoot, startCloudProcess } from '../../support/local-cloud-process';
import { eventually, processesUsing } from '../../support/processes';
import { budgets } from '../budgets';
import type { BenchSection } from '../report';

const RUNS = 5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** `npm start` on `dataDir` until /api/health answers 200, then a SIGTERM to npm; the time to healthy. */
async function npmStartMs(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const npm = spawn('npm', ['start'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir },
    stdio: 'ignore',
  });
  try {
    const healthy = await eventually(
      () =>
        fetch(`http://localhost:${port}/api/health`)
          .then((response) => response.ok)
          .catch(() => false),
      60_000,
    );
    if (!healthy) throw new Error('npm start did not become healthy within 60 s');
    return performance.now() - started;
  } finally {
    npm.kill('SIGTERM');
    // The next run starts only once every process of this one is gone.
    await eventually(() => npm.exitCode !== null && processesUsing(dataDir).length === 0, 30_000);
  }
}

/**
 * `npm start` on data a previous run left (the everyday start): the web build is current, so
 * it is skipped, and DynamoDB Local's launcher is compiled already. One untimed start makes
 * the data; the timed ones follow one after another.
 */
export const localCloudStart: BenchSection = {
  title: `Local cloud start (npm start on existing data to /api/health, median of ${RUNS})`,
  async run() {
    await buildWebIfChanged(repoRoot);
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'thumbnail-studio-bench-'));
    try {
      const first = await startCloudProcess({ dataDir });
      await first.stop();
      const times: number[] = [];
      for (let run = 0; run < RUNS; run++) times.push(await npmStartMs(dataDir));
      return {
        title: this.title,
        measurements: [
          { label: 'npm start to healthy', value: median(times), unit: 'ms', budget: budgets.localStartMs },
          { label: 'fastest', value: Math.min(...times), unit: 'ms' },
          { label: 'slowest', value: Math.max(...times), unit: 'ms' },
        ],
        notes: [
          'absolute wall time on this machine (DynamoDB Local is a JVM): read it with the load of the moment',
        ],
      };
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};
