import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { openDatabase } from './db/database.ts';
import { createAuth } from './platform/auth.ts';
import { createPayments } from './platform/payments/payments.ts';
import { createStorage } from './runtime.ts';
import { createTestApp, fakeRegistration, TEST_AUTH_SECRET, type TestApp } from './test/harness.ts';
import { testDatabaseUrl } from './test/test-database.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/health', () => {
  it('reports the database as reachable, and which kind it is', async () => {
    const response = await t.get('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: 'reachable',
      kind: testDatabaseUrl() ? 'postgres' : 'pglite',
    });
  });

  it('answers 503 when the database is unreachable', async () => {
    const database = await openDatabase({
      databaseUrl: 'postgres://postgres@127.0.0.1:9/unreachable',
      poolSize: 1,
    });
    const sendMail = async () => {};
    const storage = createStorage(t.config);
    // Auth needs a working database to start; the health check is given the unreachable one.
    const auth = createAuth({ db: t.db, config: t.config, secret: TEST_AUTH_SECRET, sendMail });
    const app = await buildApp({
      deps: {
        db: database.db,
        config: t.config,
        auth,
        sendMail,
        databaseKind: database.kind,
        storage,
        pokeMail: () => {},
        payments: createPayments(t.config, async () => ({ status: 503, text: '' })),
      },
      logger: pino({ level: 'silent' }),
      devMailbox: false,
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'error', database: 'unreachable', kind: database.kind });
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('GET /api/docs/json', () => {
  it('documents our routes and the auth routes under /api/auth', async () => {
    const response = await t.get('/api/docs/json');
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    const paths = Object.keys(document.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/me',
        '/api/invitations/claim',
        '/api/auth/sign-in/email',
        '/api/auth/sign-up/email',
        '/api/auth/sign-out',
        '/api/auth/request-password-reset',
      ]),
    );
    expect(Object.keys(document.paths['/api/me'])).toEqual(expect.arrayContaining(['get', 'patch']));
    expect(paths.some((path) => path.startsWith('/api/auth/*'))).toBe(false);
  });

  it('serves the interactive docs page', async () => {
    const response = await t.get('/api/docs');
    expect([200, 302]).toContain(response.statusCode);
  });
});

describe('unknown paths', () => {
  it.each(['/api/nope', '/api/me/extra', '/some/page'])(
    '%s is a JSON 404 (no web build here)',
    async (url) => {
      const response = await t.get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: 'NOT_FOUND',
        message: 'The requested information could not be found.',
      });
    },
  );
});

describe('request ids', () => {
  it('echoes a well-formed x-request-id and replaces anything else', async () => {
    const given = await t.get('/api/health', { headers: { 'x-request-id': 'trace-123_abc' } });
    expect(given.headers['x-request-id']).toBe('trace-123_abc');
    const replaced = await t.get('/api/health', { headers: { 'x-request-id': 'bad id <script>' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('cross-site protection of /api/auth', () => {
  it('refuses a sign-up posted from another origin', async () => {
    const input = fakeRegistration();
    const response = await t.post('/api/auth/sign-up/email', input, {
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    const stored = await t.db.selectFrom('users').select('id').where('email', '=', input.email).execute();
    expect(stored).toEqual([]);
  });

  it('refuses a sign-in posted from another origin with a cookie', async () => {
    const { user, cookie } = await t.signInAs();
    const response = await t.post(
      '/api/auth/sign-in/email',
      { email: user.email, password: user.password },
      { cookie, headers: { origin: 'https://evil.example' } },
    );
    expect(response.statusCode).toBe(403);
  });

  it('refuses a reset link redirecting to another site', async () => {
    const user = await t.createUser();
    const response = await t.post('/api/auth/request-password-reset', {
      email: user.email,
      redirectTo: 'https://evil.example/steal',
    });
    expect(response.statusCode).toBe(403);
    await t.deliverMail();
    expect(await t.mailbox(user.email)).toEqual([]);
  });
});
