import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../domain/errors.ts';
import { TERMS_VERSION } from '../../domain/terms.ts';
import { setUserActive } from '../modules/account/user.repository.ts';
import { cookieFrom, createTestApp, fakeRegistration, type TestApp } from '../test/harness.ts';
import { escapeHtml } from './mail/templates.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const SIGN_UP = '/api/auth/sign-up/email';
const CHOOSE_ROLE = 'Please choose whether you want to rent or list a property';
const TERMS_REQUIRED = 'You must accept the terms and conditions';

async function userRow(email: string) {
  return t.db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

describe('registration → verification → session', () => {
  it('walks the whole journey: register, refused before verifying, verify, sign in, profile, sign out', async () => {
    const { input, response } = await t.registerUser({ role: 'owner' });
    expect(response.statusCode).toBe(200);
    expect(cookieFrom(response)).not.toContain('session_token');

    const stored = await userRow(input.email);
    expect(stored).toMatchObject({
      first_name: input.first_name,
      last_name: input.last_name,
      name: `${input.first_name} ${input.last_name}`,
      phone: input.phone,
      role: 'owner',
      email_verified: false,
      is_active: true,
      parent_owner_id: null,
    });

    const early = await t.attemptSignIn(input.email, input.password);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    expect(cookieFrom(early)).not.toContain('session_token');

    const verified = await t.verifyViaMailbox(input.email);
    expect(verified.statusCode).toBe(302);
    expect(verified.headers.location).toBe('/login?verified=1');
    expect((await userRow(input.email))?.email_verified).toBe(true);

    const cookie = await t.signIn(input.email, input.password);
    const me = await t.get('/api/me', { cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: input.email,
      first_name: input.first_name,
      last_name: input.last_name,
      role: 'owner',
      region: 'ZA',
      culture: 'en-ZA',
      settings: { currency: 'ZAR', dateFormat: 'dd/MM/yyyy', timeFormat: 'HH:mm', language: 'en-ZA' },
      is_active: true,
      parent_owner_id: null,
    });

    const patched = await t.patch(
      '/api/me',
      { first_name: 'Naledi', last_name: 'Mahlangu', phone: '' },
      { cookie },
    );
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      first_name: 'Naledi',
      last_name: 'Mahlangu',
      name: 'Naledi Mahlangu',
    });

    const signOut = await t.post('/api/auth/sign-out', {}, { cookie });
    expect(signOut.statusCode).toBe(200);
    const after = await t.get('/api/me', { cookie });
    expect(after.statusCode).toBe(401);
  });

  it('stores a client by default role choice and an email in lower case', async () => {
    const { input, response } = await t.registerUser({
      email: `Mixed.Case.${Date.now()}@Example.CO.ZA`,
      role: 'client',
    });
    expect(response.statusCode).toBe(200);
    const stored = await userRow(input.email);
    expect(stored?.email).toBe(input.email.toLowerCase());
    expect(stored?.role).toBe('client');
  });

  it('stores when the terms were accepted, and which version', async () => {
    const before = Date.now();
    const { input, response } = await t.registerUser();
    expect(response.statusCode).toBe(200);
    const stored = await userRow(input.email);
    expect(stored?.terms_version).toBe(TERMS_VERSION);
    const acceptedAt = stored?.terms_accepted_at?.getTime() ?? 0;
    expect(acceptedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(acceptedAt).toBeLessThanOrEqual(Date.now() + 1000);
    // Not part of what the auth library returns about a user.
    expect(JSON.stringify(response.json())).not.toMatch(/terms/);
  });

  it('stores an empty phone as no phone', async () => {
    const { input, response } = await t.registerUser({ phone: '' });
    expect(response.statusCode).toBe(200);
    expect((await userRow(input.email))?.phone).toBeNull();
  });

  it('sends exactly one verification email, with a link back to this server', async () => {
    const { input } = await t.registerUser();
    const mail = await t.waitForMail(input.email);
    expect(mail.subject).toBe('Verify your email for Rentza');
    expect(mail.link.startsWith(`${t.config.PUBLIC_URL}/api/auth/verify-email?token=`)).toBe(true);
    // The HTML escapes the name as it must: a generated "D'angelo" reads D&#39;angelo.
    expect(mail.html).toContain(escapeHtml(input.first_name));
    expect(await t.mailbox(input.email)).toHaveLength(1);
  });

  it('refuses a tampered verification token and leaves the user unverified', async () => {
    const { input } = await t.registerUser();
    const mail = await t.waitForMail(input.email);
    const url = new URL(mail.link);
    url.searchParams.set('token', `${url.searchParams.get('token')}x`);
    url.searchParams.delete('callbackURL');
    const response = await t.get(`${url.pathname}${url.search}`);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect((await userRow(input.email))?.email_verified).toBe(false);
  });
});

