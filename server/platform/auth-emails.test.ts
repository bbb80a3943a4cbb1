import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESEND_COOLDOWN_SECONDS } from '../../domain/schemas/user.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const REQUEST_RESET = '/api/auth/request-password-reset';
const COOL_DOWN = /^Please wait (\d+) seconds before requesting another email\.$/;

function requestReset(email: string) {
  return t.post(REQUEST_RESET, { email, redirectTo: '/reset-password' });
}

/** Makes every email to the address, and the cool-downs recorded for it, look older, as if time had passed. */
async function ageOutbox(email: string, seconds: number) {
  await t.db
    .updateTable('email_outbox')
    .set({ created_at: sql<Date>`created_at - make_interval(secs => ${seconds})` })
    .where('to_address', '=', email)
    .execute();
  await t.db
    .updateTable('auth_throttle')
    .set({ window_started_at: sql<Date>`window_started_at - make_interval(secs => ${seconds})` })
    .where('key', 'like', `cool-down:%:${email}`)
    .execute();
}

async function outboxCount(email: string) {
  const rows = await t.db.selectFrom('email_outbox').select('id').where('to_address', '=', email).execute();
  return rows.length;
}

/** Requests a reset and follows the emailed link; returns the token from the redirect. */
async function resetToken(email: string): Promise<string> {
  const requested = await requestReset(email);
  expect(requested.statusCode).toBe(200);
  const mail = await t.waitForMail(email, /reset/i);
  expect(mail.subject).toBe('Reset your Rentza password');
  const link = new URL(mail.link);
  expect(`${link.origin}${link.pathname}`).toMatch(
    new RegExp(`^${t.config.PUBLIC_URL}/api/auth/reset-password/`),
  );
  const followed = await t.get(`${link.pathname}${link.search}`);
  expect(followed.statusCode).toBe(302);
  const target = new URL(String(followed.headers.location), t.config.PUBLIC_URL);
  expect(target.origin).toBe(t.config.PUBLIC_URL);
  expect(target.pathname).toBe('/reset-password');
  const token = target.searchParams.get('token');
  expect(token).toBeTruthy();
  return token as string;
}

describe('password reset', () => {
  it('round trip: link → new password → old password and old sessions stop working', async () => {
    const user = await t.createUser();
    const oldSession = await t.signIn(user.email, user.password);

    const token = await resetToken(user.email);
    const newPassword = 'Brand#New2026';
    const reset = await t.post('/api/auth/reset-password', { newPassword, token });
    expect(reset.statusCode).toBe(200);

    expect((await t.get('/api/me', { cookie: oldSession })).statusCode).toBe(401);
    expect((await t.attemptSignIn(user.email, user.password)).statusCode).toBe(401);
    const cookie = await t.signIn(user.email, newPassword);
    expect((await t.get('/api/me', { cookie })).json()).toMatchObject({ id: user.id });

    const reused = await t.post('/api/auth/reset-password', { newPassword: 'Another#Pass1', token });
    expect(reused.statusCode).toBe(400);
    expect((await t.attemptSignIn(user.email, 'Another#Pass1')).statusCode).toBe(401);
  });

  it.each([
    ['Ab1!xyz', 'Password must be at least 8 characters'],
    ['alllower1!', 'Password must contain an uppercase letter'],
    ['ALLUPPER1!', 'Password must contain a lowercase letter'],
    ['NoDigits!!', 'Password must contain a number'],
    ['NoSpecial12', 'Password must contain a special character'],
  ])('refuses the weak new password %s and keeps the token usable', async (weak, message) => {
    const user = await t.createUser();
    const token = await resetToken(user.email);
    const refused = await t.post('/api/auth/reset-password', { newPassword: weak, token });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(message);
    expect((await t.attemptSignIn(user.email, weak)).statusCode).toBe(401);

    expect(
      (await t.post('/api/auth/reset-password', { newPassword: 'Strong#Pass1', token })).statusCode,
    ).toBe(200);
    await t.signIn(user.email, 'Strong#Pass1');
  });

  it('refuses a made-up token', async () => {
    const response = await t.post('/api/auth/reset-password', {
      newPassword: 'Strong#Pass1',
      token: 'not-a-token',
    });
    expect(response.statusCode).toBe(400);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const email = `nobody.${Date.now()}@example.co.za`;
    const response = await requestReset(email);
    expect(response.statusCode).toBe(200);
    await t.deliverMail();
    expect(await outboxCount(email)).toBe(0);
    expect(await t.mailbox(email)).toEqual([]);
  });

  it('refuses an invalid address', async () => {
    const response = await requestReset('not-an-email');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please enter a valid email');
  });
});

describe(`the ${RESEND_COOLDOWN_SECONDS}-second resend cool-down`, () => {
  it('refuses a second reset request within the cool-down, then allows it once it has passed', async () => {
    const user = await t.createUser();
    expect((await requestReset(user.email)).statusCode).toBe(200);

    const again = await requestReset(user.email);
    expect(again.statusCode).toBe(429);
    const wait = Number(COOL_DOWN.exec(again.json().message)?.[1]);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(RESEND_COOLDOWN_SECONDS);
    expect(await outboxCount(user.email)).toBe(1);

    await ageOutbox(user.email, RESEND_COOLDOWN_SECONDS + 1);
    expect((await requestReset(user.email)).statusCode).toBe(200);
    expect(await outboxCount(user.email)).toBe(2);
  });

  it('applies to resending the verification email after sign-up', async () => {
    const { input } = await t.registerUser();
    await t.waitForMail(input.email, /verify/i);

    const resend = await t.post('/api/auth/send-verification-email', { email: input.email });
    expect(resend.statusCode).toBe(429);
    expect(resend.json().message).toMatch(COOL_DOWN);
    expect(await outboxCount(input.email)).toBe(1);

    await ageOutbox(input.email, RESEND_COOLDOWN_SECONDS + 1);
    const later = await t.post('/api/auth/send-verification-email', { email: input.email });
    expect(later.statusCode).toBe(200);
    expect(await outboxCount(input.email)).toBe(2);

    const verified = await t.verifyViaMailbox(input.email);
    expect(verified.statusCode).toBe(302);
    await t.signIn(input.email, input.password);
  });

  it('is kept per address', async () => {
    const first = await t.createUser();
    const second = await t.createUser();
    expect((await requestReset(first.email)).statusCode).toBe(200);
    expect((await requestReset(second.email)).statusCode).toBe(200);
  });
});
