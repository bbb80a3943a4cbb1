import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../domain/roles.ts';
import {
  type ApiCall,
  type ApiReply,
  buttonNamed,
  currentUrl,
  deferred,
  isDisabled,
  mockApi,
  renderWithProviders,
  toastTexts,
} from '../test/render.tsx';
import { aUserProfile } from '../test/wire-fixtures.ts';
import LoginPage from './login.tsx';

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

type User = ReturnType<typeof userEvent.setup>;

const me = (role: Role) =>
  aUserProfile({
    id: 'u1',
    email: 'sipho@example.co.za',
    name: 'Sipho Dube',
    first_name: 'Sipho',
    last_name: 'Dube',
    role,
  });

function renderLogin(path = '/login') {
  const user = userEvent.setup({ delay: null });
  const view = renderWithProviders(<LoginPage />, { path, route: '/login' });
  return { user, ...view };
}

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' });
const loginButton = () => buttonNamed(/^Log(in|ging in\.\.\.)$/);

async function fill(user: User, label: string, value: string) {
  await user.click(field(label));
  await user.paste(value);
}

async function logIn(user: User, email = 'sipho@example.co.za', password = 'secret1') {
  await fill(user, 'Email', email);
  await fill(user, 'Password', password);
  await user.click(loginButton());
}

/** Signs in as `role`; the sign-in call can be held with `signIn`. */
function serveLogin(role: Role, signIn?: (call: ApiCall) => Promise<ApiReply> | ApiReply) {
  return mockApi(async (call) => {
    if (call.method === 'POST' && call.url === '/api/auth/sign-in/email') {
      return signIn ? signIn(call) : { body: { redirect: false, token: 't', user: { id: 'u1' } } };
    }
    if (call.method === 'GET' && call.url === '/api/me') return { body: me(role) };
    return undefined;
  });
}

