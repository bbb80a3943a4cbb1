import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiReply, currentUrl, deferred, mockApi, renderWithProviders } from '../test/render.tsx';
import { aUserProfile } from '../test/wire-fixtures.ts';
import { SHOW_HOME_STATE, SignedInLanding } from './signed-in-landing.tsx';

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderHome(session: Promise<ApiReply>, state?: unknown) {
  mockApi(({ url }) => (url.endsWith('/api/session') ? session : undefined));
  return renderWithProviders(<SignedInLanding />, { path: '/', route: '/', state });
}

describe('home while the session loads (docs/decisions/045)', () => {
  it('a visitor sees home at once, with no skeleton flashing over the painted hero', async () => {
    const session = deferred<ApiReply>();
    const rendered = renderHome(session.promise);
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();
    session.resolve({ body: { user: null } });
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull());
    expect(currentUrl(rendered.router)).toBe('/');
  });

  it('someone who was signed in here waits for the session, then lands on their screen', async () => {
    localStorage.setItem('lastRoute', '/calendar');
    const session = deferred<ApiReply>();
    const rendered = renderHome(session.promise);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    session.resolve({ body: { user: aUserProfile({ role: 'owner' }) } });
    await waitFor(() => expect(currentUrl(rendered.router)).toBe('/today'));
  });
});

describe('a link to home itself', () => {
  it('shows home to a signed-in person instead of sending them to their screen', async () => {
    localStorage.setItem('lastRoute', '/my-reservations');
    const rendered = renderHome(
      Promise.resolve({ body: { user: aUserProfile({ role: 'client' }) } }),
      SHOW_HOME_STATE,
    );
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull());
    expect(currentUrl(rendered.router)).toBe('/');
  });

  it('without it, a signed-in client opening home lands on My Reservations', async () => {
    const rendered = renderHome(Promise.resolve({ body: { user: aUserProfile({ role: 'client' }) } }));
    await waitFor(() => expect(currentUrl(rendered.router)).toBe('/my-reservations'));
  });
});
