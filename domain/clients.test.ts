import { describe, expect, it } from 'vitest';
import type { LedgerLine } from './billing.ts';
import {
  bookingMoney,
  canAddClient,
  clientTotals,
  matchesClientSearch,
  removeClientQuestion,
} from './clients.ts';

const thabo = { first_name: 'Thabo', last_name: 'Mokoena', email: 'thabo.m@example.co.za' };

describe('client search (spec §5): case-insensitive over first name, last name and email', () => {
  it.each([
    ['', true],
    ['   ', true],
    ['thabo', true],
    ['MOKOENA', true],
    ['Thabo Mok', true],
    ['example.co', true],
    ['  thabo  ', true],
    ['lerato', false],
    ['thabo.x', false],
  ])('“%s” → %s', (term, expected) => {
    expect(matchesClientSearch(thabo, term)).toBe(expected);
  });
});

describe('Add New Client is enabled only with a first name, a last name and a valid email', () => {
  it.each([
    [{ first_name: 'Thabo', last_name: 'Mokoena', email: 'thabo@example.co.za' }, true],
    [{ first_name: ' ', last_name: 'Mokoena', email: 'thabo@example.co.za' }, false],
    [{ first_name: 'Thabo', last_name: '', email: 'thabo@example.co.za' }, false],
    [{ first_name: 'Thabo', last_name: 'Mokoena', email: 'thabo@example' }, false],
    [{ first_name: 'Thabo', last_name: 'Mokoena', email: 'thabo example.co.za' }, false],
  ])('%j → %s', (draft, expected) => {
    expect(canAddClient(draft)).toBe(expected);
  });
});

it('asks before removing, naming the client', () => {
  expect(removeClientQuestion(thabo)).toBe('Are you sure you want to remove Thabo Mokoena?');
});

describe('a client’s booking: billed, received and balance due (ledgerSummary, decisions 029 and 039)', () => {
  const line = (kind: LedgerLine['kind'], totalCents: number, paymentAmountCents: number | null = null) => ({
    kind,
    totalCents,
    paymentAmountCents,
  });
  it.each([
    ['unbilled, unpaid: the total is billed and due', 'pending', [], [200_000, 0, 200_000, 0]],
    ['unbilled, part paid', 'confirmed', [line('payment', 0, 50_000)], [200_000, 50_000, 150_000, 0]],
    [
      'billed: the charge lines, not the stored total',
      'confirmed',
      [line('rental', 300_000), line('ad_hoc', 45_050), line('payment', 0, 120_025)],
      [345_050, 120_025, 225_025, 0],
    ],
    [
      'a deposit held is neither billed nor received',
      'confirmed',
      [line('rental', 200_000), line('deposit_received', 0, 100_000)],
      [200_000, 0, 200_000, 0],
    ],
    [
      'a kept deposit is billed and received',
      'completed',
      [line('rental', 200_000), line('payment', 0, 200_000), line('deposit_kept', 30_000)],
      [230_000, 230_000, 0, 0],
    ],
    ['cancelled and unbilled: owes nothing', 'cancelled', [], [0, 0, 0, 0]],
    [
      'cancelled with a fee billed: owes the fee',
      'cancelled',
      [line('ad_hoc', 50_000)],
      [50_000, 0, 50_000, 0],
    ],
    [
      'cancelled after a payment: a credit',
      'cancelled',
      [line('payment', 0, 40_000)],
      [0, 40_000, 0, 40_000],
    ],
  ] as const)('%s', (_name, status, lines, [billed, received, due, credit]) => {
    expect(bookingMoney({ status, totalPriceCents: 200_000, lines })).toEqual({
      billedCents: billed,
      receivedCents: received,
      balanceDueCents: due,
      creditCents: credit,
    });
  });

  it('the client’s totals are the sums of their bookings', () => {
    expect(
      clientTotals([
        { billedCents: 345_050, receivedCents: 120_025, balanceDueCents: 225_025 },
        { billedCents: 200_000, receivedCents: 0, balanceDueCents: 200_000 },
      ]),
    ).toEqual({ billedCents: 545_050, receivedCents: 120_025, balanceDueCents: 425_025 });
    expect(clientTotals([])).toEqual({ billedCents: 0, receivedCents: 0, balanceDueCents: 0 });
  });
});
