import type { Kysely } from 'kysely';
import { bookingMoney, clientTotals } from '../../../domain/clients.ts';
import type { ClientBookings } from '../../../domain/schemas/clients.ts';
import type { Database, User } from '../../db/types.ts';
import { shortTime } from '../reservations/booked-period.ts';
import { lineSumsOfBookings, listBookingsOfClient, setClientNotes } from './client.repository.ts';
import { managedClient } from './client.service.ts';

/**
 * A client's page (issue 21 item 11, docs/decisions/050): for whoever manages the business's
 * clients (its owner, its staff with the tenants permission, an admin); another business's client
 * is a 404.
 */

export async function clientRecordFor(db: Kysely<Database>, user: User | null, id: string) {
  return (await managedClient(db, user, id)).client;
}

/** The business's private notes about the client: never part of anything the client sees. */
export async function saveClientNotesFor(db: Kysely<Database>, user: User | null, id: string, notes: string) {
  await managedClient(db, user, id);
  return setClientNotes(db, id, notes);
}

/**
 * The client's bookings with the business, each with its billed, received and balance due from the
 * ledger of its lines (the figures its Transactions tab and the reports show), and their sums.
 */
export async function clientBookingsFor(
  db: Kysely<Database>,
  user: User | null,
  id: string,
): Promise<ClientBookings> {
  const { client } = await managedClient(db, user, id);
  const rows = await listBookingsOfClient(db, client.owner_id, id);
  const sums = await lineSumsOfBookings(
    db,
    client.owner_id,
    rows.map((row) => row.id),
  );
  const linesOf = new Map<string, typeof sums>();
  for (const sum of sums) linesOf.set(sum.reservationId, [...(linesOf.get(sum.reservationId) ?? []), sum]);
  const bookings = rows.map((row) => {
    const money = bookingMoney({
      status: row.status,
      totalPriceCents: row.total_price_cents,
      lines: linesOf.get(row.id) ?? [],
    });
    return {
      money,
      dto: {
        id: row.id,
        reference: row.reference,
        status: row.status,
        start_date: row.start_date,
        end_date: row.end_date,
        start_time: shortTime(row.start_time),
        end_time: shortTime(row.end_time),
        property:
          row.property_id && row.property_title && row.property_type
            ? {
                id: row.property_id,
                title: row.property_title,
                type: row.property_type,
                archived: row.property_archived_at !== null,
              }
            : null,
        total_price_cents: row.total_price_cents,
        billed_cents: money.billedCents,
        received_cents: money.receivedCents,
        balance_due_cents: money.balanceDueCents,
        credit_cents: money.creditCents,
      },
    };
  });
  const totals = clientTotals(bookings.map((booking) => booking.money));
  return {
    bookings: bookings.map((booking) => booking.dto),
    totals: {
      billed_cents: totals.billedCents,
      received_cents: totals.receivedCents,
      balance_due_cents: totals.balanceDueCents,
    },
  };
}
