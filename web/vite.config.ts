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
    rolldownOptions: {
      output: {
        // The signed-in app loads as a few cacheable vendor chunks; React stays in the landing entry.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: 'amplify', test: /node_modules[\\/](@aws-amplify|aws-amplify|@aws-crypto|@smithy|tslib)/ },
            {
              name: 'app-vendor',
              test: /node_modules[\\/](react-router|@tanstack|zod|sonner|@radix-ui|@floating-ui|react-remove-scroll|aria-hidden|use-callback-ref|use-sidecar|get-nonce|detect-node-es|tslib)/,
            },
          ],
        },
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