describe('login screen', { timeout: 30_000 }, () => {
  it('validates email and password with the spec’s messages and keeps Login disabled while invalid', async () => {
    mockApi(() => undefined);
    const { user } = renderLogin();
    expect(isDisabled(loginButton())).toBe(true);

    await fill(user, 'Email', 'sipho@');
    expect(await screen.findByText('Please enter a valid email')).toBeTruthy();
    await user.clear(field('Email'));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    await fill(user, 'Email', 'sipho@example.co.za');
    await waitFor(() => expect(screen.queryByText('Email is required')).toBeNull());
    expect(isDisabled(loginButton())).toBe(true);

    await fill(user, 'Password', 'abc12');
    expect(await screen.findByText('Password must be at least 6 characters')).toBeTruthy();
    expect(isDisabled(loginButton())).toBe(true);
    await user.type(field('Password'), '3');
    await waitFor(() => expect(screen.queryByText('Password must be at least 6 characters')).toBeNull());
    expect(isDisabled(loginButton())).toBe(false);

    await user.clear(field('Password'));
    expect(await screen.findByText('Password is required')).toBeTruthy();
    expect(isDisabled(loginButton())).toBe(true);
  });

  it('reads “Logging in...” and is disabled while signing in', async () => {
    const reply = deferred<ApiReply>();
    serveLogin('client', () => reply.promise);
    const { user, router } = renderLogin();
    await logIn(user);
    const busy = await screen.findByRole('button', { name: 'Logging in...' });
    expect(isDisabled(busy)).toBe(true);
    reply.resolve({ body: { redirect: false, token: 't', user: { id: 'u1' } } });
    await waitFor(() => expect(currentUrl(router)).toBe('/my-reservations'));
  });

  it('shows the server’s wrong-credentials error translated, and allows another attempt', async () => {
    serveLogin('client', () => ({
      status: 401,
      body: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
    }));
    const { user, router } = renderLogin();
    await logIn(user);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Invalid email or password. Please check your credentials and try again.',
    );
    expect(screen.queryByRole('button', { name: 'Resend verification email' })).toBeNull();
    expect(currentUrl(router)).toBe('/login');
    expect(isDisabled(loginButton())).toBe(false);
  });

  it('offers to resend the verification email after EMAIL_NOT_VERIFIED, asking for the email first', async () => {
    const { calls } = mockApi((call) => {
      if (call.url === '/api/auth/sign-in/email') {
        return { status: 403, body: { code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' } };
      }
      if (call.url === '/api/auth/send-verification-email') return { body: { status: true } };
      return undefined;
    });
    const { user } = renderLogin();
    await logIn(user);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Please check your email and click the confirmation link before logging in.',
    );
    const resend = screen.getByRole('button', { name: 'Resend verification email' });

    await user.clear(field('Email'));
    await user.click(resend);
    await waitFor(() => expect(toastTexts()).toContain('Please enter your email address first'));
    expect(calls.some((call) => call.url === '/api/auth/send-verification-email')).toBe(false);

    await fill(user, 'Email', 'Sipho@Example.co.za');
    await user.click(resend);
    await waitFor(() => expect(toastTexts()).toContain('Verification email sent! Please check your inbox.'));
    expect(calls.find((call) => call.url === '/api/auth/send-verification-email')?.body).toEqual({
      email: 'sipho@example.co.za',
      callbackURL: '/login?verified=1',
    });
  });

  it('goes to the returnUrl when one is given, ahead of the stored last route', async () => {
    localStorage.setItem('lastRoute', '/profile');
    const { calls } = serveLogin('owner');
    const { user, router } = renderLogin('/login?returnUrl=%2Freservation%2Fp-42');
    await logIn(user);
    await waitFor(() => expect(currentUrl(router)).toBe('/reservation/p-42'));
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'POST /api/auth/sign-in/email',
      'GET /api/me',
    ]);
    expect(calls[0]?.body).toEqual({ email: 'sipho@example.co.za', password: 'secret1' });
  });

  it('does not follow a returnUrl to another site', async () => {
    serveLogin('client');
    const { user, router } = renderLogin('/login?returnUrl=%2F%2Fevil.example.com');
    await logIn(user);
    await waitFor(() => expect(currentUrl(router)).toBe('/my-reservations'));
  });

  it('sends an owner with nothing stored to /today', async () => {
    serveLogin('owner');
    const { user, router } = renderLogin();
    await logIn(user);
    await waitFor(() => expect(currentUrl(router)).toBe('/today'));
  });

  it('without a returnUrl goes back to the stored last route, even for an owner', async () => {
    localStorage.setItem('lastRoute', '/calendar?month=2026-11');
    serveLogin('owner');
    const { user, router } = renderLogin();
    await logIn(user);
    await waitFor(() => expect(currentUrl(router)).toBe('/calendar?month=2026-11'));
  });

  it('ignores a stored login-flow route and falls back to the role’s landing page', async () => {
    localStorage.setItem('lastRoute', '/verify-email?email=x%40y.z');
    serveLogin('owner');
    const { user, router } = renderLogin();
    await logIn(user);
    await waitFor(() => expect(currentUrl(router)).toBe('/today'));
  });

  it('sends a client with nothing stored to their bookings', async () => {
    serveLogin('client');
    const { user, router } = renderLogin();
    await logIn(user);
    await waitFor(() => expect(currentUrl(router)).toBe('/my-reservations'));
  });

  it('sends an admin with nothing stored to the overview', async () => {
    serveLogin('admin');
    const { user, router } = renderLogin();
    await logIn(user);
    await waitFor(() => expect(currentUrl(router)).toBe('/admin'));
  });

  it('after a wrong password shows only the error, not the “Email verified” box beside it', async () => {
    serveLogin('client', () => ({
      status: 401,
      body: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
    }));
    const { user } = renderLogin('/login?verified=1');
    expect(screen.getByText('Email verified')).toBeTruthy();
    await logIn(user);
    await screen.findByRole('alert');
    expect(screen.queryByText('Email verified')).toBeNull();
  });

  it('says why a visitor sent from Book Now must sign in, and offers to register, carrying the booking on', async () => {
    mockApi(() => undefined);
    const booking = '/reservation/p1?checkIn=2027-01-10&checkOut=2027-01-13&guests=2';
    renderLogin(`/login?returnUrl=${encodeURIComponent(booking)}`);
    expect(screen.getByText('Sign in or create an account to book this')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe(
      `/register?returnUrl=${encodeURIComponent(booking)}`,
    );
  });

  it('tells a would-be owner to sign in with an owner account, and registers them as one', async () => {
    mockApi(() => undefined);
    renderLogin(`/login?returnUrl=${encodeURIComponent('/property-management')}`);
    expect(screen.getByText('Sign in with an owner account to list your property')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe(
      '/register?role=owner&returnUrl=%2Fproperty-management',
    );
  });

  it('gives no reason when opened directly', async () => {
    mockApi(() => undefined);
    renderLogin();
    expect(screen.queryByText(/Sign in or create|Please log in to continue/)).toBeNull();
  });
});