describe('sign-up rejections', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['an invalid email', { email: 'not-an-email' }, 'Please enter a valid email'],
    ['an empty email', { email: '' }, 'Email is required'],
    ['an empty password', { password: '' }, 'Password is required'],
    ['a password under 8 characters', { password: 'Ab1!xyz' }, 'Password must be at least 8 characters'],
    [
      'a password without an uppercase letter',
      { password: 'lowercase1!' },
      'Password must contain an uppercase letter',
    ],
    [
      'a password without a lowercase letter',
      { password: 'UPPERCASE1!' },
      'Password must contain a lowercase letter',
    ],
    ['a password without a number', { password: 'NoNumbers!!' }, 'Password must contain a number'],
    [
      'a password without a special character',
      { password: 'NoSpecial12' },
      'Password must contain a special character',
    ],
    ['an empty first name', { first_name: '   ' }, 'First name is required'],
    ['an empty last name', { last_name: '' }, 'Last name is required'],
    ['a missing first name', { first_name: undefined }, 'First name is required'],
    ['a missing last name', { last_name: undefined }, 'Last name is required'],
    ['an invalid phone', { phone: '12345' }, 'Please enter a valid phone number'],
    ['the admin role', { role: 'admin' }, CHOOSE_ROLE],
    ['the backoffice role', { role: 'backoffice' }, CHOOSE_ROLE],
    ['the frontoffice role', { role: 'frontoffice' }, CHOOSE_ROLE],
    ['no role', { role: undefined }, CHOOSE_ROLE],
    ['terms not accepted', { termsAccepted: false }, TERMS_REQUIRED],
    ['no terms acceptance', { termsAccepted: undefined }, TERMS_REQUIRED],
    ['a terms acceptance that is not a yes', { termsAccepted: 'true' }, TERMS_REQUIRED],
  ];

  it.each(cases)('refuses %s with 400 and creates nobody', async (_label, override, message) => {
    const body = { ...fakeRegistration(), ...override };
    const response = await t.post(SIGN_UP, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    if (typeof body.email === 'string' && body.email.includes('@')) {
      expect(await userRow(body.email)).toBeUndefined();
      expect(
        await t.db.selectFrom('email_outbox').select('id').where('to_address', '=', body.email).execute(),
      ).toEqual([]);
    }
  });

  it('ignores attempts to verify or deactivate oneself at sign-up', async () => {
    const input = fakeRegistration();
    const response = await t.post(SIGN_UP, {
      ...input,
      emailVerified: true,
      email_verified: true,
      is_active: false,
    });
    expect(response.statusCode).toBe(200);
    expect(await userRow(input.email)).toMatchObject({
      email_verified: false,
      is_active: true,
      role: 'client',
    });
    expect((await t.attemptSignIn(input.email, input.password)).statusCode).toBe(403);
  });

  it('refuses attaching oneself to an owner at sign-up', async () => {
    const owner = await t.createUser({ role: 'owner' });
    const input = fakeRegistration();
    const response = await t.post(SIGN_UP, { ...input, parent_owner_id: owner.id });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('FIELD_NOT_ALLOWED');
    expect(await userRow(input.email)).toBeUndefined();
  });
});

describe('sign-in', () => {
  it('refuses a wrong password and an unknown email with the same 401', async () => {
    const user = await t.createUser();
    const wrong = await t.attemptSignIn(user.email, `${user.password}x`);
    const unknown = await t.attemptSignIn(`nobody.${user.email}`, user.password);
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        code: 'INVALID_EMAIL_OR_PASSWORD',
        message: 'Invalid email or password',
      });
      expect(cookieFrom(response)).not.toContain('session_token');
    }
  });

  it('signs in users of every role created directly', async () => {
    for (const role of ['owner', 'admin', 'client', 'backoffice', 'frontoffice'] as const) {
      const { user, cookie } = await t.signInAs({ role });
      const me = await t.get('/api/me', { cookie });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ id: user.id, role, parent_owner_id: user.parent_owner_id });
    }
  });
});

describe('deactivated users', () => {
  it('cannot sign in', async () => {
    const user = await t.createUser({ isActive: false });
    const response = await t.attemptSignIn(user.email, user.password);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(MESSAGES.accountDeactivated);
    expect(cookieFrom(response)).not.toContain('session_token');
  });

  it('lose their existing sessions when deactivated, and can sign in again once reactivated', async () => {
    const { user, cookie } = await t.signInAs({ role: 'frontoffice' });
    expect((await t.get('/api/me', { cookie })).statusCode).toBe(200);

    await setUserActive(t.db, user.id, false);
    expect((await t.get('/api/me', { cookie })).statusCode).toBe(401);
    expect(await t.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toEqual(
      [],
    );
    expect((await t.attemptSignIn(user.email, user.password)).statusCode).toBe(403);

    await setUserActive(t.db, user.id, true);
    const again = await t.signIn(user.email, user.password);
    expect((await t.get('/api/me', { cookie: again })).statusCode).toBe(200);
  });

  it('are treated as signed out even if a session row survived', async () => {
    const { user, cookie } = await t.signInAs();
    await t.db.updateTable('users').set({ is_active: false }).where('id', '=', user.id).execute();
    expect((await t.get('/api/me', { cookie })).statusCode).toBe(401);
  });
});
