import { Transform, type TransformCallback } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from './errors.ts';

/**
 * Input no route should see, refused once for every route (docs/decisions/025): a URL whose
 * percent-encoding is malformed or is not UTF-8, a NUL character in any text (PostgreSQL cannot
 * store one in text and answers with an error), and JSON nested deeper than MAX_JSON_DEPTH, which
 * is refused while the body streams in, before anything parses it recursively.
 */

export const MAX_JSON_DEPTH = 32;

export const HOSTILE_INPUT_MESSAGES = {
  malformedUrl:
    'The address is not valid: a % must be followed by two hexadecimal digits that encode UTF-8 text.',
  nulCharacter: 'Text cannot contain the NUL character (\\u0000).',
  tooDeep: `The request body is nested too deeply (more than ${MAX_JSON_DEPTH} levels).`,
} as const;

/** Whether a path or query string decodes to UTF-8 text without NUL; throws the reason otherwise. */
function checkUrl(url: string): void {
  let decoded: string;
  try {
    // "+" is a space in a query string; it is never part of a malformed sequence either way.
    decoded = decodeURIComponent(url);
  } catch {
    throw badRequest(HOSTILE_INPUT_MESSAGES.malformedUrl);
  }
  if (decoded.includes('\u0000')) throw badRequest(HOSTILE_INPUT_MESSAGES.nulCharacter);
}

/** Whether any string (or key) in a parsed value holds a NUL; iterative, so any depth is safe. */
export function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return true;
    } else if (Array.isArray(current)) {
      pending.push(...current);
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, item] of Object.entries(current)) {
        if (key.includes('\u0000')) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/**
 * Passes a JSON body through unchanged while counting how deeply its arrays and objects nest
 * (brackets inside strings do not count); fails with a 400 as soon as the limit is passed.
 */
export class JsonDepthGuard extends Transform {
  private depth = 0;
  private inString = false;
  private escaped = false;

  constructor(private readonly limit = MAX_JSON_DEPTH) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    for (const byte of chunk) {
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (byte === 0x5c) this.escaped = true;
        else if (byte === 0x22) this.inString = false;
      } else if (byte === 0x22) {
        this.inString = true;
      } else if (byte === 0x5b || byte === 0x7b) {
        this.depth += 1;
        if (this.depth > this.limit) {
          callback(badRequest(HOSTILE_INPUT_MESSAGES.tooDeep));
          return;
        }
      } else if (byte === 0x5d || byte === 0x7d) {
        this.depth -= 1;
      }
    }
    callback(null, chunk);
  }
}

function isJson(request: FastifyRequest): boolean {
  const type = request.headers['content-type'];
  return typeof type === 'string' && /^\s*application\/([\w.+-]+\+)?json\b/i.test(type);
}

/**
 * Fastify's router refuses a path it cannot decode (FST_ERR_BAD_URL) before any hook or the error
 * handler runs; answer it in the API's error shape and words (the `frameworkErrors` server option).
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const message = error.code === 'FST_ERR_BAD_URL' ? HOSTILE_INPUT_MESSAGES.malformedUrl : error.message;
  void reply.status(400).send({ error: 'BAD_REQUEST', message });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads its raw text body itself and refuses or records bad bytes its own way (the ITN). */
    readsRawBody?: boolean;
  }
}

export function registerHostileInputGuards(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    checkUrl(request.raw.url ?? request.url);
  });
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (!isJson(request)) return payload;
    const guarded = new JsonDepthGuard();
    payload.on('error', (error) => guarded.destroy(error));
    // The body parser reads this stream and answers its error as a 400. When nothing reads the body
    // (a GET, or a media type refused before parsing), nobody else listens, and an unheard 'error'
    // event would end the process: one hostile request would take the server down.
    guarded.on('error', () => {});
    return payload.pipe(guarded);
  });
  app.addHook('preValidation', async (request) => {
    const body = request.routeOptions.config.readsRawBody ? undefined : request.body;
    if (containsNul(request.params) || containsNul(request.query) || containsNul(body)) {
      throw badRequest(HOSTILE_INPUT_MESSAGES.nulCharacter);
    }
  });
}
