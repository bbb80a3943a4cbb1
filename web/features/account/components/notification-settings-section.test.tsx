import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotificationSettingsView } from '../../../../domain/schemas/notification-settings.ts';
import { deferred, mockApi, renderWithProviders, toastTexts } from '../../../test/render.tsx';
import { NotificationSettingsSection } from './notification-settings-section.tsx';

afterEach(() => vi.unstubAllGlobals());

const URL = '/api/me/notification-settings';
const DEFAULTS: NotificationSettingsView = { email: true, sms: true, app: true, sms_available: false };

const switchNamed = (name: string) => screen.getByRole('switch', { name }) as HTMLInputElement;
/** The text an input's aria-describedby points at. */
const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('Notification settings on the profile', { timeout: 30_000 }, () => {
  it('shows a skeleton while loading, then email and in-app on, and no SMS switch without a provider', async () => {
    const answer = deferred<{ body: unknown }>();
    mockApi((call) => (call.method === 'GET' && call.url === URL ? answer.promise : undefined));
    renderWithProviders(<NotificationSettingsSection />);
    const section = screen.getByRole('region', { name: 'Notifications' });
    expect(section.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('switch')).toBeNull();

    answer.resolve({ body: DEFAULTS });
    const email = await screen.findByRole('switch', { name: 'Email notifications' });
    expect(section.getAttribute('aria-busy')).toBe('false');
    expect((email as HTMLInputElement).checked).toBe(true);
    expect((email as HTMLInputElement).disabled).toBe(false);

    // No SMS provider: no SMS switch at all.
    expect(screen.queryByRole('switch', { name: 'SMS notifications' })).toBeNull();

    const app = switchNamed('In-app notifications');
    expect(app.checked).toBe(true);
    expect(app.disabled).toBe(false);
    expect(descriptionOf(app)).toContain('The bell at the top of every page');
  });

  it('shows the SMS switch once texts can be sent', async () => {
    mockApi((call) => (call.url === URL ? { body: { ...DEFAULTS, sms_available: true } } : undefined));
    renderWithProviders(<NotificationSettingsSection />);
    const sms = (await screen.findByRole('switch', { name: 'SMS notifications' })) as HTMLInputElement;
    expect(sms.checked).toBe(true);
    expect(sms.disabled).toBe(false);
  });

  it('switches in-app notifications off at once', async () => {
    const api = mockApi((call) => {
      if (call.url !== URL) return undefined;
      if (call.method === 'PUT') return { body: { ...(call.body as object), sms_available: false } };
      return { body: DEFAULTS };
    });
    renderWithProviders(<NotificationSettingsSection />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('switch', { name: 'In-app notifications' }));
    await waitFor(() => expect(toastTexts()).toContain('Notification settings saved'));
    expect(api.calls.filter((call) => call.method === 'PUT')).toEqual([
      { method: 'PUT', url: URL, body: { email: true, sms: true, app: false } },
    ]);
    expect(switchNamed('In-app notifications').checked).toBe(false);
  });

  it('saves email off at once with the other switches as stored, and says so', async () => {
    const api = mockApi((call) => {
      if (call.url !== URL) return undefined;
      if (call.method === 'PUT') return { body: { ...(call.body as object), sms_available: false } };
      return { body: { ...DEFAULTS, sms: false } };
    });
    renderWithProviders(<NotificationSettingsSection />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('switch', { name: 'Email notifications' }));

    await waitFor(() => expect(toastTexts()).toContain('Notification settings saved'));
    expect(api.calls.filter((call) => call.method === 'PUT')).toEqual([
      { method: 'PUT', url: URL, body: { email: false, sms: false, app: true } },
    ]);
    expect(switchNamed('Email notifications').checked).toBe(false);
  });

  it('shows the server’s message when saving fails and puts the switch back', async () => {
    mockApi((call) => {
      if (call.url !== URL) return undefined;
      if (call.method === 'PUT')
        return { status: 400, body: { message: 'Email notifications must be on or off' } };
      return { body: DEFAULTS };
    });
    renderWithProviders(<NotificationSettingsSection />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('switch', { name: 'Email notifications' }));

    await waitFor(() => expect(toastTexts()).toContain('Email notifications must be on or off'));
    expect(toastTexts()).not.toContain('Notification settings saved');
    expect(switchNamed('Email notifications').checked).toBe(true);
  });

  it('says when the settings cannot be loaded, with no switches to flip', async () => {
    mockApi(() => ({ status: 500, body: { message: 'Something went wrong' } }));
    renderWithProviders(<NotificationSettingsSection />);
    expect(await screen.findByText('Failed to load your notification settings')).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
