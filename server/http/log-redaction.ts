import type { FastifyRequest } from 'fastify';
import pino, { type Logger } from 'pino';
import { EXPOSED_AUTH_ROUTES } from '../platform/auth-routes.ts';

export const REDACTED = '[REDACTED]';

/** Query parameters and route parameters whose values are credentials (reset, verification, claim links…). */
const SECRET_NAME = /token|secret|password|passphrase|signature/i;

/** The auth library's routes with a secret in the path (/api/auth/* is one wildcard route in Fastify). */
const AUTH_SECRET_TEMPLATES = EXPOSED_AUTH_ROUTES.map((route) => `/api/auth${route.path}`).filter(
  (template) => secretSegmentIndexes(template.split('/')).length > 0,
);

function secretSegmentIndexes(templateSegments: string[]): number[] {
  return templateSegments.flatMap((segment, index) =>
    segment.startsWith(':') && SECRET_NAME.test(segment.slice(1)) ? [index] : [],
  );
}

function decodedName(encoded: string): string {
  try {
    return decodeURIComponent(encoded.replaceAll('+', ' '));
  } catch {
    return encoded;
  }
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return pair;
      const name = pair.slice(0, equals);
      return SECRET_NAME.test(decodedName(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
}

function matchesTemplate(pathSegments: string[], templateSegments: string[]): boolean {
  return (
    pathSegments.length === templateSegments.length &&
    templateSegments.every((segment, index) => segment.startsWith(':') || segment === pathSegments[index])
  );
}

/**
 * A request URL fit for the log: the values of secret query parameters (`token=`, …) and of secret
 * path segments are replaced by [REDACTED]. `routeTemplate` is the matched route (`/x/:token`), when
 * there is one; the auth library's token paths are recognised without it.
 */
export function redactUrl(url: string, routeTemplate?: string): string {
  const queryStart = url.indexOf('?');
  const path = queryStart < 0 ? url : url.slice(0, queryStart);
  const query = queryStart < 0 ? null : url.slice(queryStart + 1);
  const segments = path.split('/');
  const templates = [...(routeTemplate ? [routeTemplate] : []), ...AUTH_SECRET_TEMPLATES];
  for (const template of templates) {
    const templateSegments = template.split('/');
    if (template !== routeTemplate && !matchesTemplate(segments, templateSegments)) continue;
    for (const index of secretSegmentIndexes(templateSegments)) {
      if (index < segments.length) segments[index] = REDACTED;
    }
  }
  const redactedPath = segments.join('/');
  return query === null ? redactedPath : `${redactedPath}?${redactQuery(query)}`;
}

const QUERY_PAIR_IN_TEXT = /([?&])([^=&\s#"'<>]*)=([^&\s#"'<>]*)/g;
const AUTH_SECRET_PATHS_IN_TEXT = AUTH_SECRET_TEMPLATES.map((template) => {
  const prefix = template.slice(0, template.lastIndexOf('/') + 1);
  return new RegExp(`(${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})[^/?#\\s"'<>]+`, 'g');
});

/** Any URLs inside free text (an error message or stack), redacted as redactUrl does. */
export function redactUrlsInText(text: string): string {
  let redacted = text.replace(QUERY_PAIR_IN_TEXT, (pair, separator: string, name: string) =>
    SECRET_NAME.test(decodedName(name)) ? `${separator}${name}=${REDACTED}` : pair,
  );
  for (const pattern of AUTH_SECRET_PATHS_IN_TEXT) redacted = redacted.replace(pattern, `$1${REDACTED}`);
  return redacted;
}

/** Fastify's request serializer (method, url, host, address, port) with the URL redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url, request.routeOptions?.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

function serializeError(error: Error) {
  const serialized = pino.stdSerializers.err(error);
  if (typeof serialized.message === 'string') serialized.message = redactUrlsInText(serialized.message);
  if (typeof serialized.stack === 'string') serialized.stack = redactUrlsInText(serialized.stack);
  return serialized;
}

/** The server's logger with no credential from a URL in any line (issue 18: tokens taken from logs). */
export function withRedactedUrls(logger: Logger): Logger {
  return logger.child({}, { serializers: { req: serializeRequest, err: serializeError } });
}
