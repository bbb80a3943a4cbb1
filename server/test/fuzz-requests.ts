import { randomUUID } from 'node:crypto';
import type { OpenAPI, OpenAPIV3 } from 'openapi-types';
import { bookingBody, day } from './booking-fixtures.ts';
import { businessDetailsBody, VAT_NUMBER } from './document-fixtures.ts';
import { type Hostile, hostileValueFor } from './fuzz-hostile.ts';
import { fakeRegistration, strongPassword, TEST_PUBLIC_URL, uniqueEmail } from './harness.ts';

/**
 * The fuzz test's requests (see fuzz.routes.test.ts): the operations of the served OpenAPI document,
 * a plausible request for each built from its own schema and the caller's real ids, and that request
 * with one hostile change (fuzz-hostile.ts) made to it.
 */

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
type HttpMethod = (typeof METHODS)[number];

/**
 * Operations that end what the remaining requests rely on (the owner's session, the listing, the
 * reservation) are fuzzed last, in this order, so that the rest still reaches the deeper code.
 */
const RUN_LAST: [HttpMethod, string][] = [
  // A plan change can take the owner down to Starter (one listing), which stops listing requests early.
  ['post', '/api/subscription/plan'],
  ['post', '/api/subscription/cancel'],
  ['delete', '/api/subscription/add-ons/{addOnId}'],
  ['delete', '/api/reservations/{id}/transactions/{lineId}'],
  ['post', '/api/reservations/{id}/cancel'],
  ['delete', '/api/reservations/{id}'],
  ['delete', '/api/properties/{id}'],
  ['post', '/api/auth/sign-out'],
];

interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  default?: unknown;
  nullable?: boolean;
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  method: HttpMethod;
  path: string;
  parameters: Parameter[];
  jsonBody: JsonSchema | null;
  multipart: boolean;
}

export type Caller = 'anonymous' | 'client' | 'owner' | 'admin';

/** What a request starts from: the caller's real ids where a parameter names one. */
export interface Fixtures {
  cookies: Record<Caller, string | undefined>;
  ids: Record<string, string>;
}

/**
 * @fastify/swagger types its document as any OpenAPI version (2.0, 3.0 or 3.1); the app serves 3.0
 * (server/http/openapi.ts).
 */
function isOpenApi3(document: OpenAPI.Document): document is OpenAPIV3.Document {
  return 'openapi' in document && document.openapi.startsWith('3.0.');
}

/** The document's operations, those that end what others rely on (RUN_LAST) last. */
export function operationsOf(document: OpenAPI.Document): Operation[] {
  if (!isOpenApi3(document)) throw new Error('The served document is not OpenAPI 3.0.');
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item?.[method] as
        | { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }
        | undefined;
      if (!operation) continue;
      const content = operation.requestBody?.content ?? {};
      operations.push({
        method,
        path,
        parameters: operation.parameters ?? [],
        jsonBody: content['application/json']?.schema ?? null,
        multipart: 'multipart/form-data' in content,
      });
    }
  }
  const lastIndex = (operation: Operation) =>
    RUN_LAST.findIndex(([method, path]) => method === operation.method && path === operation.path);
  return operations.sort((a, b) => lastIndex(a) - lastIndex(b));
}

/** A plausible value for a named field: real ids, dates a few weeks ahead, valid emails and phones. */
function sampleFor(name: string, schema: JsonSchema | undefined, fixtures: Fixtures, depth = 0): unknown {
  if (!schema || depth > 6) return 'a';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants && variants.length > 0) return sampleFor(name, variants[0], fixtures, depth + 1);
  if (schema.allOf && schema.allOf.length > 0) return sampleFor(name, schema.allOf[0], fixtures, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'object' || schema.properties) {
    const value: Record<string, unknown> = {};
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      value[key] = sampleFor(key, property, fixtures, depth + 1);
    }
    return value;
  }
  if (type === 'array') return schema.items ? [sampleFor(name, schema.items, fixtures, depth + 1)] : [];
  if (type === 'integer' || type === 'number') {
    if (/guests|quantity|page|bedrooms|capacity/i.test(name)) return Math.max(1, schema.minimum ?? 1);
    return Math.max(schema.minimum ?? 0, Math.min(schema.maximum ?? 10_000, 10_000));
  }
  if (type === 'boolean') return true;
  const known = fixtures.ids[name];
  if (known) return known;
  if (/password/i.test(name)) return strongPassword();
  if (/phone/i.test(name)) return '082 555 0101';
  if (/url/i.test(name)) return `${TEST_PUBLIC_URL}/`;
  if (name === 'start_date' || name === 'checkIn' || name === 'from' || name === 'availability_start')
    return day(40);
  if (name === 'end_date' || name === 'checkOut' || name === 'to' || name === 'availability_end')
    return day(43);
  if (/date/i.test(name)) return day(40);
  if (/email|^to$/i.test(name)) return uniqueEmail();
  if (/time/i.test(name)) return '10:00';
  if (schema.format === 'uuid' || /_id$|Id$/.test(name)) return randomUUID();
  if (/city/i.test(name)) return 'Cape Town';
  return 'Fuzz value';
}

