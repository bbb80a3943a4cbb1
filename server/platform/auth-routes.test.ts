import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPermissions } from '../../domain/permissions.ts';
import { TERMS_VERSION } from '../../domain/terms.ts';
import { createTestApp, fakeRegistration, TEST_AUTH_SECRET, type TestApp } from '../test/harness.ts';
import { createAuth } from './auth.ts';
import { EXPOSED_AUTH_ROUTES } from './auth-routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const NOT_FOUND = { error: 'NOT_FOUND', message: 'The requested information could not be found.' };
const ALL_PERMISSIONS = {
  canManageProperties: true,
  canManageReservations: true,
  canManageTenants: true,
  canManageUsers: true,
  canViewReports: true,
};

/** The same auth library instance the server runs, called directly (as a route would, past our allow-list). */
const libraryAuth = () =>
  createAuth({ db: t.db, config: t.config, secret: TEST_AUTH_SECRET, sendMail: async () => {} });

/** update-user as a person's request reaches it: whatever JSON they send (its typed body already leaves these fields out). */
const updateUserDirectly = (cookie: string, body: Record<string, unknown>) =>
  (
    libraryAuth().api.updateUser as unknown as (input: {
      headers: Headers;
      body: Record<string, unknown>;
    }) => Promise<unknown>
  )({ headers: new Headers({ cookie }), body });

