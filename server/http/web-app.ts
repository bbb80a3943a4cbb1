import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../domain/errors.ts';
import { withFirstPaint, withHomeFirstPaint } from './first-paint.ts';

/** Vite names every file under assets/ by its content hash, so a name never changes its content. */
export const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
/** index.html names the current assets: the browser must check it is still current on every visit. */
export const PAGE_CACHE = 'no-cache';
/** The other files of web/public (favicon, robots.txt) keep their names across releases. */
export const PUBLIC_FILE_CACHE = 'public, max-age=3600';

const COMPRESSED_SUFFIX = /\.(br|gz)$/;

/** The Cache-Control of a file of the web build, by its path relative to the build directory. */
export function cacheControlFor(relativePath: string): string {
  const file = relativePath.split(path.sep).join('/').replace(COMPRESSED_SUFFIX, '');
  if (file === 'index.html') return PAGE_CACHE;
  if (file.startsWith('assets/')) return HASHED_ASSET_CACHE;
  return PUBLIC_FILE_CACHE;
}

interface FileSet {
  scripts: string[];
  styles: string[];
}

/** The build's .vite/route-preloads.json (written by vite.config.ts). */
interface RoutePreloads {
  entry: FileSet;
  routes: Array<FileSet & { path: string }>;
}

/** Link header entries; `crossorigin` as Vite's tags in index.html have it, so the preloads are used. */
const linkTo = ({ scripts, styles }: FileSet) => [
  ...styles.map((style) => `</${style}>; rel=preload; as=style; crossorigin`),
  ...scripts.map((script) => `</${script}>; rel=modulepreload`),
];

/**
 * The Link header value for each page of the app: the entry's files, then the page route's chunks
 * as modulepreload and its style sheets as preload. Sent with the page, the route's code downloads
 * beside the entry instead of after the entry has run; the entry comes first, so it is not queued
 * behind them.
 */
export function pagePreloads(webDir: string): (pathname: string) => string | null {
  const file = path.join(webDir, '.vite', 'route-preloads.json');
  if (!existsSync(file)) return () => null;
  const preloads = JSON.parse(readFileSync(file, 'utf8')) as RoutePreloads;
  const entry = linkTo(preloads.entry);
  const routes = preloads.routes.map((route) => ({
    pattern: routePattern(route.path),
    link: [...entry, ...linkTo(route)].join(', '),
  }));
  const entryOnly = entry.join(', ') || null;
  return (pathname) => routes.find((route) => route.pattern.test(pathname))?.link ?? entryOnly;
}

/** '/property/:id' → /^\/property\/[^/]+\/?$/; '*' matches the rest of the path. */
function routePattern(routePath: string): RegExp {
  const segments = routePath
    .split('/')
    .filter(Boolean)
    .map((segment) =>
      segment === '*'
        ? '.*'
        : segment.startsWith(':')
          ? '[^/]+'
          : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    );
  return new RegExp(`^/${segments.join('/')}/?$`);
}

/** What a page adds to the app's index.html, from the data it shows. */
export interface PageExtras {
  /** More Link header entries (e.g. the data it shows), after the page's code, or null. */
  link: string | null;
  /**
   * Link header entries before the page's code, or null: what its first paint draws (e.g. a photo),
   * which then does not wait behind the code for a connection.
   */
  firstPaintLink?: string | null;
  /** Markup drawn in `#root` before the app runs (server/http/first-paint.ts), or null. */
  firstPaint: string | null;
}

/** A page's extras (docs/decisions/066, 070). Never throws: a failed lookup only loses them. */
export type PageHints = (pathname: string, request: FastifyRequest) => Promise<PageExtras | null>;

/**
 * Serves the built web app (`vite build` output) from `webDir`: the files, with the .br/.gz copies
 * the build made (docs/decisions/011) for clients that accept them, and index.html for `/` and every
 * other GET that is not an API route or a missing asset (the app's client-side routes), with the Link
 * preloads of its code and `hints`' (docs/decisions/066). Returns false, serving nothing, when there
 * is no build.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDir: string | null,
  hints: PageHints = async () => null,
): Promise<boolean> {
  if (webDir === null || !existsSync(path.join(webDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: webDir,
    index: false,
    preCompressed: true,
    // .vite/manifest.json (read by `npm run bench:web`) is not for browsers.
    dotfiles: 'ignore',
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControlFor(path.relative(webDir, filePath)));
    },
  });
  const preloadsOf = pagePreloads(webDir);
  const indexHtml = readFileSync(path.join(webDir, 'index.html'), 'utf8');
  /** The page's code and what `hints` adds, and its first paint. */
  const extrasOf = async (pathname: string, request: FastifyRequest) => {
    const extras = await hints(pathname, request).catch(() => null);
    const link = [extras?.firstPaintLink, preloadsOf(pathname), extras?.link].filter(Boolean).join(', ');
    return { link, firstPaint: extras?.firstPaint ?? null };
  };
  const sendHtml = (request: FastifyRequest, reply: FastifyReply, page: CompressedPage) => {
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', PAGE_CACHE)
      .header('vary', 'Accept-Encoding');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding === 'br' ? page.br() : encoding === 'gzip' ? page.gzip() : page.html);
  };
  app.decorateReply('sendPage', async function sendPage(this: FastifyReply, pathname: string) {
    const { link, firstPaint } = await extrasOf(pathname, this.request);
    if (link) this.header('link', link);
    if (!firstPaint) return this.sendFile('index.html');
    // A page drawn from its data (docs/decisions/070): compressed per request, quickly (about 3 kB).
    return sendHtml(this.request, this, compressedPage(withFirstPaint(indexHtml, firstPaint), 5));
  });
  const home = compressedPage(withHomeFirstPaint(indexHtml), 11);
  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    const { link } = await extrasOf('/', request);
    if (link) reply.header('link', link);
    return sendHtml(request, reply, home);
  });
  return true;
}

interface CompressedPage {
  html: Buffer;
  br(): Buffer;
  gzip(): Buffer;
}

/**
 * A page with a static first paint (first-paint.ts), compressed when first asked for in each encoding:
 * `/` once at brotli's best (as the build's files), a listing's page per request at `quality`.
 */
function compressedPage(text: string, quality: number): CompressedPage {
  const html = Buffer.from(text);
  let br: Buffer | undefined;
  let gzip: Buffer | undefined;
  return {
    html,
    br: () => {
      br ??= brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: quality } });
      return br;
    },
    gzip: () => {
      gzip ??= gzipSync(html, { level: Math.min(9, quality) });
      return gzip;
    },
  };
}

declare module 'fastify' {
  interface FastifyReply {
    /** index.html for a page of the app at `pathname`, with Link preloads for that page's code and data. */
    sendPage(pathname: string): Promise<FastifyReply>;
  }
}

/** Requests no route answers: API paths, other methods and missing assets get a 404; pages get the app. */
export function registerNotFound(app: FastifyInstance, servesWeb: boolean): void {
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (!servesWeb || request.method !== 'GET' || pathname.startsWith('/api/') || isAssetPath(pathname)) {
      return reply.status(404).send({ error: 'NOT_FOUND', message: MESSAGES.notFound });
    }
    return reply.sendPage(pathname);
  });
}

/** A built file's address (e.g. a chunk of an earlier release): answering it with the page would break the page. */
function isAssetPath(pathname: string): boolean {
  return pathname.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(pathname.split('/').pop() ?? '');
}
