import { randomBytes } from 'node:crypto';
import { faker } from '@faker-js/faker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../domain/errors.ts';
import { defaultPermissions, type Permissions } from '../../../domain/permissions.ts';
import type { Role } from '../../../domain/roles.ts';
import { createTestApp, fakePhone, type TestApp, uniqueEmail } from '../../test/harness.ts';
import { hashInvitationToken } from './invitation.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const CLAIM = '/api/invitations/claim';
const INVALID_LINK = 'Invalid registration link';
const DAY_MS = 24 * 60 * 60 * 1000;

interface InvitationOptions {
  role?: Role;
  email?: string;
  expiresAt?: Date;
  status?: 'pending' | 'accepted' | 'revoked';
  permissions?: Permissions;
}

/** Inserts an invitation the way the staff screen will, and returns the emailed (unhashed) token. */
async function invite(options: InvitationOptions = {}) {
  const owner = await t.createUser({ role: 'owner' });
  const role = options.role ?? 'backoffice';
  const token = randomBytes(32).toString('base64url');
  const invitation = await t.db
    .insertInto('invitations')
    .values({
      token_hash: hashInvitationToken(token),
      email: options.email ?? uniqueEmail(),
      first_name: faker.person.firstName(),
      last_name: faker.person.lastName(),
      role,
      phone: fakePhone(),
      owner_id: owner.id,
      permissions: options.permissions ?? defaultPermissions(role),
      status: options.status ?? 'pending',
      expires_at: options.expiresAt ?? new Date(Date.now() + 7 * DAY_MS),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { owner, token, invitation };
}

function claimBody(token: string, overrides: Record<string, unknown> = {}) {
  return {
    token,
    first_name: 'Sipho',
    last_name: 'Zulu',
    phone: '082 555 0101',
    password: 'Claimed#2026',
    ...overrides,
  };
}

async function usersWithEmail(email: string) {
  return t.db.selectFrom('users').selectAll().where('email', '=', email).execute();
}

describe('GET /api/invitations/claim', () => {
  it.each([
    ['without a token', CLAIM, 400],
    ['with an empty token', `${CLAIM}?token=`, 400],
    ['with a made-up token', `${CLAIM}?token=${randomBytes(32).toString('base64url')}`, 404],
  ])('refuses a link %s', async (_label, url, status) => {
    const response = await t.get(url);
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toBe(INVALID_LINK);
  });

  it('describes a pending invitation', async () => {
    const { token, invitation } = await invite();
    const response = await t.get(`${CLAIM}?token=${encodeURIComponent(token)}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      email: invitation.email,
      first_name: invitation.first_name,
      last_name: invitation.last_name,
      phone: invitation.phone,
    });
  });

  it('does not accept the stored hash in place of the token', async () => {
    const { invitation } = await invite();
    expect((await t.get(`${CLAIM}?token=${invitation.token_hash}`)).statusCode).toBe(404);
  });

  it.each([
    ['expired', { expiresAt: new Date(Date.now() - 1000) }],
    ['revoked', { status: 'revoked' as const }],
    ['already accepted', { status: 'accepted' as const }],
  ])('refuses an %s invitation', async (_label, options) => {
    const { token } = await invite(options);
    const response = await t.get(`${CLAIM}?token=${encodeURIComponent(token)}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(INVALID_LINK);
  });
});

describe('POST /api/invitations/claim', () => {
  it('creates a verified staff member of the inviting owner, who can sign in at once; the link then dies', async () => {
    const permissions = { ...defaultPermissions('frontoffice'), canViewReports: true };
    const { owner, token, invitation } = await invite({ role: 'frontoffice', permissions });

    const response = await t.post(CLAIM, claimBody(token));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ email: invitation.email });

    const [user, ...others] = await usersWithEmail(invitation.email);
    expect(others).toEqual([]);
    expect(user).toMatchObject({
      first_name: 'Sipho',
      last_name: 'Zulu',
      name: 'Sipho Zulu',
      phone: '082 555 0101',
      role: 'frontoffice',
      parent_owner_id: owner.id,
      permissions,
      email_verified: true,
      is_active: true,
    });
    const accepted = await t.db
      .selectFrom('invitations')
      .selectAll()
      .where('id', '=', invitation.id)
      .executeTakeFirstOrThrow();
    expect(accepted).toMatchObject({ status: 'accepted', invited_user_id: user?.id });
    expect(accepted.accepted_at).not.toBeNull();

    const cookie = await t.signIn(invitation.email, 'Claimed#2026');
    expect((await t.get('/api/me', { cookie })).json()).toMatchObject({
      email: invitation.email,
      role: 'frontoffice',
      parent_owner_id: owner.id,
      permissions,
    });

    const second = await t.post(CLAIM, claimBody(token, { password: 'Another#2026' }));
    expect(second.statusCode).toBe(404);
    expect(second.json().message).toBe(INVALID_LINK);
    expect((await t.get(`${CLAIM}?token=${encodeURIComponent(token)}`)).statusCode).toBe(404);
    expect((await t.attemptSignIn(invitation.email, 'Another#2026')).statusCode).toBe(401);
  });

  it('gives a back office member the back office defaults', async () => {
    const { owner, token, invitation } = await invite({ role: 'backoffice' });
    expect((await t.post(CLAIM, claimBody(token))).statusCode).toBe(201);
    const cookie = await t.signIn(invitation.email, 'Claimed#2026');
    expect((await t.get('/api/me', { cookie })).json()).toMatchObject({
      role: 'backoffice',
      parent_owner_id: owner.id,
      permissions: defaultPermissions('backoffice'),
    });
  });

  it('does not attach a non-staff invitee to the owner', async () => {
    const { token, invitation } = await invite({ role: 'client' });
    expect((await t.post(CLAIM, claimBody(token))).statusCode).toBe(201);
    const [user] = await usersWithEmail(invitation.email);
    expect(user).toMatchObject({ role: 'client', parent_owner_id: null });
  });

  it('gives an invited owner their Starter plan', async () => {
    const { token, invitation } = await invite({ role: 'owner' });
    expect((await t.post(CLAIM, claimBody(token))).statusCode).toBe(201);
    const [user] = await usersWithEmail(invitation.email);
    expect(user).toMatchObject({ role: 'owner', parent_owner_id: null });
    const plans = await t.db
      .selectFrom('subscriptions')
      .select(['plan_id', 'status'])
      .where('owner_id', '=', user?.id ?? '')
      .execute();
    expect(plans).toEqual([{ plan_id: 'starter', status: 'active' }]);
  });

  it('lets exactly one of two simultaneous claims win', async () => {
    const { token, invitation } = await invite();
    const responses = await Promise.all([
      t.post(CLAIM, claimBody(token, { password: 'First#Claim1' })),
      t.post(CLAIM, claimBody(token, { password: 'Second#Claim2' })),
    ]);
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 404]);
    const loser = responses.find((response) => response.statusCode !== 201);
    expect(loser?.json().message).toBe(INVALID_LINK);
    expect(await usersWithEmail(invitation.email)).toHaveLength(1);
  });

  it('refuses an expired invitation and creates nobody', async () => {
    const { token, invitation } = await invite({ expiresAt: new Date(Date.now() - 60_000) });
    const response = await t.post(CLAIM, claimBody(token));
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(INVALID_LINK);
    expect(await usersWithEmail(invitation.email)).toEqual([]);
  });

  it('refuses a made-up token', async () => {
    const response = await t.post(CLAIM, claimBody(randomBytes(32).toString('base64url')));
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(INVALID_LINK);
  });

  it('refuses when the address already has an account, leaving the invitation pending', async () => {
    const existing = await t.createUser();
    const { token, invitation } = await invite({ email: existing.email });
    const response = await t.post(CLAIM, claimBody(token));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(MESSAGES.alreadyRegistered);
    const stored = await t.db
      .selectFrom('invitations')
      .select('status')
      .where('id', '=', invitation.id)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('pending');
    expect((await t.attemptSignIn(existing.email, 'Claimed#2026')).statusCode).toBe(401);
  });

  it.each([
    [{ token: undefined }, 'token', INVALID_LINK],
    [{ token: '' }, 'token', INVALID_LINK],
    [{ first_name: '' }, 'first_name', 'First name is required'],
    [{ last_name: undefined }, 'last_name', 'Last name is required'],
    [{ phone: '' }, 'phone', 'Phone is required'],
    [{ phone: undefined }, 'phone', 'Phone is required'],
    [{ phone: '555-01' }, 'phone', 'Please enter a valid phone number'],
    [{ password: 'Short#1' }, 'password', 'Password must be at least 8 characters'],
    [{ password: undefined }, 'password', 'Password is required'],
    [{ password: 'aaaaaaaa' }, 'password', 'Password must contain an uppercase letter'],
    [{ password: 'Aaaaaaaa' }, 'password', 'Password must contain a number'],
    [{ password: 'Aaaaaaa1' }, 'password', 'Password must contain a special character'],
  ])('refuses %j with 400 and leaves the invitation pending', async (override, field, message) => {
    const { token, invitation } = await invite();
    const response = await t.post(CLAIM, claimBody(token, override));
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toBe(message);
    expect(await usersWithEmail(invitation.email)).toEqual([]);
    expect((await t.get(`${CLAIM}?token=${encodeURIComponent(token)}`)).statusCode).toBe(200);
  });
});
