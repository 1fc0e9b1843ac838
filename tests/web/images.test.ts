import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const webSource = path.resolve(import.meta.dirname, '../../web/src');

function componentFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return componentFiles(full);
    return name.endsWith('.tsx') && !name.endsWith('.test.tsx') ? [full] : [];
  });
}

describe("the web app's images", () => {
  it('are all asked for in CORS mode, as the reads of the same signed URLs are', () => {
    // Storage answers CORS only when asked and lets the browser keep an image; a copy cached by a
    // plain <img> would then refuse a later read of the same URL, e.g. an own-key edit's.
    const images = componentFiles(webSource).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/<img\s[\s\S]*?\/>/g)].map((match) => ({
        file: path.relative(webSource, file),
        element: match[0],
      })),
    );
    expect(images.length).toBeGreaterThan(5);
    expect(images.filter(({ element }) => !element.includes('crossOrigin="anonymous"'))).toEqual([]);
  });
});
