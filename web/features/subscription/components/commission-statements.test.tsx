import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatRandCents } from '../../../../domain/money.ts';
import type { CommissionOverview } from '../../../../domain/schemas/commission.ts';
import { mockApi, renderWithProviders, toastTexts } from '../../../test/render.tsx';
import { CommissionStatements } from './commission-statements.tsx';

/** Amounts as Testing Library reads them (it turns the no-break space into a space). */
const rand = (cents: number) => formatRandCents(cents).replace(/\s/g, ' ');

const STATEMENT_ID = 'd0000000-0000-4000-8000-000000000001';

function anOverview(overrides: Partial<CommissionOverview> = {}): CommissionOverview {
  return {
    onCommission: true,
    ratePercent: 10,
    open: [
      {
        id: 'a1',
        reservationId: 'r1',
        reference: 'RZ-K52B9D',
        propertyTitle: 'Karoo cottage',
        kind: 'charge',
        occurredAt: '2026-12-03T08:00:00.000Z',
        baseCents: 200_010,
        amountCents: 20_001,
      },
      {
        id: 'a2',
        reservationId: 'r2',
        reference: 'RZ-S5CRDZ',
        propertyTitle: 'Karoo cottage',
        kind: 'credit',
        occurredAt: '2026-12-04T08:00:00.000Z',
        baseCents: 100_005,
        amountCents: -10_001,
      },
    ],
    openTotalCents: 10_000,
    statements: [
      {
        id: STATEMENT_ID,
        month: '2026-11-01',
        monthLabel: 'November 2026',
        invoiceNumber: 'RZ-000007',
        issueDate: '2026-12-01',
        dueDate: '2026-12-15',
        amountCents: 60_004,
        vatCents: 7_827,
        status: 'due',
        statusLabel: 'Due',
        paidAt: null,
        downloadUrl: `/api/subscription/commission/statements/${STATEMENT_ID}/pdf`,
      },
      {
        id: 'd0000000-0000-4000-8000-000000000002',
        month: '2026-10-01',
        monthLabel: 'October 2026',
        invoiceNumber: 'RZ-000003',
        issueDate: '2026-11-01',
        dueDate: '2026-11-15',
        amountCents: 23_000,
        vatCents: 3_000,
        status: 'paid',
        statusLabel: 'Paid',
        paidAt: '2026-11-05T10:00:00.000Z',
        downloadUrl: '/api/subscription/commission/statements/d0000000-0000-4000-8000-000000000002/pdf',
      },
    ],
    dueCents: 60_004,
    ...overrides,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the commission part of the Billing tab', () => {
  it('lists what accrued since the last statement and the statements with their status', async () => {
    mockApi((call) =>
      call.url === '/api/subscription/commission/statements' ? { body: anOverview() } : undefined,
    );
    renderWithProviders(<CommissionStatements />);
    const section = await screen.findByRole('region', { name: 'Commission' });
    expect(within(section).getByText(`You owe ${rand(60_004)}`)).toBeTruthy();
    const open = within(section).getByRole('table', { name: 'Since your last statement' });
    expect(within(open).getByText('RZ-K52B9D')).toBeTruthy();
    expect(within(open).getByText('Reversed: Karoo cottage')).toBeTruthy();
    expect(within(open).getByText(rand(-10_001))).toBeTruthy();
    expect(within(open).getByText(rand(10_000))).toBeTruthy();
    const statements = within(section).getByRole('table', { name: 'Statements' });
    const rows = within(statements).getAllByRole('row');
    expect(within(rows[1] as HTMLElement).getByText('November 2026')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Due')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('15 December 2026')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('Paid')).toBeTruthy();
    // Only the statement still due can be paid; both invoices download.
    expect(within(statements).getAllByRole('button', { name: /^Pay / })).toHaveLength(1);
    expect(within(statements).getByRole('button', { name: 'Download tax invoice RZ-000003' })).toBeTruthy();
  });

  it('Pay starts the PayFast checkout for that statement; a refusal is a toast', async () => {
    const api = mockApi((call) => {
      if (call.url === '/api/subscription/commission/statements') return { body: anOverview() };
      if (call.url === `/api/subscription/commission/statements/${STATEMENT_ID}/pay`)
        return { status: 409, body: { error: 'CONFLICT', message: 'This statement is already paid' } };
      return undefined;
    });
    renderWithProviders(<CommissionStatements />);
    await userEvent.click(await screen.findByRole('button', { name: /^Pay R.600\.04 for November 2026$/ }));
    await waitFor(() => expect(toastTexts()).toContain('This statement is already paid'));
    expect(api.calls.some((call) => call.method === 'POST' && call.url.endsWith('/pay'))).toBe(true);
  });

  it('shows nothing to an owner who never used the commission model', async () => {
    mockApi((call) =>
      call.url === '/api/subscription/commission/statements'
        ? {
            body: anOverview({
              onCommission: false,
              open: [],
              openTotalCents: 0,
              statements: [],
              dueCents: 0,
            }),
          }
        : undefined,
    );
    renderWithProviders(
      <>
        <p>Billing</p>
        <CommissionStatements />
      </>,
    );
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading commission' })).toBeNull());
    expect(screen.queryByRole('region', { name: 'Commission' })).toBeNull();
  });
});
