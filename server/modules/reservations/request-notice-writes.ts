import type { Kysely } from 'kysely';
import type { Client, Database, User, UserSettings } from '../../db/types.ts';
import { outboxInsert } from '../../platform/mail/outbox.ts';
import { mailBrandFrom } from '../business-profile/mail-brand.ts';
import { bookingNoticeTexts, others } from '../in-app-notifications/booking-notices.ts';
import {
  activeAccounts,
  notificationInsert,
  wantingInApp,
} from '../in-app-notifications/in-app-notifications.service.ts';
import { findSettingsByEmail } from '../notification-settings/notification-settings.repository.ts';
import { wantedMailOf } from '../notification-settings/notification-settings.service.ts';
import { shortTime } from './booked-period.ts';
import type { BookingContext } from './booking-context.ts';
import { reservationMails } from './reservation-mails.ts';
import type { MailParties, NotifiedReservation } from './reservation-notifications.ts';

/**
 * A request's emails (client and owner) and in-app notices, as statements to run with the insert of
 * the reservation: what notify() writes for 'created', from what the booking read already. Only a
 * business booking for someone else reads more (that client's account).
 */
export async function requestNoticeWrites(
  trx: Kysely<Database>,
  deps: { publicUrl: string },
  context: BookingContext,
  actor: User,
  booking: NotifiedReservation & MailParties & { client: Client },
) {
  const { owner } = context;
  const { client } = booking;
  const clientName = `${client.first_name} ${client.last_name}`;
  const when = {
    startDate: booking.start_date,
    endDate: booking.end_date,
    startTime: shortTime(booking.start_time),
    endTime: shortTime(booking.end_time),
  };
  const mails = reservationMails('created', {
    ...when,
    reference: booking.reference,
    propertyTitle: booking.propertyTitle,
    priceUnit: booking.priceUnit,
    totalCents: booking.total_price_cents,
    status: booking.status,
    client: { name: clientName, email: client.email },
    owner: { name: owner.name, email: owner.email },
    publicUrl: deps.publicUrl,
    brand: mailBrandFrom(
      context.businessDetails,
      owner.isOwner ? owner : null,
      context.entitlements,
      deps.publicUrl,
    ),
  });
  // Emails are stored in lower case (users_email_check), so the accounts of these addresses are the
  // owner's and, for a client booking for themselves, the client's own.
  const mailAccounts =
    client.email === actor.email
      ? [owner, actor]
      : [owner, ...(await findSettingsByEmail(trx, [client.email]))];
  const wanted = wantedMailOf('booking', mails, mailAccounts);

  const texts = bookingNoticeTexts('created', {
    ...when,
    reservationId: booking.id,
    reference: booking.reference,
    ownerId: owner.id,
    propertyTitle: booking.propertyTitle,
    clientName,
    actorId: actor.id,
  });
  // The active accounts a bell may go to, as notifyUsers reads them.
  const accounts = new Map<string, { id: string; settings: UserSettings }>();
  if (owner.is_active) accounts.set(owner.id, owner);
  for (const manager of context.managers) accounts.set(manager.id, manager);
  const guestId = others([client.user_id], actor.id)[0];
  if (guestId && !accounts.has(guestId))
    for (const guest of await activeAccounts(trx, [guestId])) accounts.set(guest.id, guest);
  const bells = (ids: readonly string[]) =>
    wantingInApp([...new Set(ids)].flatMap((id) => accounts.get(id) ?? []));
  const notices = [
    { to: bells(others([owner.id, ...context.managers.map((m) => m.id)], actor.id)), notice: texts.business },
    { to: bells(guestId ? [guestId] : []), notice: texts.guest },
  ].flatMap(({ to, notice }) => (notice && to.length > 0 ? [{ to, notice }] : []));
  return [
    ...(wanted.length > 0 ? [outboxInsert(trx, wanted)] : []),
    ...notices.map(({ to, notice }) => notificationInsert(trx, to, notice)),
  ];
}
