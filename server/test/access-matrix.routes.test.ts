import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE_SCHEME } from '../http/openapi.ts';
import { ROLES, session, setUpMatrix, tearDownMatrix } from './access-matrix.fixtures.ts';
import { MATRIX, type Row } from './access-matrix.rows.ts';

/**
 * The access matrix (issue 18): every operation of the served OpenAPI document, called by each kind
 * of person, answers the status written here. "otherOwner" is another owner asking for the first
 * owner's data; staff are the first owner's, with the permissions they get by default
 * (domain/permissions.ts). The test fails when the document has an operation without a row, when a
 * row names an operation the document no longer has, when an operation's documented security does
 * not match what anonymous callers get, and when any cell answers another status.
 *
 * Each row builds a valid request (so the access check decides) against real data made once in
 * beforeAll; rows that change or delete something make a fresh target per call. Expected statuses are
 * one string per row in the order of ROLES, so a changed rule is a one-word edit.
 * Set ACCESS_MATRIX_PRINT=1 to print the observed matrix in that format.
 *
 * The rows are in access-matrix.rows.ts and access-matrix.business-rows.ts, the data in
 * access-matrix.fixtures.ts; this file checks the rows against the document and runs them.
 */

interface DocumentedOperation {
  method: string;
  path: string;
  operationId: string;
  security: OpenAPIV3.SecurityRequirementObject[];
}

function documentedOperations(): DocumentedOperation[] {
  const document = session().t.app.swagger() as OpenAPIV3.Document;
  const operations: DocumentedOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of ['get', 'put', 'post', 'patch', 'delete'] as const) {
      const operation = item?.[method];
      if (!operation) continue;
      operations.push({
        method: method.toUpperCase(),
        path,
        operationId: operation.operationId ?? `${method} ${path}`,
        security: operation.security ?? document.security ?? [],
      });
    }
  }
  return operations;
}

const needsSession = (security: OpenAPIV3.SecurityRequirementObject[]) =>
  security.length > 0 && security.every((requirement) => SESSION_COOKIE_SCHEME in requirement);

beforeAll(setUpMatrix);

afterAll(tearDownMatrix);

describe('the access matrix', () => {
  it('has one row per operation of the served document, and no row for an operation it lacks', () => {
    const documented = documentedOperations().map((operation) => operation.operationId);
    const rows = Object.keys(MATRIX);
    expect(
      documented.filter((id) => !rows.includes(id)),
      'operations without a row',
    ).toEqual([]);
    expect(
      rows.filter((id) => !documented.includes(id)),
      'rows for operations the document does not have',
    ).toEqual([]);
    for (const [id, row] of Object.entries(MATRIX)) {
      expect(row.expect.split(' '), `${id}: one status per role`).toHaveLength(ROLES.length);
    }
  });

  it('documents the security each operation has: a session is required exactly where anonymous callers get 401', () => {
    const wrong = documentedOperations()
      .filter((operation) => MATRIX[operation.operationId])
      .filter((operation) => {
        const anonymous = (MATRIX[operation.operationId] as Row).expect.split(' ')[0];
        return needsSession(operation.security) !== (anonymous === '401');
      })
      .map((operation) => `${operation.operationId}: security ${JSON.stringify(operation.security)}`);
    expect(wrong).toEqual([]);
  });

  it('answers every operation × role with the expected status', async () => {
    const operations = documentedOperations().filter((operation) => MATRIX[operation.operationId]);
    const position = (operation: DocumentedOperation) => MATRIX[operation.operationId]?.last ?? 0;
    const ordered = [...operations].sort((a, b) => position(a) - position(b));
    const mismatches: string[] = [];
    const observed: string[] = [];
    for (const operation of ordered) {
      const row = MATRIX[operation.operationId] as Row;
      const expected = row.expect.split(' ');
      const actual: string[] = [];
      for (const [index, role] of ROLES.entries()) {
        const cell = await row.request(role);
        const cookie = 'cookie' in cell ? cell.cookie : session().cookies.get(role);
        let status: string;
        try {
          const response = await session().t.request(operation.method as 'GET', cell.url, {
            body: cell.body,
            cookie,
            headers: cell.headers,
          });
          status = String(response.statusCode);
          if (status !== expected[index])
            mismatches.push(
              `${operation.operationId} as ${role}: expected ${expected[index]}, got ${status} ${response.body.slice(0, 160)}`,
            );
        } catch (error) {
          status = 'ERR';
          mismatches.push(`${operation.operationId} as ${role}: ${(error as Error).message.slice(0, 400)}`);
        }
        actual.push(status);
      }
      observed.push(`${operation.operationId}: '${actual.join(' ')}'`);
    }
    if (process.env.ACCESS_MATRIX_PRINT) console.log(observed.join('\n'));
    console.log(
      `access matrix: ${ordered.length} operations × ${ROLES.length} roles = ${ordered.length * ROLES.length} cells`,
    );
    expect(mismatches).toEqual([]);
  }, 240_000);
});
