/**
 * The web app's routes and the built files each needs first, from web/app/router.tsx and the Vite
 * manifest. Used by `npm run bench:web` (size per route) and by the build, which writes
 * .vite/route-preloads.json for the server's Link headers (docs/decisions/011).
 */
import path from 'node:path';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface Route {
  /** The route's pattern, e.g. '/property/:id' ('/*' for the catch-all). */
  path: string;
  /** The lazy route module as the manifest names it (relative to web/); null for inline elements. */
  module: string | null;
}

/** A route's files beyond the entry's: JavaScript chunks and style sheets, as paths in the build. */
export interface RoutePreload {
  path: string;
  scripts: string[];
  styles: string[];
}

/**
 * The routes of the router, read from its source: every `path: '…'` or `index: true` object, with the
 * module of its `element: page(() => import('…'))` when it has one. Layout routes (no path) are not pages.
 */
export function routesOf(routerSource: string): Route[] {
  const routes: Route[] = [];
  const routeObject =
    /\{\s*(?:index:\s*true|path:\s*'([^']*)')\s*,\s*element:\s*(?:page\(\s*\(\)\s*=>\s*import\('([^']+)'\)|<)/g;
  for (const match of routerSource.matchAll(routeObject)) {
    const [, routePath, importPath] = match;
    const module = importPath ? path.posix.normalize(path.posix.join('app', importPath)) : null;
    routes.push({ path: routePath === undefined ? '/' : `/${routePath}`, module });
  }
  return routes;
}

export function entryKeyOf(manifest: Manifest): string {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('The Vite manifest has no entry chunk');
  return entryKey;
}

/** The manifest keys of `keys` and everything they import statically (not their dynamic imports). */
export function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The Vite manifest has no chunk ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return seen;
}

/** What index.html loads, then for each route the files its first load needs beyond that. */
export interface RoutePreloads {
  entry: { scripts: string[]; styles: string[] };
  routes: RoutePreload[];
}

export function routePreloads(manifest: Manifest, routes: Route[]): RoutePreloads {
  const entry = staticClosure(manifest, [entryKeyOf(manifest)]);
  const entryStyles = new Set([...entry].flatMap((key) => manifest[key]?.css ?? []));
  const pages = routes.map((route) => {
    const own = route.module
      ? [...staticClosure(manifest, [route.module])].filter((key) => !entry.has(key))
      : [];
    return {
      path: route.path,
      scripts: own.map((key) => manifest[key]?.file ?? key),
      styles: [...new Set(own.flatMap((key) => manifest[key]?.css ?? []))].filter(
        (css) => !entryStyles.has(css),
      ),
    };
  });
  return {
    entry: { scripts: [...entry].map((key) => manifest[key]?.file ?? key), styles: [...entryStyles] },
    routes: pages.filter((page) => page.scripts.length + page.styles.length > 0),
  };
}
