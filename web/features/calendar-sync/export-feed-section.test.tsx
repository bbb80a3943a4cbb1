import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '../../test/render.tsx';
import { ExportFeedSection } from './export-feed-section.tsx';

const ID = 'c0ffee00-0000-4000-8000-000000000002';
const OLD = `http://localhost:3000/ical/${'a'.repeat(43)}.ics`;
const NEW = `http://localhost:3000/ical/${'b'.repeat(43)}.ics`;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the calendar export section', () => {
  it('shows the feed URL read-only and resets it only after the confirmation', async () => {
    const { calls } = mockApi((call) => {
      if (call.method === 'GET' && call.url.endsWith(`/api/properties/${ID}/calendar-export`))
        return { body: { url: OLD } };
      if (call.method === 'POST' && call.url.endsWith(`/api/properties/${ID}/calendar-export/reset`))
        return { body: { url: NEW } };
      return undefined;
    });
    renderWithProviders(<ExportFeedSection propertyId={ID} />);
    const field = await screen.findByRole('textbox', { name: 'Calendar link (iCal)' });
    await waitFor(() => expect(field).toHaveProperty('value', OLD));
    expect(field).toHaveProperty('readOnly', true);
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Reset link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset calendar link?' });
    expect(within(dialog).getByText(/stops working at once/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Reset link' }));
    const again = await screen.findByRole('dialog', { name: 'Reset calendar link?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Reset link' }));
    await waitFor(() => expect(field).toHaveProperty('value', NEW));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });
});
