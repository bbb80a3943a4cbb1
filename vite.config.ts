import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { loadUnitChunks } from './scripts/web-chunks.ts';
import { type Manifest, routePreloads, routesOf } from './scripts/web-routes.ts';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

/**
 * The chunks of web/routes/ screens for signed-in business and admin work, and the payment return pages
 * (public, but reached only from the gateway): not the pages people land on.
 */
const MANAGEMENT_SCREEN =
  /(^|\/)(reservation-management|property-management|calendar|billing-(rates|stock|extra-charges)|users|owner-user-management|tenant-management|subscription|payment-(return|cancel))-[\w-]{8}\.js$/;

/**
 * Writes .vite/route-preloads.json: the entry's files and, for each route of web/app/router.tsx, the
 * chunks its first load needs beyond them. The server sends them as Link preloads with the page
 * (entry first), so a page's code downloads alongside the entry instead of after it has run
 * (docs/decisions/011).
 */
function routePreloadsFile(): Plugin {
  let outDir = '';
  return {
    name: 'rentza:route-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
      const routes = routesOf(readFileSync(path.resolve(import.meta.dirname, 'web/app/router.tsx'), 'utf8'));
      const preloads = routePreloads(manifest, routes);
      writeFileSync(path.join(outDir, '.vite/route-preloads.json'), `${JSON.stringify(preloads, null, 2)}\n`);
    },
  };
}

const chunks = loadUnitChunks();

export default defineConfig({
  root: 'web',
  plugins: [
    react(),
    routePreloadsFile(),
    chunks.plugin,
    // .br and .gz beside every text file of the build, served by the server (@fastify/static
    // preCompressed) to clients that accept them: docs/decisions/011.
    compression({
      include: /\.(js|css|html|svg|txt|json)$/,
      exclude: /^\.vite\//,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      logLevel: 'silent',
    }),
  ],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    // Read by `npm run bench:web` (the JavaScript each route loads first).
    manifest: true,
    chunkSizeWarningLimit: 900,
    // The entry lists, for each lazily loaded screen, the files to fetch beside it. For the signed-in
    // management screens it keeps only their CSS: their JavaScript dependencies are static imports
    // the browser fetches once the screen's chunk arrives (one round trip more when navigating to
    // them), so their lists do not weigh on every public page's first load (docs/decisions/011).
    modulePreload: {
      resolveDependencies: (filename, deps) =>
        MANAGEMENT_SCREEN.test(filename) ? deps.filter((dep) => dep.endsWith('.css')) : deps,
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry needs at start in one file: fewer requests, better compression.
            { name: 'index', tags: ['$initial'] },
            // The code of the screens people land on and of what pages load once painted, by what loads
            // together, not one file per set of lazy modules sharing it (docs/decisions/066). Each
            // module's group is given whole (its imports have theirs): no dependencies pulled in.
            { name: chunks.groupOf, debugName: 'load units', includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      // The PayFast simulator's pages (simulator mode), linked from the app (e.g. its merchants page).
      '/payfast-simulator': { target: apiTarget, changeOrigin: false },
    },
  },
});
