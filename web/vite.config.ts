import { readFileSync } from 'node:fs';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The local cloud (`npm start`) serves the API, the Cognito proxy and the runtime config.
const localCloud = 'http://localhost:3000';

const START_VIEW_TAG = '<script src="/start-view.js"></script>';

/**
 * The first paint waits for no request: index.html carries inline what it needs, so a phone paints
 * the prerendered landing page as soon as the HTML is in (with a stylesheet or a script to fetch
 * first, headless Chromium painted ~1 s later, and Lighthouse counted it). `src/start-view.js` must
 * run before that paint (theme, hidden landing): it goes in as it is, and the CSP allows it by the
 * hash of that exact text (infra/src/security-headers.ts). The stylesheet (~9 kB brotli) goes in
 * whole, so every screen the same index.html becomes is styled before it paints.
 */
function inlineFirstPaint(): Plugin[] {
  const startView = () => readFileSync(new URL('./src/start-view.js', import.meta.url), 'utf8');
  return [
    {
      name: 'inline-start-view',
      transformIndexHtml: {
        order: 'pre',
        handler(html) {
          if (!html.includes(START_VIEW_TAG)) throw new Error(`index.html has no ${START_VIEW_TAG}`);
          // A function, so a `$` in the script is never read as a replacement pattern.
          return html.replace(START_VIEW_TAG, () => `<script>${startView()}</script>`);
        },
      },
    },
    {
      name: 'inline-stylesheet',
      apply: 'build',
      transformIndexHtml: {
        order: 'post',
        handler(html, { bundle }) {
          return html.replace(
            /<link rel="stylesheet"[^>]*? href="\/([^"]+\.css)">/g,
            (_tag, file: string) => {
              const asset = bundle?.[file];
              if (asset?.type !== 'asset') throw new Error(`${file} is not in the build`);
              delete bundle?.[file];
              return `<style>${String(asset.source)}</style>`;
            },
          );
        },
      },
    },
  ];
}

export default defineConfig({
  plugins: [react(), tailwindcss(), inlineFirstPaint()],
  build: {
    outDir: 'dist',
    // One stylesheet for the whole app, put inline in index.html (inlineFirstPaint): no lazy chunk
    // then waits for a CSS file of its own, or for the inlined one again.
    cssCodeSplit: false,
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks each entry and lazy module loads, read by `npm run bench`.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // Amplify imports @aws-crypto bare, for effects it does not have (the package does not say
        // `sideEffects: false`): without this its SHA-256 ships with the session code, unused.
        moduleSideEffects: (id) => !/[\\/]node_modules[\\/]@aws-crypto[\\/]/.test(id),
      },
    },
  },
  server: {
    proxy: {
      '/api': localCloud,
      '/cognito': localCloud,
      '/config.json': localCloud,
    },
  },
});
