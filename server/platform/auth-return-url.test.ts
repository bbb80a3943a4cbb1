import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationCallbackUrl } from '../../domain/search-to-booking.ts';
import { createTestApp, fakeRegistration, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const BOOKING =
  '/reservation/4b0c8d0e-1f43-4a57-9a35-0f5b0a5b1c11?checkIn=2027-01-10&checkOut=2027-01-13&guests=2';

async function signUpWith(returnUrl: unknown) {
  const input = fakeRegistration();
  const response = await t.post('/api/auth/sign-up/email', { ...input, returnUrl });
  expect(response.statusCode, response.body).toBe(200);
  return input;
}

describe('the verification link leads on to the page the person was headed for (docs/decisions/043)', () => {
  it('a same-site returnUrl given at sign-up is where login goes after the link verifies', async () => {
    const input = await signUpWith(BOOKING);
    const verified = await t.verifyViaMailbox(input.email);
    expect(verified.statusCode).toBe(302);
    expect(verified.headers.location).toBe(verificationCallbackUrl(BOOKING));
    const login = new URL(String(verified.headers.location), 'http://x');
    expect(login.searchParams.get('returnUrl')).toBe(BOOKING);
  });

  it.each(['https://evil.example/steal', '//evil.example', '/\\evil.example', 42])(
    'another site (%o) is never carried: the link lands on login alone',
    async (returnUrl) => {
      const input = await signUpWith(returnUrl);
      const verified = await t.verifyViaMailbox(input.email);
      expect(verified.headers.location).toBe('/login?verified=1');
    },
  );
});
