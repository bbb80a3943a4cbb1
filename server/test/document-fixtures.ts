import { faker } from '@faker-js/faker';
import { lineAmounts, type TransactionKind } from '../../domain/billing.ts';
import type { Reservation } from '../../domain/schemas/reservation.ts';
import { bookingBody, insertProperty, newClientInput, signInOwner } from './booking-fixtures.ts';
import type { TestApp } from './harness.ts';

/** Factories for document tests: owners with business details, bookings in a status, billing lines. */

export const VAT_NUMBER = '4123456789';

export function businessDetailsBody(overrides: Record<string, unknown> = {}) {
  return {
    trading_name: `Karoo Stays ${faker.string.alphanumeric(4)}`,
    address: '12 Long Street\nCape Town\n8001',
    phone: '021 555 0101',
    email: `accounts.${faker.string.alphanumeric(8).toLowerCase()}@karoo.example.co.za`,
    vat_registered: true,
    vat_number: VAT_NUMBER,
    bank_name: 'First National Bank',
    bank_account_holder: 'Karoo Stays (Pty) Ltd',
    bank_account_number: '62123456789',
    bank_branch_code: '250655',
    bank_account_type: 'Cheque',
    payment_terms: 'Payment due within 7 days of the invoice date.',
    ...overrides,
  };
}

/** A signed-in owner on the Business plan whose business details are saved (VAT-registered unless told). */
export async function ownerWithDetails(t: TestApp, details: Record<string, unknown> = {}) {
  const owner = await signInOwner(t);
  const body = businessDetailsBody(details);
  const response = await t.request('PUT', '/api/business/details', { body, cookie: owner.cookie });
  if (response.statusCode !== 200)
    throw new Error(`business details: ${response.statusCode} ${response.body}`);
  return { ...owner, details: body };
}

/** A booking of a new client of the owner's, moved to a status (pending unless told). */
export async function booking(
  t: TestApp,
  owner: { user: { id: string }; cookie: string },
  options: {
    status?: Reservation['status'];
    title?: string;
    pricePerNight?: number;
    clientUserId?: string;
  } = {},
): Promise<Reservation> {
  const property = await insertProperty(t.db, owner.user.id, {
    title: options.title ?? `Sea Point Loft ${faker.string.alphanumeric(5)}`,
    price_per_day_cents: options.pricePerNight ?? 125_000,
    cleaning_fee_cents: 0,
  });
  const offset = faker.number.int({ min: 5, max: 300 });
  const created = await t.post(
    '/api/reservations',
    bookingBody(property.id, offset, 3, { new_client: newClientInput() }),
    { cookie: owner.cookie },
  );
  if (created.statusCode !== 201) throw new Error(`booking: ${created.statusCode} ${created.body}`);
  let reservation = created.json<Reservation>();
  if (options.clientUserId) {
    await t.db
      .updateTable('clients')
      .set({ user_id: options.clientUserId })
      .where('id', '=', reservation.client_id)
      .execute();
  }
  if (options.status && options.status !== 'pending') {
    const changed = await t.patch(
      `/api/reservations/${reservation.id}`,
      { status: options.status },
      { cookie: owner.cookie },
    );
    if (changed.statusCode !== 200) throw new Error(`status: ${changed.statusCode} ${changed.body}`);
    reservation = changed.json<Reservation>();
  }
  return reservation;
}

/** A billing line written straight to the table (the transactions API is another module's), amounts computed. */
export async function addLine(
  t: TestApp,
  reservation: Pick<Reservation, 'id' | 'owner_id'>,
  line: {
    kind?: TransactionKind;
    description: string;
    quantity?: number;
    unitPriceCents: number;
    taxPercent?: number;
    discountPercent?: number;
  },
) {
  const kind = line.kind ?? 'ad_hoc';
  const payment = kind === 'payment' || kind === 'deposit_received' || kind === 'deposit_refunded';
  const amounts = payment
    ? { subTotalCents: 0, taxCents: 0, totalCents: 0 }
    : lineAmounts({
        quantity: line.quantity ?? 1,
        unitPriceCents: line.unitPriceCents,
        taxPercent: line.taxPercent ?? 0,
        discountPercent: line.discountPercent ?? 0,
      });
  return t.db
    .insertInto('reservation_transactions')
    .values({
      reservation_id: reservation.id,
      owner_id: reservation.owner_id,
      kind,
      description: line.description,
      quantity: line.quantity ?? 1,
      unit_price_cents: payment ? 0 : line.unitPriceCents,
      tax_percent: line.taxPercent ?? 0,
      discount_percent: line.discountPercent ?? 0,
      sub_total_cents: amounts.subTotalCents,
      tax_cents: amounts.taxCents,
      total_cents: amounts.totalCents,
      payment_amount_cents: payment ? line.unitPriceCents : null,
      payment_method: kind === 'payment' ? 'manual' : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}
