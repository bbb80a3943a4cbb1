import type { FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { OpenAPIV3 } from 'openapi-types';
import { z } from 'zod';
import { ErrorResponseSchema } from '../modules/account/account.schemas.ts';

/**
 * What the OpenAPI document says beyond the route schemas (docs/decisions/026-openapi-and-access-matrix.md):
 * every operation has an operationId and its security, and the error answers every route can give.
 */

export const SESSION_COOKIE_SCHEME = 'sessionCookie';

/** `schema.security` of a route anyone may call without signing in. */
export const PUBLIC_ACCESS: OpenAPIV3.SecurityRequirementObject[] = [];
/** `schema.security` of a public route whose answer depends on who is signed in, if anyone. */
export const OPTIONAL_SESSION: OpenAPIV3.SecurityRequirementObject[] = [{}, { [SESSION_COOKIE_SCHEME]: [] }];
/** Every other operation needs the session cookie (the default). */
export const SESSION_REQUIRED: OpenAPIV3.SecurityRequirementObject[] = [{ [SESSION_COOKIE_SCHEME]: [] }];

export const SECURITY_SCHEMES: Record<string, OpenAPIV3.SecuritySchemeObject> = {
  [SESSION_COOKIE_SCHEME]: {
    type: 'apiKey',
    in: 'cookie',
    name: 'better-auth.session_token',
    description:
      'The session cookie set by POST /api/auth/sign-in/email (named `__Secure-better-auth.session_token` when PUBLIC_URL is https).',
  },
};

/** A binary response body of the given media type, for `response` in a route schema. */
export function binaryResponse(description: string, mediaType: string) {
  return {
    description,
    content: { [mediaType]: { schema: z.unknown().meta({ type: 'string', format: 'binary' }) } },
  };
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type RouteSchema = FastifySchema & {
  security?: OpenAPIV3.SecurityRequirementObject[];
  operationId?: string;
  response?: Record<string, unknown>;
};

/**
 * The operationId of a route without one: the method and the path, e.g.
 * `GET /api/reservations/:id/documents` → `getReservationsByIdDocuments`. Deterministic, so clients
 * generated from the document keep their names while the route stays.
 */
export function operationIdFor(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '/')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      if (segment === '*' || segment === '{*}') return ['by', 'path'];
      const parameter = /^(?::(\w+)|\{(\w+)\})$/.exec(segment);
      if (parameter) return ['by', (parameter[1] ?? parameter[2]) as string];
      return segment.split(/[^a-zA-Z0-9]+/).filter(Boolean);
    });
  return [method.toLowerCase(), ...words.map((word) => word[0]?.toUpperCase() + word.slice(1))].join('');
}

/**
 * The answers the error handler gives on any route, documented where the route does not list them:
 * 400 for input that fails its schema, 401/403 without a session or the right role, 404 for an id
 * that names nothing the caller may see.
 */
function withCommonErrors(schema: RouteSchema, isPublic: boolean): RouteSchema['response'] {
  const common: Record<string, unknown> = {};
  const takesInput = Boolean(schema.params || schema.querystring || schema.body);
  if (takesInput) common[400] = ErrorResponseSchema;
  if (!isPublic) {
    common[401] = ErrorResponseSchema;
    common[403] = ErrorResponseSchema;
  }
  if (schema.params) common[404] = ErrorResponseSchema;
  return { ...common, ...schema.response };
}

/** jsonSchemaTransform (zod → JSON Schema) plus operationId, security and the common error answers. */
export function openApiTransform(input: TransformInput) {
  const schema = (input.schema ?? {}) as RouteSchema;
  if ((schema as { hide?: boolean }).hide) return jsonSchemaTransform(input);
  const method = Array.isArray(input.route.method) ? input.route.method[0] : input.route.method;
  const security = schema.security ?? SESSION_REQUIRED;
  const isPublic =
    security.some((requirement) => Object.keys(requirement).length === 0) || security.length === 0;
  return jsonSchemaTransform({
    ...input,
    schema: {
      ...schema,
      operationId: schema.operationId ?? operationIdFor(String(method), input.url),
      security,
      response: withCommonErrors(schema, isPublic),
    } as FastifySchema,
  });
}

type Document = OpenAPIV3.Document;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** Whether a better-auth operation can be called without a session; sign-out works either way. */
/** The emailed links (verify-email, reset-password/{token}) answer with a redirect to their callbackURL. */
const LINK_REDIRECT: OpenAPIV3.ResponseObject = {
  description: 'Redirects to callbackURL; with `?error=INVALID_TOKEN` when the token is unknown or expired',
};

const AUTH_SECURITY: Record<string, OpenAPIV3.SecurityRequirementObject[]> = {
  '/sign-out': OPTIONAL_SESSION,
};

