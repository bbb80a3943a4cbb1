import type { FastifyInstance, FastifyRequest } from 'fastify';
import { refusedOriginMessage } from '../../domain/errors.ts';
import type { Config } from '../config.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Sec-Fetch-Site values of a request the page on our own origin made, or the user typed. */
const OWN_SITE = new Set(['same-origin', 'none']);

export const CROSS_SITE_MESSAGE_PREFIX = 'This server does not accept changes sent from another site';

/** The 403 body for an app route: what happened and where to open Rentza instead. */
export function crossSiteMessage(config: Config): string {
  return config.publicUrlConfigured
    ? `${CROSS_SITE_MESSAGE_PREFIX}. Please open Rentza at ${config.PUBLIC_URL} and try again.`
    : `${CROSS_SITE_MESSAGE_PREFIX}. Please open Rentza directly (not through another site) and try again.`;
}

/**
 * The origin pages of this server are served from: PUBLIC_URL when configured, else the address the
 * request came to (as authRequestUrl in app.ts: Host, or X-Forwarded-Host from a trusted proxy).
 */
export function ownOrigin(request: FastifyRequest, config: Config): string | null {
  if (config.publicUrlConfigured) return new URL(config.PUBLIC_URL).origin;
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return null;
  }
}

function isForeign(request: FastifyRequest, config: Config): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && !OWN_SITE.has(String(site).toLowerCase())) return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  const given = normalisedOrigin(origin);
  return given === null || given !== ownOrigin(request, config);
}

/** "null" (a sandboxed or file page) and anything unparseable are foreign. */
function normalisedOrigin(origin: string): string | null {
  try {
    const parsed = new URL(origin).origin;
    return parsed === 'null' ? null : parsed;
  } catch {
    return null;
  }
}

/**
 * Refuses a state-changing request a browser sent from another site (CSRF): a foreign Origin, or a
 * Sec-Fetch-Site other than same-origin/none. Requests without either header (server-to-server,
 * curl) pass; so do `exemptRoutes`, whose callers are other servers that sign their bodies. The
 * auth routes get the answer better-auth's own origin check gives (`INVALID_ORIGIN`).
 */
export function registerCrossOriginRefusal(
  app: FastifyInstance,
  config: Config,
  options: { exemptRoutes: readonly string[]; authPathPrefix: string },
): void {
  const exempt = new Set(options.exemptRoutes);
  app.addHook('onRequest', async (request, reply) => {
    if (!STATE_CHANGING.has(request.method)) return;
    if (request.routeOptions.url !== undefined && exempt.has(request.routeOptions.url)) return;
    if (!isForeign(request, config)) return;
    if (request.url.startsWith(`${options.authPathPrefix}/`)) {
      return reply.status(403).send({
        code: 'INVALID_ORIGIN',
        message: refusedOriginMessage(config.publicUrlConfigured ? config.PUBLIC_URL : null),
      });
    }
    return reply.status(403).send({ error: 'CROSS_SITE_REQUEST', message: crossSiteMessage(config) });
  });
}
