import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  canCreateClientsOf,
  canDeleteReservationOf,
  canManageReservationsOf,
} from '../../../domain/access.ts';
import { acceptanceRefusal, agreementInForce } from '../../../domain/agreement.ts';
import { BOOKING_QUOTA_MESSAGES, isRestore, takesMonthlyPlace } from '../../../domain/booking-quota.ts';
import { type BookingTotal, totalOfRates } from '../../../domain/booking-total.ts';
import {
  BOOKING_WINDOW_MESSAGES,
  type Booker,
  lastStartDate,
  startDateRefusal,
  startTimeRefusal,
  stayLengthRefusal,
} from '../../../domain/booking-window.ts';
import { CLIENT_RULE_MESSAGES } from '../../../domain/clients.ts';
import { todayInBusinessZone } from '../../../domain/dates.ts';
import { hasAddOn } from '../../../domain/entitlements.ts';
import { MAX_TOTAL_CENTS, plainRandCents } from '../../../domain/money.ts';
import { isBookableListing } from '../../../domain/property.ts';
import { type BookedPeriod, monthlyEnd, priceUnitFor } from '../../../domain/rental-unit.ts';
import { changesPrice, changesStay, isBlocking, maxGuestsFor } from '../../../domain/reservation.ts';
import { newReservationReference } from '../../../domain/reservation-reference.ts';
import type {
  Reservation,
  ReservationCreate,
  ReservationUpdate,
} from '../../../domain/schemas/reservation.ts';
import { RESERVATION_COLUMNS } from '../../db/columns.ts';
import { retryOnDeadlock } from '../../db/deadlock-retry.ts';
import { insertWith } from '../../db/insert-with.ts';
import type { Client, Database, Property, User, UserSettings } from '../../db/types.ts';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../http/errors.ts';
import { outboxInsert } from '../../platform/mail/outbox.ts';
import { auditInsert, recordAudit } from '../audit/audit.ts';
import { reservationChanges } from '../audit/reservation-audit.ts';
import { hasActiveCharges } from '../billing-lines/billing-line.repository.ts';
import { mailBrandFrom } from '../business-profile/mail-brand.ts';
import { findClient, findOrCreateClient } from '../clients/client.repository.ts';
import { CLIENT_MESSAGES } from '../clients/client.service.ts';
import { accrueCommissionOnStatusChange } from '../commission/commission-accrual.ts';
import { creditInvoiceOnCancel } from '../documents/invoice-issue.ts';
import { bookingNoticeTexts, others } from '../in-app-notifications/booking-notices.ts';
import {
  activeAccounts,
  notificationInsert,
  retentionDelete,
  wantingInApp,
} from '../in-app-notifications/in-app-notifications.service.ts';
import { findSettingsByEmail } from '../notification-settings/notification-settings.repository.ts';
import { wantedMailOf } from '../notification-settings/notification-settings.service.ts';
import { fixPaymentTerms } from '../online-payments/payment-terms.ts';
import { findPropertyById } from '../properties/property.repository.ts';
import { resolvePeriod, shortTime } from './booked-period.ts';
import { type BookingContext, loadBookingContext } from './booking-context.ts';
import {
  bookedRatesColumn,
  priceBooking,
  priceBookingAt,
  vatPercentAt,
  vatPercentFor,
} from './booking-price.ts';
import { noticePlanRefusal } from './plan-refusal-notice.ts';
import { findReservation, pickUnusedReference } from './reservation.repository.ts';
import { toReservationDto } from './reservation.schemas.ts';
import { reservationMails } from './reservation-mails.ts';
import { type MailParties, type NotifiedReservation, notify } from './reservation-notifications.ts';
import {
  assertRoomForRequest,
  assertTakingRequests,
  lockMonthlyPlace,
  lockPlaceForInstantBooking,
  PlanRefusal,
} from './reservation-quota.ts';

