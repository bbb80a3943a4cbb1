import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../domain/errors.ts';
import { defaultPermissions } from '../../../domain/permissions.ts';
import type { Role } from '../../../domain/roles.ts';
import {
  ADMIN_USER_MESSAGES,
  type AdminUser,
  type AdminUserDetail,
  type AdminUserPage,
} from '../../../domain/schemas/admin-users.ts';
import { insertProperty, setPlan } from '../../test/booking-fixtures.ts';
import { type CreateUserOptions, createTestApp, type TestApp } from '../../test/harness.ts';
import { type PersonKey, testPeople } from '../../test/people.ts';
import { listUsersFor } from './admin-user.service.ts';

let t: TestApp;
let person: ReturnType<typeof testPeople>;
beforeAll(async () => {
  t = await createTestApp();
  person = testPeople(t);
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const DENIED: PersonKey[] = ['owner', 'otherOwner', 'backoffice', 'frontoffice', 'client'];

const send = async (method: 'GET' | 'PATCH', url: string, who: PersonKey | null, body?: unknown) =>
  t.request(method, url, {
    ...(who ? { cookie: (await person(who)).cookie } : {}),
    ...(body === undefined ? {} : { body }),
  });

const asAdmin = (method: 'GET' | 'PATCH', url: string, body?: unknown) => send(method, url, 'admin', body);

function expectError(response: LightMyRequestResponse, status: number, message: string) {
  expect({ status: response.statusCode, message: response.json().message }).toEqual({ status, message });
}

/** A word no other test's users contain, so a search finds only this test's users. */
const uniqueTag = () => `Tag${randomUUID().replace(/-/g, '').slice(0, 10)}`;

const tagged = (tag: string, options: CreateUserOptions = {}) =>
  t.createUser({ last_name: `${tag}son`, ...options });

async function listed(query: string): Promise<AdminUserPage> {
  const response = await asAdmin('GET', `/api/admin/users?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminUserPage>();
}

const emailsOf = (page: AdminUserPage) => page.items.map((item) => item.email).sort();

async function detailOf(id: string): Promise<AdminUserDetail> {
  const response = await asAdmin('GET', `/api/admin/users/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminUserDetail>();
}

describe('who may use the users screen', () => {
  it('an admin lists, reads and changes users', async () => {
    const target = await t.createUser({ role: 'client' });
    expect((await asAdmin('GET', '/api/admin/users')).statusCode).toBe(200);
    expect((await asAdmin('GET', `/api/admin/users/${target.id}`)).statusCode).toBe(200);
    const changed = await asAdmin('PATCH', `/api/admin/users/${target.id}`, { role: 'owner' });
    expect(changed.statusCode, changed.body).toBe(200);
  });

  it.each(DENIED)('%s is refused on every endpoint and changes nothing', async (who) => {
    const target = await t.createUser({ role: 'client' });
    for (const [method, url, body] of [
      ['GET', '/api/admin/users', undefined],
      ['GET', `/api/admin/users/${target.id}`, undefined],
      ['PATCH', `/api/admin/users/${target.id}`, { role: 'admin', is_active: false }],
    ] as const) {
      expectError(await send(method, url, who, body), 403, MESSAGES.forbidden);
    }
    const stored = await t.db
      .selectFrom('users')
      .select(['role', 'is_active'])
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ role: 'client', is_active: true });
  });

  it('a signed-out caller gets 401', async () => {
    const target = await t.createUser();
    for (const [method, url] of [
      ['GET', '/api/admin/users'],
      ['GET', `/api/admin/users/${target.id}`],
      ['PATCH', `/api/admin/users/${target.id}`],
    ] as const) {
      const response = await send(method, url, null, method === 'PATCH' ? { is_active: false } : undefined);
      expect(response.statusCode).toBe(401);
    }
  });
});

describe('GET /api/admin/users', () => {
  it('searches first name, last name, full name and email, whatever the case', async () => {
    const tag = uniqueTag();
    const naledi = await tagged(tag, { first_name: 'Naledi', last_name: `Mahlangu${tag}` });
    const bongani = await tagged(tag, {
      first_name: 'Bongani',
      email: `bongani.${tag.toLowerCase()}@example.co.za`,
    });
    await t.createUser({ first_name: 'Naledi', last_name: 'Elsewhere' });

    expect(emailsOf(await listed(`q=${tag.toUpperCase()}`))).toEqual([naledi.email, bongani.email].sort());
    expect(emailsOf(await listed(`q=${encodeURIComponent(`naledi mahlangu${tag}`)}`))).toEqual([
      naledi.email,
    ]);
    expect(emailsOf(await listed(`q=${encodeURIComponent(`BONGANI.${tag}@`)}`))).toEqual([bongani.email]);
    expect((await listed(`q=${tag}nobody`)).items).toEqual([]);
  });

  it('takes % and _ literally', async () => {
    const tag = uniqueTag().toLowerCase();
    const underscore = await t.createUser({ email: `a_b.${tag}@example.co.za` });
    const percent = await t.createUser({ email: `c%d.${tag}@example.co.za` });
    await t.createUser({ email: `axb.${tag}@example.co.za` });
    await t.createUser({ email: `cxxd.${tag}@example.co.za` });
    expect(emailsOf(await listed(`q=${encodeURIComponent(`a_b.${tag}`)}`))).toEqual([underscore.email]);
    expect(emailsOf(await listed(`q=${encodeURIComponent(`c%d.${tag}`)}`))).toEqual([percent.email]);
    expect((await listed(`q=${encodeURIComponent(`%.${tag}`)}`)).items).toEqual([]);
  });

  it('filters by role', async () => {
    const tag = uniqueTag();
    const owner = await tagged(tag, { role: 'owner' });
    const staff = await tagged(tag, { role: 'frontoffice', parentOwnerId: owner.id });
    const client = await tagged(tag, { role: 'client' });
    const admin = await tagged(tag, { role: 'admin' });
    const cases: Array<[Role, string]> = [
      ['owner', owner.email],
      ['frontoffice', staff.email],
      ['client', client.email],
      ['admin', admin.email],
    ];
    for (const [role, email] of cases) {
      const page = await listed(`q=${tag}&role=${role}`);
      expect(emailsOf(page)).toEqual([email]);
      expect(page.total).toBe(1);
    }
    expect((await listed(`q=${tag}&role=backoffice`)).total).toBe(0);
    expectError(await asAdmin('GET', '/api/admin/users?role=tenant'), 400, 'Please choose a valid role');
  });

  it('pages by name with the total of all matches', async () => {
    const tag = uniqueTag();
    for (const first of ['Eve', 'Ann', 'Dan', 'Cid', 'Bea']) await tagged(tag, { first_name: first });
    const pages = await Promise.all([1, 2, 3, 4].map((page) => listed(`q=${tag}&page=${page}&page_size=2`)));
    expect(pages.map((page) => page.items.map((item) => item.first_name))).toEqual([
      ['Ann', 'Bea'],
      ['Cid', 'Dan'],
      ['Eve'],
      [],
    ]);
    expect(pages.map((page) => [page.total, page.page, page.page_size])).toEqual([
      [5, 1, 2],
      [5, 2, 2],
      [5, 3, 2],
      [5, 4, 2],
    ]);
    const defaults = await listed(`q=${tag}`);
    expect([defaults.page, defaults.page_size, defaults.items.length]).toEqual([1, 20, 5]);
  });

  it('a search matching more than the cap counts up to it and walks the name order, the same pages in the same order', async () => {
    const tag = uniqueTag();
    for (const first of ['Eve', 'Ann', 'Dan', 'Cid', 'Bea']) await tagged(tag, { first_name: first });
    const admin = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', (await person('admin')).user.id)
      .executeTakeFirstOrThrow();
    const pageOf = (page: number, cap: number) =>
      listUsersFor(t.db, admin, { q: tag, page, page_size: 2 }, cap);
    // Capped at 3: "more than 3", and each page says whether another follows.
    const capped = await Promise.all([1, 2, 3, 4].map((page) => pageOf(page, 3)));
    expect(capped.map((page) => page.items.map((item) => item.first_name))).toEqual([
      ['Ann', 'Bea'],
      ['Cid', 'Dan'],
      ['Eve'],
      [],
    ]);
    expect(capped.map((page) => [page.total, page.total_capped, page.has_next])).toEqual([
      [3, true, true],
      [3, true, true],
      [3, true, false],
      [3, true, false],
    ]);
    // At the cap exactly the count is whole, read from the matches.
    const whole = await pageOf(1, 5);
    expect([whole.total, whole.total_capped, whole.has_next]).toEqual([5, false, true]);
    expect(whole.items.map((item) => item.first_name)).toEqual(['Ann', 'Bea']);
    // Through the API (cap 10 000): the whole count, and the last page has no next.
    const last = await listed(`q=${tag}&page=3&page_size=2`);
    expect([last.total, last.total_capped, last.has_next]).toEqual([5, false, false]);
  });

  it('refuses a page below 1 and a page size over 100', async () => {
    expectError(await asAdmin('GET', '/api/admin/users?page=0'), 400, 'Page must be at least 1');
    expectError(await asAdmin('GET', '/api/admin/users?page_size=101'), 400, 'Page size must be 100 or less');
    expect((await listed('page_size=100')).page_size).toBe(100);
  });

  it("shows an owner's plan and staff count, a staff member's owner, neither for others", async () => {
    const tag = uniqueTag();
    const owner = await tagged(tag, { role: 'owner', first_name: 'Zanele', last_name: `Owner${tag}` });
    await setPlan(t.db, owner.id, 'pro');
    await tagged(tag, { role: 'backoffice', parentOwnerId: owner.id });
    await tagged(tag, { role: 'frontoffice', parentOwnerId: owner.id, isActive: false });
    await tagged(tag, { role: 'client' });
    const items = (await listed(`q=${tag}`)).items;
    const byRole = (role: Role) => items.find((item) => item.role === role) as AdminUser;
    expect(byRole('owner')).toMatchObject({
      id: owner.id,
      plan: { id: 'pro', status: 'active' },
      staff_count: 2,
      owner_name: null,
      parent_owner_id: null,
      is_active: true,
      email_verified: true,
    });
    expect(byRole('backoffice')).toMatchObject({
      plan: null,
      staff_count: null,
      owner_name: `Zanele Owner${tag}`,
      parent_owner_id: owner.id,
    });
    expect(byRole('frontoffice').is_active).toBe(false);
    expect(byRole('client')).toMatchObject({ plan: null, staff_count: null, owner_name: null });
    expect(Number.isNaN(Date.parse(byRole('client').created_at))).toBe(false);
  });
});

describe('GET /api/admin/users/:id', () => {
  it("shows an owner's plan, live listings and staff", async () => {
    const owner = await t.createUser({ role: 'owner' });
    await setPlan(t.db, owner.id, 'business');
    await insertProperty(t.db, owner.id);
    await insertProperty(t.db, owner.id);
    await insertProperty(t.db, owner.id, { archived_at: new Date() });
    const sipho = await t.createUser({ role: 'backoffice', parentOwnerId: owner.id, first_name: 'Sipho' });
    const anele = await t.createUser({ role: 'frontoffice', parentOwnerId: owner.id, first_name: 'Anele' });
    const detail = await detailOf(owner.id);
    expect(detail).toMatchObject({
      id: owner.id,
      role: 'owner',
      plan: { id: 'business', status: 'active' },
      listing_count: 2,
      staff_count: 2,
    });
    expect(detail.staff).toEqual([
      {
        id: anele.id,
        first_name: 'Anele',
        last_name: anele.last_name,
        email: anele.email,
        role: 'frontoffice',
        is_active: true,
      },
      {
        id: sipho.id,
        first_name: 'Sipho',
        last_name: sipho.last_name,
        email: sipho.email,
        role: 'backoffice',
        is_active: true,
      },
    ]);
  });

  it('shows others without plan, listings or staff', async () => {
    const client = await t.createUser({ role: 'client', phone: '082 555 0199' });
    expect(await detailOf(client.id)).toMatchObject({
      role: 'client',
      phone: '082 555 0199',
      plan: null,
      listing_count: null,
      staff: [],
    });
  });

  it('is 404 for a user that does not exist', async () => {
    expectError(await asAdmin('GET', `/api/admin/users/${randomUUID()}`), 404, ADMIN_USER_MESSAGES.notFound);
    expectError(await asAdmin('GET', '/api/admin/users/not-an-id'), 400, ADMIN_USER_MESSAGES.notFound);
  });
});

describe('PATCH /api/admin/users/:id', () => {
  const change = (id: string, body: unknown) => asAdmin('PATCH', `/api/admin/users/${id}`, body);
  const stored = (id: string) =>
    t.db
      .selectFrom('users')
      .select(['role', 'is_active', 'parent_owner_id', 'permissions'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('never changes the admin themself', async () => {
    const admin = await person('admin');
    for (const body of [{ role: 'client' }, { is_active: false }, { role: 'admin', is_active: true }]) {
      expectError(await change(admin.user.id, body), 400, ADMIN_USER_MESSAGES.notYourself);
    }
    expect(await stored(admin.user.id)).toMatchObject({ role: 'admin', is_active: true });
    expect((await send('GET', '/api/me', 'admin')).statusCode).toBe(200);
  });

  it('asks for something to change and a known role', async () => {
    const target = await t.createUser();
    expectError(await change(target.id, {}), 400, ADMIN_USER_MESSAGES.nothingToChange);
    expectError(await change(target.id, { role: 'tenant' }), 400, 'Please choose a valid role');
    expectError(await change(randomUUID(), { role: 'owner' }), 404, ADMIN_USER_MESSAGES.notFound);
  });

  it('moves staff between back and front office with the new role’s permissions, keeping their owner', async () => {
    const owner = await t.createUser({ role: 'owner' });
    const staff = await t.createUser({
      role: 'backoffice',
      parentOwnerId: owner.id,
      permissions: { ...defaultPermissions('frontoffice'), canViewReports: true },
    });
    const response = await change(staff.id, { role: 'frontoffice' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminUserDetail>()).toMatchObject({
      role: 'frontoffice',
      parent_owner_id: owner.id,
    });
    expect(await stored(staff.id)).toEqual({
      role: 'frontoffice',
      is_active: true,
      parent_owner_id: owner.id,
      permissions: defaultPermissions('frontoffice'),
    });
    expect((await change(staff.id, { role: 'backoffice' })).statusCode).toBe(200);
    expect((await stored(staff.id)).permissions).toEqual(defaultPermissions('backoffice'));
  });

  it('keeps staff staff, and makes nobody staff without an owner', async () => {
    const staff = await t.createUser({ role: 'frontoffice' });
    for (const role of ['client', 'owner', 'admin']) {
      expectError(await change(staff.id, { role }), 400, ADMIN_USER_MESSAGES.staffStayStaff);
    }
    const client = await t.createUser({ role: 'client' });
    for (const role of ['backoffice', 'frontoffice']) {
      expectError(await change(client.id, { role }), 400, ADMIN_USER_MESSAGES.staffNeedOwner);
    }
    expect((await stored(staff.id)).role).toBe('frontoffice');
    expect(await stored(client.id)).toMatchObject({ role: 'client', parent_owner_id: null });
  });

  it('gives a new owner the Starter plan, and keeps the plan they had', async () => {
    const client = await t.createUser({ role: 'client' });
    const response = await change(client.id, { role: 'owner' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminUserDetail>()).toMatchObject({
      role: 'owner',
      plan: { id: 'starter', status: 'active' },
      listing_count: 0,
      staff: [],
    });

    const former = await t.createUser({ role: 'owner' });
    await setPlan(t.db, former.id, 'pro');
    expect((await change(former.id, { role: 'client' })).json<AdminUserDetail>().plan).toBeNull();
    expect((await change(former.id, { role: 'owner' })).json<AdminUserDetail>().plan).toEqual({
      id: 'pro',
      status: 'active',
    });
  });

  it('keeps an owner with staff an owner', async () => {
    const owner = await t.createUser({ role: 'owner' });
    await t.createUser({ role: 'backoffice', parentOwnerId: owner.id });
    expectError(await change(owner.id, { role: 'client' }), 400, ADMIN_USER_MESSAGES.ownerWithStaff);
    expect((await stored(owner.id)).role).toBe('owner');
  });

  it('deactivating signs the user out at once and keeps them out; activating lets them sign in again', async () => {
    const { user, cookie } = await t.signInAs({ role: 'client' });
    expect((await t.get('/api/me', { cookie })).statusCode).toBe(200);

    const response = await change(user.id, { is_active: false });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminUserDetail>().is_active).toBe(false);
    expect((await t.get('/api/me', { cookie })).statusCode).toBe(401);
    const sessions = await t.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
    expect(sessions).toEqual([]);
    const refused = await t.attemptSignIn(user.email, user.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MESSAGES.accountDeactivated);

    expect((await change(user.id, { is_active: true })).json<AdminUserDetail>().is_active).toBe(true);
    // The old session was ended, not merely hidden while inactive.
    expect((await t.get('/api/me', { cookie })).statusCode).toBe(401);
    const fresh = await t.signIn(user.email, user.password);
    expect((await t.get('/api/me', { cookie: fresh })).statusCode).toBe(200);
  });

  it('changes role and active flag together', async () => {
    const client = await t.createUser({ role: 'client' });
    const response = await change(client.id, { role: 'admin', is_active: false });
    expect(response.statusCode, response.body).toBe(200);
    expect(await stored(client.id)).toMatchObject({ role: 'admin', is_active: false });
  });
});
