import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SLUG_MESSAGES } from '../../../../domain/business-profile.ts';
import type { BusinessProfile } from '../../../../domain/schemas/business-profile.ts';
import { mockApi, renderWithProviders, toastTexts } from '../../../test/render.tsx';
import { PublicProfileSection } from './public-profile-section.tsx';

afterEach(() => vi.unstubAllGlobals());

const NEVER_SAVED: BusinessProfile = {
  owner_id: '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f',
  business_name: 'Karoo Stays',
  slug: 'karoo-stays',
  description: '',
  logo_url: null,
  cover_url: null,
  show_email: true,
  show_phone: true,
  published: false,
  add_on: true,
  live: false,
  details_saved: true,
  updated_at: null,
};

describe('Public profile on the profile screen', () => {
  it('offers the Branded profile add-on instead of the form when the business does not have it', async () => {
    mockApi(async () => ({ body: { ...NEVER_SAVED, add_on: false } }));
    renderWithProviders(<PublicProfileSection canChangeLogo />);
    expect(await screen.findByText(/needs the Branded profile add-on \(R 50/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add Branded profile' }).getAttribute('href')).toBe(
      '/subscription',
    );
    expect(screen.queryByLabelText(/^Page address/)).toBeNull();
  });

  it('starts from the suggested address, refuses a reserved one and saves a published page', async () => {
    const api = mockApi(async (call) =>
      call.method === 'PUT'
        ? {
            body: {
              ...NEVER_SAVED,
              ...(call.body as object),
              live: true,
              updated_at: '2026-11-26T10:00:00Z',
            },
          }
        : { body: NEVER_SAVED },
    );
    renderWithProviders(<PublicProfileSection canChangeLogo />);
    expect(await screen.findByDisplayValue('karoo-stays')).toBeTruthy();
    expect(screen.getByText('Save your public profile first, then add a cover image.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/^Page address/), { target: { value: 'Admin' } });
    expect(await screen.findByText(SLUG_MESSAGES.reserved)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Page address/), { target: { value: 'Karoo-Cottages' } });
    fireEvent.click(screen.getByLabelText(/^Publish my page/));
    fireEvent.click(screen.getByRole('button', { name: 'Save public profile' }));
    await waitFor(() => expect(toastTexts()).toContain('Public profile saved'));
    expect(api.calls.find((call) => call.method === 'PUT')).toMatchObject({
      url: '/api/business/profile',
      body: { slug: 'karoo-cottages', published: true },
    });
    expect(await screen.findByRole('link', { name: '/b/karoo-cottages' })).toBeTruthy();
    expect(await screen.findByLabelText('Upload cover image')).toBeTruthy();
  });
});
