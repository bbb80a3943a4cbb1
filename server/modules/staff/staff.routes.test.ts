import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPermissions, type Permissions } from '../../../domain/permissions.ts';
import type {
  BulkInviteResult,
  Invitation,
  StaffMember,
  StaffOverview,
} from '../../../domain/schemas/staff.ts';
import { STAFF_RULE_MESSAGES as M } from '../../../domain/staff.ts';
import { setPlan, signInOwner } from '../../test/booking-fixtures.ts';
import { createTestApp, type TestApp, uniqueEmail } from '../../test/harness.ts';
import { type PersonKey, testPeople } from '../../test/people.ts';

let t: TestApp;
let person: ReturnType<typeof testPeople>;
beforeAll(async () => {
  t = await createTestApp();
  person = testPeople(t);
}, 90_000);
afterAll(async () => {
  await t?.close();
});

/** A back-office member of "owner" with the users permission (the back-office defaults). */
let usersManager: Promise<{ user: { id: string }; cookie: string }> | undefined;
const manager = () => {
  usersManager ??= (async () =>
    t.signInAs({
      role: 'backoffice',
      parentOwnerId: (await person('owner')).user.id,
      permissions: defaultPermissions('backoffice'),
    }))();
  return usersManager;
};

const as = async (key: PersonKey | 'usersManager') => ({
  cookie: key === 'usersManager' ? (await manager()).cookie : (await person(key)).cookie,
});
const FRONT = defaultPermissions('frontoffice');

const inviteBody = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Nomsa',
  last_name: 'Dube',
  email: uniqueEmail(),
  role: 'frontoffice',
  permissions: FRONT,
  ...overrides,
});

async function invited(
  key: PersonKey | 'usersManager' = 'owner',
  overrides: Record<string, unknown> = {},
): Promise<Invitation> {
  const response = await t.post('/api/invitations', inviteBody(overrides), await as(key));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Invitation>();
}

/** The claim link in the latest invitation email to the address. */
async function claimLinkOf(email: string): Promise<string> {
  const mail = await t.waitForMail(email, /invited/);
  const link = /https?:\/\/\S+\/claim-account\?token=[\w%-]+/.exec(mail.text)?.[0];
  expect(link, 'a claim link in the email').toBeDefined();
  return link as string;
}

const tokenOf = (link: string) => decodeURIComponent(new URL(link).searchParams.get('token') ?? '');

async function claim(link: string, password = 'Claim#2026pass') {
  return t.post('/api/invitations/claim', {
    token: tokenOf(link),
    first_name: 'Nomsa',
    last_name: 'Dube',
    phone: '082 555 0100',
    password,
    confirm_password: password,
  });
}

