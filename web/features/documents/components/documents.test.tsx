import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DocumentSummary, ReservationDocuments } from '../../../../domain/schemas/documents.ts';
import type { Reservation } from '../../../../domain/schemas/reservation.ts';
import { isDisabled, mockApi, renderWithProviders, toastTexts } from '../../../test/render.tsx';
import { aReservation } from '../../../test/wire-fixtures.ts';
import { printDocument } from '../open-document.ts';
import { ClientDocuments } from './client-documents.tsx';
import { DocumentsMenu } from './documents-menu.tsx';
import { InvoiceDialog } from './invoice-dialog.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const invoiceDoc = (changes: Partial<DocumentSummary> = {}): DocumentSummary => ({
  id: 'doc-1',
  reservation_id: 'r1',
  kind: 'invoice',
  title: 'Tax Invoice',
  number: 'INV-000001',
  issue_date: '2026-11-23',
  total_cents: 460_000,
  tax_cents: 60_000,
  replaces_number: null,
  credits_number: null,
  credited_by_number: null,
  pdf_url: '/api/documents/doc-1/pdf',
  file_name: 'INV-000001.pdf',
  ...changes,
});

function overview(
  reservation: Reservation,
  invoice: Partial<ReservationDocuments['invoice']> = {},
): ReservationDocuments {
  return {
    reservation_id: reservation.id,
    reference: reservation.reference,
    status: reservation.status,
    refusals: { confirmation: null, quote: null, invoice: null },
    business: { ready: true, trading_name: 'Karoo Stays', vat_registered: true },
    client: {
      name: 'Lerato Mokoena',
      first_name: 'Lerato',
      email: 'lerato@example.co.za',
      address: null,
      vat_number: null,
    },
    invoice: {
      total_cents: 460_000,
      current: null,
      up_to_date: false,
      warnings: [],
      recipient_details_required: false,
      ...invoice,
    },
    links: { confirmation: '', quote: '' },
    documents: [],
  };
}

describe('printing a document', () => {
  it('tells the user to allow popups when the browser blocks the window', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    renderWithProviders(<p>page</p>);
    expect(await printDocument('/api/reservations/r1/documents/quote.pdf')).toBe(false);
    await waitFor(() => expect(toastTexts()).toContain('Please allow popups to print documents'));
  });

  it('opens the window at once and shows the PDF in it once its address is known', async () => {
    const win = { location: { href: 'about:blank' }, closed: false, close: vi.fn() } as unknown as Window;
    const open = vi.spyOn(window, 'open').mockReturnValue(win);
    const printed = printDocument(async () => '/api/documents/doc-1/pdf');
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(await printed).toBe(true);
    expect(win.location.href).toBe('/api/documents/doc-1/pdf');
  });
});

