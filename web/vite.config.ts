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
