import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { OpenAPIV3 } from 'openapi-types';

/**
 * Checks real responses against the OpenAPI document the app serves (issue 18, item 9): the status
 * code must be documented for the operation, and a body whose media type the response documents must
 * match its schema. Requests to paths the document does not describe are not checked.
 */
export interface ResponseValidator {
  /** Throws with the operation, the status and what differs when the response contradicts the document. */
  check: (method: string, url: string, response: LightMyRequestResponse) => void;
}

interface Operation {
  method: string;
  path: string;
  pattern: RegExp;
  operation: OpenAPIV3.OperationObject;
  /** Fewer parameters first: `/api/my/properties` wins over `/api/properties/{id}`-like templates. */
  parameterCount: number;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const DOCUMENT_ID = 'openapi.json';

export function createResponseValidator(app: FastifyInstance): ResponseValidator {
  let state: { operations: Operation[]; ajv: Ajv } | null = null;
  const validators = new Map<string, ValidateFunction>();

  const load = () => {
    if (state) return state;
    const document = app.swagger() as OpenAPIV3.Document;
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(nullableEnumsAllowNull(structuredClone(document)) as object, DOCUMENT_ID);
    const operations: Operation[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of METHODS) {
        const operation = item?.[method];
        if (!operation) continue;
        const parameterCount = (path.match(/\{/g) ?? []).length;
        const source = path
          .split(/(\{[^}]+\})/)
          .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
          .join('');
        operations.push({ method, path, pattern: new RegExp(`^${source}$`), operation, parameterCount });
      }
    }
    operations.sort((a, b) => a.parameterCount - b.parameterCount);
    state = { operations, ajv };
    return state;
  };

  const validatorFor = (pointer: string) => {
    let validate = validators.get(pointer);
    if (!validate) {
      validate = load().ajv.compile({ $ref: `${DOCUMENT_ID}#${pointer}` });
      validators.set(pointer, validate);
    }
    return validate;
  };

  return {
    check(method, url, response) {
      const { operations } = load();
      const pathname = new URL(url, 'http://localhost').pathname;
      const found = operations.find(
        (candidate) => candidate.method === method.toLowerCase() && candidate.pattern.test(pathname),
      );
      if (!found) return;
      const name = `${method.toUpperCase()} ${found.path} (${found.operation.operationId})`;
      const status = String(response.statusCode);
      const documented = found.operation.responses[status] as OpenAPIV3.ResponseObject | undefined;
      if (!documented) {
        throw new Error(
          `OpenAPI: ${name} answered ${status}, which the document does not list (it lists ${Object.keys(found.operation.responses).join(', ')}). Body: ${response.body.slice(0, 300)}`,
        );
      }
      const contentType = String(response.headers['content-type'] ?? '')
        .split(';')[0]
        ?.trim()
        .toLowerCase();
      // A redirect's body is not read by anyone: its status and Location are what it says.
      const isRedirect = response.statusCode >= 300 && response.statusCode < 400;
      if (!contentType || response.rawPayload.length === 0 || isRedirect) return;
      const media = Object.keys(documented.content ?? {}).find((documentedType) =>
        mediaTypeMatches(documentedType, contentType),
      );
      if (!media) {
        throw new Error(
          `OpenAPI: ${name} answered ${status} with ${contentType}, which the document does not list (it lists ${Object.keys(documented.content ?? {}).join(', ') || 'no body'})`,
        );
      }
      if (contentType !== 'application/json') return;
      const pointer = `/paths/${escapePointer(found.path)}/${found.method}/responses/${status}/content/${escapePointer(media)}/schema`;
      const validate = validatorFor(pointer);
      if (!validate(response.json())) {
        const problems = (validate.errors ?? [])
          .slice(0, 5)
          .map((error) => `${error.instancePath || '(body)'} ${error.message}`)
          .join('; ');
        throw new Error(
          `OpenAPI: ${name} answered ${status} with a body its schema refuses: ${problems}. Body: ${response.body.slice(0, 300)}`,
        );
      }
    },
  };
}

/**
 * OpenAPI 3.0.3: `nullable: true` allows null whatever else the schema says; Ajv applies `enum` to
 * null too, so null joins the list.
 */
function nullableEnumsAllowNull(value: unknown): unknown {
  if (Array.isArray(value)) {
    for (const item of value) nullableEnumsAllowNull(item);
  } else if (value && typeof value === 'object') {
    const schema = value as Record<string, unknown>;
    if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null))
      schema.enum = [...schema.enum, null];
    for (const child of Object.values(schema)) nullableEnumsAllowNull(child);
  }
  return value;
}

function mediaTypeMatches(documented: string, actual: string): boolean {
  if (documented === actual || documented === '*/*') return true;
  return documented.endsWith('/*') && actual.startsWith(documented.slice(0, -1));
}

function escapePointer(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}