describe('the row’s documents menu', () => {
  it.each([
    ['pending', ['Print quote', 'Download quote', 'Email quote', 'Send quote']],
    [
      'confirmed',
      ['Print confirmation', 'Download confirmation', 'Email confirmation', 'Send confirmation', 'Invoice…'],
    ],
    [
      'completed',
      ['Print confirmation', 'Download confirmation', 'Email confirmation', 'Send confirmation', 'Invoice…'],
    ],
  ] as const)('a %s reservation offers %j', async (status, items) => {
    const reservation = aReservation({ status });
    mockApi(async () => ({ body: overview(reservation) }));
    renderWithProviders(<DocumentsMenu reservation={reservation} onInvoice={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: /^Documents for/ }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(items);
  });

  it('offers no documents menu for a cancelled reservation (no confirmation, no invoice)', () => {
    renderWithProviders(
      <DocumentsMenu reservation={aReservation({ status: 'cancelled' })} onInvoice={() => {}} />,
    );
    expect(screen.queryByRole('button', { name: /^Documents for/ })).toBeNull();
  });

  it('sends a quote and says to whom', async () => {
    const reservation = aReservation({ status: 'pending' });
    const api = mockApi(async (call) =>
      call.method === 'POST'
        ? {
            status: 202,
            body: {
              sent_to: 'lerato@example.co.za',
              document: invoiceDoc({
                kind: 'quote',
                number: null,
                title: 'Quote',
                file_name: 'Quote-RZ.pdf',
              }),
            },
          }
        : { body: overview(reservation) },
    );
    renderWithProviders(<DocumentsMenu reservation={reservation} onInvoice={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: /^Documents for/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Send quote' }));
    await waitFor(() => expect(toastTexts()).toContain('Quote sent to lerato@example.co.za'));
    expect(api.calls.find((call) => call.method === 'POST')).toMatchObject({
      url: `/api/reservations/${reservation.id}/documents/send`,
      body: { kind: 'quote' },
    });
  });
});

describe('the invoice dialog', () => {
  it('shows the VAT warnings and asks for the client’s address over R 5 000 before it issues', async () => {
    const reservation = aReservation({ status: 'confirmed' });
    const api = mockApi(async (call) => {
      if (call.method === 'GET')
        return {
          body: overview(reservation, {
            total_cents: 690_000,
            recipient_details_required: true,
            warnings: ['The tax % of "Gas" (14 %) differs from the VAT rate (15 %).'],
          }),
        };
      return { status: 201, body: { issued: true, document: invoiceDoc(), credit_note: null } };
    });
    renderWithProviders(<InvoiceDialog reservation={reservation} onClose={() => {}} />);
    expect(
      await screen.findByText('The tax % of "Gas" (14 %) differs from the VAT rate (15 %).'),
    ).toBeTruthy();
    const download = screen.getByRole('button', { name: 'Download invoice' });
    expect(isDisabled(download)).toBe(true);
    fireEvent.change(screen.getByLabelText(/Client VAT number/), { target: { value: '123' } });
    expect(await screen.findByText('VAT number must be 10 digits starting with 4')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Client VAT number/), { target: { value: '4987654321' } });
    fireEvent.change(screen.getByLabelText(/Client address/), { target: { value: '7 Jan Smuts Avenue' } });
    await waitFor(() => expect(isDisabled(download)).toBe(false));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    fireEvent.click(download);
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(api.calls.find((call) => call.method === 'POST')).toMatchObject({
      url: `/api/reservations/${reservation.id}/documents/invoice`,
      body: { recipient_address: '7 Jan Smuts Avenue', recipient_vat_number: '4987654321' },
    });
    expect(toastTexts()).toContain('Invoice INV-000001 issued');
  });

  it('says when the reservation changed since its invoice, and when business details are missing', async () => {
    const reservation = aReservation({ status: 'completed' });
    mockApi(async () => ({
      body: {
        ...overview(reservation, { current: invoiceDoc(), up_to_date: false }),
        business: { ready: false, trading_name: 'Lerato', vat_registered: false },
      },
    }));
    renderWithProviders(<InvoiceDialog reservation={reservation} onClose={() => {}} />);
    expect(await screen.findByText('The reservation has changed')).toBeTruthy();
    expect(screen.getByText(/before issuing invoices/)).toBeTruthy();
    expect(isDisabled(screen.getByRole('button', { name: 'Print invoice' }))).toBe(true);
  });
});

describe('a client’s documents on My Reservations', () => {
  const names = () => screen.getAllByRole('link').map((link) => link.textContent);
  it.each([
    ['pending', [], ['Quote']],
    ['confirmed', [], ['Confirmation']],
    ['confirmed', [invoiceDoc()], ['Confirmation', 'Invoice INV-000001']],
    [
      'cancelled',
      [
        invoiceDoc({ credited_by_number: 'CN-000001' }),
        invoiceDoc({ id: 'cn', kind: 'credit_note', number: 'CN-000001', file_name: 'CN-000001.pdf' }),
      ],
      ['Credit note CN-000001'],
    ],
  ] as const)('%s with %j issued: %j', (status, documents, expected) => {
    renderWithProviders(
      <ClientDocuments reservation={aReservation({ status })} documents={[...documents]} />,
    );
    expect(names()).toEqual(expected);
    for (const link of screen.getAllByRole('link'))
      expect(link.getAttribute('href')).toMatch(/\?download=1$/);
  });
});
