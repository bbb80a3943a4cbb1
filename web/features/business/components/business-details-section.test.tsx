import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BusinessDetails } from '../../../../domain/schemas/business-details.ts';
import { mockApi, renderWithProviders, toastTexts } from '../../../test/render.tsx';
import { aBusinessDetails } from '../../../test/wire-fixtures.ts';
import { BusinessDetailsSection } from './business-details-section.tsx';

afterEach(() => vi.unstubAllGlobals());

const SUGGESTED: BusinessDetails = aBusinessDetails({
  owner_id: 'o1',
  trading_name: 'Thandi Nkosi',
  address: '',
  phone: '082 555 0101',
  email: 'thandi@example.co.za',
  vat_registered: false,
  updated_at: null,
});

describe('Business details on the profile', () => {
  it('starts from the account’s suggestions, checks the VAT number and saves what was typed', async () => {
    const api = mockApi(async (call) =>
      call.method === 'PUT'
        ? {
            body: {
              ...SUGGESTED,
              ...(call.body as object),
              vat_number: '4123456789',
              updated_at: '2026-11-23T10:00:00Z',
            },
          }
        : { body: SUGGESTED },
    );
    renderWithProviders(<BusinessDetailsSection />);
    expect(await screen.findByDisplayValue('Thandi Nkosi')).toBeTruthy();
    expect(screen.getByText(/Not saved yet/)).toBeTruthy();
    expect(screen.getByText('Save your business details first, then add a logo.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/^Address/), { target: { value: '14 Victoria Road\nClifton' } });
    fireEvent.click(screen.getByLabelText('Registered for VAT'));
    fireEvent.change(await screen.findByLabelText(/^VAT number/), { target: { value: '5123456789' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save business details' }));
    expect(await screen.findByText('VAT number must be 10 digits starting with 4')).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.change(screen.getByLabelText(/^VAT number/), { target: { value: '4123 456 789' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save business details' }));
    await waitFor(() => expect(toastTexts()).toContain('Business details saved'));
    expect(api.calls.find((call) => call.method === 'PUT')).toMatchObject({
      url: '/api/business/details',
      body: {
        trading_name: 'Thandi Nkosi',
        address: '14 Victoria Road\nClifton',
        vat_registered: true,
        vat_number: '4123 456 789',
      },
    });
    expect(await screen.findByLabelText('Upload a logo')).toBeTruthy();
  });
});