describe('inviting staff', () => {
  it('emails a claim link that makes a verified front-office user of the business, once', async () => {
    const owner = await person('owner');
    const invitation = await invited();
    expect(invitation).toMatchObject({ role: 'frontoffice', status: 'pending', permissions: FRONT });
    const days = (Date.parse(invitation.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const link = await claimLinkOf(invitation.email);
    const claimed = await claim(link);
    expect(claimed.statusCode, claimed.body).toBe(201);
    const user = await t.db
      .selectFrom('users')
      .select(['role', 'parent_owner_id', 'permissions', 'email_verified'])
      .where('email', '=', invitation.email)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({
      role: 'frontoffice',
      parent_owner_id: owner.user.id,
      permissions: FRONT,
      email_verified: true,
    });
    // Used: the link is refused from now on.
    expect((await claim(link)).statusCode).toBe(404);
    const overview = (await t.get('/api/staff', await as('owner'))).json<StaffOverview>();
    expect(overview.staff.map((member) => member.email)).toContain(invitation.email);
    expect(overview.invitations.map((entry) => entry.id)).not.toContain(invitation.id);
  });

  it.each([
    [{ first_name: '' }, M.missingFields],
    [{ email: '' }, M.missingFields],
    [{ email: 'nomsa.example.co.za' }, M.invalidEmail],
    [{ role: 'owner' }, M.invalidRole],
    [{ role: 'admin' }, M.invalidRole],
  ])('refuses %j with “%s” and sends nothing', async (overrides, message) => {
    const body = inviteBody(overrides);
    const response = await t.post('/api/invitations', body, await as('owner'));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(message);
  });

  it('refuses a second pending invitation for the same email, and an email that has an account', async () => {
    const first = await invited();
    const again = await t.post('/api/invitations', inviteBody({ email: first.email }), await as('owner'));
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(M.duplicate);
    const existing = await t.createUser({ role: 'client' });
    const taken = await t.post('/api/invitations', inviteBody({ email: existing.email }), await as('owner'));
    expect(taken.statusCode).toBe(409);
    expect(taken.json<{ message: string }>().message).toBe(M.hasAccount);
  });

  it('bulk invite skips emails with a pending invitation or an account, and invites the rest', async () => {
    const pending = await invited();
    const fresh = [uniqueEmail(), uniqueEmail()];
    const response = await t.post(
      '/api/invitations/bulk',
      {
        emails: [pending.email, ...fresh, fresh[0]],
        role: 'backoffice',
        permissions: defaultPermissions('backoffice'),
      },
      await as('owner'),
    );
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<BulkInviteResult>();
    expect(result.invited.map((entry) => entry.email).sort()).toEqual([...fresh].sort());
    expect(result.skipped).toEqual([{ email: pending.email, reason: M.duplicate }]);
    await claimLinkOf(fresh[1] as string);
  });

  it('a Starter or Pro owner (team of one) is refused with the plan message; pending invitations count', async () => {
    const starter = await signInOwner(t, 'starter');
    const response = await t.post('/api/invitations', inviteBody(), { cookie: starter.cookie });
    expect(response.statusCode).toBe(403);
    expect(response.json<{ message: string }>().message).toBe(
      "You've reached your user limit. Upgrade to add more team members.",
    );
    // Business plan: any number; back on a limited plan the waiting invitation counts.
    await setPlan(t.db, starter.user.id, 'business');
    expect((await t.post('/api/invitations', inviteBody(), { cookie: starter.cookie })).statusCode).toBe(201);
    await setPlan(t.db, starter.user.id, 'pro');
    expect((await t.post('/api/invitations', inviteBody(), { cookie: starter.cookie })).statusCode).toBe(403);
  });
});

describe('resending and deleting invitations', () => {
  it('resend replaces the link and extends the expiry; the old link stops working', async () => {
    const invitation = await invited();
    const oldLink = await claimLinkOf(invitation.email);
    await t.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', invitation.id)
      .execute();
    expect((await claim(oldLink)).statusCode).toBe(404);

    const resent = await t.post(`/api/invitations/${invitation.id}/resend`, undefined, await as('owner'));
    expect(resent.statusCode, resent.body).toBe(200);
    expect(Date.parse(resent.json<Invitation>().expires_at)).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    // The background outbox worker may hold the new mail while delivering it: wait for it to arrive.
    await expect
      .poll(
        async () => {
          await t.deliverMail();
          return (await t.mailbox(invitation.email)).length;
        },
        { timeout: 10_000 },
      )
      .toBe(2);
    const newLink = await claimLinkOf(invitation.email);
    expect(newLink).not.toBe(oldLink);
    expect((await claim(oldLink)).statusCode).toBe(404);
    expect((await claim(newLink)).statusCode).toBe(201);
  });

  it('delete revokes it: gone from the list, its link refused', async () => {
    const invitation = await invited();
    const link = await claimLinkOf(invitation.email);
    const removed = await t.request('DELETE', `/api/invitations/${invitation.id}`, await as('owner'));
    expect(removed.statusCode).toBe(204);
    const overview = (await t.get('/api/staff', await as('owner'))).json<StaffOverview>();
    expect(overview.invitations.map((entry) => entry.id)).not.toContain(invitation.id);
    expect((await claim(link)).statusCode).toBe(404);
    expect(
      (await t.request('DELETE', `/api/invitations/${invitation.id}`, await as('owner'))).statusCode,
    ).toBe(404);
  });
});

describe('changing staff', () => {
  const memberId = async (key: PersonKey) => (await person(key)).user.id;

  it('a role change resets permissions to the new role’s defaults; permissions can be edited alone', async () => {
    const id = await memberId('frontofficeWithout');
    const changed = await t.patch(`/api/staff/${id}`, { role: 'backoffice' }, await as('owner'));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<StaffMember>()).toMatchObject({
      role: 'backoffice',
      permissions: defaultPermissions('backoffice'),
    });
    const custom: Permissions = { ...defaultPermissions('frontoffice'), canViewReports: true };
    const edited = await t.patch(`/api/staff/${id}`, { permissions: custom }, await as('owner'));
    expect(edited.json<StaffMember>()).toMatchObject({ role: 'backoffice', permissions: custom });
    await t.patch(
      `/api/staff/${id}`,
      { role: 'frontoffice', permissions: defaultPermissions('frontoffice') },
      await as('owner'),
    );
  });

  it('deactivating signs the member out at once; they cannot sign in until reactivated', async () => {
    const member = await t.signInAs({
      role: 'frontoffice',
      parentOwnerId: (await person('owner')).user.id,
      permissions: FRONT,
    });
    expect((await t.get('/api/me', { cookie: member.cookie })).statusCode).toBe(200);
    const off = await t.patch(`/api/staff/${member.user.id}`, { is_active: false }, await as('owner'));
    expect(off.json<StaffMember>().is_active).toBe(false);
    expect((await t.get('/api/me', { cookie: member.cookie })).statusCode).toBe(401);
    expect((await t.attemptSignIn(member.user.email, member.user.password)).statusCode).not.toBe(200);
    await t.patch(`/api/staff/${member.user.id}`, { is_active: true }, await as('owner'));
    expect((await t.attemptSignIn(member.user.email, member.user.password)).statusCode).toBe(200);
  });

  it('nobody changes their own role, permissions or status; another business’s staff are not found', async () => {
    const self = await t.patch(
      `/api/staff/${(await manager()).user.id}`,
      { is_active: false },
      await as('usersManager'),
    );
    expect(self.statusCode, self.body).toBe(400);
    expect(self.json<{ message: string }>().message).toBe(M.notYourself);
    const foreign = await t.patch(
      `/api/staff/${await memberId('otherBackoffice')}`,
      { is_active: false },
      await as('owner'),
    );
    expect(foreign.statusCode).toBe(404);
    const owner = await t.patch(
      `/api/staff/${(await person('owner')).user.id}`,
      { role: 'frontoffice' },
      await as('usersManager'),
    );
    expect(owner.statusCode).toBe(404);
  });

  it('an empty change is refused', async () => {
    const response = await t.patch(`/api/staff/${await memberId('frontoffice')}`, {}, await as('owner'));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(M.nothingToChange);
  });
});

describe('who may manage staff (the owner, and staff with the users permission)', () => {
  it.each(['owner', 'usersManager'] as const)('%s lists staff and invitations, and invites', async (key) => {
    const response = await t.get('/api/staff', await as(key));
    expect(response.statusCode).toBe(200);
    const staff = response.json<StaffOverview>().staff;
    expect(staff.every((member) => member.role === 'backoffice' || member.role === 'frontoffice')).toBe(true);
    expect(staff.map((member) => member.id)).not.toContain((await person('otherBackoffice')).user.id);
    await invited(key);
  });

  it.each(['frontoffice', 'backoffice', 'backofficeWithout', 'otherBackoffice', 'admin', 'client'] as const)(
    '%s gets 403 everywhere and changes nothing',
    async (key) => {
      const invitation = await invited();
      const target = (await person('frontofficeWithout')).user.id;
      for (const response of [
        await t.get('/api/staff', await as(key)),
        await t.post('/api/invitations', inviteBody(), await as(key)),
        await t.post(
          '/api/invitations/bulk',
          { emails: [uniqueEmail()], role: 'frontoffice', permissions: FRONT },
          await as(key),
        ),
        await t.post(`/api/invitations/${invitation.id}/resend`, undefined, await as(key)),
        await t.request('DELETE', `/api/invitations/${invitation.id}`, await as(key)),
        await t.patch(`/api/staff/${target}`, { is_active: false }, await as(key)),
      ]) {
        expect(response.statusCode, response.body).toBe(403);
        expect(response.json<{ message: string }>().message).toBe(M.notYours);
      }
      const row = await t.db
        .selectFrom('users')
        .select('is_active')
        .where('id', '=', target)
        .executeTakeFirstOrThrow();
      expect(row.is_active).toBe(true);
    },
  );

  it('another owner sees only their own staff and cannot touch this business’s invitations', async () => {
    const invitation = await invited();
    const theirs = (await t.get('/api/staff', await as('otherOwner'))).json<StaffOverview>();
    expect(theirs.invitations.map((entry) => entry.id)).not.toContain(invitation.id);
    expect(
      (await t.request('DELETE', `/api/invitations/${invitation.id}`, await as('otherOwner'))).statusCode,
    ).toBe(404);
    expect(
      (await t.post(`/api/invitations/${invitation.id}/resend`, undefined, await as('otherOwner')))
        .statusCode,
    ).toBe(404);
  });

  it('anonymous gets 401', async () => {
    expect((await t.get('/api/staff')).statusCode).toBe(401);
    expect((await t.post('/api/invitations', inviteBody())).statusCode).toBe(401);
  });
});
