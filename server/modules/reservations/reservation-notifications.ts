import type { Kysely } from 'kysely';
import { agreementFileName } from '../../../domain/documents.ts';
import type { PriceUnit } from '../../../domain/rental-unit.ts';
import type { Database } from '../../db/types.ts';
import { enqueueMail, enqueueMails } from '../../platform/mail/outbox.ts';
import { mailBrandOf } from '../business-profile/mail-brand.ts';
import { bookingNotices } from '../in-app-notifications/booking-notices.ts';
import { keepWantedMail } from '../notification-settings/notification-settings.service.ts';
import { confirmationPayment } from '../online-payments/confirmation-payment.ts';
import { shortTime } from './booked-period.ts';
import { type ReservationEvent, type ReservationMailFacts, reservationMails } from './reservation-mails.ts';

export interface MailParties {
  propertyTitle: string;
  /** What the listing is booked by: the emails state the duration in its unit. */
  priceUnit: PriceUnit;
  client: { first_name: string; last_name: string; email: string };
  /** Who made the change: they are not notified in-app of their own action. */
  actorId?: string | null;
  /** A client's cancellation: its fee and the refund due, stated in both emails. */
  cancellation?: ReservationMailFacts['cancellation'];
}

/** What a reservation event's emails and notices say of the booking. */
export interface NotifiedReservation {
  id: string;
  reference: string;
  start_date: string;
  end_date: string;
  start_time: string | null;
  end_time: string | null;
  total_price_cents: number;
  status: string;
}

/**
 * Writes the event's two emails (client and owner) into the outbox and its in-app notifications, in
 * the caller's transaction; a recipient whose account has that kind of notification off is left out.
 * The client's confirmation of a booking made under the business's rental agreement has that
 * version's PDF attached (decision 037).
 */
export async function notify(
  db: Kysely<Database>,
  deps: { publicUrl: string },
  event: ReservationEvent,
  reservation: NotifiedReservation & {
    owner_id: string;
    /** The rental agreement version the client accepted (migration 030). */
    agreement_id?: string | null;
  },
  parties: MailParties,
) {
  const owner = await db
    .selectFrom('users')
    .select(['name', 'email'])
    .where('id', '=', reservation.owner_id)
    .executeTakeFirstOrThrow();
  const mails = reservationMails(event, {
    reference: reservation.reference,
    propertyTitle: parties.propertyTitle,
    startDate: reservation.start_date,
    endDate: reservation.end_date,
    startTime: shortTime(reservation.start_time),
    endTime: shortTime(reservation.end_time),
    priceUnit: parties.priceUnit,
    totalCents: reservation.total_price_cents,
    status: reservation.status,
    client: { name: `${parties.client.first_name} ${parties.client.last_name}`, email: parties.client.email },
    owner,
    publicUrl: deps.publicUrl,
    brand: await mailBrandOf(db, reservation.owner_id, deps.publicUrl),
    payment:
      event === 'confirmed'
        ? await confirmationPayment(db, {
            reservationId: reservation.id,
            ownerId: reservation.owner_id,
            actorId: parties.actorId ?? null,
            publicUrl: deps.publicUrl,
          })
        : undefined,
    cancellation: parties.cancellation,
  });
  const wanted = await keepWantedMail(db, 'booking', mails);
  const agreement =
    event === 'confirmed' && reservation.agreement_id
      ? await db
          .selectFrom('rental_agreements')
          .select(['id', 'version'])
          .where('id', '=', reservation.agreement_id)
          .executeTakeFirst()
      : undefined;
  const clientMail = agreement && wanted.find((mail) => mail.to === parties.client.email);
  if (!agreement || !clientMail) {
    await enqueueMails(db, wanted);
  } else {
    await enqueueMails(
      db,
      wanted.filter((mail) => mail !== clientMail),
    );
    await enqueueMail(db, clientMail, [
      { agreementId: agreement.id, fileName: agreementFileName(agreement.version) },
    ]);
  }
  await bookingNotices(db, event, {
    reservationId: reservation.id,
    reference: reservation.reference,
    ownerId: reservation.owner_id,
    propertyTitle: parties.propertyTitle,
    clientName: `${parties.client.first_name} ${parties.client.last_name}`,
    startDate: reservation.start_date,
    endDate: reservation.end_date,
    startTime: shortTime(reservation.start_time),
    endTime: shortTime(reservation.end_time),
    actorId: parties.actorId ?? null,
    confirmedBooking: parties.cancellation !== undefined,
  });
}
