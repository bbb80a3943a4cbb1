import type { Kysely } from 'kysely';
import { formatDisplayDate } from '../../../domain/dates.ts';
import { formatRandCents } from '../../../domain/money.ts';
import type { Database } from '../../db/types.ts';
import type { ReservationEvent } from '../reservations/reservation-mails.ts';
import {
  type NewInAppNotification,
  notifyUsers,
  reservationManagersOf,
} from './in-app-notifications.service.ts';

/** Where the business opens a reservation, and where a guest sees theirs. */
export const managedReservationLink = (reservationId: string) =>
  `/reservation-management?reservation=${reservationId}`;
export const GUEST_RESERVATIONS_LINK = '/my-reservations';

export interface BookingFacts {
  reservationId: string;
  reference: string;
  ownerId: string;
  propertyTitle: string;
  clientName: string;
  startDate: string;
  endDate: string;
  startTime: string | null;
  endTime: string | null;
  /** Who made the change: not told about their own action. */
  actorId: string | null;
  /** A client's cancellation of a confirmed booking (under the policy), not of a request. */
  confirmedBooking?: boolean;
}

function when(facts: BookingFacts): string {
  if (facts.startTime && facts.endTime)
    return `${formatDisplayDate(facts.startDate)}, ${facts.startTime} to ${facts.endTime}`;
  return `${formatDisplayDate(facts.startDate)} to ${formatDisplayDate(facts.endDate)}`;
}

/** The guest's account (the client record's linked user), if they have one. */
async function guestOf(trx: Kysely<Database>, reservationId: string): Promise<string | null> {
  const row = await trx
    .selectFrom('reservations as r')
    .innerJoin('clients as c', 'c.id', 'r.client_id')
    .select('c.user_id')
    .where('r.id', '=', reservationId)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

export const others = (ids: readonly (string | null)[], actorId: string | null) =>
  ids.filter((id): id is string => id !== null && id !== actorId);

/** Who hears of a reservation event on their bell and what they read: the business, the guest, or both. */
export interface BookingNoticeTexts {
  business?: NewInAppNotification;
  guest?: NewInAppNotification;
}

/**
 * The bell's side of a reservation event (docs/decisions/042), beside its emails: a request goes to
 * the owner and their staff who manage reservations (and to the guest when the business booked for
 * them); a confirmation or cancellation to the guest; a guest's own cancellation to the business.
 */
export function bookingNoticeTexts(event: ReservationEvent, facts: BookingFacts): BookingNoticeTexts {
  const detail = `${facts.propertyTitle}, ${when(facts)} (${facts.reference})`;
  const managed = managedReservationLink(facts.reservationId);
  switch (event) {
    case 'created':
      return {
        business: {
          kind: 'booking_request',
          title: `New booking request from ${facts.clientName}`,
          body: detail,
          link: managed,
        },
        guest: {
          kind: 'booking_request',
          title: 'A booking was made for you',
          body: `${detail}. It is pending until the owner confirms it.`,
          link: GUEST_RESERVATIONS_LINK,
        },
      };
    case 'confirmed':
      return {
        guest: {
          kind: 'booking_confirmed',
          title: 'Your booking is confirmed',
          body: detail,
          link: GUEST_RESERVATIONS_LINK,
        },
      };
    case 'cancelled':
      return {
        guest: {
          kind: 'booking_cancelled',
          title: 'Your booking was cancelled',
          body: detail,
          link: GUEST_RESERVATIONS_LINK,
        },
      };
    case 'withdrawn':
      return {
        business: {
          kind: 'booking_withdrawn',
          title: facts.confirmedBooking
            ? `${facts.clientName} cancelled their booking`
            : `${facts.clientName} cancelled their booking request`,
          body: `${detail}. The dates are free again.`,
          link: managed,
        },
      };
  }
}

/** Writes a reservation event's notices (bookingNoticeTexts) to the bells, in the caller's transaction. */
export async function bookingNotices(
  trx: Kysely<Database>,
  event: ReservationEvent,
  facts: BookingFacts,
): Promise<void> {
  const texts = bookingNoticeTexts(event, facts);
  if (texts.business) {
    const ids = await reservationManagersOf(trx, facts.ownerId);
    await notifyUsers(trx, others(ids, facts.actorId), texts.business);
  }
  if (texts.guest)
    await notifyUsers(trx, others([await guestOf(trx, facts.reservationId)], facts.actorId), texts.guest);
}

/**
 * A payment line recorded on a reservation: the guest is told it was received, and the owner when
 * someone else (their staff, an admin) recorded it. The one who recorded it is not told.
 */
export async function paymentNotices(
  trx: Kysely<Database>,
  payment: {
    reservationId: string;
    reference: string;
    ownerId: string;
    propertyTitle: string;
    amountCents: number;
    /** Who recorded it (not told of their own act); null for an online payment's notification. */
    actorId: string | null;
  },
): Promise<void> {
  const amount = formatRandCents(payment.amountCents);
  const detail = `${payment.propertyTitle} (${payment.reference})`;
  await notifyUsers(trx, others([await guestOf(trx, payment.reservationId)], payment.actorId), {
    kind: 'payment_recorded',
    title: `Payment of ${amount} received`,
    body: `Your payment for ${detail} was recorded.`,
    link: GUEST_RESERVATIONS_LINK,
  });
  await notifyUsers(trx, others([payment.ownerId], payment.actorId), {
    kind: 'payment_recorded',
    title: `Payment of ${amount} recorded`,
    body: `A payment was recorded on ${detail}.`,
    link: managedReservationLink(payment.reservationId),
  });
}

/**
 * The business's notice of a balance gone overdue (docs/decisions/071), written by the reminder job
 * with the client's overdue email (or without it, when the client switched booking emails off).
 */
export function overdueBalanceNotice(facts: {
  reservationId: string;
  reference: string;
  propertyTitle: string;
  clientName: string;
  amountCents: number;
  dueOn: string;
  clientEmailed: boolean;
}): NewInAppNotification {
  const reminder = facts.clientEmailed
    ? 'They were emailed a reminder with a payment link.'
    : 'They switched booking emails off, so no reminder was emailed.';
  return {
    kind: 'balance_overdue',
    title: `Balance overdue for ${facts.reference}`,
    body: `${facts.clientName} owes ${formatRandCents(facts.amountCents)} for ${facts.propertyTitle}, due ${formatDisplayDate(facts.dueOn)}. ${reminder}`,
    link: managedReservationLink(facts.reservationId),
  };
}
