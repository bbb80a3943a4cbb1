import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  needsEmailVerification,
  refusedOriginMessage,
  translateAuthError,
  translateGeneralError,
} from './errors.ts';

describe('MESSAGES', () => {
  it('uses the spec wording', () => {
    expect(MESSAGES).toMatchObject({
      alreadyRegistered: 'You are already registered with this email address. Please try logging in instead.',
      invalidCredentials: 'Invalid email or password. Please check your credentials and try again.',
      emailNotConfirmed: 'Please check your email and click the confirmation link before logging in.',
      passwordTooShort: 'Password must be at least 6 characters long.',
      invalidEmail: 'Please enter a valid email address.',
      rateLimited: 'Too many attempts. Please wait a few minutes before trying again.',
      network: 'Network connection error. Please check your internet connection and try again.',
      technical: 'A technical error occurred. Please try again or contact support if the problem persists.',
      registrationUnavailable: 'Registration temporarily unavailable. Please try again in a few minutes.',
      registrationFailed: 'Registration failed. Please try again or contact support if the problem persists.',
      unexpected:
        'An unexpected error occurred. Please try again or contact support if the problem persists.',
      unauthorized: 'You are not authorized to perform this action. Please log in and try again.',
      forbidden: 'You do not have permission to perform this action.',
      notFound: 'The requested information could not be found.',
      serverError: 'A server error occurred. Please try again later or contact support.',
    });
  });
});

describe('translateAuthError', () => {
  // [row, server text (earlier hosted service's wording, then better-auth's and ours), expected]
  const rows: Array<[string, string, string]> = [
    ['already registered', 'User already registered', MESSAGES.alreadyRegistered],
    [
      'already registered',
      'duplicate key value violates unique constraint "users_email_key"',
      MESSAGES.alreadyRegistered,
    ],
    ['already registered', 'User already exists.', MESSAGES.alreadyRegistered],
    ['already registered', 'User already exists. Use another email.', MESSAGES.alreadyRegistered],
    ['invalid credentials', 'Invalid login credentials', MESSAGES.invalidCredentials],
    ['invalid credentials', 'Invalid email or password', MESSAGES.invalidCredentials],
    ['email not confirmed', 'Email not confirmed', MESSAGES.emailNotConfirmed],
    ['email not confirmed', 'Email not verified', MESSAGES.emailNotConfirmed],
    ['password too short', 'Invalid password on signup', MESSAGES.passwordTooShort],
    ['password too short', 'Password should be at least 6 characters.', MESSAGES.passwordTooShort],
    ['password too short', 'Password is under 6 characters', MESSAGES.passwordTooShort],
    ['password too short', 'Password too short', MESSAGES.passwordTooShort],
    ['password too short', 'Invalid password', MESSAGES.passwordTooShort],
    ['invalid email', 'Unable to validate email address: invalid format', MESSAGES.invalidEmail],
    ['invalid email', 'Invalid email', MESSAGES.invalidEmail],
    ['rate limit', 'Email rate limit exceeded', MESSAGES.rateLimited],
    ['rate limit', 'Too many requests. Please try again later.', MESSAGES.rateLimited],
    ['rate limit', 'Too many attempts', MESSAGES.rateLimited],
    ['network', 'NetworkError when attempting to fetch resource.', MESSAGES.network],
    ['network', 'Network error', MESSAGES.network],
    ['network', 'TypeError: Failed to fetch', MESSAGES.network],
    ['database', 'Database error saving new user', MESSAGES.technical],
    [
      'database',
      'insert or update on table "reservations" violates foreign key constraint',
      MESSAGES.technical,
    ],
    ['role enum', 'invalid input value for enum user_role: "tenant"', MESSAGES.registrationUnavailable],
    ['role enum', 'role is not a valid enum value', MESSAGES.registrationUnavailable],
    ['registration failed', 'Registration failed', MESSAGES.registrationFailed],
    ['anything else', 'Something odd happened', MESSAGES.unexpected],
    ['anything else', 'TypeError: cannot read properties of undefined', MESSAGES.unexpected],
  ];

  it.each(rows)('%s: "%s"', (_row, text, expected) => {
    expect(translateAuthError(text)).toBe(expected);
  });

  it('matches regardless of letter case', () => {
    expect(translateAuthError('USER ALREADY REGISTERED')).toBe(MESSAGES.alreadyRegistered);
    expect(translateAuthError('invalid LOGIN credentials')).toBe(MESSAGES.invalidCredentials);
  });

  it.each([[''], ['   '], [null], [undefined]])('treats %j as a failed registration', (text) => {
    expect(translateAuthError(text)).toBe(MESSAGES.registrationFailed);
  });

  it('reads "Invalid email or password" as bad credentials, not as a bad email', () => {
    expect(translateAuthError('Invalid email or password')).not.toBe(MESSAGES.invalidEmail);
  });

  it('passes every friendly message through unchanged', () => {
    for (const message of Object.values(MESSAGES)) {
      expect(translateAuthError(message)).toBe(message);
      expect(translateAuthError(`  ${message} `)).toBe(message);
    }
  });
});

