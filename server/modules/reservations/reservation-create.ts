import { randomUUID } from 'node:crypto';
import { canCreateClientsOf, canManageReservationsOf } from '../../../domain/access.ts';
import { acceptanceRefusal, agreementInForce } from '../../../domain/agreement.ts';
import { startDateRefusal } from '../../../domain/booking-window.ts';
import { CLIENT_RULE_MESSAGES } from '../../../domain/clients.ts';
import { todayInBusinessZone } from '../../../domain/dates.ts';
import { hasAddOn } from '../../../domain/entitlements.ts';
import { newReservationReference } from '../../../domain/reservation-reference.ts';
import type { ReservationCreate } from '../../../domain/schemas/reservation.ts';
import { RESERVATION_COLUMNS } from '../../db/columns.ts';
import { retryOnDeadlock } from '../../db/deadlock-retry.ts';
import { insertRowIf, insertWith } from '../../db/insert-with.ts';
import type { Client, Property, User } from '../../db/types.ts';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../http/errors.ts';
import { auditInsert } from '../audit/audit.ts';
import { reservationChanges } from '../audit/reservation-audit.ts';
import { findClient, findOrCreateClient } from '../clients/client.repository.ts';
import { CLIENT_MESSAGES } from '../clients/client.service.ts';
import { fixPaymentTerms } from '../online-payments/payment-terms.ts';
import { resolvePeriod } from './booked-period.ts';
import { loadBookingContext } from './booking-context.ts';
import { bookedRatesColumn, priceBookingAt, vatPercentAt } from './booking-price.ts';
import { type HeldDates, rethrowDatesConflict } from './dates-conflict.ts';
import { noticePlanRefusal } from './plan-refusal-notice.ts';
import { requestNoticeWrites } from './request-notice-writes.ts';
import { pickUnusedReference } from './reservation.repository.ts';
import { toReservationDto } from './reservation.schemas.ts';
import {
  checkStay,
  isBookable,
  RESERVATION_MESSAGES,
  type ReservationDeps,
  refusePastTime,
  withinLimit,
} from './reservation.service.ts';
import { notify } from './reservation-notifications.ts';
import {
  assertTakingRequests,
  lockMonthlyPlace,
  lockPlaceForInstantBooking,
  PlanRefusal,
  roomForRequest,
  tooManyOpenRequests,
} from './reservation-quota.ts';

/**
 * A new booking, in one transaction (docs/decisions/067): one statement reads what the booking needs
 * (loadBookingContext, the listing locked until commit), the client record is found or made, the
 * plan is checked, and one statement writes the reservation with its audit row, emails and in-app
 * notifications (a client's request only while the client has room for another on the listing,
 * decision 080). The database's exclusion constraint keeps it from overlapping another booking or a
 * block (a 409 that says which).
 */
export async function createReservation(deps: ReservationDeps, user: User | null, input: ReservationCreate) {
  if (!user) throw unauthorized(RESERVATION_MESSAGES.mustLogIn);
  const { db } = deps;
  let refusedListing: Property | null = null;
  let held: HeldDates | null = null;
  const created = await retryOnDeadlock(() =>
    db.transaction().execute(async (trx) => {
      const now = new Date();
      const today = todayInBusinessZone(now);
      const referenceCandidates = [newReservationReference(), newReservationReference()];
      // A client books for themselves: their record with the listing's owner comes with the context.
      const ownRecord =
        user.role === 'client'
          ? {
              firstName: user.first_name,
              lastName: user.last_name,
              email: user.email,
              phone: user.phone,
              userId: user.id,
            }
          : undefined;
      const context = await loadBookingContext(trx, input.property_id, {
        now,
        referenceCandidates,
        booker: ownRecord,
      });
      const property = context?.property;
      if (property?.archived_at) throw conflict(RESERVATION_MESSAGES.archived);
      if (!context || !isBookable(property)) throw notFound(RESERVATION_MESSAGES.propertyNotFound);
      refusedListing = property;
      const actsForBusiness = user.role !== 'client' && canManageReservationsOf(user, property.owner_id);
      const booker = actsForBusiness ? 'business' : 'client';
      const startRefusal = startDateRefusal(input.start_date, today, booker);
      if (startRefusal) throw badRequest(startRefusal);
      const period = resolvePeriod(property, input);
      held = { propertyId: property.id, ...period };
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
      } else if (context.bookerRecord) {
        client = context.bookerRecord;
      } else {
        // Staff or an owner booking another business's listing for themselves.
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
      // A client's request is written only while the client has room for another on this listing: the
      // insert carries the count as its condition (roomForRequest).
      const request = !actsForBusiness && !instant;
      const insert = request
        ? insertRowIf(trx, 'reservations', values, roomForRequest(client.id, property.id))
        : trx.insertInto('reservations').values(values);
      const inserted = await insertWith(
        trx,
        insert.returning(RESERVATION_COLUMNS),
        writes,
        request ? tooManyOpenRequests : undefined,
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
    return rethrowDatesConflict(db, error, held);
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
