import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { repoPath } from '../../../infra/src/paths';
import { budgets } from '../budgets';
import type { BenchSection, Measurement } from '../report';

const dist = repoPath('web', 'dist');

/** The modules the browser fetches before the landing page runs: the entry and its modulepreloads. */
export function initialScripts(indexHtml: string): string[] {
  return [
    ...indexHtml.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g),
    ...indexHtml.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g),
  ].map((match) => match[1] ?? '');
}

/** Builds the web app unless web/dist already holds a build; true when one was there. */
export function ensureWebBuilt(): boolean {
  const built = existsSync(join(dist, 'index.html'));
  if (!built) execFileSync('npm', ['run', 'build', '-w', 'web'], { cwd: repoPath(), stdio: 'inherit' });
  return built;
}

export const landingJs: BenchSection = {
  title: 'Landing page JavaScript (gzip)',
  async run() {
    const built = ensureWebBuilt();
    const scripts = initialScripts(readFileSync(join(dist, 'index.html'), 'utf8'));
    const kb = (url: string) =>
      gzipSync(readFileSync(join(dist, url.replace(/^\//, ''))), { level: 9 }).length / 1000;
    const files: Measurement[] = scripts.map((url) => ({ label: url, value: kb(url), unit: 'kB' }));
    const total: Measurement =
      scripts.length === 0
        ? { label: 'total', value: 0, unit: 'kB', error: 'no module script in web/dist/index.html' }
        : {
            label: 'total',
            value: files.reduce((sum, f) => sum + f.value, 0),
            unit: 'kB',
            budget: budgets.landingJsGzipKb,
          };
    return {
      title: this.title,
      measurements: [...files, total],
      notes: [
        `${built ? 'existing' : 'freshly built'} web/dist; gzip level 9; chunks loaded later by import() are not counted`,
      ],
    };
  },
};