describe('translateGeneralError', () => {
  const rows: Array<[string, { status?: number; message?: string | null }, string]> = [
    ['network', { message: 'Failed to fetch' }, MESSAGES.network],
    [
      'network',
      { status: 500, message: 'NetworkError when attempting to fetch resource.' },
      MESSAGES.network,
    ],
    ['401', { status: 401 }, MESSAGES.unauthorized],
    ['unauthorized', { message: 'Unauthorized' }, MESSAGES.unauthorized],
    ['unauthorised', { message: 'request unauthorised' }, MESSAGES.unauthorized],
    ['403', { status: 403, message: 'nope' }, MESSAGES.forbidden],
    ['forbidden', { message: 'Forbidden' }, MESSAGES.forbidden],
    ['404', { status: 404 }, MESSAGES.notFound],
    ['not found', { message: 'Property not found' }, MESSAGES.notFound],
    ['500', { status: 500 }, MESSAGES.serverError],
    ['internal server error', { message: 'Internal Server Error' }, MESSAGES.serverError],
    ['otherwise', { status: 418, message: 'I am a teapot' }, MESSAGES.unexpected],
    ['otherwise', {}, MESSAGES.unexpected],
    ['otherwise', { message: null }, MESSAGES.unexpected],
  ];

  it.each(rows)('%s: %j', (_row, error, expected) => {
    expect(translateGeneralError(error)).toBe(expected);
  });
});

describe('needsEmailVerification', () => {
  it.each([
    [{ code: 'EMAIL_NOT_VERIFIED' }, true],
    [{ code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' }, true],
    [{ message: 'Email not verified' }, true],
    [{ message: 'Email not confirmed' }, true],
    [{ message: 'Please verify your email first' }, true],
    [{ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' }, false],
    [{ message: MESSAGES.rateLimited }, false],
    [{ message: null }, false],
    [{}, false],
  ])('%j → %s', (error, expected) => {
    expect(needsEmailVerification(error)).toBe(expected);
  });
});

describe('translateAuthError: our own guidance passes through', () => {
  it.each([
    'Please wait 42 seconds before requesting another email.',
    'Please enter a valid email',
    'Please choose whether you want to rent or list a property',
  ])('%s', (text) => {
    expect(translateAuthError(text)).toBe(text);
  });

  it('still translates unknown server text to the unexpected-error message', () => {
    expect(translateAuthError('Please reticulate the splines')).toBe(
      'An unexpected error occurred. Please try again or contact support if the problem persists.',
    );
  });
});

describe('refusedOriginMessage', () => {
  it('names the address to use when one is configured, and passes through the auth screens', () => {
    const strict = refusedOriginMessage('https://rentza.co.za');
    expect(strict).toBe(
      'This server does not accept sign-in or registration from the address this page was opened at. Please open Rentza at https://rentza.co.za and try again.',
    );
    expect(translateAuthError(strict)).toBe(strict);
    const open = refusedOriginMessage(null);
    expect(open).toMatch(/^This server does not accept .* Please open Rentza directly/);
    expect(translateAuthError(open)).toBe(open);
  });

  it("better-auth's own wording stays an unexpected error", () => {
    expect(translateAuthError('Invalid origin')).toBe(MESSAGES.unexpected);
  });
});
