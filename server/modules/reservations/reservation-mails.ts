import { formatDisplayDate } from '../../../domain/dates.ts';
import { formatRandCents } from '../../../domain/money.ts';
import { describeDuration, type PriceUnit } from '../../../domain/rental-unit.ts';
import { statusLabel } from '../../../domain/reservation.ts';
import { type MailBrand, renderActionMail } from '../../platform/mail/templates.ts';
import type { OutgoingMail } from '../../platform/mail/transports.ts';
import type { ConfirmationPayment } from '../online-payments/confirmation-payment.ts';

export interface ReservationMailFacts {
  /** The short reference (RZ-…), never the id. */
  reference: string;
  propertyTitle: string;
  startDate: string;
  endDate: string;
  /** Hourly bookings: the times on startDate. */
  startTime?: string | null;
  endTime?: string | null;
  priceUnit: PriceUnit;
  totalCents: number;
  status: string;
  client: { name: string; email: string };
  owner: { name: string; email: string };
  publicUrl: string;
  /** The business's logo and plan branding on the client's email (docs/decisions/038). */
  brand?: MailBrand;
  /** The confirmation's way to pay: a "Pay now" button, or the words to pay by EFT (decision 061). */
  payment?: ConfirmationPayment;
  /** A client's cancellation: the fee kept and what the owner refunds (docs/decisions/063). */
  cancellation?: { feeCents: number; paidCents: number; refundDueCents: number };
}

/** The fee and the refund a client's cancellation leaves, in both emails. */
function cancellationLines(facts: ReservationMailFacts): string[] {
  const c = facts.cancellation;
  if (!c) return [];
  return [
    c.feeCents > 0
      ? `Cancellation fee: ${formatRandCents(c.feeCents)}`
      : 'Cancellation fee: none (cancelled free of charge)',
    ...(c.paidCents > 0
      ? [
          `Paid so far: ${formatRandCents(c.paidCents)}. ${
            c.refundDueCents > 0
              ? `The owner will refund ${formatRandCents(c.refundDueCents)}.`
              : 'Nothing is refunded.'
          }`,
        ]
      : []),
  ];
}

/** `withdrawn`: the client cancelled their own booking (POST /api/reservations/:id/cancel). */
export type ReservationEvent = 'created' | 'confirmed' | 'cancelled' | 'withdrawn';

const SUBJECTS: Record<ReservationEvent, { client: string; owner: string }> = {
  created: { client: 'Your booking request for {title}', owner: 'New booking request for {title}' },
  confirmed: { client: 'Your booking at {title} is confirmed', owner: 'Booking confirmed: {title}' },
  cancelled: { client: 'Your booking at {title} was cancelled', owner: 'Booking cancelled: {title}' },
  withdrawn: {
    client: 'You cancelled your booking request for {title}',
    owner: 'Booking request cancelled by the client: {title}',
  },
};

/** A confirmed booking the client cancelled under the policy (facts.cancellation is set): not a "request". */
const CONFIRMED_WITHDRAWN = {
  subjects: {
    client: 'You cancelled your booking at {title}',
    owner: 'Booking cancelled by the client: {title}',
  },
  openers: {
    client: 'Your booking has been cancelled as you asked. Its dates are free for others again.',
    owner: 'The client cancelled this confirmed booking. Its dates are free again.',
  },
};

const OPENERS: Record<ReservationEvent, { client: string; owner: string }> = {
  created: {
    client: 'We have sent your booking request to the owner. It is pending until they confirm it.',
    owner: 'You have a new booking request. Please confirm or decline it.',
  },
  confirmed: { client: 'Good news: your booking is confirmed.', owner: 'This booking is now confirmed.' },
  cancelled: {
    client: 'Your booking has been cancelled.',
    owner: 'This booking has been cancelled and its dates are free again.',
  },
  withdrawn: {
    client: 'Your booking request has been cancelled as you asked. Its dates are free for others again.',
    owner: 'The client cancelled this booking request. Its dates are free again.',
  },
};

/** 'Dates: 13 December 2026 to 16 December 2026 (3 nights)', or for an hourly booking its day and times. */
function bookedWhen(facts: ReservationMailFacts): string {
  const period = {
    startDate: facts.startDate,
    endDate: facts.endDate,
    startTime: facts.startTime,
    endTime: facts.endTime,
  };
  const duration = describeDuration(facts.priceUnit, period);
  if (facts.startTime && facts.endTime) return `Date: ${formatDisplayDate(facts.startDate)}, ${duration}`;
  return `Dates: ${formatDisplayDate(facts.startDate)} to ${formatDisplayDate(facts.endDate)} (${duration})`;
}

/** The emails one reservation event sends: one to the client, one to the owner. */
export function reservationMails(event: ReservationEvent, facts: ReservationMailFacts): OutgoingMail[] {
  const details = [
    `Property: ${facts.propertyTitle}`,
    bookedWhen(facts),
    `Total: ${formatRandCents(facts.totalCents)}`,
    `Status: ${statusLabel(facts.status)}`,
    `Reservation ID: ${facts.reference}`,
    ...cancellationLines(facts),
  ];
  const confirmedWithdrawn = event === 'withdrawn' && facts.cancellation !== undefined;
  const subjects = confirmedWithdrawn ? CONFIRMED_WITHDRAWN.subjects : SUBJECTS[event];
  const openers = confirmedWithdrawn ? CONFIRMED_WITHDRAWN.openers : OPENERS[event];
  const subject = (template: string) => template.replace('{title}', facts.propertyTitle);
  return [
    renderActionMail({
      to: facts.client.email,
      subject: subject(subjects.client),
      greetingName: facts.client.name,
      paragraphs: [openers.client, ...details, ...(facts.payment ? [facts.payment.paragraph] : [])],
      action: facts.payment?.action ?? {
        label: 'View my reservations',
        url: `${facts.publicUrl}/my-reservations`,
      },
      brand: facts.brand,
    }),
    renderActionMail({
      to: facts.owner.email,
      subject: subject(subjects.owner),
      greetingName: facts.owner.name,
      paragraphs: [openers.owner, `Client: ${facts.client.name} (${facts.client.email})`, ...details],
      action: { label: 'Open reservation management', url: `${facts.publicUrl}/reservation-management` },
    }),
  ];
}
