import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../../../domain/access.ts';
import { BILLING_LINE_MESSAGES } from '../../../../domain/billing-lines.ts';
import { formatRandCents } from '../../../../domain/money.ts';
import { defaultPermissions } from '../../../../domain/permissions.ts';
import type { BillingLine, Ledger } from '../../../../domain/schemas/billing-lines.ts';
import {
  type ApiCall,
  buttonNamed,
  isDisabled,
  mockApi,
  renderWithProviders,
  toastTexts,
} from '../../../test/render.tsx';
import { aBusinessDetails, aReservation } from '../../../test/wire-fixtures.ts';
import { TransactionsTab } from './transactions-tab.tsx';

const OWNER: Actor = {
  id: '3f2a9c1e-77aa-4bcd-9e0f-1234567890ab',
  role: 'owner',
  parent_owner_id: null,
  permissions: defaultPermissions('owner'),
};
const reservation = aReservation({ owner_id: OWNER.id, tax_percent: 15, security_deposit_cents: 200_000 });

const line = (overrides: Partial<BillingLine>): BillingLine => ({
  id: crypto.randomUUID(),
  reservation_id: reservation.id,
  kind: 'ad_hoc',
  description: 'Firewood',
  quantity: 1,
  unit: null,
  unit_price_cents: 10_000,
  tax_percent: 15,
  discount_percent: 0,
  sub_total_cents: 10_000,
  tax_cents: 1_500,
  total_cents: 11_500,
  payment_amount_cents: null,
  payment_method: null,
  payout_method: null,
  transaction_ref: null,
  stock_item_id: null,
  extra_charge_type_id: null,
  note: null,
  created_at: '2026-11-20T10:15:00.000Z',
  ...overrides,
});

const ledgerOf = (lines: BillingLine[], figures: Partial<Ledger> = {}): Ledger => ({
  reservation_id: reservation.id,
  lines,
  charges_cents: 0,
  payments_cents: 0,
  balance_due_cents: 0,
  credit_cents: 0,
  deposit_held_cents: 0,
  total_price_cents: reservation.total_price_cents,
  ...figures,
});

function renderTab(options: { ledger: Ledger; vatRegistered?: boolean; onPost?: (call: ApiCall) => Ledger }) {
  const api = mockApi((call) => {
    if (call.url.endsWith('/transactions') && call.method === 'GET') return { body: options.ledger };
    if (call.url.endsWith('/transactions') && call.method === 'POST')
      return { status: 201, body: options.onPost?.(call) ?? options.ledger };
    if (call.url.startsWith('/api/business/details'))
      return {
        body: aBusinessDetails({ owner_id: OWNER.id, vat_registered: options.vatRegistered ?? true }),
      };
    if (call.url.startsWith('/api/billing/')) return { body: [] };
    return undefined;
  });
  const user = userEvent.setup();
  return { ...renderWithProviders(<TransactionsTab reservation={reservation} user={OWNER} />), api, user };
}

