import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotificationSettingsView } from '../../../../domain/schemas/notification-settings.ts';
import { deferred, mockApi, renderWithProviders, toastTexts } from '../../../test/render.tsx';
import { NotificationSettingsSection } from './notification-settings-section.tsx';

afterEach(() => vi.unstubAllGlobals());

const URL = '/api/me/notification-settings';
const DEFAULTS: NotificationSettingsView = { email: true, sms: true, app: false, sms_available: false };

const switchNamed = (name: string) => screen.getByRole('switch', { name }) as HTMLInputElement;
/** The text an input's aria-describedby points at. */
const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('Notification settings on the profile', { timeout: 30_000 }, () => {
  it('shows a skeleton while loading, then the switches with email on, SMS and in-app not available', async () => {
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

    const sms = switchNamed('SMS notifications');
    expect(sms.checked).toBe(true);
    expect(sms.disabled).toBe(true);
    expect(descriptionOf(sms)).toContain('Not available yet: no SMS provider is configured');

    const app = switchNamed('In-app notifications');
    expect(app.checked).toBe(false);
    expect(app.disabled).toBe(true);
    expect(descriptionOf(app)).toContain('Not available yet');
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
      { method: 'PUT', url: URL, body: { email: false, sms: false, app: false } },
    ]);
    expect(switchNamed('Email notifications').checked).toBe(false);
    expect(switchNamed('SMS notifications').checked).toBe(false);
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