/** Dotted paths of every leaf (and of every object and array) in a sample body. */
function leafPaths(value: unknown, prefix: string[] = []): string[][] {
  if (value === null || typeof value !== 'object') return prefix.length > 0 ? [prefix] : [];
  const own = prefix.length > 0 ? [prefix] : [];
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : Object.entries(value);
  return [...own, ...entries.flatMap(([key, item]) => leafPaths(item, [...prefix, key]))];
}

function setAt(root: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const copy = (Array.isArray(root) ? [...root] : { ...(root as Record<string, unknown>) }) as Record<
    string,
    unknown
  >;
  copy[head as string] = setAt(copy[head as string], rest, value);
  return copy;
}

function mapNumbers(value: unknown, replacement: number): unknown {
  if (typeof value === 'number') return replacement;
  if (Array.isArray(value)) return value.map((item) => mapNumbers(item, replacement));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, mapNumbers(item, replacement)]),
    );
  return value;
}

/** Percent-encoded; a lone surrogate, which UTF-8 cannot hold, as the bytes a careless encoder sends. */
const encodeQueryValue = (value: unknown) =>
  encodeURIComponent(typeof value === 'string' ? value.replaceAll('\uD800', '') : JSON.stringify(value)) +
  (value === '\uD800' ? '%ED%A0%80' : '');

export interface BuiltRequest {
  method: string;
  url: string;
  payload?: string;
  headers: Record<string, string>;
}

/**
 * Bodies that pass validation where the schema alone does not say enough (a category that fits the
 * type, a booking by the day, real bank details), so that hostile values reach the code behind it.
 */
function baselineBody(operation: Operation, fixtures: Fixtures): unknown {
  const listing = {
    type: 'accommodation',
    category: 'house',
    title: 'Fuzzed cottage',
    description: 'A cottage for the fuzz test.',
    city: 'Cape Town',
    location: '1 Long Street, Cape Town',
    price_per_day_cents: 50_000,
    cleaning_fee_cents: 10_000,
    security_deposit_cents: 20_000,
    amenities: ['wifi'],
    specifications: { type: 'accommodation', bedrooms: 2, bathrooms: 1, maxOccupants: 4, maxGuests: 4 },
  };
  const bodies: Record<string, unknown> = {
    'post /api/properties': listing,
    'put /api/properties/{id}': listing,
    'post /api/reservations': bookingBody(fixtures.ids.property_id as string, 60, 2, {
      guests: 2,
      new_client: { first_name: 'Fuzz', last_name: 'Guest', email: uniqueEmail() },
    }),
    'patch /api/reservations/{id}': {
      status: 'confirmed',
      guests: 2,
      rate_override_per_day_cents: 40_000,
      tax_percent: 15,
      discount_percent: 5,
    },
    'put /api/billing/rates/{id}': {
      property_id: fixtures.ids.property_id,
      start_date: day(100),
      end_date: day(110),
      rate_cents: 80_000,
    },
    'put /api/business/details': businessDetailsBody(),
    'post /api/reservations/{id}/documents/invoice': {
      recipient_address: '1 Main Road',
      recipient_vat_number: VAT_NUMBER,
    },
    'post /api/reservations/{id}/documents/send': { kind: 'confirmation' },
    'post /api/auth/sign-up/email': fakeRegistration(),
    'post /api/auth/request-password-reset': {
      email: uniqueEmail(),
      redirectTo: `${TEST_PUBLIC_URL}/reset-password`,
    },
  };
  const key = `${operation.method} ${operation.path}`;
  if (key in bodies) return bodies[key];
  return operation.jsonBody ? sampleFor('body', operation.jsonBody, fixtures) : undefined;
}

/** How many places (parameters and body fields) an operation's requests have for a hostile value. */
export function targetCount(operation: Operation, fixtures: Fixtures): number {
  return (
    operation.parameters.filter((parameter) => parameter.in === 'path' || parameter.in === 'query').length +
    leafPaths(baselineBody(operation, fixtures)).length
  );
}

