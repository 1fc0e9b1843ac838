import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The local cloud (`npm start`) serves the API, the Cognito proxy and the runtime config.
const localCloud = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks each entry and lazy module loads, read by `npm run bench`.
    manifest: true,
  },
  server: {
    proxy: {
      '/api': localCloud,
      '/cognito': localCloud,
      '/config.json': localCloud,
    },
  },
});
