import type { z } from 'zod';

/** An API failure with the server's status, code and message (the spec's texts come from the server). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
  }
}

interface ErrorBody {
  message?: string;
  code?: string;
  error?: string;
  fieldErrors?: Record<string, string>;
}

/**
 * A response schema, or a loader of one: the public screens pass loaders (lazySchema) so that zod
 * and the domain schemas load beside their first request instead of in the page's first JavaScript
 * (docs/decisions/011). Either way every response is parsed before a screen sees it.
 */
export type ResponseSchema<T> = z.ZodType<T> | (() => Promise<z.ZodType<T>>);

/** A schema taken from a module loaded on first use, e.g. `lazySchema(() => import('…/user.ts'), (m) => m.SessionSchema)`. */
export function lazySchema<M, T>(
  load: () => Promise<M>,
  pick: (module: M) => z.ZodType<T>,
): () => Promise<z.ZodType<T>> {
  return () => load().then(pick);
}

/**
 * What crosses the wire is described once, by the zod schemas in domain/schemas: a response is parsed
 * with the route's schema, so a field the server stops sending fails here, not deep in a screen.
 */
export async function apiRequest<T>(
  method: string,
  path: string,
  body?: unknown,
  schema?: ResponseSchema<T>,
): Promise<T> {
  // A lazy schema starts loading with the request, so it is usually there when the answer is.
  const schemaReady = schema && Promise.resolve(typeof schema === 'function' ? schema() : schema);
  schemaReady?.catch(() => {});
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'Network error: failed to fetch', 'NETWORK');
  }
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : null;
  if (!response.ok) {
    const error = (data ?? {}) as ErrorBody;
    throw new ApiError(
      response.status,
      error.message ?? response.statusText,
      error.code ?? error.error,
      error.fieldErrors,
    );
  }
  if (!schemaReady) return data as T;
  let ready: z.ZodType<T>;
  try {
    ready = await schemaReady;
  } catch {
    throw new ApiError(0, 'Network error: failed to fetch', 'NETWORK');
  }
  const parsed = ready.safeParse(data);
  if (!parsed.success) throw new ApiError(502, UNEXPECTED_RESPONSE, 'BAD_RESPONSE');
  return parsed.data;
}

export const UNEXPECTED_RESPONSE = 'The server sent an unexpected response. Please try again.';

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}

export const api = {
  get: <T>(path: string, schema?: ResponseSchema<T>) => apiRequest<T>('GET', path, undefined, schema),
  post: <T>(path: string, body?: unknown, schema?: ResponseSchema<T>) =>
    apiRequest<T>('POST', path, body ?? {}, schema),
  patch: <T>(path: string, body: unknown, schema?: ResponseSchema<T>) =>
    apiRequest<T>('PATCH', path, body, schema),
  put: <T>(path: string, body: unknown, schema?: ResponseSchema<T>) =>
    apiRequest<T>('PUT', path, body, schema),
  delete: <T>(path: string, schema?: ResponseSchema<T>) => apiRequest<T>('DELETE', path, undefined, schema),
};

/**
 * What a failed request tells the user: the server's own words when it refused (a 4xx: a duplicate,
 * a plan limit, a rule), otherwise the screen's `fallback` (the spec's 'Failed to …' text).
 */
export function refusalOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : fallback;
}