const userRow = (id: string) =>
  t.db
    .selectFrom('users')
    .select([
      'role',
      'parent_owner_id',
      'permissions',
      'is_active',
      'email_verified',
      'first_name',
      'last_name',
      'phone',
      'name',
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

/** Every field a person must not write through the auth library, with a value they would like. */
const FORBIDDEN_WRITES = (ownerId: string): Array<[string, Record<string, unknown>]> => [
  ['role: admin', { role: 'admin' }],
  ['role: owner', { role: 'owner' }],
  ['role: backoffice', { role: 'backoffice' }],
  ['parent owner', { parent_owner_id: ownerId }],
  ['permissions', { permissions: ALL_PERMISSIONS }],
  ['active flag (off)', { is_active: false }],
  ['active flag (on)', { is_active: true }],
  ['verification (emailVerified)', { emailVerified: true }],
  ['verification (email_verified)', { email_verified: true }],
  ['name rules: empty first name', { first_name: '' }],
  ['name rules: empty last name', { last_name: '   ' }],
  ['phone rules', { phone: '12345' }],
  ['terms version', { terms_version: 'forged' }],
];

describe('the auth routes under /api/auth', () => {
  it('serve only the routes the web app uses; every other route of the library is a 404', async () => {
    const exposed = new Set(EXPOSED_AUTH_ROUTES.map((route) => `${route.method} ${route.path}`));
    const checked: string[] = [];
    for (const endpoint of Object.values(libraryAuth().api) as Array<{
      path?: string;
      options?: { method?: string | string[] };
    }>) {
      if (!endpoint.path) continue; // server-only (setPassword)
      const methods = [endpoint.options?.method ?? 'GET'].flat().filter((m) => m === 'GET' || m === 'POST');
      for (const method of methods) {
        if (exposed.has(`${method} ${endpoint.path}`)) continue;
        const url = `/api/auth${endpoint.path.replace(/:\w+/g, 'x')}`;
        const response = await t.request(
          method as 'GET' | 'POST',
          url,
          method === 'POST' ? { body: {} } : {},
        );
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json()).toEqual(NOT_FOUND);
        checked.push(`${method} ${endpoint.path}`);
      }
    }
    expect(checked).toEqual(
      expect.arrayContaining([
        'POST /update-user',
        'POST /change-email',
        'POST /change-password',
        'POST /delete-user',
        'POST /update-session',
        'GET /get-session',
        'GET /list-sessions',
        'GET /open-api/generate-schema',
      ]),
    );
  });

  it('refuses lookalike paths of exposed routes', async () => {
    for (const url of [
      '/api/auth/sign-in/email/',
      '/api/auth/Sign-In/Email',
      '/api/auth/sign-in/email/../../update-user',
      '/api/auth/reset-password/abc/../../update-user',
      '/api/auth/reset-password/a%2F..%2F..%2Fupdate-user',
    ]) {
      const response = await t.post(url, { role: 'admin' });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('keeps the exposed routes working', async () => {
    const { user, cookie } = await t.signInAs();
    expect((await t.post('/api/auth/sign-out', {}, { cookie })).statusCode).toBe(200);
    const reset = await t.get('/api/auth/reset-password/not-a-token?callbackURL=%2Freset-password');
    expect(reset.statusCode).toBe(302);
    expect(reset.headers.location).toBe(`${t.config.PUBLIC_URL}/reset-password?error=INVALID_TOKEN`);
    const verify = await t.get('/api/auth/verify-email?token=nonsense&callbackURL=%2Flogin');
    expect(verify.statusCode).toBe(302);
    expect(verify.headers.location).toMatch(/^\/login\?error=/);
    expect((await t.attemptSignIn(user.email, user.password)).statusCode).toBe(200);
  });

  it('documents only the exposed auth routes', async () => {
    const paths = Object.keys((await t.get('/api/docs/json')).json().paths).filter((path) =>
      path.startsWith('/api/auth/'),
    );
    expect(paths.sort()).toEqual(
      EXPOSED_AUTH_ROUTES.map((route) => `/api/auth${route.path.replace(':token', '{token}')}`).sort(),
    );
  });
});

describe('POST /api/auth/update-user', () => {
  it.each(FORBIDDEN_WRITES('00000000-0000-4000-8000-000000000000'))(
    'cannot write the %s (404), and the user is unchanged',
    async (_label, body) => {
      const owner = await t.createUser({ role: 'owner' });
      const { user, cookie } = await t.signInAs({ role: 'client' });
      const before = await userRow(user.id);
      const patch = 'parent_owner_id' in body ? { parent_owner_id: owner.id } : body;
      const response = await t.post('/api/auth/update-user', patch, { cookie });
      expect(response.statusCode).toBe(404);
      expect(await userRow(user.id)).toEqual(before);
      expect((await t.get('/api/me', { cookie })).json()).toMatchObject({
        role: 'client',
        parent_owner_id: null,
      });
    },
  );
});

describe('the auth library itself, past the route allow-list', () => {
  it.each([
    ['role', { role: 'admin' }],
    ['parent owner', { parent_owner_id: '00000000-0000-4000-8000-000000000000' }],
    ['active flag', { is_active: true }],
  ])('refuses to update the %s', async (_label, body) => {
    const { user, cookie } = await t.signInAs({ role: 'client' });
    const before = await userRow(user.id);
    await expect(updateUserDirectly(cookie, body)).rejects.toMatchObject({
      statusCode: 400,
      body: { code: 'FIELD_NOT_ALLOWED' },
    });
    expect(await userRow(user.id)).toEqual(before);
  });

  it('ignores permissions, verification and deactivation', async () => {
    const { user, cookie } = await t.signInAs({ role: 'client', emailVerified: true });
    const before = await userRow(user.id);
    // None of them is a field the library writes, so it finds nothing to update.
    await expect(
      updateUserDirectly(cookie, {
        permissions: ALL_PERMISSIONS,
        emailVerified: false,
        email_verified: false,
        is_active: false,
      }),
    ).rejects.toMatchObject({ statusCode: 400, body: { message: 'No fields to update' } });
    expect(await userRow(user.id)).toEqual(before);
  });
});

describe('POST /api/auth/sign-up/email', () => {
  const expectations: Record<string, 'refused' | 'ignored'> = {
    'role: admin': 'refused',
    'role: owner': 'ignored', // a sign-up role, so it is the role chosen: checked below
    'role: backoffice': 'refused',
    'parent owner': 'refused',
    permissions: 'ignored',
    'active flag (off)': 'ignored',
    'active flag (on)': 'ignored',
    'verification (emailVerified)': 'ignored',
    'verification (email_verified)': 'ignored',
    'name rules: empty first name': 'refused',
    'name rules: empty last name': 'refused',
    'phone rules': 'refused',
    'terms version': 'refused',
  };

  it.each(FORBIDDEN_WRITES('00000000-0000-4000-8000-000000000000'))(
    'does not let a person set the %s',
    async (label, body) => {
      const owner = await t.createUser({ role: 'owner' });
      const input = fakeRegistration({ role: 'client' });
      const extra = 'parent_owner_id' in body ? { parent_owner_id: owner.id } : body;
      const response = await t.post('/api/auth/sign-up/email', { ...input, ...extra });
      const stored = await t.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', input.email)
        .executeTakeFirst();
      if (expectations[label] === 'refused') {
        expect(response.statusCode, response.body).toBe(400);
        expect(stored).toBeUndefined();
        return;
      }
      expect(response.statusCode, response.body).toBe(200);
      expect(stored).toMatchObject({
        role: 'role' in body ? body.role : 'client',
        parent_owner_id: null,
        permissions: defaultPermissions('client'),
        is_active: true,
        email_verified: false,
        terms_version: TERMS_VERSION,
      });
    },
  );

  it('gives exactly the role chosen at sign-up, one of the two the spec allows', async () => {
    for (const role of ['client', 'owner'] as const) {
      const { input, response } = await t.registerUser({ role });
      expect(response.statusCode).toBe(200);
      const stored = await t.db
        .selectFrom('users')
        .select('role')
        .where('email', '=', input.email)
        .executeTakeFirstOrThrow();
      expect(stored.role).toBe(role);
    }
  });
});
