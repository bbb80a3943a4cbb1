import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatRandCents } from '../../../../domain/money.ts';
import type { BookingPaymentView, PaymentDue } from '../../../../domain/schemas/online-payments.ts';
import { PAYMENT_STORAGE_KEYS } from '../../../../domain/subscription-screen.ts';
import { currentUrl, mockApi, renderWithProviders, toastTexts } from '../../../test/render.tsx';
import { aDue, aReservation } from '../../../test/wire-fixtures.ts';
import { PAYMENT_RETURN_MESSAGES } from '../payment-return.ts';
import { BookingPaymentPanel } from './booking-payment-panel.tsx';

const STAY = aReservation({ status: 'confirmed', start_date: '2099-12-20', end_date: '2099-12-23' });
const DUE_URL = `/api/reservations/${STAY.id}/payment-due`;
const PAY_URL = `/api/reservations/${STAY.id}/pay`;

const aPaymentDue = (overrides: Partial<PaymentDue> = {}) =>
  aDue({ reservationId: STAY.id, reference: STAY.reference, ...overrides });

const aPayment = (status: BookingPaymentView['status']): BookingPaymentView => ({
  id: 'bp-1',
  reference: 'BP-REF-1',
  amountCents: 30_000,
  status,
  createdAt: '2099-11-01T08:00:00.000Z',
  completedAt: status === 'complete' ? '2099-11-01T08:01:00.000Z' : null,
  receiptNumber: null,
});

function renderPanel(dues: PaymentDue[], path = '/my-reservations', reservation = STAY) {
  let reads = 0;
  const api = mockApi((call) => {
    if (call.method === 'GET' && call.url === DUE_URL) {
      const due = dues[Math.min(reads, dues.length - 1)];
      reads += 1;
      return { body: due };
    }
    if (call.method === 'POST' && call.url === PAY_URL)
      return {
        body: {
          reference: 'BP-REF-1',
          gateway: 'payfast',
          redirectUrl: '',
          postUrl: 'https://sandbox.payfast.co.za/eng/process',
          formFields: [
            ['merchant_id', '10000100'],
            ['amount', '300.00'],
            ['signature', 'abc'],
          ],
        },
      };
    return undefined;
  });
  const rendered = renderWithProviders(<BookingPaymentPanel reservation={reservation} />, {
    path,
    route: '/my-reservations',
  });
  return { ...rendered, ...api, reads: () => reads };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('BookingPaymentPanel', () => {
  it('shows what is due now, the next amount and its date, and posts the PayFast form on Pay', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const { calls } = renderPanel([aPaymentDue()]);
    const pay = await screen.findByRole('button', { name: `Pay ${formatRandCents(30_000)}` });
    // The screen's text with its spaces as Testing Library normalises them (the rand has no-break spaces).
    expect(
      screen.getByText(`${formatRandCents(70_000)} due by 6 December 2099`.replace(/\s+/g, ' ')),
    ).toBeTruthy();
    await userEvent.click(pay);
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(calls.filter((call) => call.url === PAY_URL)).toEqual([
      { method: 'POST', url: PAY_URL, body: { purpose: 'due_now' } },
    ]);
    const form = submit.mock.contexts[0] as HTMLFormElement;
    expect(form.action).toBe('https://sandbox.payfast.co.za/eng/process');
    expect(form.method).toBe('post');
    expect(Array.from(form.querySelectorAll('input')).map((input) => [input.name, input.value])).toEqual([
      ['merchant_id', '10000100'],
      ['amount', '300.00'],
      ['signature', 'abc'],
    ]);
    expect(window.localStorage.getItem(PAYMENT_STORAGE_KEYS.bookingPayment)).toBe('BP-REF-1');
  });

  it('nothing due yet but a balance: offers to pay the balance early', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const { calls } = renderPanel([
      aPaymentDue({
        nowCents: 0,
        paymentNowCents: 0,
        next: { dueOn: '2099-12-06', cents: 70_000, securityDepositCents: 0 },
        balanceCents: 70_000,
        payOffCents: 70_000,
      }),
    ]);
    await userEvent.click(
      await screen.findByRole('button', { name: `Pay balance early (${formatRandCents(70_000)})` }),
    );
    await waitFor(() => expect(submit).toHaveBeenCalled());
    expect(calls.find((call) => call.url === PAY_URL)?.body).toEqual({ purpose: 'balance' });
  });

  it('a security deposit taken with the balance: the date’s amount says what it holds, and paying early names what the checkout charges', async () => {
    renderPanel([
      aPaymentDue({
        nowCents: 0,
        paymentNowCents: 0,
        next: { dueOn: '2099-12-06', cents: 95_000, securityDepositCents: 25_000 },
        balanceCents: 70_000,
        payOffCents: 95_000,
      }),
    ]);
    const spaced = (text: string) => text.replace(/\s+/g, ' ');
    expect(
      await screen.findByText(
        spaced(
          `${formatRandCents(95_000)} due by 6 December 2099 (${formatRandCents(70_000)} balance + ${formatRandCents(25_000)} refundable security deposit)`,
        ),
      ),
    ).toBeTruthy();
    expect(
      await screen.findByRole('button', { name: `Pay balance early (${formatRandCents(95_000)})` }),
    ).toBeTruthy();
  });

  it('not payable online: says why, and offers no Pay button', async () => {
    const reason = 'The owner takes payment by EFT: pay using the banking details on your invoice.';
    renderPanel([aPaymentDue({ payable: false, notPayableReason: reason })]);
    expect(await screen.findByText(reason)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  });

  it('overdue: a badge', async () => {
    renderPanel([aPaymentDue({ overdue: true, next: null, nowCents: 70_000, balanceCents: 70_000 })]);
    expect(await screen.findByText('Overdue')).toBeTruthy();
  });

  it('back from PayFast: polls until the payment is complete, then "Payment received" and a clean address', async () => {
    const { router, reads } = renderPanel(
      [
        aPaymentDue({ payments: [aPayment('pending')] }),
        aPaymentDue({ payments: [aPayment('pending')] }),
        aPaymentDue({
          nowCents: 0,
          balanceCents: 70_000,
          payOffCents: 70_000,
          payments: [aPayment('complete')],
        }),
      ],
      '/my-reservations?payment=BP-REF-1',
    );
    expect(await screen.findByText(PAYMENT_RETURN_MESSAGES.waiting)).toBeTruthy();
    await waitFor(() => expect(toastTexts()).toContain(PAYMENT_RETURN_MESSAGES.received), { timeout: 8000 });
    expect(reads()).toBeGreaterThanOrEqual(3);
    expect(currentUrl(router)).toBe('/my-reservations');
  }, 15_000);

  it('back from PayFast with a failed payment: "Payment failed"', async () => {
    renderPanel([aPaymentDue({ payments: [aPayment('failed')] })], '/my-reservations?payment=BP-REF-1');
    await waitFor(() => expect(toastTexts()).toContain(PAYMENT_RETURN_MESSAGES.failed));
  });

  it('a pending request or a past stay asks for nothing', async () => {
    const { calls } = renderPanel([aPaymentDue()], '/my-reservations', aReservation({ status: 'pending' }));
    expect(screen.queryByRole('region')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('the panel is labelled by the booking reference', async () => {
    renderPanel([aPaymentDue()]);
    const region = await screen.findByRole('region', { name: `Payment for ${STAY.reference}` });
    expect(within(region).getByText('Payment')).toBeTruthy();
  });
});
