import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPermissions } from '../../domain/permissions.ts';
import { ROLES } from '../../domain/roles.ts';
import { navigationLinks, quickActions } from '../../domain/routes.ts';
import { insertImages, insertProperty, type PropertyOptions } from '../test/booking-fixtures.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { withHomeFirstPaint } from './first-paint.ts';
import { cacheControlFor, HASHED_ASSET_CACHE, PAGE_CACHE, PUBLIC_FILE_CACHE } from './web-app.ts';

const ALL_PERMISSIONS = defaultPermissions('backoffice');

const INDEX_HTML =
  '<!doctype html><html lang="en-ZA"><head><script type="module" src="/assets/index-Ab12Cd34.js"></script>' +
  '</head><body><div id="root"></div></body></html>';
/** `/` is index.html with the home hero's static first paint in it. */
const HOME_HTML = withHomeFirstPaint(INDEX_HTML);
const SCRIPT = `console.log(${JSON.stringify('rentza '.repeat(400))});\n`;
/** What vite.config.ts writes: the entry's files, then each route's chunks beyond them. */
const ROUTE_PRELOADS = {
  entry: { scripts: ['assets/index-Ab12Cd34.js'], styles: ['assets/index-Ff66.css'] },
  routes: [
    { path: '/', scripts: ['assets/home-Aa11.js', 'assets/Grid-Bb22.js'], styles: [] },
    { path: '/property/:id', scripts: ['assets/property-details-Cc33.js'], styles: [] },
    { path: '/calendar', scripts: ['assets/calendar-Dd44.js'], styles: ['assets/calendar-Ee55.css'] },
  ],
};
const ENTRY_LINK =
  '</assets/index-Ff66.css>; rel=preload; as=style; crossorigin, </assets/index-Ab12Cd34.js>; rel=modulepreload';

/** A stand-in for `vite build` output: hashed asset and page with their .br/.gz copies, the real robots.txt. */
function fakeWebBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'rentza-web-'));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, '.vite'));
  const write = (file: string, content: string) => {
    writeFileSync(path.join(dir, file), content);
    writeFileSync(path.join(dir, `${file}.br`), brotliCompressSync(content));
    writeFileSync(path.join(dir, `${file}.gz`), gzipSync(content));
  };
  write('index.html', INDEX_HTML);
  write('assets/index-Ab12Cd34.js', SCRIPT);
  writeFileSync(path.join(dir, 'assets', 'plain-Zz99Yy88.js'), 'export {};\n');
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), '{}');
  writeFileSync(path.join(dir, '.vite', 'route-preloads.json'), JSON.stringify(ROUTE_PRELOADS));
  copyFileSync(path.resolve('web/public/robots.txt'), path.join(dir, 'robots.txt'));
  return dir;
}

function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  return response.body;
}

/** Whether robots.txt keeps crawlers out of `pathname` (longest matching Allow/Disallow rule wins). */
function disallowed(robots: string, pathname: string): boolean {
  const rules = robots
    .split('\n')
    .map((line) => /^(Allow|Disallow):\s*(\S+)/i.exec(line.trim()))
    .filter((match) => match !== null)
    .map(([, kind = '', prefix = '']) => ({ allow: kind.toLowerCase() === 'allow', prefix }))
    .filter((rule) => pathname.startsWith(rule.prefix))
    .sort((a, b) => b.prefix.length - a.prefix.length);
  return rules[0] ? !rules[0].allow : false;
}

