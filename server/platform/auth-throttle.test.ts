import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../domain/errors.ts';
import { RESEND_COOLDOWN_SECONDS } from '../../domain/schemas/user.ts';
import { createTestApp, fakeRegistration, type TestApp } from '../test/harness.ts';
import { CLIENT_ADDRESS_HEADER, SIGN_IN_ACCOUNT_LIMIT, SIGN_IN_FREE_FAILURES } from './auth-limits.ts';
import { EXISTING_ACCOUNT_SIGN_UP_SUBJECT } from './mail/templates.ts';

// The production limits: no setting is given, so every number below is the default a deployment gets.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const WRONG = 'Wrong#Password1';
const SIGN_UP = '/api/auth/sign-up/email';
const REQUEST_RESET = '/api/auth/request-password-reset';
const RESEND = '/api/auth/send-verification-email';
const COOL_DOWN = /^Please wait (\d+) seconds before requesting another email\.$/;

let lastAddress = 0;
/** A documentation address (TEST-NET-3) no other test uses. */
function newAddress(): string {
  lastAddress++;
  return `203.0.${113 + (lastAddress >> 8)}.${lastAddress & 255}`;
}

function signInFrom(address: string, email: string, password: string) {
  return t.attemptSignIn(email, password, address);
}

/** Moves the throttle's clock: every counter looks `seconds` older. */
async function passTime(seconds: number) {
  await t.db
    .updateTable('auth_throttle')
    .set({
      window_started_at: sql<Date>`window_started_at - make_interval(secs => ${seconds})`,
      last_attempt_at: sql<Date>`last_attempt_at - make_interval(secs => ${seconds})`,
    })
    .execute();
}

async function failFrom(address: string, email: string, times: number) {
  for (let i = 0; i < times; i++) {
    expect((await signInFrom(address, email, WRONG)).statusCode).toBe(401);
  }
}