export const RESERVATION_MESSAGES = {
  mustLogIn: 'You must be logged in to create a reservation. Please log in and try again.',
  notYours: 'You can only modify your own reservations',
  noPermission: 'You do not have permission to modify this reservation',
  missingInfo: 'Missing required information',
  invalidClient: 'Invalid client ID. Please select a valid client.',
  propertyNotFound: 'Property not found',
  notFound: 'Reservation not found',
  pastStart: BOOKING_WINDOW_MESSAGES.pastStart,
  outsideWindow: 'This property is not available for the selected dates',
  deleteNotAllowed: 'Only the owner or an admin can delete a reservation',
  archived: 'This property has been archived and takes no new bookings',
  notBookable: 'This property is inactive or under maintenance and takes no new bookings',
  notTakingBookings: BOOKING_QUOTA_MESSAGES.notTakingBookings,
  tooExpensive: `A booking cannot cost more than ${plainRandCents(MAX_TOTAL_CENTS)}. Please book a shorter stay.`,
} as const;

export interface ReservationDeps {
  db: Kysely<Database>;
  publicUrl: string;
  pokeMail: () => void;
}

export const isBookable = (property: Property | undefined): property is Property =>
  !!property && isBookableListing({ ...property, archived: property.archived_at !== null });

function checkStay(property: Property, start: string, end: string, guests: number) {
  if (property.availability_start && start < property.availability_start)
    throw badRequest(RESERVATION_MESSAGES.outsideWindow);
  if (property.availability_end && end > property.availability_end)
    throw badRequest(RESERVATION_MESSAGES.outsideWindow);
  const max = maxGuestsFor(property.type, property.specifications);
  if (guests > max) throw badRequest(`Guests cannot be more than ${max} for this property`);
}

/**
 * The booking's one total (docs/decisions/029): its units at the listing's price or rate periods (or
 * the override rate), less the discount, plus the cleaning fee, VAT included; never more than a
 * ledger may hold (a 90-night stay at the highest nightly price would overflow the stored total).
 */
async function priceOf(
  db: Kysely<Database>,
  property: Property,
  period: BookedPeriod,
  terms: Parameters<typeof priceBooking>[3],
) {
  return withinLimit(await priceBooking(db, property, period, terms));
}

function withinLimit(price: BookingTotal): BookingTotal {
  if (price.totalCents > MAX_TOTAL_CENTS) throw badRequest(RESERVATION_MESSAGES.tooExpensive);
  return price;
}

/**
 * A new booking, in one transaction (docs/decisions/067): one statement reads what the booking needs
 * (loadBookingContext, the listing held FOR SHARE), the client record is found or made, the plan and
 * the client's open requests are checked, and one statement writes the reservation with its audit
 * row, emails and in-app notifications. The database's exclusion constraint keeps it from
 * overlapping another booking (a 409).
 */
