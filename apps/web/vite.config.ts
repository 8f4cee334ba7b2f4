import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server (apps/server) listens on port 3000 in development; the web dev server forwards
// every /api request (HTTP and the tRPC websocket) to it so the browser sees a single origin.
const apiTarget = 'http://localhost:3000';

export default defineConfig({
  // The router plugin must run before the React plugin: it generates src/routeTree.gen.ts and
  // splits route components into their own chunks.
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react()],
  server: {
    proxy: {
      // The Host header stays the page's, so the server's origin check sees a same-origin request.
      '/api': { target: apiTarget, changeOrigin: false, ws: true },
    },
  },
  build: {
    outDir: 'dist',
  },
});
