import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../features/account/api.ts';
import { buttonNamed, isDisabled, mockApi, renderWithProviders, toastTexts } from '../test/render.tsx';
import { aUserProfile } from '../test/wire-fixtures.ts';
import ProfilePage from './profile.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const person = (changes: Partial<CurrentUser> = {}): CurrentUser => aUserProfile(changes);

function renderProfile(
  signedIn: CurrentUser,
  onPatch?: (body: unknown) => { status?: number; body?: unknown },
) {
  const api = mockApi((call) => {
    if (call.method === 'GET' && call.url === '/api/session') return { body: { user: signedIn } };
    if (call.method === 'PATCH' && call.url === '/api/me' && onPatch) return onPatch(call.body);
    return undefined;
  });
  const user = userEvent.setup({ delay: null });
  return { user, ...api, ...renderWithProviders(<ProfilePage />, { path: '/profile' }) };
}

/** The value shown under a view-mode label (Name, Email, Phone, Role). */
const shown = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

const quickActionLinks = () => {
  const section = screen.queryByRole('region', { name: 'Quick Actions' });
  return section
    ? within(section)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')])
    : [];
};

describe('profile screen', { timeout: 30_000 }, () => {
  it('shows the profile with “Not provided” for an empty phone and the role in the spec’s words', async () => {
    renderProfile(person({ role: 'owner' }));
    await screen.findByRole('heading', { name: 'My Profile' });
    expect(shown('Name')).toBe('Naledi Mokoena');
    expect(shown('Email')).toBe('naledi@example.co.za');
    expect(shown('Phone')).toBe('Not provided');
    expect(shown('Role')).toBe('Owner');
  });

  it('shows a stored phone number as it is', async () => {
    renderProfile(person({ phone: '082 123 4567' }));
    await screen.findByRole('heading', { name: 'My Profile' });
    expect(shown('Phone')).toBe('082 123 4567');
    expect(shown('Role')).toBe('Client');
  });

  it('offers a client only My Reservations', async () => {
    renderProfile(person({ role: 'client' }));
    await screen.findByRole('heading', { name: 'Quick Actions' });
    expect(quickActionLinks()).toEqual([['My Reservations', '/my-reservations']]);
  });

  it('offers an owner Property, Subscription and Reservation Management', async () => {
    renderProfile(person({ role: 'owner' }));
    await screen.findByRole('heading', { name: 'Quick Actions' });
    expect(quickActionLinks()).toEqual([
      ['Property Management', '/property-management'],
      ['Subscription Management', '/subscription'],
      ['Reservation Management', '/reservation-management'],
    ]);
  });

  it('offers an admin Subscription and Reservation Management', async () => {
    renderProfile(person({ role: 'admin' }));
    await screen.findByRole('heading', { name: 'Quick Actions' });
    expect(quickActionLinks()).toEqual([
      ['Subscription Management', '/subscription'],
      ['Reservation Management', '/reservation-management'],
    ]);
  });

  it('offers front office (reservations only, by default) Reservation Management', async () => {
    renderProfile(person({ role: 'frontoffice' }));
    await screen.findByRole('heading', { name: 'Quick Actions' });
    expect(shown('Role')).toBe('Front office');
    expect(quickActionLinks()).toEqual([['Reservation Management', '/reservation-management']]);
  });

  it('offers back office with the properties permission Property Management, never Subscription', async () => {
    renderProfile(person({ role: 'backoffice' }));
    await screen.findByRole('heading', { name: 'Quick Actions' });
    expect(quickActionLinks()).toEqual([
      ['Property Management', '/property-management'],
      ['Reservation Management', '/reservation-management'],
    ]);
  });

  it('shows no Quick Actions section to staff without the properties or reservations permission', async () => {
    renderProfile(
      person({
        role: 'backoffice',
        permissions: {
          canManageProperties: false,
          canManageReservations: false,
          canManageTenants: true,
          canManageUsers: true,
          canViewReports: true,
        },
      }),
    );
    await screen.findByRole('heading', { name: 'My Profile' });
    expect(screen.queryByRole('heading', { name: 'Quick Actions' })).toBeNull();
  });

  it('requires a first name when editing, with Save Changes disabled', async () => {
    const { user, calls } = renderProfile(person());
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const firstName = screen.getByLabelText(/^First name/, { selector: 'input' });
    expect((firstName as HTMLInputElement).value).toBe('Naledi');
    expect(isDisabled(buttonNamed('Save Changes'))).toBe(false);

    await user.clear(firstName);
    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(isDisabled(buttonNamed('Save Changes'))).toBe(true);
    await user.type(firstName, ' ');
    expect(isDisabled(buttonNamed('Save Changes'))).toBe(true); // blanks are not a name
    await user.type(firstName, 'N');
    await waitFor(() => expect(screen.queryByText('First name is required')).toBeNull());
    expect(isDisabled(buttonNamed('Save Changes'))).toBe(false);

    await user.click(buttonNamed('Cancel'));
    expect(shown('Name')).toBe('Naledi Mokoena');
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('refuses an invalid phone number', async () => {
    const { user } = renderProfile(person());
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await user.type(screen.getByLabelText(/^Phone/, { selector: 'input' }), '12');
    expect(await screen.findByText('Please enter a valid phone number')).toBeTruthy();
    expect(isDisabled(buttonNamed('Save Changes'))).toBe(true);
  });

  it('saves the changes, says “Profile updated successfully” and shows the new values', async () => {
    const { user, calls } = renderProfile(person({ role: 'owner' }), (body) => ({
      body: person({ role: 'owner', ...(body as Partial<CurrentUser>) }),
    }));
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const lastName = screen.getByLabelText(/^Last name/, { selector: 'input' });
    await user.clear(lastName);
    await user.type(lastName, 'Dlamini');
    await user.type(screen.getByLabelText(/^Phone/, { selector: 'input' }), '(082) 123-4567');
    await user.click(buttonNamed('Save Changes'));

    await waitFor(() => expect(toastTexts()).toContain('Profile updated successfully'));
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([
      {
        method: 'PATCH',
        url: '/api/me',
        body: { first_name: 'Naledi', last_name: 'Dlamini', phone: '(082) 123-4567' },
      },
    ]);
    await waitFor(() => expect(shown('Name')).toBe('Naledi Dlamini'));
    expect(shown('Phone')).toBe('(082) 123-4567');
  });
});