describe('serving the built web app', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = fakeWebBuild();
    t = await createTestApp({ env: { WEB_DIST_DIR: webDir } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
  ])(
    'sends the page precompressed to a client accepting %s, never to be used unchecked',
    async (accepts, encoding) => {
      const response = await t.get('/', { headers: { 'accept-encoding': accepts } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(decoded(response)).toBe(HOME_HTML);
    },
  );

  it('sends the page uncompressed to a client that accepts no compression', async () => {
    const response = await t.get('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(HOME_HTML);
  });

  it('draws the home hero before the app runs; other pages start empty', async () => {
    const home = (await t.get('/')).body;
    expect(home).toContain('<div id="root"><div class="rz-first-paint">');
    expect(home).toContain('<h1>Anything. Anywhere. Anytime.</h1>');
    expect(home.indexOf('<style>')).toBeLessThan(home.indexOf('</head>'));
    const login = await t.get('/login', { headers: { 'accept-encoding': 'br' } });
    expect(decoded(login)).toBe(INDEX_HTML);
  });

  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
  ])(
    'sends a hashed asset precompressed (%s) and cacheable for a year, immutable',
    async (accepts, encoding) => {
      const response = await t.get('/assets/index-Ab12Cd34.js', { headers: { 'accept-encoding': accepts } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decoded(response)).toBe(SCRIPT);
      expect(response.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
    },
  );

  it('sends a hashed asset that has no compressed copy as it is, still immutable', async () => {
    const response = await t.get('/assets/plain-Zz99Yy88.js', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe(HASHED_ASSET_CACHE);
    expect(response.body).toBe('export {};\n');
  });

  it.each([
    '/properties',
    '/property/7d6f5e4c-1111-4222-8333-944455556666',
    '/reservation-management?status=pending',
  ])('answers the client route %s with the page, no-cache and compressed', async (url) => {
    const response = await t.get(url, { headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(decoded(response)).toBe(INDEX_HTML);
  });

  it.each([
    ['/', '</assets/home-Aa11.js>; rel=modulepreload, </assets/Grid-Bb22.js>; rel=modulepreload'],
    [
      '/property/7d6f5e4c-1111-4222-8333-944455556666',
      '</assets/property-details-Cc33.js>; rel=modulepreload',
    ],
    [
      '/calendar?month=2026-11',
      '</assets/calendar-Ee55.css>; rel=preload; as=style; crossorigin, </assets/calendar-Dd44.js>; rel=modulepreload',
    ],
  ])('sends the page at %s with Link preloads: the entry first, then that page’s code', async (url, link) => {
    const response = await t.get(url, { headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers.link).toBe(`${ENTRY_LINK}, ${link}`);
  });

  it.each(['/properties', '/property/p-1/photos'])(
    'preloads only the entry for a page the build names no chunks for (%s)',
    async (url) => {
      const response = await t.get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers.link).toBe(ENTRY_LINK);
    },
  );

  describe('the listing a page shows, and its cover photo', () => {
    const listingLinks = (id: string) =>
      `</api/properties/${id}>; rel=preload; as=fetch; crossorigin, ` +
      `</api/images/properties/${id}/0-display.webp>; rel=preload; as=image; fetchpriority=high`;
    async function listing(options: PropertyOptions) {
      const owner = await t.createUser({ role: 'owner' });
      const property = await insertProperty(t.db, owner.id, options);
      await insertImages(t.db, property.id, 2);
      return property.id;
    }

    const photoLink = (id: string) =>
      `</api/images/properties/${id}/0-display.webp>; rel=preload; as=image; fetchpriority=high`;

    it('are preloaded with the listing page (the photo, its largest paint, first) and the booking page', async () => {
      const id = await listing({ is_active: true, status: 'available' });
      expect((await t.get(`/property/${id}`)).headers.link).toBe(
        `${photoLink(id)}, ${ENTRY_LINK}, </assets/property-details-Cc33.js>; rel=modulepreload, ` +
          `</api/properties/${id}>; rel=preload; as=fetch; crossorigin`,
      );
      expect((await t.get(`/reservation/${id}`)).headers.link).toBe(`${ENTRY_LINK}, ${listingLinks(id)}`);
    });

    it('draws the listing page’s cover photo before the app runs, as the gallery shows it', async () => {
      const id = await listing({ is_active: true, status: 'available', title: 'Loft <by> "the" sea' });
      const response = await t.get(`/property/${id}`, { headers: { 'accept-encoding': 'br' } });
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['cache-control']).toBe('no-cache');
      const html = decoded(response);
      expect(html).toContain('<div id="root"><div class="rz-first-paint">');
      expect(html).toContain(
        `<img class="rz-first-paint__photo" src="/api/images/properties/${id}/0-display.webp" ` +
          'alt="Photo 1 of 2: Loft &#60;by&#62; &#34;the&#34; sea" fetchpriority="high">',
      );
      expect(html.indexOf('<style>')).toBeLessThan(html.indexOf('</head>'));
    });

    it('draws the booking page’s heading before the app runs, for a visitor with a session only', async () => {
      const id = await listing({ is_active: true, status: 'available', type: 'vehicle', title: 'Red Polo' });
      const { cookie } = await t.signInAs({ role: 'client' });
      const signedIn = (await t.get(`/reservation/${id}`, { headers: { cookie } })).body;
      expect(signedIn).toContain('<h1 class="rz-first-paint__title">Book Your Rental at Red Polo</h1>');
      // Without a session the app sends the visitor to sign in: nothing is drawn early.
      expect((await t.get(`/reservation/${id}`)).body).toBe(INDEX_HTML);
    });

    it('draws nothing early for a listing without photos, or one that is not public', async () => {
      const owner = await t.createUser({ role: 'owner' });
      const bare = await insertProperty(t.db, owner.id, { is_active: true, status: 'available' });
      expect((await t.get(`/property/${bare.id}`)).body).toBe(INDEX_HTML);
      const hidden = await listing({ is_active: false });
      const { cookie } = await t.signInAs({ role: 'client' });
      expect((await t.get(`/property/${hidden}`)).body).toBe(INDEX_HTML);
      expect((await t.get(`/reservation/${hidden}`, { headers: { cookie } })).body).toBe(INDEX_HTML);
    });

    it.each([
      ['an inactive listing', { is_active: false }],
      ['an archived listing', { archived_at: new Date() }],
    ])('are not named for %s', async (_what, options: PropertyOptions) => {
      const id = await listing({ is_active: true, status: 'available', ...options });
      expect((await t.get(`/reservation/${id}`)).headers.link).toBe(ENTRY_LINK);
    });
  });

  it('preloads the session with a page requested with a session cookie (every page asks for it)', async () => {
    const { cookie } = await t.signInAs({ role: 'client' });
    const session = '</api/session>; rel=preload; as=fetch; crossorigin';
    expect((await t.get('/', { headers: { cookie } })).headers.link).toBe(
      `${ENTRY_LINK}, </assets/home-Aa11.js>; rel=modulepreload, </assets/Grid-Bb22.js>; rel=modulepreload, ${session}`,
    );
    expect((await t.get('/properties', { headers: { cookie } })).headers.link).toBe(
      `${ENTRY_LINK}, ${session}`,
    );
    expect((await t.get('/properties')).headers.link).toBe(ENTRY_LINK);
  });

  it('sends no Link preloads with a file', async () => {
    const response = await t.get('/assets/index-Ab12Cd34.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers.link).toBeUndefined();
  });

  it.each([
    ['a missing asset (a chunk of an earlier release)', '/assets/home-Old00000.js'],
    ['a missing file', '/favicon.ico'],
    ['the build manifest', '/.vite/manifest.json'],
    ['an unknown API route', '/api/nope'],
  ])('answers %s with a 404, not the page', async (_what, url) => {
    const response = await t.get(url);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });

  it('keeps the security headers on compressed files', async () => {
    const response = await t.get('/assets/index-Ab12Cd34.js', { headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  describe('/robots.txt', () => {
    let robots: LightMyRequestResponse;
    beforeAll(async () => {
      robots = await t.get('/robots.txt');
    });

    it('is a plain-text robots file for every crawler, cached for an hour', () => {
      expect(robots.statusCode).toBe(200);
      expect(robots.headers['content-type']).toMatch(/^text\/plain/);
      expect(robots.headers['cache-control']).toBe(PUBLIC_FILE_CACHE);
      expect(robots.body).toMatch(/^User-agent: \*$/m);
      expect(robots.body).not.toMatch(/<html/i);
    });

    it.each([
      '/',
      '/properties',
      '/properties?type=vehicle',
      '/property/p-1',
      '/login',
      '/register',
      '/terms',
      '/privacy',
    ])('lets crawlers read the public page %s', (pathname) => {
      expect(disallowed(robots.body, pathname)).toBe(false);
    });

    const privatePaths = new Set([
      '/api/properties',
      '/api/session',
      '/dev/mailbox',
      '/profile',
      '/reservation/p-1',
      '/reset-password?token=x',
      '/verify-email?token=x',
      '/claim-account?token=x',
      '/payment/return',
      ...ROLES.flatMap((role) => {
        const user = { role, permissions: ALL_PERMISSIONS };
        return [...navigationLinks(user), ...quickActions(user)].map((link) => link.to);
      }),
    ]);
    it.each([...privatePaths])('keeps crawlers out of %s', (pathname) => {
      expect(disallowed(robots.body, pathname)).toBe(true);
    });
  });
});

describe('cacheControlFor', () => {
  it.each([
    ['index.html', PAGE_CACHE],
    ['index.html.br', PAGE_CACHE],
    ['assets/index-Ab12Cd34.js', HASHED_ASSET_CACHE],
    ['assets/index-Ab12Cd34.js.gz', HASHED_ASSET_CACHE],
    ['assets/index-Ab12Cd34.css', HASHED_ASSET_CACHE],
    ['favicon.svg', PUBLIC_FILE_CACHE],
    ['robots.txt', PUBLIC_FILE_CACHE],
  ])('%s → %s', (file, expected) => {
    expect(cacheControlFor(file)).toBe(expected);
  });
});