function expectThrottled(response: Awaited<ReturnType<TestApp['post']>>) {
  expect(response.statusCode).toBe(429);
  expect(response.json().message).toBe(MESSAGES.rateLimited);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

// Each checked password is a real scrypt verification at the production cost, and these tests make up
// to 51 of them one after another: about 5 s on an idle machine, more than the default 30 s on CI's
// two cores while the other worker and PostgreSQL are busy. The bound still catches a hang.
describe('sign-in throttling', { timeout: 120_000 }, () => {
  it('the lockout attempt: a stranger throttled on the owner and the admin cannot lock them out', async () => {
    for (const role of ['owner', 'admin'] as const) {
      const victim = await t.createUser({ role });
      const strangers = [newAddress(), newAddress(), newAddress()];
      for (const stranger of strangers) {
        await failFrom(stranger, victim.email, SIGN_IN_FREE_FAILURES);
        expectThrottled(await signInFrom(stranger, victim.email, WRONG));
        // Throttled means not checked: even the right password waits.
        expectThrottled(await signInFrom(stranger, victim.email, victim.password));
      }
      const home = newAddress();
      expect((await signInFrom(home, victim.email, victim.password)).statusCode).toBe(200);
    }
  });

  it(`makes an address wait after ${SIGN_IN_FREE_FAILURES} failures for one account, longer after each further one`, async () => {
    const user = await t.createUser();
    const address = newAddress();
    await failFrom(address, user.email, SIGN_IN_FREE_FAILURES);
    const first = await signInFrom(address, user.email, user.password);
    expectThrottled(first);
    expect(Number(first.headers['retry-after'])).toBeLessThanOrEqual(60);

    await passTime(61);
    expect((await signInFrom(address, user.email, WRONG)).statusCode).toBe(401);
    await passTime(61);
    const second = await signInFrom(address, user.email, user.password);
    expectThrottled(second);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(50);

    await passTime(60);
    expect((await signInFrom(address, user.email, user.password)).statusCode).toBe(200);
  });

  it('clears an address’s failures for the account when it signs in', async () => {
    const user = await t.createUser();
    const address = newAddress();
    await failFrom(address, user.email, SIGN_IN_FREE_FAILURES - 1);
    expect((await signInFrom(address, user.email, user.password)).statusCode).toBe(200);
    await failFrom(address, user.email, SIGN_IN_FREE_FAILURES);
    expectThrottled(await signInFrom(address, user.email, WRONG));
  });

  it(`checks only ${SIGN_IN_FREE_FAILURES} of 30 parallel wrong attempts from one address`, async () => {
    const user = await t.createUser();
    const address = newAddress();
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => signInFrom(address, user.email, WRONG)),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(SIGN_IN_FREE_FAILURES);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - SIGN_IN_FREE_FAILURES);
  });

  it('ignores a client-sent internal address header: the address is the one the server resolved', async () => {
    const user = await t.createUser();
    const address = newAddress();
    const attempt = (password: string, i: number) =>
      t.post(
        '/api/auth/sign-in/email',
        { email: user.email, password },
        { remoteAddress: address, headers: { [CLIENT_ADDRESS_HEADER]: `198.51.100.${i}` } },
      );
    for (let i = 0; i < SIGN_IN_FREE_FAILURES; i++) expect((await attempt(WRONG, i)).statusCode).toBe(401);
    expectThrottled(await attempt(user.password, 99));
    const session = await t.db
      .selectFrom('sessions')
      .select('ip_address')
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    expect(session).toBeUndefined();
    expect((await signInFrom(newAddress(), user.email, user.password)).statusCode).toBe(200);
  });

  it('records the resolved address on the session', async () => {
    const user = await t.createUser();
    const address = newAddress();
    const response = await t.post(
      '/api/auth/sign-in/email',
      { email: user.email, password: user.password },
      { remoteAddress: address, headers: { [CLIENT_ADDRESS_HEADER]: '198.51.100.7' } },
    );
    expect(response.statusCode).toBe(200);
    const session = await t.db
      .selectFrom('sessions')
      .select('ip_address')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(session.ip_address).toBe(address);
  });

  it('limits one address’s failures across accounts (credential stuffing)', async () => {
    const limit = t.config.SIGN_IN_FAILURES_PER_ADDRESS;
    expect(limit).toBe(30);
    const address = newAddress();
    for (let i = 0; i < limit; i++) {
      const victim = await t.createUser();
      expect((await signInFrom(address, victim.email, WRONG)).statusCode).toBe(401);
    }
    const next = await t.createUser();
    expectThrottled(await signInFrom(address, next.email, WRONG));
    expectThrottled(await signInFrom(address, next.email, next.password));
    expect((await signInFrom(newAddress(), next.email, next.password)).statusCode).toBe(200);
  });

  it(`stops checking an account after ${SIGN_IN_ACCOUNT_LIMIT} failures from all addresses in 15 minutes`, async () => {
    const user = await t.createUser();
    for (let i = 0; i < SIGN_IN_ACCOUNT_LIMIT / SIGN_IN_FREE_FAILURES; i++) {
      await failFrom(newAddress(), user.email, SIGN_IN_FREE_FAILURES);
    }
    expectThrottled(await signInFrom(newAddress(), user.email, user.password));
    await passTime(15 * 60);
    expect((await signInFrom(newAddress(), user.email, user.password)).statusCode).toBe(200);
  });
});

describe('per-address throttles on sign-up, reset and resend', () => {
  it('allows 10 sign-ups an hour from one address', async () => {
    expect(t.config.SIGN_UPS_PER_ADDRESS).toBe(10);
    const address = newAddress();
    for (let i = 0; i < 10; i++) {
      const response = await t.post(SIGN_UP, fakeRegistration(), { remoteAddress: address });
      expect(response.statusCode).toBe(200);
    }
    const refused = fakeRegistration();
    expectThrottled(await t.post(SIGN_UP, refused, { remoteAddress: address }));
    expect(
      await t.db.selectFrom('users').select('id').where('email', '=', refused.email).executeTakeFirst(),
    ).toBeUndefined();
    expect((await t.post(SIGN_UP, refused, { remoteAddress: newAddress() })).statusCode).toBe(200);
  });

  it.each([
    ['reset requests', REQUEST_RESET],
    ['verification resends', RESEND],
  ])('allows 10 %s an hour from one address', async (_label, url) => {
    expect(t.config.ACCOUNT_EMAILS_PER_ADDRESS).toBe(10);
    const address = newAddress();
    for (let i = 0; i < 10; i++) {
      const email = i % 2 === 0 ? (await t.createUser()).email : `nobody.${i}.${Date.now()}@example.co.za`;
      expect((await t.post(url, { email }, { remoteAddress: address })).statusCode).toBe(200);
    }
    const user = await t.createUser();
    expectThrottled(await t.post(url, { email: user.email }, { remoteAddress: address }));
    await passTime(60 * 60);
    expect((await t.post(url, { email: user.email }, { remoteAddress: address })).statusCode).toBe(200);
  });
});