export async function createReservation(deps: ReservationDeps, user: User | null, input: ReservationCreate) {
  if (!user) throw unauthorized(RESERVATION_MESSAGES.mustLogIn);
  const { db } = deps;
  let refusedListing: Property | null = null;
  const created = await retryOnDeadlock(() =>
    db.transaction().execute(async (trx) => {
      const now = new Date();
      const today = todayInBusinessZone(now);
      const referenceCandidates = [newReservationReference(), newReservationReference()];
      const context = await loadBookingContext(trx, input.property_id, { now, referenceCandidates });
      const property = context?.property;
      if (property?.archived_at) throw conflict(RESERVATION_MESSAGES.archived);
      if (!context || !isBookable(property)) throw notFound(RESERVATION_MESSAGES.propertyNotFound);
      refusedListing = property;
      const actsForBusiness = user.role !== 'client' && canManageReservationsOf(user, property.owner_id);
      const booker = actsForBusiness ? 'business' : 'client';
      const startRefusal = startDateRefusal(input.start_date, today, booker);
      if (startRefusal) throw badRequest(startRefusal);
      const period = resolvePeriod(property, input);
      refusePastTime(period, booker);
      checkStay(property, period.startDate, period.endDate, input.guests);

      const rateOverride = actsForBusiness ? input.rate_override_per_day_cents : null;
      const taxPercent = vatPercentAt(context.businessDetails?.vat_registered, context.vatRates, today);
      const discountPercent = actsForBusiness ? input.discount_percent : 0;
      const terms = { rateOverrideCents: rateOverride, discountPercent, taxPercent };
      const price = withinLimit(priceBookingAt(property, period, terms, context.rates));

      let client: Client;
      if (actsForBusiness) {
        if (input.client_id) {
          const found = await findClient(trx, input.client_id);
          if (!found || found.owner_id !== property.owner_id || found.removed_at)
            throw badRequest(RESERVATION_MESSAGES.invalidClient);
          client = found;
        } else if (input.new_client) {
          if (!canCreateClientsOf(user, property.owner_id)) throw forbidden(CLIENT_MESSAGES.onlyOwners);
          client = (await findOrCreateClient(trx, property.owner_id, input.new_client)).client;
        } else {
          throw badRequest(RESERVATION_MESSAGES.missingInfo);
        }
        if (!client.is_active) throw badRequest(CLIENT_RULE_MESSAGES.inactive);
      } else {
        const self = {
          first_name: user.first_name,
          last_name: user.last_name,
          email: user.email,
          phone: user.phone,
          user_id: user.id,
        };
        // The upsert holds the client record's row until commit: the client's concurrent requests wait here.
        client = (await findOrCreateClient(trx, property.owner_id, self)).client;
      }
      // A client accepts the business's rental agreement in force (docs/decisions/037); the business's
      // own bookings for a client record none.
      const agreement = actsForBusiness
        ? null
        : acceptedAgreement(
            agreementInForce(hasAddOn(context.entitlements, 'custom_agreement'), context.latestAgreement),
            input,
          );
      // A client's booking of an instant-book listing is confirmed at once: it takes the month's place
      // now, as the owner accepting it would (decision 059); otherwise it is a request.
      const { subscription } = context;
      let instant = false;
      if (actsForBusiness) await lockMonthlyPlace(trx, property.owner_id, subscription);
      else if (property.instant_book)
        instant = await lockPlaceForInstantBooking(trx, property.owner_id, subscription);
      else await assertTakingRequests(trx, property.owner_id, subscription);
      if (!actsForBusiness && !instant)
        await assertRoomForRequest(trx, client.id, property.id, { clientRowLocked: true });

      const reference = context.freeReference ?? (await pickUnusedReference(trx));
      const values = {
        id: randomUUID(),
        reference,
        property_id: property.id,
        owner_id: property.owner_id,
        client_id: client.id,
        start_date: period.startDate,
        end_date: period.endDate,
        start_time: period.startTime,
        end_time: period.endTime,
        status: instant ? ('confirmed' as const) : ('pending' as const),
        guests: input.guests,
        total_price_cents: price.totalCents,
        booked_rates: bookedRatesColumn(price),
        security_deposit_cents: property.security_deposit_cents,
        special_requests: input.special_requests,
        voucher_number: actsForBusiness ? input.voucher_number : null,
        purchase_order_number: actsForBusiness ? input.purchase_order_number : null,
        tax_percent: taxPercent,
        discount_percent: discountPercent,
        rate_override_per_day_cents: rateOverride,
        created_by: user.id,
        counted_at: actsForBusiness || instant ? now : null,
        agreement_id: agreement?.id ?? null,
        agreement_accepted_at: agreement ? now : null,
      };
      const audit = auditInsert(trx, {
        actor: user,
        ownerId: property.owner_id,
        entityType: 'reservation',
        entityId: values.id,
        reservationId: values.id,
        action: 'created',
        changes: reservationChanges(null, values),
        summary: `Reservation ${reference} created`,
      });
      const parties = { propertyTitle: property.title, priceUnit: period.unit, client, actorId: user.id };
      // A request's emails and notices go in the reservation's own statement; a confirmed booking's
      // need its payment terms first.
      const writes = instant
        ? [audit]
        : [audit, ...(await requestNoticeWrites(trx, deps, context, user, { ...values, ...parties }))];
      const inserted = await insertWith(
        trx,
        trx.insertInto('reservations').values(values).returning(RESERVATION_COLUMNS),
        writes,
      );
      if (instant) {
        await fixPaymentTerms(trx, inserted.id, today);
        await notify(trx, deps, 'confirmed', inserted, parties);
      }
      return { inserted, client, agreement, coverKey: context.coverKey, property };
    }),
  ).catch(async (error: unknown) => {
    if (error instanceof PlanRefusal && refusedListing) {
      const listing: Property = refusedListing;
      const refusal = { ownerId: listing.owner_id, propertyTitle: listing.title, reason: error.reason };
      await noticePlanRefusal(db, deps, refusal);
      deps.pokeMail();
    }
    throw error;
  });
  deps.pokeMail();
  const { inserted, client, agreement, coverKey, property } = created;
  return toReservationDto({
    ...inserted,
    agreement_version: agreement?.version ?? null,
    client_first_name: client.first_name,
    client_last_name: client.last_name,
    client_email: client.email,
    client_user_id: client.user_id,
    property_title: property.title,
    property_type: property.type,
    property_location: property.location,
    property_city: property.city,
    property_archived_at: property.archived_at,
    property_cover_key: coverKey,
  });
}

