// Bundle budget (the landing page must load fast on a phone): the JavaScript that
// dist/index.html loads up front — the entry script plus any modulepreloaded chunks — must stay
// within 80 kB gzipped. Everything behind the landing page is loaded later by import().
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 80 * 1000;
const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');

const initial = [
  ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
  ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
].map((match) => match[1]);

let total = 0;
for (const url of initial) {
  const bytes = gzipSync(readFileSync(path.join(dist, url.replace(/^\//, ''))), { level: 9 }).length;
  total += bytes;
  console.log(`  ${url}  ${(bytes / 1000).toFixed(2)} kB gzip`);
}
const summary = `Landing JavaScript: ${(total / 1000).toFixed(2)} kB gzip (budget ${BUDGET_BYTES / 1000} kB)`;
if (initial.length === 0 || total > BUDGET_BYTES) {
  console.error(`✗ ${initial.length === 0 ? 'No entry script found in dist/index.html' : summary}`);
  process.exit(1);
}
console.log(`✓ ${summary}`);
