import Fastify from 'fastify';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createResponseValidator } from '../test/openapi-validation.ts';
import { operationIdFor, SESSION_COOKIE_SCHEME } from './openapi.ts';

let t: TestApp;
let document: OpenAPIV3.Document;
beforeAll(async () => {
  t = await createTestApp();
  document = (await t.get('/api/docs/json')).json<OpenAPIV3.Document>();
});
afterAll(async () => {
  await t?.close();
});

const operations = () =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    (['get', 'put', 'post', 'patch', 'delete'] as const)
      .filter((method) => item?.[method])
      .map((method) => ({ path, method, operation: item?.[method] as OpenAPIV3.OperationObject })),
  );

describe('the served OpenAPI document', () => {
  it('gives every operation a unique operationId and its security', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations().filter(({ operation }) => !operation.security)).toEqual([]);
    expect(document.components?.securitySchemes?.[SESSION_COOKIE_SCHEME]).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
    });
    expect(document.paths['/api/me']?.get?.security).toEqual([{ [SESSION_COOKIE_SCHEME]: [] }]);
    expect(document.paths['/api/properties']?.get?.security).toEqual([]);
  });

  it('declares the PDF endpoints as application/pdf', () => {
    const pdfs = operations().filter(({ path }) => /pdf/.test(path));
    expect(pdfs.map(({ path }) => path).sort()).toEqual([
      '/api/agreements/{ownerId}/{version}/pdf',
      '/api/booking-payments/{id}/receipt.pdf',
      '/api/documents/{id}/pdf',
      '/api/reservations/{id}/documents/confirmation.pdf',
      '/api/reservations/{id}/documents/quote.pdf',
      '/api/subscription/commission/statements/{id}/pdf',
      '/api/subscription/invoices/{id}/pdf',
    ]);
    for (const { operation } of pdfs) {
      const ok = operation.responses['200'] as OpenAPIV3.ResponseObject;
      expect(Object.keys(ok.content ?? {})).toEqual(['application/pdf']);
    }
  });

  it('has the components better-auth’s operations refer to', () => {
    const refs = [...JSON.stringify(document.paths).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map(
      (match) => match[1] as string,
    );
    expect(refs.length).toBeGreaterThan(0);
    for (const name of refs) expect(document.components?.schemas).toHaveProperty(name);
  });

  it('names operations without one from the method and path', () => {
    expect(operationIdFor('GET', '/api/reservations/:id/documents/quote.pdf')).toBe(
      'getReservationsByIdDocumentsQuotePdf',
    );
    expect(operationIdFor('DELETE', '/api/reservations/:id/transactions/:lineId')).toBe(
      'deleteReservationsByIdTransactionsByLineId',
    );
    expect(operationIdFor('GET', '/api/images/*')).toBe('getImagesByPath');
    expect(operationIdFor('get', '/api/auth/verify-email')).toBe('getAuthVerifyEmail');
  });
});

describe('the check of real responses against the document', () => {
  /** A tiny app that answers with whatever status and JSON body it is asked for: real responses to check. */
  const echo = Fastify();
  echo.post<{ Body: { statusCode: number; body?: unknown } }>('/', (request, reply) => {
    const { statusCode, body } = request.body;
    return body === undefined ? reply.code(statusCode).send() : reply.code(statusCode).send(body);
  });
  afterAll(async () => {
    await echo.close();
  });
  const answer = (statusCode: number, body: unknown) =>
    echo.inject({ method: 'POST', url: '/', payload: { statusCode, body } });

  it('passes an answer the document describes', async () => {
    const validator = createResponseValidator(t.app);
    const healthy = await answer(200, { status: 'ok', database: 'reachable', kind: 'pglite' });
    expect(() => validator.check('GET', '/api/health', healthy)).not.toThrow();
    const teapot = await answer(418, undefined);
    expect(() => validator.check('GET', '/api/nowhere', teapot)).not.toThrow();
  });

  it('refuses an undocumented status and a body its schema refuses', async () => {
    const validator = createResponseValidator(t.app);
    const teapot = await answer(418, undefined);
    expect(() => validator.check('GET', '/api/health', teapot)).toThrow(
      /GET \/api\/health \(getHealth\) answered 418, which the document does not list/,
    );
    const unhealthy = await answer(200, { status: 'fine' });
    expect(() => validator.check('GET', '/api/health', unhealthy)).toThrow(
      /getHealth\) answered 200 with a body its schema refuses/,
    );
    const extra = await answer(401, { error: 'UNAUTHORIZED', message: 'Sign in', extra: 1 });
    expect(() => validator.check('GET', '/api/me', extra)).toThrow(/must NOT have additional properties/);
  });
});
