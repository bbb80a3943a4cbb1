import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { TransactionKind } from '../../domain/billing.ts';
import type { IsoDate } from '../../domain/dates.ts';
import {
  DEFAULT_CANCELLATION_POLICY,
  DEFAULT_PAYMENT_PLAN,
  type PaymentPlan,
  paymentTerms,
} from '../../domain/payment-plan.ts';
import type { ReservationStatus } from '../../domain/reservation.ts';
import type { Database } from '../db/types.ts';
import { insertProperty } from './booking-fixtures.ts';
import { insertLedgerLines } from './ledger-fixtures.ts';

export interface BookingWithTerms {
  start: IsoDate;
  end: IsoDate;
  confirmedOn: IsoDate;
  status?: ReservationStatus;
  total?: number;
  securityDeposit?: number;
  plan?: Partial<PaymentPlan>;
  /** Not-voided lines: a payment's money in `payment`, a charge's in `total`. */
  lines?: { kind: TransactionKind; total?: number; payment?: number }[];
  title?: string;
}

/**
 * A confirmed booking with stored payment terms (reservations.payment_terms, deposit_due_cents,
 * balance_due_on as paymentTerms() makes them), written straight to the tables for reminder and
 * overdue tests. Defaults: a 30 % deposit and the balance 14 days before the start.
 */
export async function insertBookingWithTerms(
  db: Kysely<Database>,
  ownerId: string,
  booking: BookingWithTerms,
): Promise<{ id: string; reference: string; email: string; balanceDueOn: IsoDate }> {
  const total = booking.total ?? 100_000;
  const plan: PaymentPlan = {
    ...DEFAULT_PAYMENT_PLAN,
    kind: 'deposit',
    depositType: 'percent',
    depositPercent: 30,
    balanceDaysBefore: 14,
    ...booking.plan,
  };
  const terms = paymentTerms(plan, DEFAULT_CANCELLATION_POLICY, {
    totalCents: total,
    startDate: booking.start,
    confirmedOn: booking.confirmedOn,
  });
  const property = await insertProperty(db, ownerId, booking.title ? { title: booking.title } : {});
  const email = `terms-${randomUUID().slice(0, 10)}@example.co.za`;
  const client = await db
    .insertInto('clients')
    .values({
      owner_id: ownerId,
      first_name: 'Thandi',
      last_name: `Reminder ${randomUUID().slice(0, 6)}`,
      email,
      phone: null,
      region: null,
      user_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('reservations')
    .values({
      property_id: property.id,
      owner_id: ownerId,
      client_id: client.id,
      start_date: booking.start,
      end_date: booking.end,
      status: booking.status ?? 'confirmed',
      total_price_cents: total,
      booked_price_cents: total,
      security_deposit_cents: booking.securityDeposit ?? 0,
      payment_terms: JSON.stringify(terms),
      deposit_due_cents: terms.depositDueCents,
      balance_due_on: terms.balanceDueOn,
    })
    .returning(['id', 'reference'])
    .executeTakeFirstOrThrow();
  await insertLedgerLines(db, { reservationId: row.id, ownerId: ownerId }, booking.lines ?? []);
  return { id: row.id, reference: row.reference, email, balanceDueOn: terms.balanceDueOn };
}