describe('answers that do not reveal whether an account exists', () => {
  it('answers a sign-up with a registered address exactly as a new one, and tells the holder by email', async () => {
    const holder = await t.createUser({ role: 'owner' });
    const fresh = fakeRegistration({ role: 'owner', phone: '082 555 0101' });
    const taken = fakeRegistration({
      role: 'owner',
      phone: '082 555 0101',
      email: holder.email.toUpperCase(),
    });
    const created = await t.post(SIGN_UP, fresh);
    const existing = await t.post(SIGN_UP, taken);

    expect(existing.statusCode).toBe(created.statusCode);
    expect(existing.statusCode).toBe(200);
    const shape = (body: { token: unknown; user: Record<string, unknown> }) => ({
      token: body.token,
      user: Object.fromEntries(
        Object.entries(body.user).map(([key, value]) => [key, value === null ? 'null' : typeof value]),
      ),
    });
    expect(shape(existing.json())).toEqual(shape(created.json()));
    expect(existing.json().user).toMatchObject({
      email: holder.email.toLowerCase(),
      role: 'owner',
      phone: '082 555 0101',
      emailVerified: false,
      is_active: true,
      parent_owner_id: null,
    });
    expect(existing.json().user.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.json().user.id).toMatch(/^[0-9a-f-]{36}$/);

    const rows = await t.db
      .selectFrom('users')
      .select(['id', 'first_name'])
      .where('email', '=', holder.email)
      .execute();
    expect(rows).toEqual([{ id: holder.id, first_name: holder.first_name }]);

    const notice = await t.waitForMail(holder.email, /tried to register/);
    expect(notice.subject).toBe(EXISTING_ACCOUNT_SIGN_UP_SUBJECT);
    expect(notice.text).toContain(`${t.config.PUBLIC_URL}/login`);
    expect(notice.text).toContain(`${t.config.PUBLIC_URL}/forgot-password`);
    expect((await t.mailbox(holder.email)).map((mail) => mail.subject)).toEqual([
      EXISTING_ACCOUNT_SIGN_UP_SUBJECT,
    ]);

    // Then the resend cool-down holds for both the same way.
    for (const email of [fresh.email, holder.email]) {
      const resend = await t.post(RESEND, { email });
      expect(resend.statusCode).toBe(429);
      expect(resend.json().message).toMatch(COOL_DOWN);
    }
  });

  it('answers a reset request the same for a registered and an unknown address, cool-down included', async () => {
    const user = await t.createUser();
    const unknown = `nobody.${Date.now()}@example.co.za`;
    const [known, nobody] = [
      await t.post(REQUEST_RESET, { email: user.email }),
      await t.post(REQUEST_RESET, { email: unknown }),
    ];
    expect(known.statusCode).toBe(200);
    expect(nobody.statusCode).toBe(known.statusCode);
    expect(nobody.json()).toEqual(known.json());

    const [knownAgain, nobodyAgain] = [
      await t.post(REQUEST_RESET, { email: user.email }),
      await t.post(REQUEST_RESET, { email: unknown }),
    ];
    expect(knownAgain.statusCode).toBe(429);
    expect(nobodyAgain.statusCode).toBe(429);
    const wait = (response: typeof knownAgain) => Number(COOL_DOWN.exec(response.json().message)?.[1]);
    expect(wait(knownAgain)).toBeGreaterThan(0);
    expect(wait(knownAgain)).toBeLessThanOrEqual(RESEND_COOLDOWN_SECONDS);
    expect(Math.abs(wait(nobodyAgain) - wait(knownAgain))).toBeLessThanOrEqual(1);
    expect(Object.keys(nobodyAgain.json()).sort()).toEqual(Object.keys(knownAgain.json()).sort());
  });

  it('answers a verification resend the same for an unverified and an unknown address', async () => {
    const user = await t.createUser({ emailVerified: false });
    const unknown = `nobody.${Date.now()}@example.co.za`;
    const known = await t.post(RESEND, { email: user.email });
    const nobody = await t.post(RESEND, { email: unknown });
    expect(known.statusCode).toBe(200);
    expect(nobody.statusCode).toBe(200);
    expect(nobody.json()).toEqual(known.json());
    expect((await t.post(RESEND, { email: user.email })).statusCode).toBe(429);
    expect((await t.post(RESEND, { email: unknown })).statusCode).toBe(429);
  });
});
