import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../local/ports';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface RuntimeInfo {
  url: string;
  userPoolId: string;
  clientId: string;
  cognitoEndpoint: string;
  dynamodbEndpoint: string;
  s3Endpoint: string;
  /** The Stripe stand-in's API (absent when real Stripe keys are set). */
  stripeUrl?: string;
}

export { freePort };

/**
 * The checks after every image turned off: the legibility check (OCR) and the likeness check (face
 * recognition) each cost seconds of CPU per image, and only slow the jobs of a test about something
 * else. The shared cloud and the clouds of most test files start with these; the checks are tested
 * in clouds with them on (`legibility.test.ts`, `likeness.test.ts`, `text-layers.test.ts`).
 */
export const WITHOUT_IMAGE_CHECKS = { LEGIBILITY_CHECK: 'false', LIKENESS_CHECK: 'false' };

export interface RunningCloud {
  url: string;
  dataDir: string;
  runtime: RuntimeInfo;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Runs the local cloud exactly as `npm start` does (minus the web build), in
 * its own process, on a free port with its own data folder.
 */
export async function startCloudProcess(
  options: { port?: number; dataDir?: string; env?: Record<string, string> } = {},
): Promise<RunningCloud> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'thumbnail-studio-')));
  const child = spawn(process.execPath, ['--import', 'tsx', 'local/start.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...options.env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`local cloud exited early:\n${output}`);
    const healthy = await fetch(`${url}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`local cloud did not become healthy:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const runtime = JSON.parse(await readFile(path.join(dataDir, 'runtime.json'), 'utf8')) as RuntimeInfo;
  return {
    url,
    dataDir,
    runtime,
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGINT');
        await exited;
      }
    },
  };
}

/**
 * Runs one of the repo's scripts (`tools/...`, `local/start.ts`) as `npm run` does, with `env` added
 * to the environment, to its exit: its exit code and output.
 */
export async function runTool(script: string, args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, output };
}
