import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusedOriginMessage } from '../../domain/errors.ts';
import {
  cookieFrom,
  createTestApp,
  fakeRegistration,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../test/harness.ts';

/**
 * The server as `npm start` runs it with no PUBLIC_URL (it then defaults to http://localhost:3000),
 * behind a proxy on the same machine (injected requests come from 127.0.0.1).
 */
let open: TestApp;
/** The server with PUBLIC_URL set (the harness default). */
let strict: TestApp;
beforeAll(async () => {
  [open, strict] = await Promise.all([
    createTestApp({ env: { PUBLIC_URL: '', TRUST_PROXY: '127.0.0.1' } }),
    createTestApp(),
  ]);
}, 90_000);
afterAll(async () => {
  await Promise.all([open?.close(), strict?.close()]);
});

const SIGN_UP = '/api/auth/sign-up/email';
const SIGN_IN = '/api/auth/sign-in/email';

/** What a browser sends for a page opened at `address` (host:port), posting to its own server. */
const openedAt = (address: string, origin = `http://${address}`) => ({ host: address, origin });

async function storedUser(t: TestApp, email: string) {
  return t.db
    .selectFrom('users')
    .select(['id', 'email_verified'])
    .where('email', '=', email)
    .executeTakeFirst();
}

/** Follows the emailed verification link (its path: the test server answers any host). */
async function verify(t: TestApp, email: string, headers: Record<string, string>) {
  const mail = await t.waitForMail(email, /verify/i);
  const link = new URL(mail.link);
  const response = await t.get(`${link.pathname}${link.search}`, { headers });
  expect(response.statusCode).toBe(302);
  return link;
}

describe('with no PUBLIC_URL', () => {
  it('defaults the public address and knows it was not configured', () => {
    expect(open.config.PUBLIC_URL).toBe('http://localhost:3000');
    expect(open.config.publicUrlConfigured).toBe(false);
  });

  it.each(['127.0.0.1:3000', '192.168.1.20:3000', 'localhost:3000', 'rentza-box.lan:8080'])(
    'registers, verifies and signs in on a page opened at http://%s',
    async (address) => {
      const headers = openedAt(address);
      const input = fakeRegistration();
      const signUp = await open.post(SIGN_UP, input, { headers });
      expect(signUp.statusCode, signUp.body).toBe(200);
      expect(await storedUser(open, input.email)).toMatchObject({ email_verified: false });

      // Links in emails keep using the default address, whatever address the page was opened at.
      const link = await verify(open, input.email, headers);
      expect(link.origin).toBe('http://localhost:3000');
      expect(await storedUser(open, input.email)).toMatchObject({ email_verified: true });

      const signIn = await open.post(SIGN_IN, { email: input.email, password: input.password }, { headers });
      expect(signIn.statusCode, signIn.body).toBe(200);
      const cookie = cookieFrom(signIn);
      expect((await open.get('/api/me', { cookie, headers })).json()).toMatchObject({ email: input.email });
      // Signed in (a cookie is sent), the same-origin check still passes.
      expect((await open.post('/api/auth/sign-out', {}, { cookie, headers })).statusCode).toBe(200);
    },
  );

  const proxied = {
    host: '10.0.0.5:3000',
    'x-forwarded-host': 'rentza.example.org',
    'x-forwarded-proto': 'https',
    origin: 'https://rentza.example.org',
  };

  it('trusts the address a proxy in TRUST_PROXY says the page was opened at', async () => {
    const input = fakeRegistration();
    const response = await open.post(SIGN_UP, input, { headers: proxied, remoteAddress: '127.0.0.1' });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('ignores X-Forwarded-Host from an address not in TRUST_PROXY', async () => {
    const input = fakeRegistration();
    const response = await open.app.inject({
      method: 'POST',
      url: SIGN_UP,
      remoteAddress: '203.0.113.7',
      headers: proxied,
      payload: input,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'INVALID_ORIGIN', message: refusedOriginMessage(null) });
    expect(await storedUser(open, input.email)).toBeUndefined();
  });

  it('refuses a request from another site, saying so', async () => {
    const input = fakeRegistration();
    const signUp = await open.post(SIGN_UP, input, {
      headers: openedAt('127.0.0.1:3000', 'https://evil.example'),
    });
    expect(signUp.statusCode).toBe(403);
    expect(signUp.json()).toEqual({ code: 'INVALID_ORIGIN', message: refusedOriginMessage(null) });
    expect(await storedUser(open, input.email)).toBeUndefined();

    const user = await open.createUser();
    const signIn = await open.post(
      SIGN_IN,
      { email: user.email, password: user.password },
      { headers: openedAt('192.168.1.20:3000', 'http://192.168.1.21:3000') },
    );
    expect(signIn.statusCode).toBe(403);
    expect(cookieFrom(signIn)).not.toContain('session_token');
  });
});

describe('with PUBLIC_URL set', () => {
  it.each(['127.0.0.1:3999', '192.168.1.20:3999'])(
    'stays strict: a page opened at http://%s is refused with a message naming the address to use',
    async (address) => {
      const headers = openedAt(address);
      const input = fakeRegistration();
      const signUp = await strict.post(SIGN_UP, input, { headers });
      expect(signUp.statusCode).toBe(403);
      expect(signUp.json()).toEqual({
        code: 'INVALID_ORIGIN',
        message: `This server does not accept sign-in or registration from the address this page was opened at. Please open Rentza at ${TEST_PUBLIC_URL} and try again.`,
      });
      expect(await storedUser(strict, input.email)).toBeUndefined();

      const user = await strict.createUser();
      const signIn = await strict.post(SIGN_IN, { email: user.email, password: user.password }, { headers });
      expect(signIn.statusCode).toBe(403);
      expect(signIn.json().message).toBe(refusedOriginMessage(TEST_PUBLIC_URL));
    },
  );

  it('accepts its own address', async () => {
    const user = await strict.createUser();
    const signIn = await strict.post(SIGN_IN, { email: user.email, password: user.password });
    expect(signIn.statusCode).toBe(200);
  });
});