/** The request for one operation, caller and hostile change. */
export function buildRequest(
  operation: Operation,
  caller: Caller,
  hostile: Hostile,
  fixtures: Fixtures,
): BuiltRequest {
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query');
  const pathValues = new Map<string, string>(
    pathParameters.map((parameter) => [
      parameter.name,
      encodeURIComponent(String(sampleFor(parameter.name, parameter.schema, fixtures))),
    ]),
  );
  const queryValues = new Map<string, string>(
    queryParameters
      .filter((parameter) => parameter.required || parameter.name !== 'token')
      .map((parameter) => [
        parameter.name,
        encodeQueryValue(sampleFor(parameter.name, parameter.schema, fixtures)),
      ]),
  );
  let body: unknown = baselineBody(operation, fixtures);
  let rawBody: string | undefined;

  // Targets, in a fixed order: path parameters, query parameters, then body leaves.
  const targets: { where: 'path' | 'query' | 'body'; name: string; bodyPath?: string[] }[] = [
    ...pathParameters.map((parameter) => ({ where: 'path' as const, name: parameter.name })),
    ...queryParameters.map((parameter) => ({ where: 'query' as const, name: parameter.name })),
    ...leafPaths(body).map((bodyPath) => ({ where: 'body' as const, name: bodyPath.join('.'), bodyPath })),
  ];
  const pick = (index: number) => (targets.length > 0 ? targets[index % targets.length] : undefined);
  const sampleAt = (bodyPath: string[]) =>
    bodyPath.reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], body);
  const isNumeric = (target: (typeof targets)[number]) =>
    target.where === 'body'
      ? typeof sampleAt(target.bodyPath ?? []) === 'number'
      : ['integer', 'number'].includes(
          String(operation.parameters.find((parameter) => parameter.name === target.name)?.schema?.type),
        );
  const isText = (target: (typeof targets)[number]) =>
    target.where === 'body' ? typeof sampleAt(target.bodyPath ?? []) === 'string' : !isNumeric(target);

  switch (hostile.kind) {
    case 'baseline':
      break;
    case 'value': {
      const target = pick(hostile.target);
      if (!target) {
        queryValues.set('fuzz', encodeQueryValue(hostileValueFor('', hostile.choice)));
      } else if (target.where === 'body') {
        const sample = (target.bodyPath ?? []).reduce<unknown>(
          (value, key) => (value as Record<string, unknown>)[key],
          body,
        );
        body = setAt(body, target.bodyPath ?? [], hostileValueFor(sample, hostile.choice));
      } else {
        const parameter = operation.parameters.find((candidate) => candidate.name === target.name);
        const numeric = ['integer', 'number'].includes(String(parameter?.schema?.type));
        const encoded = encodeQueryValue(hostileValueFor(numeric ? 0 : '', hostile.choice));
        (target.where === 'path' ? pathValues : queryValues).set(target.name, encoded);
      }
      break;
    }
    case 'number':
    case 'text': {
      const typedTargets = targets.filter(hostile.kind === 'number' ? isNumeric : isText);
      const target = typedTargets[hostile.target % Math.max(1, typedTargets.length)];
      if (!target) {
        queryValues.set('fuzz', encodeQueryValue(hostile.value));
      } else if (target.where === 'body') {
        body = setAt(body, target.bodyPath ?? [], hostile.value);
      } else {
        (target.where === 'path' ? pathValues : queryValues).set(
          target.name,
          encodeQueryValue(hostile.value),
        );
      }
      break;
    }
    case 'every-number':
      body = mapNumbers(body, hostile.value);
      for (const parameter of queryParameters) {
        if (['integer', 'number'].includes(String(parameter.schema?.type)))
          queryValues.set(parameter.name, String(hostile.value));
      }
      break;
    case 'bad-encoding': {
      const target = pick(hostile.target);
      if (target?.where === 'path') pathValues.set(target.name, hostile.encoded);
      else if (target?.where === 'query') queryValues.set(target.name, hostile.encoded);
      else queryValues.set(hostile.encoded, hostile.encoded);
      break;
    }
    case 'extra-fields':
      if (body && typeof body === 'object' && !Array.isArray(body)) body = { ...body, ...hostile.fields };
      else if (operation.method !== 'get') body = hostile.fields;
      for (const [key, value] of Object.entries(hostile.fields))
        queryValues.set(key, encodeQueryValue(value));
      break;
    case 'deep-json':
      rawBody = `${hostile.opener.repeat(hostile.depth)}1${(hostile.opener === '[' ? ']' : '}').repeat(hostile.depth)}`;
      break;
    case 'body-type':
      body = hostile.body;
      break;
  }

  let url = operation.path;
  for (const [name, value] of pathValues) url = url.replace(`{${name}}`, value);
  const query = [...queryValues].map(([name, value]) => `${encodeURIComponent(name)}=${value}`).join('&');
  if (hostile.kind === 'bad-encoding' && !pick(hostile.target)) {
    url += `?${query}`;
  } else if (query) {
    url += `?${query}`;
  }

  const headers: Record<string, string> = { origin: TEST_PUBLIC_URL };
  const cookie = fixtures.cookies[caller];
  if (cookie) headers.cookie = cookie;
  const method = operation.method.toUpperCase();
  if (method === 'GET') return { method, url, headers };
  const payload =
    rawBody ?? (body === undefined && hostile.kind !== 'body-type' ? undefined : JSON.stringify(body));
  if (payload === undefined) return { method, url, headers };
  headers['content-type'] = 'application/json';
  return { method, url, payload: payload ?? 'null', headers };
}