/**
 * A request's emails (client and owner) and in-app notices, as statements to run with the insert of
 * the reservation: what notify() writes for 'created', from what the booking read already. Only a
 * business booking for someone else reads more (that client's account).
 */
async function requestNoticeWrites(
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
  // Retention makes room for what each recipient gets in this statement.
  const adding = new Map<string, number>();
  for (const { to } of notices) for (const id of to) adding.set(id, (adding.get(id) ?? 0) + 1);
  const byCount = new Map<number, string[]>();
  for (const [id, count] of adding) byCount.set(count, [...(byCount.get(count) ?? []), id]);

  return [
    ...(wanted.length > 0 ? [outboxInsert(trx, wanted)] : []),
    ...notices.map(({ to, notice }) => notificationInsert(trx, to, notice)),
    ...[...byCount].map(([count, ids]) => retentionDelete(ids, count)),
  ];
}

/** The client's acceptance of the agreement in force: that version, or a 400 (not accepted) or 409 (stale). */
function acceptedAgreement<T extends { version: number; business_name: string }>(
  inForce: T | null,
  input: ReservationCreate,
): T | null {
  const refusal = acceptanceRefusal(
    inForce && { version: inForce.version, businessName: inForce.business_name },
    input.agreement_version,
  );
  if (refusal) throw refusal.status === 400 ? badRequest(refusal.message) : conflict(refusal.message);
  return inForce;
}

/** An hourly booking today may not start at a time already gone (docs/decisions/033). */
function refusePastTime(period: { startDate: string; startTime: string | null }, booker: Booker) {
  const refusal =
    period.startTime && startTimeRefusal(period.startDate, period.startTime, new Date(), booker);
  if (refusal) throw badRequest(refusal);
}

/**
 * An edit by the business: new dates may start no further ahead than the business's horizon, and
 * restoring a cancelled booking to one that holds its dates is checked like a new booking (not in the
 * past, within the horizon, no longer than its unit allows). Availability is the database's
 * exclusion constraint; the monthly limit is checked in the transaction.
 */
function refuseOutsideWindow(
  property: Property,
  from: Reservation['status'],
  to: Reservation['status'],
  stay: { start: string; end: string; startTime: string | null; periodChanged: boolean },
) {
  const today = todayInBusinessZone();
  let refusal: string | null = null;
  if (isRestore(from, to) && isBlocking(to)) {
    refusal =
      startDateRefusal(stay.start, today, 'business') ??
      stayLengthRefusal(priceUnitFor(property.type), stay.start, stay.end);
    if (!refusal) refusePastTime({ startDate: stay.start, startTime: stay.startTime }, 'business');
  } else if (stay.periodChanged && stay.start > lastStartDate(today, 'business'))
    refusal = BOOKING_WINDOW_MESSAGES.beyondHorizon('business');
  if (refusal) throw badRequest(refusal);
}

/** Who may change a reservation: its business's owner, an admin, or staff with the reservations permission. */
async function loadManageable(db: Kysely<Database>, user: User | null, id: string) {
  if (!user) throw unauthorized();
  const existing = await findReservation(db, id);
  if (!existing) throw notFound(RESERVATION_MESSAGES.notFound);
  if (!canManageReservationsOf(user, existing.owner_id)) {
    throw forbidden(
      user.role === 'owner' ? RESERVATION_MESSAGES.notYours : RESERVATION_MESSAGES.noPermission,
    );
  }
  return { actor: user, existing };
}

