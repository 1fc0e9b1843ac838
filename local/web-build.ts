import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Folders under the inputs that are outputs or tools' caches, never inputs. */
const NOT_INPUTS = new Set(['dist', 'node_modules', '.vite', 'test-results']);

/**
 * What the web build reads: the whole web workspace (sources, index.html, public files, its
 * package.json, Vite and TypeScript configs, the size check) and the contract it imports.
 */
export const webBuildInputs = (repoRoot: string): string[] => [
  path.join(repoRoot, 'web'),
  path.join(repoRoot, 'contract', 'src'),
  path.join(repoRoot, 'contract', 'package.json'),
];

/** Where the last build's fingerprint is kept: beside the dependencies, out of what is deployed. */
export const stampFile = (repoRoot: string) =>
  path.join(repoRoot, 'node_modules', '.cache', 'thumbnail-studio', 'web-build.stamp');

function listFiles(entry: string): string[] {
  if (!existsSync(entry)) return [];
  if (!statSync(entry).isDirectory()) return [entry];
  return readdirSync(entry, { withFileTypes: true })
    .filter((child) => !NOT_INPUTS.has(child.name))
    .flatMap((child) => listFiles(path.join(entry, child.name)));
}

/**
 * A fingerprint of the inputs: every file's path, size and modification time. Reading
 * metadata only keeps it to a few milliseconds; an added, removed or touched file changes it.
 */
export function inputsFingerprint(inputs: string[]): string {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap(listFiles).sort()) {
    const { size, mtimeMs } = statSync(file);
    hash.update(`${file}\0${size}\0${mtimeMs}\n`);
  }
  return hash.digest('hex');
}

/** Whether `webDist` holds a build of exactly the inputs there are now, per the stamp. */
export function webBuildIsCurrent(webDist: string, stamp: string, inputs: string[]): boolean {
  if (!existsSync(path.join(webDist, 'index.html')) || !existsSync(stamp)) return false;
  return readFileSync(stamp, 'utf8').trim() === inputsFingerprint(inputs);
}

/** Records the fingerprint of the inputs a build was made from. */
export function writeStamp(stamp: string, fingerprint: string): void {
  mkdirSync(path.dirname(stamp), { recursive: true });
  writeFileSync(stamp, `${fingerprint}\n`);
}

/**
 * `npm start` builds the web app only when an input changed since the last build (the build
 * takes seconds; the check, milliseconds). The fingerprint is taken before building, so an
 * edit made while the build runs still counts as a change next time.
 */
export async function buildWebIfChanged(repoRoot: string): Promise<'built' | 'current'> {
  const webDist = path.join(repoRoot, 'web', 'dist');
  const stamp = stampFile(repoRoot);
  const inputs = webBuildInputs(repoRoot);
  if (webBuildIsCurrent(webDist, stamp, inputs)) return 'current';
  const fingerprint = inputsFingerprint(inputs);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const code = await new Promise<number | null>((resolve, reject) => {
    const build = spawn(npm, ['run', 'build', '-w', 'web'], { cwd: repoRoot, stdio: 'inherit' });
    build.once('error', reject);
    build.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`the web build failed (exit code ${code})`);
  writeStamp(stamp, fingerprint);
  return 'built';
}
