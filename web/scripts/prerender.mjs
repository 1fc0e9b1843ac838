// Build step after `vite build`: writes the landing page's HTML into dist/index.html's #root, so a
// phone paints the page before any JavaScript arrives (src/main.tsx hydrates it), and converts the
// demo poster to WebP next to the PNG.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { createServer } from 'vite';

const web = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(web, 'dist');
const EMPTY_ROOT = '<div id="root"></div>';

export const POSTER_WEBP_QUALITY = 80;

/** The demo poster as WebP: what the landing page's video shows until it is played. */
export async function writePosterWebp(png, webp) {
  await sharp(png).webp({ quality: POSTER_WEBP_QUALITY }).toFile(webp);
}

async function prerender() {
  const indexPath = path.join(dist, 'index.html');
  const html = readFileSync(indexPath, 'utf8');
  if (!html.includes(EMPTY_ROOT)) throw new Error(`dist/index.html has no ${EMPTY_ROOT} to fill`);
  // Vite's own module loader renders the source as the client build saw it (TSX, aliases, env).
  const vite = await createServer({
    root: web,
    configFile: path.join(web, 'vite.config.ts'),
    appType: 'custom',
    logLevel: 'error',
    server: { middlewareMode: true, hmr: false, watch: null },
  });
  try {
    const { renderLanding } = await vite.ssrLoadModule('/src/prerender.tsx');
    writeFileSync(indexPath, html.replace(EMPTY_ROOT, `<div id="root">${renderLanding()}</div>`));
  } finally {
    await vite.close();
  }
}

await prerender();
await writePosterWebp(path.join(web, 'public', 'demo', 'poster.png'), path.join(dist, 'demo', 'poster.webp'));
console.log('✓ Prerendered the landing page into dist/index.html; dist/demo/poster.webp');