export async function updateReservation(
  deps: ReservationDeps,
  user: User | null,
  id: string,
  changes: ReservationUpdate,
) {
  const { db } = deps;
  const { existing } = await loadManageable(db, user, id);
  const propertyId = changes.property_id ?? existing.property_id;
  const property = await findPropertyById(db, propertyId);
  if (!property || property.owner_id !== existing.owner_id)
    throw badRequest('Please choose one of your properties');
  if (property.archived_at && propertyId !== existing.property_id)
    throw conflict(RESERVATION_MESSAGES.archived);
  if (propertyId !== existing.property_id && !isBookable(property))
    throw conflict(RESERVATION_MESSAGES.notBookable);
  // The stored period stands unless the request changes its value (the editor re-sends unchanged
  // fields); a changed one is read again in the listing's unit.
  const requested = {
    start_date: changes.start_date ?? existing.start_date,
    end_date: changes.end_date !== undefined ? changes.end_date : existing.end_date,
    start_time: changes.start_time !== undefined ? changes.start_time : shortTime(existing.start_time),
    end_time: changes.end_time !== undefined ? changes.end_time : shortTime(existing.end_time),
    months: changes.months,
  };
  const periodChanged =
    propertyId !== existing.property_id ||
    requested.start_date !== existing.start_date ||
    (requested.months
      ? monthlyEnd(requested.start_date, requested.months) !== existing.end_date
      : requested.end_date !== existing.end_date) ||
    (requested.start_time ?? null) !== shortTime(existing.start_time) ||
    (requested.end_time ?? null) !== shortTime(existing.end_time);
  const period = periodChanged ? resolvePeriod(property, requested) : null;
  const start = period?.startDate ?? existing.start_date;
  const end = period?.endDate ?? existing.end_date;
  const startTime = period ? period.startTime : shortTime(existing.start_time);
  const endTime = period ? period.endTime : shortTime(existing.end_time);
  if (end <= start) throw badRequest('End date must be after start date');
  const guests = changes.guests ?? existing.guests;
  if (periodChanged || changes.guests) checkStay(property, start, end, guests);
  if (changes.client_id) {
    const client = await findClient(db, changes.client_id);
    if (!client || client.owner_id !== existing.owner_id || client.removed_at)
      throw badRequest(RESERVATION_MESSAGES.invalidClient);
    if (!client.is_active && changes.client_id !== existing.client_id)
      throw badRequest(CLIENT_RULE_MESSAGES.inactive);
  }
  const rateOverride =
    changes.rate_override_per_day_cents !== undefined
      ? changes.rate_override_per_day_cents
      : existing.rate_override_per_day_cents;
  const discountPercent = changes.discount_percent ?? Number(existing.discount_percent);
  const taxPercent = await vatPercentFor(db, existing.owner_id, todayInBusinessZone(existing.created_at));
  const status = changes.status ?? existing.status;
  refuseOutsideWindow(property, existing.status, status, { start, end, startTime, periodChanged });
  const before = {
    propertyId: existing.property_id,
    startDate: existing.start_date,
    endDate: existing.end_date,
    startTime: shortTime(existing.start_time),
    endTime: shortTime(existing.end_time),
    rateOverridePerDayCents: existing.rate_override_per_day_cents,
    discountPercent: Number(existing.discount_percent),
  };
  const after = {
    propertyId,
    startDate: start,
    endDate: end,
    startTime,
    endTime,
    rateOverridePerDayCents: rateOverride,
    discountPercent,
  };
  const terms = { rateOverrideCents: rateOverride, discountPercent, taxPercent };
  // A new discount alone re-prices the rates it was booked at; a new stay, the listing's rates now.
  const price = !changesPrice(before, after)
    ? null
    : !changesStay(before, after) && existing.booked_rates
      ? withinLimit(totalOfRates(existing.booked_rates, terms))
      : await priceOf(db, property, { startDate: start, endDate: end, startTime, endTime }, terms);
  const bookedPriceCents = price ? price.totalCents : existing.booked_price_cents;
  // Once billed line by line, the total is the sum of the charge lines (changed in the ledger only).
  const totalPriceCents = (await hasActiveCharges(db, id)) ? existing.total_price_cents : bookedPriceCents;
  const securityDepositCents =
    propertyId === existing.property_id ? existing.security_deposit_cents : property.security_deposit_cents;

  await retryOnDeadlock(() =>
    db.transaction().execute(async (trx) => {
      // Read again under a lock: two people accepting the same request at once count it once.
      const current = await trx
        .selectFrom('reservations')
        .select(['status', 'counted_at'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const countsNow = takesMonthlyPlace(
        { status: current.status, counted: current.counted_at !== null },
        status,
      );
      if (countsNow) await lockMonthlyPlace(trx, existing.owner_id);
      const updatedRow = await trx
        .updateTable('reservations')
        .set({
          ...(countsNow ? { counted_at: new Date() } : {}),
          property_id: propertyId,
          client_id: changes.client_id ?? existing.client_id,
          start_date: start,
          end_date: end,
          start_time: startTime,
          end_time: endTime,
          guests,
          status,
          special_requests:
            changes.special_requests !== undefined ? changes.special_requests : existing.special_requests,
          voucher_number:
            changes.voucher_number !== undefined ? changes.voucher_number : existing.voucher_number,
          purchase_order_number:
            changes.purchase_order_number !== undefined
              ? changes.purchase_order_number
              : existing.purchase_order_number,
          tax_percent: taxPercent,
          discount_percent: discountPercent,
          rate_override_per_day_cents: rateOverride,
          total_price_cents: totalPriceCents,
          booked_price_cents: bookedPriceCents,
          ...(price ? { booked_rates: bookedRatesColumn(price) } : {}),
          security_deposit_cents: securityDepositCents,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const changed = reservationChanges(existing, updatedRow);
      if (Object.keys(changed).length > 0)
        await recordAudit(trx, {
          actor: user,
          ownerId: existing.owner_id,
          entityType: 'reservation',
          entityId: id,
          reservationId: id,
          action: status !== current.status ? 'status_changed' : 'updated',
          changes: changed,
          summary:
            status !== current.status
              ? `Reservation ${existing.reference} ${status}`
              : `Reservation ${existing.reference} edited`,
        });
      if (status === 'confirmed' && current.status !== 'confirmed')
        await fixPaymentTerms(trx, id, todayInBusinessZone());
      if (status === 'cancelled' && existing.status !== 'cancelled')
        await creditInvoiceOnCancel(trx, id, user?.id ?? null);
      await accrueCommissionOnStatusChange(trx, {
        reservationId: id,
        ownerId: existing.owner_id,
        from: current.status,
        to: status,
        totalCents: totalPriceCents,
      });
      if (status !== existing.status && (status === 'confirmed' || status === 'cancelled')) {
        const client = (await findClient(trx, changes.client_id ?? existing.client_id)) ?? {
          first_name: existing.client_first_name,
          last_name: existing.client_last_name,
          email: existing.client_email,
        };
        const updated = {
          id,
          reference: existing.reference,
          owner_id: existing.owner_id,
          start_date: start,
          end_date: end,
          start_time: startTime,
          end_time: endTime,
          status,
          total_price_cents: totalPriceCents,
          agreement_id: existing.agreement_id,
        };
        await notify(trx, deps, status, updated, {
          propertyTitle: property.title,
          priceUnit: priceUnitFor(property.type),
          client,
          actorId: user?.id ?? null,
        });
      }
    }),
  );
  deps.pokeMail();
  return toReservationDto(
    (await findReservation(db, id)) as NonNullable<Awaited<ReturnType<typeof findReservation>>>,
  );
}

export async function deleteReservation(db: Kysely<Database>, user: User | null, id: string): Promise<void> {
  const { actor, existing } = await loadManageable(db, user, id);
  if (!canDeleteReservationOf(actor, existing.owner_id))
    throw forbidden(RESERVATION_MESSAGES.deleteNotAllowed);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('reservations').where('id', '=', id).execute();
    await recordAudit(trx, {
      actor,
      ownerId: existing.owner_id,
      entityType: 'reservation',
      entityId: id,
      reservationId: id,
      action: 'deleted',
      changes: reservationChanges(existing, null),
      summary: `Reservation ${existing.reference} deleted`,
    });
  });
}
