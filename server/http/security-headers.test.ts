import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { contentSecurityPolicyDirectives } from './security-headers.ts';

/** A stand-in for `vite build` output, so the page routes (/, deep links, assets) exist. */
function fakeWebBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'rentza-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log("rentza");\n');
  return dir;
}

function directives(response: LightMyRequestResponse): Map<string, string[]> {
  const header = response.headers['content-security-policy'];
  expect(typeof header, 'a Content-Security-Policy header').toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...values]) => [name, values]),
  );
}

function expectCommonHeaders(response: LightMyRequestResponse): void {
  const csp = directives(response);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('script-src-attr')).toEqual(["'none'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(response.headers['x-permitted-cross-domain-policies']).toBe('none');
}

function setCookies(response: LightMyRequestResponse): string[] {
  const header = response.headers['set-cookie'];
  return header === undefined ? [] : Array.isArray(header) ? header : [String(header)];
}

describe('security headers over http (local and test servers)', () => {
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
    ['the page', '/'],
    ['a deep link to the page', '/properties/new'],
    ['a built asset', '/assets/app.js'],
    ['an API route', '/api/health'],
    ['an API error', '/api/nope'],
    ['the API docs', '/api/docs/json'],
  ])('are sent on %s (%s)', async (_what, url) => {
    const response = await t.get(url);
    expect(response.statusCode).toBeLessThan(500);
    expectCommonHeaders(response);
  });

  it('serve the page with a CSP that allows only our own scripts and no https-only rules', async () => {
    const response = await t.get('/');
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const csp = directives(response);
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('set session cookies without Secure, so sign-in works on http://localhost', async () => {
    const user = await t.createUser();
    const response = await t.attemptSignIn(user.email, user.password);
    expect(response.statusCode).toBe(200);
    expect(response.headers['strict-transport-security']).toBeUndefined();
    const session = setCookies(response).find((cookie) => cookie.includes('session_token='));
    expect(session).toBeDefined();
    expect(session).not.toMatch(/;\s*Secure/i);
    expect(session).not.toMatch(/^__Secure-/);
  });
});

describe('security headers when PUBLIC_URL is https', () => {
  const publicUrl = 'https://rentza.example';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: publicUrl } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('add HSTS and upgrade-insecure-requests to API responses', async () => {
    const response = await t.get('/api/health');
    expectCommonHeaders(response);
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(directives(response).get('upgrade-insecure-requests')).toEqual([]);
  });

  it('issue the session cookie as Secure (and __Secure- prefixed) on sign-in', async () => {
    const user = await t.createUser();
    const response = await t.post(
      '/api/auth/sign-in/email',
      { email: user.email, password: user.password },
      { headers: { origin: publicUrl } },
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const session = setCookies(response).find((cookie) => cookie.includes('session_token='));
    expect(session).toMatch(/^__Secure-/);
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/;\s*HttpOnly/i);
  });
});

describe('contentSecurityPolicyDirectives', () => {
  const base = {
    PUBLIC_URL: 'http://localhost:3000',
    S3_ENDPOINT: undefined,
    PAYFAST_MODE: 'simulator',
  } as const;

  it('allows images from the S3 endpoint origin when one is configured', () => {
    const csp = contentSecurityPolicyDirectives({
      ...base,
      S3_ENDPOINT: 'https://s3.example.co.za:9000/path',
    });
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://s3.example.co.za:9000']);
    expect(csp['script-src']).toEqual(["'self'"]);
  });

  it('lets the subscription checkout post to PayFast in sandbox and live mode only', () => {
    expect(contentSecurityPolicyDirectives(base)['form-action']).toEqual(["'self'"]);
    expect(contentSecurityPolicyDirectives({ ...base, PAYFAST_MODE: 'sandbox' })['form-action']).toEqual([
      "'self'",
      'https://sandbox.payfast.co.za',
    ]);
    expect(contentSecurityPolicyDirectives({ ...base, PAYFAST_MODE: 'live' })['form-action']).toEqual([
      "'self'",
      'https://www.payfast.co.za',
    ]);
  });
});

describe('web/index.html', () => {
  it('has no inline script, so script-src needs no unsafe-inline or hash', () => {
    const html = readFileSync(path.resolve('web/index.html'), 'utf8');
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toMatch(/\bsrc=/);
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });
});