describe('the Transactions tab', () => {
  it('shows charges, payments, the balance due and the deposit held, and each line', async () => {
    renderTab({
      ledger: ledgerOf(
        [
          line({ description: 'Sea Point Loft: 3 nights', kind: 'rental', total_cents: 345_000 }),
          line({
            kind: 'payment',
            description: 'Payment',
            payment_method: 'manual',
            payment_amount_cents: 100_000,
            total_cents: 0,
            transaction_ref: 'EFT-1',
          }),
        ],
        {
          charges_cents: 345_000,
          payments_cents: 100_000,
          balance_due_cents: 245_000,
          deposit_held_cents: 200_000,
        },
      ),
    });
    const totals = await screen.findByRole('region', { name: 'Totals' });
    expect((await within(totals).findByText('Balance due')).nextSibling?.textContent).toBe(
      formatRandCents(245_000),
    );
    expect(within(totals).getByText('Deposit held').nextSibling?.textContent).toBe(formatRandCents(200_000));
    expect(await screen.findByText('Payment · EFT-1')).toBeTruthy();
    expect(screen.getByText('Payment (Manual)')).toBeTruthy();
    // The rental is charged: the action is off until its lines are deleted.
    expect(isDisabled(buttonNamed('Add rental charge'))).toBe(true);
  });

  it('says what is wrong before sending, then sends only what the form chose (no amounts of its own)', async () => {
    const { user, api } = renderTab({
      ledger: ledgerOf([]),
      onPost: () => ledgerOf([line({})], { charges_cents: 11_500, balance_due_cents: 11_500 }),
    });
    await screen.findByText('No transactions yet');
    // Unbilled: the booking's total is what is due (decision 029), never R 0.00.
    expect(
      screen.getByText(
        `Nothing is billed yet: the booking’s total, ${formatRandCents(reservation.total_price_cents).replace(/\s/g, ' ')}, is due. Add the rental charge to bill it line by line.`,
      ),
    ).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Ad hoc charge' });
    await user.type(within(form).getByRole('textbox', { name: 'Description' }), 'Firewood');
    const quantity = within(form).getByRole('textbox', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '0');
    expect(within(form).getByRole('alert').textContent).toBe(BILLING_LINE_MESSAGES.quantityPositive);
    expect(isDisabled(within(form).getByRole('button', { name: 'Add' }))).toBe(true);

    await user.clear(quantity);
    await user.type(quantity, '2');
    const price = within(form).getByRole('textbox', { name: 'Unit price' });
    await user.clear(price);
    await user.type(price, '50');
    // Prices include VAT (decision 029): R 100.00 holds 100 × 15 / 115 = R 13.04.
    expect(within(form).getByText('Line total R 100.00 (R 13.04 VAT included)')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(toastTexts()).toContain('Transaction added'));
    const posted = api.calls.find((call) => call.method === 'POST');
    expect(posted?.body).toEqual({
      kind: 'ad_hoc',
      description: 'Firewood',
      quantity: 2,
      unit_price_cents: 5_000,
      tax_percent: 15,
    });
  });

  it('warns a business that is not registered for VAT when a line carries a tax %', async () => {
    renderTab({ ledger: ledgerOf([line({ description: 'Firewood' })]), vatRegistered: false });
    expect(await screen.findByText('Not registered for VAT')).toBeTruthy();
    expect(screen.getByText(/Firewood\.$/)).toBeTruthy();
  });

  it('Record refund: refuses a deposit refund above the deposit held before sending it', async () => {
    const { user } = renderTab({ ledger: ledgerOf([], { deposit_held_cents: 50_000 }) });
    await screen.findByText('No transactions yet');
    await user.click(screen.getByRole('tab', { name: 'Record refund' }));
    const form = screen.getByRole('form', { name: 'Record refund' });
    // Nothing overpaid: it starts on the deposit, prefilled with what is held.
    expect(within(form).getByRole('radio', { name: 'Security deposit refund' })).toHaveProperty(
      'checked',
      true,
    );
    const amount = within(form).getByRole('textbox', { name: 'Amount' });
    expect((amount as HTMLInputElement).value).toBe('500.00');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Paid out by' }), 'eft');
    await user.clear(amount);
    await user.type(amount, '600');
    expect(within(form).getByRole('alert').textContent).toBe(BILLING_LINE_MESSAGES.refundTooLarge(50_000));
  });

  it('Record refund: prefills the overpayment, requires how it was paid out, refuses more, and sends the refund', async () => {
    const { user, api } = renderTab({
      ledger: ledgerOf([], { credit_cents: 30_000, payments_cents: 130_000 }),
      onPost: () =>
        ledgerOf(
          [
            line({
              kind: 'refund',
              description: 'Refund',
              payment_amount_cents: 30_000,
              total_cents: 0,
              payout_method: 'payfast',
              transaction_ref: 'PF-9',
            }),
          ],
          { payments_cents: 100_000 },
        ),
    });
    await screen.findByText('No transactions yet');
    await user.click(screen.getByRole('tab', { name: 'Record refund' }));
    const form = screen.getByRole('form', { name: 'Record refund' });
    expect(within(form).getByText(/PayFast has no refund API for every payment method/)).toBeTruthy();
    expect(within(form).getByRole('radio', { name: 'Refund of overpayment' })).toHaveProperty(
      'checked',
      true,
    );
    expect((within(form).getByRole('textbox', { name: 'Amount' }) as HTMLInputElement).value).toBe('300.00');
    expect(within(form).getByRole('alert').textContent).toBe(BILLING_LINE_MESSAGES.payoutRequired);
    expect(isDisabled(within(form).getByRole('button', { name: 'Add' }))).toBe(true);

    await user.selectOptions(within(form).getByRole('combobox', { name: 'Paid out by' }), 'payfast');
    const amount = within(form).getByRole('textbox', { name: 'Amount' });
    await user.clear(amount);
    await user.type(amount, '300.01');
    expect(within(form).getByRole('alert').textContent).toBe(BILLING_LINE_MESSAGES.overRefund(30_000));
    await user.clear(amount);
    await user.type(amount, '300');
    await user.type(within(form).getByRole('textbox', { name: 'Reference' }), 'PF-9');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(toastTexts()).toContain('Transaction added'));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      kind: 'refund',
      amount_cents: 30_000,
      payout_method: 'payfast',
      transaction_ref: 'PF-9',
      note: '',
    });
    // The table shows the payout method, and the refund as money back.
    expect(await screen.findByText('Refund (PayFast (refunded in the PayFast dashboard))')).toBeTruthy();
    const same = (text: string) => text.replace(/\s/g, ' ');
    expect(screen.getByText((text) => same(text) === same(formatRandCents(-30_000)))).toBeTruthy();
  });
});