/**
 * The served document: ours plus better-auth's exposed operations (with the components they refer
 * to), the session cookie scheme, and the wildcard image path named as OpenAPI requires.
 */
export function completeDocument(
  document: Document,
  auth: { paths: Document['paths']; components?: Document['components'] },
  isExposedAuthDocPath: (path: string) => boolean,
): Document {
  const authPaths: Document['paths'] = {};
  for (const [route, item] of Object.entries(auth.paths ?? {})) {
    if (!item || !isExposedAuthDocPath(route)) continue;
    const completed: OpenAPIV3.PathItemObject = { ...item };
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      completed[method] = {
        ...nullableOptionals(operation),
        operationId: operation.operationId ?? operationIdFor(method, `/api/auth${route}`),
        summary: operation.summary ?? operation.description,
        security: AUTH_SECURITY[route] ?? PUBLIC_ACCESS,
        responses: method === 'get' ? { ...operation.responses, 302: LINK_REDIRECT } : operation.responses,
      };
    }
    authPaths[`/api/auth${route}`] = completed;
  }
  const paths: Document['paths'] = {};
  for (const [route, item] of Object.entries({ ...document.paths, ...authPaths })) {
    paths[route.replace('{*}', '{path}')] = withoutRedirectBodies(
      renameWildcardParameter(item as OpenAPIV3.PathItemObject),
    );
  }
  assertUniqueOperationIds(paths);
  return {
    ...document,
    paths,
    components: {
      ...document.components,
      schemas: {
        ...referencedAuthSchemas(authPaths, auth.components?.schemas ?? {}),
        ...document.components?.schemas,
      },
      securitySchemes: { ...document.components?.securitySchemes, ...SECURITY_SCHEMES },
    },
  };
}

function renameWildcardParameter(item: OpenAPIV3.PathItemObject): OpenAPIV3.PathItemObject {
  const renamed: OpenAPIV3.PathItemObject = { ...item };
  for (const method of METHODS) {
    const operation = item[method];
    if (!operation?.parameters) continue;
    renamed[method] = {
      ...operation,
      parameters: operation.parameters.map((parameter) =>
        'name' in parameter && parameter.name === '*' ? { ...parameter, name: 'path' } : parameter,
      ),
    };
  }
  return renamed;
}

/** A redirect (3xx) has no body to describe: its Location is the answer. */
function withoutRedirectBodies(item: OpenAPIV3.PathItemObject): OpenAPIV3.PathItemObject {
  const result: OpenAPIV3.PathItemObject = { ...item };
  for (const method of METHODS) {
    const operation = item[method];
    if (!operation) continue;
    const responses = Object.fromEntries(
      Object.entries(operation.responses).map(([status, response]) => {
        if (!/^3\d\d$/.test(status) || '$ref' in response) return [status, response];
        const { content: _content, ...withoutContent } = response;
        return [status, withoutContent];
      }),
    );
    result[method] = { ...operation, responses };
  }
  return result;
}

function assertUniqueOperationIds(paths: Document['paths']): void {
  const seen = new Map<string, string>();
  for (const [route, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const id = item?.[method]?.operationId;
      if (!id) continue;
      const other = seen.get(id);
      if (other)
        throw new Error(`operationId ${id} is used by ${other} and ${method.toUpperCase()} ${route}`);
      seen.set(id, `${method.toUpperCase()} ${route}`);
    }
  }
}

/**
 * better-auth answers null for an optional field it has no value for (image, phone,
 * parent_owner_id…), while its generated schemas only leave them out of `required`; say so.
 */
function nullableOptionals<T>(value: T): T {
  if (Array.isArray(value)) return value.map(nullableOptionals) as T;
  if (!value || typeof value !== 'object') return value;
  const object = value as Record<string, unknown>;
  const result: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(object)) result[key] = nullableOptionals(child);
  if (object.type === 'object' && object.properties && typeof object.properties === 'object') {
    const required = new Set(Array.isArray(object.required) ? object.required : []);
    result.properties = Object.fromEntries(
      Object.entries(result.properties as Record<string, Record<string, unknown>>).map(([name, property]) => [
        name,
        required.has(name) || '$ref' in property ? property : { ...property, nullable: true },
      ]),
    );
  }
  return result as T;
}

/** better-auth's component schemas that its exposed operations refer to (it generates one per table). */
function referencedAuthSchemas(
  paths: Document['paths'],
  schemas: NonNullable<OpenAPIV3.ComponentsObject['schemas']>,
): NonNullable<OpenAPIV3.ComponentsObject['schemas']> {
  const names = new Set(
    [...JSON.stringify(paths).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map(
      (match) => match[1] as string,
    ),
  );
  return nullableOptionals(Object.fromEntries(Object.entries(schemas).filter(([name]) => names.has(name))));
}
