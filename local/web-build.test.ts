import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { inputsFingerprint, webBuildIsCurrent, writeStamp } from './web-build';

let root: string;
let dist: string;
let stamp: string;
let inputs: string[];

/** A web workspace with a build and its stamp, as `npm start` leaves them. */
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'web-build-'));
  const web = path.join(root, 'web');
  mkdirSync(path.join(web, 'src'), { recursive: true });
  mkdirSync(path.join(root, 'contract', 'src'), { recursive: true });
  writeFileSync(path.join(web, 'index.html'), '<!doctype html>');
  writeFileSync(path.join(web, 'src', 'main.tsx'), 'export {};');
  writeFileSync(path.join(root, 'contract', 'src', 'index.ts'), 'export {};');
  dist = path.join(web, 'dist');
  mkdirSync(dist);
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><script src="/assets/app.js"></script>');
  stamp = path.join(root, 'stamp');
  inputs = [web, path.join(root, 'contract', 'src')];
  writeStamp(stamp, inputsFingerprint(inputs));
});

describe('the web build check of npm start', () => {
  it('skips the build when nothing changed since it ran', () => {
    expect(webBuildIsCurrent(dist, stamp, inputs)).toBe(true);
  });

  it('ignores what the build itself writes', () => {
    writeFileSync(path.join(dist, 'app.js'), 'console.log(1);');
    expect(webBuildIsCurrent(dist, stamp, inputs)).toBe(true);
  });

  it('builds again when a source is touched, added or removed, or the contract changes', () => {
    const main = path.join(root, 'web', 'src', 'main.tsx');
    const later = new Date(Date.now() + 5_000);
    utimesSync(main, later, later);
    expect(webBuildIsCurrent(dist, stamp, inputs)).toBe(false);

    writeStamp(stamp, inputsFingerprint(inputs));
    writeFileSync(path.join(root, 'web', 'src', 'new.tsx'), 'export {};');
    expect(webBuildIsCurrent(dist, stamp, inputs)).toBe(false);

    writeStamp(stamp, inputsFingerprint(inputs));
    rmSync(path.join(root, 'web', 'src', 'new.tsx'));
    expect(webBuildIsCurrent(dist, stamp, inputs)).toBe(false);

    writeStamp(stamp, inputsFingerprint(inputs));
    writeFileSync(path.join(root, 'contract', 'src', 'index.ts'), 'export const changed = true;');
    expect(webBuildIsCurrent(dist, stamp, inputs)).toBe(false);
  });

  it('builds when there is no build or no stamp', () => {
    rmSync(path.join(dist, 'index.html'));
    expect(webBuildIsCurrent(dist, stamp, inputs)).toBe(false);
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html>');
    rmSync(stamp);
    expect(webBuildIsCurrent(dist, stamp, inputs)).toBe(false);
  });
});
