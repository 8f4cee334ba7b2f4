import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The API server (apps/server) listens on port 3000 in development; the web dev server forwards
// every /api request (HTTP and the tRPC websocket) to it so the browser sees a single origin.
const apiTarget = 'http://localhost:3000';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this size a compressed copy saves less than its own request headers. */
const MIN_BYTES = 1024;

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(folder, entry.name);
      return entry.isDirectory() ? filesUnder(path) : Promise.resolve([path]);
    }),
  );
  return nested.flat();
}

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip, level 9) beside every text file
 * of the build, so the server sends them as they are (@fastify/static's `preCompressed`) instead of
 * compressing on each request. A copy that is not smaller than the file is not written.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'cartera-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(file);
          if (content.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipAsync(content, { level: 9 }),
          ]);
          if (br.length < content.length) await writeFile(`${file}.br`, br);
          if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

export default defineConfig({
  // The router plugin must run before the React plugin: it generates src/routeTree.gen.ts and
  // splits route components into their own chunks.
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), precompress()],
  server: {
    proxy: {
      // The Host header stays the page's, so the server's origin check sees a same-origin request.
      '/api': { target: apiTarget, changeOrigin: false, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    rolldownOptions: {
      output: {
        // Everything the entry imports statically is one file: split by the automatic chunking
        // it was 23 files, each with ~1 KB of response headers (issue #35 item 2: the login
        // page's transfer). Lazily loaded screens are still split as before.
        codeSplitting: {
          groups: [{ name: 'initial', tags: ['$initial'] }],
        },
      },
    },
  },
});
