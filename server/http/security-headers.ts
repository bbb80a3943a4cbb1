import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';

type SecuritySettings = Pick<Config, 'PUBLIC_URL' | 'S3_ENDPOINT' | 'PAYFAST_MODE'>;

/** PayFast's hosted payment page: the checkout is a form POST to it (spec: subscriptions). */
const PAYFAST_ORIGINS: Record<Config['PAYFAST_MODE'], string[]> = {
  simulator: [],
  sandbox: ['https://sandbox.payfast.co.za'],
  live: ['https://www.payfast.co.za'],
};

/** HSTS, Secure cookies and upgrade-insecure-requests only make sense when users reach us over TLS. */
export function isHttpsDeployment(config: Pick<Config, 'PUBLIC_URL'>): boolean {
  return new URL(config.PUBLIC_URL).protocol === 'https:';
}

/**
 * The Content-Security-Policy of every response (docs/decisions/007). Scripts only from our origin:
 * the built index.html has no inline script. Styles allow 'unsafe-inline' because Mantine injects
 * <style> tags and style attributes at run time. Images also come as data: (icons), blob: (previews
 * of photos being uploaded) and, when configured, from the S3 endpoint.
 */
export function contentSecurityPolicyDirectives(config: SecuritySettings): Record<string, string[]> {
  const https = isHttpsDeployment(config);
  const imageOrigins = config.S3_ENDPOINT ? [new URL(config.S3_ENDPOINT).origin] : [];
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...imageOrigins],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'", ...PAYFAST_ORIGINS[config.PAYFAST_MODE]],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

function helmetOptions(config: SecuritySettings): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicyDirectives(config) },
    xFrameOptions: { action: 'deny' },
    // Not 'no-referrer': with it browsers send `Origin: null` on same-origin POSTs, which the auth
    // origin check rejects. This one sends nothing but our origin to other sites.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: isHttpsDeployment(config)
      ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true }
      : false,
  };
}

/**
 * The headers helmet sets with our options, worked out once: they are the same on every response
 * (no per-request nonces), and building helmet's middleware for each request (as @fastify/helmet
 * does) cost every API call its directives' parsing (docs/decisions/081).
 */
export function securityHeaders(config: SecuritySettings): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(helmetOptions(config))(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return [...headers];
}

/**
 * Security headers on every response (pages, API, static files, errors): CSP, X-Frame-Options DENY,
 * nosniff, Referrer-Policy and, for an https PUBLIC_URL, HSTS. Set on the raw response when the
 * request arrives, so a response written by any route or error handler carries them. Register
 * before the routes.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: SecuritySettings): void {
  const headers = securityHeaders(config);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
