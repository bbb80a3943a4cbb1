import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refusedOriginMessage } from '../../domain/errors.ts';
import {
  type ApiReply,
  buttonNamed,
  currentUrl,
  deferred,
  isDisabled,
  mockApi,
  renderWithProviders,
} from '../test/render.tsx';
import RegisterPage from './register.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const PASSWORD = 'Str0ng#Pass';

function renderRegister(path = '/register') {
  const user = userEvent.setup({ delay: null });
  const view = renderWithProviders(<RegisterPage />, {
    path,
    routes: [{ path: '/verify-email', element: <p>Check your inbox</p> }],
  });
  return { user, ...view };
}

/** An input by the start of its label (labels carry a required asterisk or "(optional)"). */
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' });
const createAccount = () => buttonNamed(/^Create(ing)? Account/);

/** The checklist items in display order, each with its data-met flag. */
const checklist = () =>
  within(screen.getByRole('list', { name: 'Password requirements' }))
    .getAllByRole('listitem')
    .map((item) => [item.textContent?.replace(/ \((not )?met\)$/, ''), item.getAttribute('data-met')]);

type User = ReturnType<typeof userEvent.setup>;

/** Types a whole value at once (a paste): one change event, like autofill. */
async function fill(user: User, label: string, value: string) {
  await user.click(field(label));
  await user.paste(value);
}

async function fillValidForm(user: User, options: { terms?: boolean } = {}) {
  await fill(user, 'First name', 'Thandi');
  await fill(user, 'Last name', 'Nkosi');
  await fill(user, 'Email', 'Thandi@Example.co.za');
  await fill(user, 'Password', PASSWORD);
  await fill(user, 'Confirm password', PASSWORD);
  if (options.terms ?? true) await user.click(screen.getByRole('checkbox', { name: /I accept the/ }));
}

