import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPermissions } from '../../../domain/permissions.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/me', () => {
  it('is 401 when signed out or with a forged cookie', async () => {
    for (const cookie of [undefined, 'better-auth.session_token=forged.value']) {
      const response = await t.get('/api/me', { cookie });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: 'UNAUTHORIZED',
        message: 'You must be signed in to do that.',
      });
    }
  });

  it("returns the signed-in user's profile and nobody else's", async () => {
    const { user, cookie } = await t.signInAs({ role: 'backoffice' });
    await t.createUser();
    const response = await t.get('/api/me', { cookie });
    expect(response.statusCode).toBe(200);
    const profile = response.json();
    expect(profile).toMatchObject({
      id: user.id,
      email: user.email,
      first_name: user.first_name,
      last_name: user.last_name,
      role: 'backoffice',
      parent_owner_id: user.parent_owner_id,
      permissions: defaultPermissions('backoffice'),
    });
    expect(Number.isNaN(Date.parse(profile.created_at))).toBe(false);
    expect(profile).not.toHaveProperty('password');
  });
});

describe('PATCH /api/me', () => {
  it('updates first name, last name and phone, and recomputes the display name', async () => {
    const { user, cookie } = await t.signInAs({ role: 'owner' });
    const response = await t.patch(
      '/api/me',
      { first_name: '  Thandeka ', last_name: 'Ndlovu', phone: '(082) 555-0101' },
      { cookie },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: user.id,
      first_name: 'Thandeka',
      last_name: 'Ndlovu',
      name: 'Thandeka Ndlovu',
      phone: '(082) 555-0101',
      role: 'owner',
    });
    expect((await t.get('/api/me', { cookie })).json()).toMatchObject({ name: 'Thandeka Ndlovu' });
  });

  it('clears the phone when it is emptied', async () => {
    const { cookie } = await t.signInAs({ phone: '082 555 0101' });
    const response = await t.patch(
      '/api/me',
      { first_name: 'Lerato', last_name: 'Dlamini', phone: '' },
      { cookie },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().phone).toBeNull();
  });

  it.each([
    [{ first_name: '', last_name: 'Dlamini' }, 'first_name', 'First name is required'],
    [{ first_name: '   ', last_name: 'Dlamini' }, 'first_name', 'First name is required'],
    [{ last_name: 'Dlamini' }, 'first_name', 'First name is required'],
    [{ first_name: 'Lerato', last_name: '' }, 'last_name', 'Last name is required'],
    [
      { first_name: 'Lerato', last_name: 'Dlamini', phone: '12345' },
      'phone',
      'Please enter a valid phone number',
    ],
    [
      { first_name: 'Lerato', last_name: 'Dlamini', phone: '082 555 010' },
      'phone',
      'Please enter a valid phone number',
    ],
    [
      { first_name: 'Lerato', last_name: 'Dlamini', phone: 'call me' },
      'phone',
      'Please enter a valid phone number',
    ],
  ])('refuses %j with 400 and changes nothing', async (body, field, message) => {
    const { user, cookie } = await t.signInAs();
    const response = await t.patch('/api/me', body, { cookie });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'BAD_REQUEST',
      message,
      fieldErrors: { [field]: message },
    });
    const stored = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored.first_name).toBe(user.first_name);
    expect(stored.last_name).toBe(user.last_name);
  });

  it('cannot change role, email, activity or owner through the profile', async () => {
    const { user, cookie } = await t.signInAs({ role: 'client' });
    const response = await t.patch(
      '/api/me',
      {
        first_name: 'Sneaky',
        last_name: 'Client',
        role: 'admin',
        email: 'admin@example.co.za',
        is_active: false,
        parent_owner_id: user.id,
      },
      { cookie },
    );
    expect(response.statusCode).toBe(200);
    const stored = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      first_name: 'Sneaky',
      role: 'client',
      email: user.email,
      is_active: true,
      parent_owner_id: null,
    });
  });

  it('is 401 when signed out', async () => {
    const response = await t.patch('/api/me', { first_name: 'Lerato', last_name: 'Dlamini' });
    expect(response.statusCode).toBe(401);
  });
});
