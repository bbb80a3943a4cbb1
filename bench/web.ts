/**
 * Web bundle budget (not a test, but CI fails on it): runs the production build (`vite build`), then
 * for each route of web/app/router.tsx adds up the JavaScript a browser loads before that route shows:
 * the entry chunk and its static imports, plus the route's lazy chunk and its static imports (walking
 * the Vite manifest; dynamic imports are left out, they load later). Prints gzip and brotli sizes and
 * the CSS the route loads, and exits 1 when a public route, or the booking page, is over its gzip budget.
 *
 *   npm run bench:web
 *
 * Environment:
 *   BENCH_SKIP_BUILD  "1": measure the existing dist/web instead of building
 *   BENCH_VERBOSE     "1": also list each route's chunks with their gzip sizes
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { entryKeyOf, type Manifest, routesOf, staticClosure } from '../scripts/web-routes.ts';

/** Gzipped JavaScript a public route may load initially, in kB (1 kB = 1000 bytes, as Vite prints). */
const PUBLIC_ROUTE_BUDGET_KB = 150;
const PUBLIC_ROUTES = ['/', '/properties', '/property/:id', '/login', '/register'];
/**
 * The booking page, where a client books (Lighthouse's third page, docs/decisions/073): its first load
 * must carry none of the response schemas (zod); a module it imports statically from domain/schemas/*
 * puts them back (about +40 kB), and this budget fails the run then.
 */
const BOOKING_ROUTE = '/reservation/:id';
const BOOKING_ROUTE_BUDGET_KB = 165;

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'dist/web');
const ROUTER = path.join(ROOT, 'web/app/router.tsx');

const sizes = new Map<string, { raw: number; gzip: number; brotli: number }>();
function sizeOf(file: string) {
  let size = sizes.get(file);
  if (!size) {
    const content = readFileSync(path.join(DIST, file));
    size = {
      raw: content.length,
      gzip: gzipSync(content, { level: 9 }).length,
      brotli: brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
    sizes.set(file, size);
  }
  return size;
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

function main(): void {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    console.log('Building the web app (vite build)…');
    execFileSync(
      process.execPath,
      [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
      {
        cwd: ROOT,
        stdio: 'inherit',
      },
    );
  }
  const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entryKey = entryKeyOf(manifest);
  const routes = routesOf(readFileSync(ROUTER, 'utf8'));
  if (!routes.some((route) => route.path === '/')) throw new Error(`Found no home route in ${ROUTER}`);
  for (const publicRoute of [...PUBLIC_ROUTES, BOOKING_ROUTE]) {
    if (!routes.some((route) => route.path === publicRoute && route.module)) {
      throw new Error(
        `Public route ${publicRoute} is not a lazy page in ${ROUTER} (or its form is not recognised)`,
      );
    }
  }

  const budgetBytes = PUBLIC_ROUTE_BUDGET_KB * 1000;
  const rows = routes.map((route) => {
    if (route.module && !manifest[route.module]) {
      throw new Error(`The Vite manifest has no chunk for ${route.module} (route ${route.path})`);
    }
    const chunks = [...staticClosure(manifest, route.module ? [entryKey, route.module] : [entryKey])];
    const files = chunks.map((key) => manifest[key]?.file ?? key);
    const css = new Set(chunks.flatMap((key) => manifest[key]?.css ?? []));
    const total = (list: Iterable<string>, kind: 'raw' | 'gzip' | 'brotli') =>
      [...list].reduce((sum, file) => sum + sizeOf(file)[kind], 0);
    const gzip = total(files, 'gzip');
    const isPublic = PUBLIC_ROUTES.includes(route.path);
    const budget = isPublic
      ? budgetBytes
      : route.path === BOOKING_ROUTE
        ? BOOKING_ROUTE_BUDGET_KB * 1000
        : null;
    return {
      route: route.path,
      files: files.length,
      raw: total(files, 'raw'),
      gzip,
      brotli: total(files, 'brotli'),
      cssGzip: total(css, 'gzip'),
      isPublic,
      budget,
      over: budget !== null && gzip > budget,
      detail: files.map((file) => `${file} ${kb(sizeOf(file).gzip)}`),
    };
  });

  const header = ['route', 'public', 'files', 'JS kB', 'JS gzip kB', 'JS brotli kB', 'CSS gzip kB', ''];
  const table = rows.map((row) => [
    row.route,
    row.isPublic ? 'yes' : '',
    String(row.files),
    kb(row.raw),
    kb(row.gzip),
    kb(row.brotli),
    kb(row.cssGzip),
    row.over ? `OVER ${kb(row.budget ?? 0)} kB` : '',
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...table.map((line) => line[column]?.length ?? 0)),
  );
  const format = (line: string[]) =>
    line
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ');
  console.log(
    `\nInitial JavaScript per route (entry ${manifest[entryKey]?.file}); budget for public routes: ${PUBLIC_ROUTE_BUDGET_KB} kB gzip, for ${BOOKING_ROUTE}: ${BOOKING_ROUTE_BUDGET_KB} kB\n`,
  );
  console.log(format(header).trimEnd());
  for (const line of table) console.log(format(line).trimEnd());
  if (process.env.BENCH_VERBOSE === '1') {
    for (const row of rows) console.log(`\n${row.route}:\n  ${row.detail.join('\n  ')}`);
  }

  const over = rows.filter((row) => row.over);
  if (over.length > 0) {
    console.error(`\nOver budget: ${over.map((row) => `${row.route} (${kb(row.gzip)} kB gzip)`).join(', ')}`);
    process.exit(1);
  }
  console.log(
    `\nEvery public route is within ${PUBLIC_ROUTE_BUDGET_KB} kB gzip, and ${BOOKING_ROUTE} within ${BOOKING_ROUTE_BUDGET_KB} kB.`,
  );
}

main();
