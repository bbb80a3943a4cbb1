import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
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

/**
 * Security headers on every response (pages, API, static files, errors) with @fastify/helmet:
 * CSP, X-Frame-Options DENY, nosniff, Referrer-Policy and, for an https PUBLIC_URL, HSTS.
 * Register before the routes so its hook runs for all of them.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: SecuritySettings): Promise<void> {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicyDirectives(config) },
    xFrameOptions: { action: 'deny' },
    // Not 'no-referrer': with it browsers send `Origin: null` on same-origin POSTs, which the auth
    // origin check rejects. This one sends nothing but our origin to other sites.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: isHttpsDeployment(config)
      ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true }
      : false,
  });
}
