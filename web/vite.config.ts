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
        // Amplify is the bulk of the signed-in code and changes rarely: its own cacheable chunk.
        codeSplitting: {
          groups: [
            { name: 'amplify', test: /node_modules[\\/](@aws-amplify|aws-amplify|@aws-crypto|@smithy)[\\/]/ },
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
