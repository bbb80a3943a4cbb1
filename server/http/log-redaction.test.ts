import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invitation } from '../../domain/schemas/staff.ts';
import { signInOwner } from '../test/booking-fixtures.ts';
import { createTestApp, strongPassword, type TestApp } from '../test/harness.ts';
import { REDACTED, redactUrl, redactUrlsInText } from './log-redaction.ts';

/** Every line the server logs at info and above, as written. */
const logLines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  const logger = pino({ level: 'info' }, { write: (line: string) => logLines.push(line) });
  t = await createTestApp({ logger });
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const pathOf = (link: URL) => `${link.pathname}${link.search}`;

function expectNotLogged(tokens: string[]) {
  const log = logLines.join('');
  for (const token of tokens) {
    expect(token.length).toBeGreaterThan(10);
    expect(log, 'a token in the log').not.toContain(token);
    expect(log, 'an encoded token in the log').not.toContain(encodeURIComponent(token));
  }
}

describe('no secret in logs', () => {
  it('the verification, reset and claim flows leave no token in the captured log', async () => {
    // Verification: the emailed link carries the token in its query.
    const { input } = await t.registerUser();
    const verifyMail = new URL((await t.waitForMail(input.email, /verify/i)).link);
    const verificationToken = verifyMail.searchParams.get('token') ?? '';
    expect((await t.get(pathOf(verifyMail))).statusCode).toBe(302);

    // Reset: the emailed link carries it in its path, the page it redirects to in its query.
    expect(
      (
        await t.post('/api/auth/request-password-reset', {
          email: input.email,
          redirectTo: '/reset-password',
        })
      ).statusCode,
    ).toBe(200);
    const resetMail = new URL((await t.waitForMail(input.email, /reset/i)).link);
    const followed = await t.get(pathOf(resetMail));
    expect(followed.statusCode).toBe(302);
    const resetPage = new URL(String(followed.headers.location), t.config.PUBLIC_URL);
    const resetToken = resetPage.searchParams.get('token') ?? '';
    expect(resetMail.pathname).toBe(`/api/auth/reset-password/${resetToken}`);
    await t.get(pathOf(resetPage));
    const newPassword = strongPassword();
    expect((await t.post('/api/auth/reset-password', { newPassword, token: resetToken })).statusCode).toBe(
      200,
    );

    // Claim: an invitation link for a new staff member, read by the page and the API, then claimed.
    const owner = await signInOwner(t);
    const invited = await t.post(
      '/api/invitations',
      {
        first_name: 'Nomsa',
        last_name: 'Dube',
        email: `nomsa.${Date.now()}@example.co.za`,
        role: 'frontoffice',
        permissions: {
          canManageProperties: false,
          canManageReservations: true,
          canManageTenants: false,
          canManageUsers: false,
          canViewReports: false,
        },
      },
      { cookie: owner.cookie },
    );
    expect(invited.statusCode, invited.body).toBe(201);
    const invitation = invited.json<Invitation>();
    const claimLink = new URL((await t.waitForMail(invitation.email, /invited/)).link);
    const claimToken = claimLink.searchParams.get('token') ?? '';
    await t.get(pathOf(claimLink));
    expect((await t.get(`/api/invitations/claim?token=${encodeURIComponent(claimToken)}`)).statusCode).toBe(
      200,
    );
    const claimPassword = strongPassword();
    const claimed = await t.post('/api/invitations/claim', {
      token: claimToken,
      first_name: 'Nomsa',
      last_name: 'Dube',
      phone: '082 555 0100',
      password: claimPassword,
      confirm_password: claimPassword,
    });
    expect(claimed.statusCode, claimed.body).toBe(201);

    expectNotLogged([verificationToken, resetToken, claimToken]);
    const log = logLines.join('');
    // The requests were logged, with their paths and the secrets redacted.
    expect(log).toContain(`/api/auth/verify-email?token=${REDACTED}`);
    expect(log).toContain(`/api/auth/reset-password/${REDACTED}?callbackURL=`);
    expect(log).toContain(`/reset-password?token=${REDACTED}`);
    expect(log).toContain(`/claim-account?token=${REDACTED}`);
    expect(log).toContain(`/api/invitations/claim?token=${REDACTED}`);
  });
});

describe('redactUrl', () => {
  it.each([
    [
      '/api/auth/verify-email?token=abc.def&callbackURL=%2Flogin',
      undefined,
      `/api/auth/verify-email?token=${REDACTED}&callbackURL=%2Flogin`,
    ],
    [
      '/api/auth/reset-password/AbC123?callbackURL=x',
      '/api/auth/*',
      `/api/auth/reset-password/${REDACTED}?callbackURL=x`,
    ],
    [
      '/payfast-simulator/eng/recurring/update/tok-1',
      '/payfast-simulator/eng/recurring/update/:token',
      `/payfast-simulator/eng/recurring/update/${REDACTED}`,
    ],
    [
      '/x?session_token=1&Token=2&a=3&password=4',
      undefined,
      `/x?session_token=${REDACTED}&Token=${REDACTED}&a=3&password=${REDACTED}`,
    ],
    ['/x?%74oken=1', undefined, `/x?%74oken=${REDACTED}`],
    ['/api/properties/1?city=Cape+Town', '/api/properties/:id', '/api/properties/1?city=Cape+Town'],
  ])('%s (route %s) is logged as %s', (url, route, expected) => {
    expect(redactUrl(url, route)).toBe(expected);
  });

  it('redacts URLs inside an error message', () => {
    expect(
      redactUrlsInText('GET http://h/api/auth/reset-password/AbC?callbackURL=%2F failed; see /v?token=xyz.'),
    ).toBe(
      `GET http://h/api/auth/reset-password/${REDACTED}?callbackURL=%2F failed; see /v?token=${REDACTED}`,
    );
  });
});
