import { isCharge, type LedgerLine, ledgerSummary, unbilledTotalOf } from './billing.ts';
import type { Cents } from './money.ts';
import type { ReservationStatus } from './reservation.ts';

/** An owner's clients (spec subscriptions-staff-billing §2 My Clients, §4, §5, §8). */

export const CLIENT_TOASTS = {
  created: 'Client created successfully',
  activated: 'Client activated successfully',
  deactivated: 'Client deactivated successfully',
  removed: 'Client removed successfully',
} as const;

export const CLIENT_FAILURES = {
  load: 'Failed to load clients',
  create: 'Failed to create client',
  status: 'Failed to update client status',
  remove: 'Failed to remove client',
} as const;

export const CLIENT_RULE_MESSAGES = {
  duplicate: 'This email is already one of your clients',
  inactive: 'This client is inactive: activate them in My Clients to book for them',
  notFound: 'Client not found',
} as const;

/** What an unregistered client's card says (spec §2). */
export const UNREGISTERED_NOTICE =
  "A client account has been created. Once they register with this email, they'll have full access.";

/** The remove confirm (spec §5). */
export const removeClientQuestion = (client: { first_name: string; last_name: string }) =>
  `Are you sure you want to remove ${client.first_name} ${client.last_name}?`;

/** Case-insensitive search over first name, last name and email; a blank term matches everyone. */
export function matchesClientSearch(
  client: { first_name: string; last_name: string; email: string },
  term: string,
): boolean {
  const needle = term.trim().toLowerCase();
  if (!needle) return true;
  return [client.first_name, client.last_name, client.email, `${client.first_name} ${client.last_name}`].some(
    (field) => field.toLowerCase().includes(needle),
  );
}

/** Add New Client: first name, last name and a valid email, or the button stays disabled (spec §5). */
export function canAddClient(draft: { first_name: string; last_name: string; email: string }): boolean {
  return (
    draft.first_name.trim().length > 0 &&
    draft.last_name.trim().length > 0 &&
    /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(draft.email.trim())
  );
}

/** The longest private note a business keeps about a client (the column's check, migration 037). */
export const CLIENT_NOTES_MAX = 4000;

/** A client's page (issue 21 item 11, docs/decisions/050). */
export const CLIENT_RECORD_MESSAGES = {
  nothingToChange: 'Nothing to change: send the details to update',
  registeredEmail:
    'This client has registered with this email: it is their sign-in email, and only they can change it',
  updated: 'Client updated successfully',
  updateFailed: 'Failed to update client',
  notesSaved: 'Notes saved',
  notesFailed: 'Failed to save notes',
  loadFailed: 'Failed to load client',
  bookingsFailed: 'Failed to load the client’s bookings',
} as const;

/** What a booking's lines add up to, by kind (domain/billing LedgerLine). */
interface BookingMoneyInput {
  status: ReservationStatus;
  totalPriceCents: Cents;
  lines: readonly LedgerLine[];
}

/**
 * A booking's billed, received and balance due, from `ledgerSummary` as the Transactions tab and
 * the reports read it: until a charge line exists the booking's total is what is billed and owed
 * (decision 029); a cancelled booking owes only what was billed on it, never its unbilled total
 * (as the reports' outstanding list counts it, decision 039).
 */
export function bookingMoney(booking: BookingMoneyInput) {
  const billed = booking.lines.some((line) => isCharge(line.kind));
  const unbilledCents = unbilledTotalOf(booking);
  const summary = ledgerSummary(booking.lines, unbilledCents);
  return {
    billedCents: billed ? summary.chargesCents : unbilledCents,
    receivedCents: summary.paymentsCents,
    balanceDueCents: summary.balanceDueCents,
    creditCents: summary.creditCents,
  };
}

/** The sums of a client's bookings: billed, received and balance due. */
export function clientTotals(
  bookings: readonly { billedCents: Cents; receivedCents: Cents; balanceDueCents: Cents }[],
) {
  const sum = (pick: (booking: (typeof bookings)[number]) => Cents) =>
    bookings.reduce((total, booking) => total + pick(booking), 0);
  return {
    billedCents: sum((booking) => booking.billedCents),
    receivedCents: sum((booking) => booking.receivedCents),
    balanceDueCents: sum((booking) => booking.balanceDueCents),
  };
}