describe('register screen', { timeout: 30_000 }, () => {
  it('keeps Create Account disabled until every rule holds', async () => {
    mockApi(() => undefined);
    const { user } = renderRegister();
    expect(isDisabled(createAccount())).toBe(true);

    await fill(user, 'First name', 'Thandi');
    expect(isDisabled(createAccount())).toBe(true);
    await fill(user, 'Last name', 'Nkosi');
    expect(isDisabled(createAccount())).toBe(true);
    await fill(user, 'Email', 'thandi@example');
    expect(await screen.findByText('Please enter a valid email')).toBeTruthy();
    await fill(user, 'Email', '.co.za');
    await waitFor(() => expect(screen.queryByText('Please enter a valid email')).toBeNull());
    expect(isDisabled(createAccount())).toBe(true);
    await fill(user, 'Password', 'Str0ngPass'); // no special character
    await fill(user, 'Confirm password', 'Str0ngPass');
    expect(isDisabled(createAccount())).toBe(true);
    await user.clear(field('Password'));
    await user.clear(field('Confirm password'));
    await fill(user, 'Password', PASSWORD);
    expect(isDisabled(createAccount())).toBe(true);
    await fill(user, 'Confirm password', PASSWORD);
    expect(isDisabled(createAccount())).toBe(true); // terms not yet accepted
    await user.click(screen.getByRole('checkbox', { name: /I accept the/ }));
    expect(isDisabled(createAccount())).toBe(false);

    // Breaking any one rule again disables it.
    await user.clear(field('Last name'));
    expect(await screen.findByText('Last name is required')).toBeTruthy();
    expect(isDisabled(createAccount())).toBe(true);
    await fill(user, 'Last name', 'Nkosi');
    expect(isDisabled(createAccount())).toBe(false);
    await user.type(field('Password'), '!'); // still strong, but no longer matches the confirmation
    expect(isDisabled(createAccount())).toBe(true);
  });

  it('ticks the five password rules off one by one as the password is typed', async () => {
    mockApi(() => undefined);
    const { user } = renderRegister();
    expect(checklist()).toEqual([
      ['At least 8 characters', 'false'],
      ['One uppercase letter', 'false'],
      ['One lowercase letter', 'false'],
      ['One number', 'false'],
      ['One special character', 'false'],
    ]);
    const password = field('Password');
    await user.type(password, 'a');
    expect(checklist().map(([, met]) => met)).toEqual(['false', 'false', 'true', 'false', 'false']);
    await user.type(password, 'B');
    expect(checklist().map(([, met]) => met)).toEqual(['false', 'true', 'true', 'false', 'false']);
    await user.type(password, '7');
    expect(checklist().map(([, met]) => met)).toEqual(['false', 'true', 'true', 'true', 'false']);
    await user.type(password, '#');
    expect(checklist().map(([, met]) => met)).toEqual(['false', 'true', 'true', 'true', 'true']);
    await user.type(password, 'cdef');
    expect(checklist().map(([, met]) => met)).toEqual(['true', 'true', 'true', 'true', 'true']);
    await user.clear(password);
    expect(checklist().map(([, met]) => met)).toEqual(['false', 'false', 'false', 'false', 'false']);
  });

  it('says the passwords do not match once the confirmation has been touched', async () => {
    mockApi(() => undefined);
    const { user } = renderRegister();
    await fill(user, 'Password', PASSWORD);
    expect(screen.queryByText('Passwords do not match')).toBeNull();
    await fill(user, 'Confirm password', 'Str0ng#Pas');
    const message = await screen.findByText('Passwords do not match');
    // The message belongs to the confirmation field, announced with it.
    const describedBy = field('Confirm password').getAttribute('aria-describedby') ?? '';
    expect(describedBy.split(' ')).toContain(message.id);
    await user.type(field('Confirm password'), 's');
    await waitFor(() => expect(screen.queryByText('Passwords do not match')).toBeNull());
  });

  it('keeps the button disabled while the terms are not accepted, even with everything else valid', async () => {
    mockApi(() => undefined);
    const { user } = renderRegister();
    await fillValidForm(user, { terms: false });
    const terms = screen.getByRole('checkbox', { name: /I accept the/ });
    expect((terms as HTMLInputElement).checked).toBe(false);
    expect(isDisabled(createAccount())).toBe(true);
    await user.click(terms);
    expect(isDisabled(createAccount())).toBe(false);
    await user.click(terms);
    expect(isDisabled(createAccount())).toBe(true);
    expect(screen.getByRole('link', { name: 'terms and conditions' }).getAttribute('href')).toBe('/terms');
  });

  it('refuses an invalid phone number and accepts the spec’s formats', async () => {
    mockApi(() => undefined);
    const { user } = renderRegister();
    await fillValidForm(user);
    expect(isDisabled(createAccount())).toBe(false);
    const phone = field('Phone');
    await user.click(phone);
    await user.paste('12345');
    expect(await screen.findByText('Please enter a valid phone number')).toBeTruthy();
    expect(isDisabled(createAccount())).toBe(true);
    for (const valid of ['0821234567', '+082 123 4567', '(082) 123-4567', '082.123.4567']) {
      await user.clear(phone);
      await user.paste(valid);
      await waitFor(() => expect(screen.queryByText('Please enter a valid phone number')).toBeNull());
      expect(isDisabled(createAccount())).toBe(false);
    }
  });

  it('signs up a lister as owner and sends them to verify their email', async () => {
    const { calls } = mockApi(({ method, url }) =>
      method === 'POST' && url === '/api/auth/sign-up/email'
        ? { body: { token: null, user: { id: 'u1' } } }
        : undefined,
    );
    const { user, router } = renderRegister();
    await fillValidForm(user);
    await fill(user, 'Phone', '082 123 4567');
    await user.click(screen.getByRole('radio', { name: 'List My Property' }));
    await user.click(createAccount());

    await screen.findByText('Check your inbox');
    expect(currentUrl(router)).toBe('/verify-email?email=thandi%40example.co.za');
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/auth/sign-up/email',
        body: {
          first_name: 'Thandi',
          last_name: 'Nkosi',
          email: 'thandi@example.co.za',
          phone: '082 123 4567',
          role: 'owner',
          password: PASSWORD,
          termsAccepted: true,
        },
      },
    ]);
  });

  it('carries the booking a visitor was on through sign-up, to the verify page and the emailed link', async () => {
    const booking = '/reservation/p1?checkIn=2027-01-10&checkOut=2027-01-13&guests=2';
    const { calls } = mockApi(() => ({ body: { token: null, user: { id: 'u3' } } }));
    const { user, router } = renderRegister(`/register?returnUrl=${encodeURIComponent(booking)}`);
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe(
      `/login?returnUrl=${encodeURIComponent(booking)}`,
    );
    await fillValidForm(user);
    await user.click(createAccount());
    await screen.findByText('Check your inbox');
    expect(currentUrl(router)).toBe(
      `/verify-email?email=thandi%40example.co.za&returnUrl=${encodeURIComponent(booking)}`,
    );
    expect(calls[0]?.body).toMatchObject({ returnUrl: booking });
  });

  it('never carries a returnUrl to another site', async () => {
    const { calls } = mockApi(() => ({ body: { token: null, user: { id: 'u4' } } }));
    const { user, router } = renderRegister(`/register?returnUrl=${encodeURIComponent('//evil.example')}`);
    await fillValidForm(user);
    await user.click(createAccount());
    await screen.findByText('Check your inbox');
    expect(currentUrl(router)).toBe('/verify-email?email=thandi%40example.co.za');
    expect(calls[0]?.body).not.toHaveProperty('returnUrl');
  });

  it('signs up a renter as client by default, sending an empty phone', async () => {
    const { calls } = mockApi(() => ({ body: { token: null, user: { id: 'u2' } } }));
    const { user } = renderRegister();
    expect((screen.getByRole('radio', { name: 'Rent a Property' }) as HTMLInputElement).checked).toBe(true);
    await fillValidForm(user);
    await user.click(createAccount());
    await screen.findByText('Check your inbox');
    expect(calls[0]?.body).toMatchObject({ role: 'client', phone: '' });
  });

  // A registered address answers 200 like a new one (the holder is emailed instead), so the only
  // refusal left after the form's own checks is the per-address throttle.
  it('shows the throttle’s message and stays on the form when the server answers 429', async () => {
    mockApi(() => ({
      status: 429,
      body: { message: 'Too many attempts. Please wait a few minutes before trying again.' },
    }));
    const { user, router } = renderRegister();
    await fillValidForm(user);
    await user.click(createAccount());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Too many attempts. Please wait a few minutes before trying again.');
    expect(currentUrl(router)).toBe('/register');
    expect(isDisabled(createAccount())).toBe(false);
  });

  it('says so when the server refuses the address the page was opened at', async () => {
    const message = refusedOriginMessage('https://rentza.co.za');
    mockApi(() => ({ status: 403, body: { code: 'INVALID_ORIGIN', message } }));
    const { user } = renderRegister();
    await fillValidForm(user);
    await user.click(createAccount());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(message);
    expect(alert.textContent).not.toContain('An unexpected error occurred');
  });

  it('reads “Creating Account...” and stays disabled while the request is pending', async () => {
    const reply = deferred<ApiReply>();
    mockApi(() => reply.promise);
    const { user } = renderRegister();
    await fillValidForm(user);
    await user.click(createAccount());

    const busy = await screen.findByRole('button', { name: 'Creating Account...' });
    expect(isDisabled(busy)).toBe(true);
    reply.resolve({ body: { token: null, user: { id: 'u3' } } });
    await screen.findByText('Check your inbox');
  });
});
