import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fakeWebDist, synth } from './synth';

/** Every file under `dir`, as paths relative to it. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));

describe('the web app as deployed', () => {
  it('leaves source maps, precompressed copies and the build manifest out of the site bucket', () => {
    const dist = fakeWebDist();
    for (const file of ['assets/index-abc123.js.map', 'assets/index-abc123.js.br', 'index.html.gz']) {
      writeFileSync(join(dist, file), 'local only');
    }
    mkdirSync(join(dist, '.vite'));
    writeFileSync(join(dist, '.vite', 'manifest.json'), '{}');

    const { app } = synth({ webDistDir: dist });
    const assembly = app.synth();
    const staged = readdirSync(assembly.directory, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name.startsWith('asset.'))
      .map((entry) => entry.name)
      .map((entry) => filesUnder(join(assembly.directory, entry)))
      .find((files) => files.includes('index.html'));
    expect(staged?.sort()).toEqual(['assets/index-abc123.js', 'index.html']);
  });
});
