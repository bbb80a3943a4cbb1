import type { Kysely } from 'kysely';
import { canDeleteReservationOf, canManageReservationsOf } from '../../../domain/access.ts';
import { isRestore, takesMonthlyPlace } from '../../../domain/booking-quota.ts';
import { totalOfRates } from '../../../domain/booking-total.ts';
import {
  BOOKING_WINDOW_MESSAGES,
  lastStartDate,
  startDateRefusal,
  stayLengthRefusal,
} from '../../../domain/booking-window.ts';
import { CLIENT_RULE_MESSAGES } from '../../../domain/clients.ts';
import { todayInBusinessZone } from '../../../domain/dates.ts';
import { monthlyEnd, priceUnitFor } from '../../../domain/rental-unit.ts';
import { changesPrice, changesStay, isBlocking } from '../../../domain/reservation.ts';
import type { Reservation, ReservationUpdate } from '../../../domain/schemas/reservation.ts';
import { retryOnDeadlock } from '../../db/deadlock-retry.ts';
import type { Database, Property, User } from '../../db/types.ts';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../http/errors.ts';
import { recordAudit } from '../audit/audit.ts';
import { reservationChanges } from '../audit/reservation-audit.ts';
import { hasActiveCharges } from '../billing-lines/billing-line.repository.ts';
import { findClient } from '../clients/client.repository.ts';
import { accrueCommissionOnStatusChange } from '../commission/commission-accrual.ts';
import { creditInvoiceOnCancel } from '../documents/invoice-issue.ts';
import { fixPaymentTerms } from '../online-payments/payment-terms.ts';
import { findPropertyById } from '../properties/property.repository.ts';
import { resolvePeriod, shortTime } from './booked-period.ts';
import { bookedRatesColumn, vatPercentFor } from './booking-price.ts';
import { rethrowDatesConflict } from './dates-conflict.ts';
import { findReservation } from './reservation.repository.ts';
import { toReservationDto } from './reservation.schemas.ts';
import {
  checkStay,
  isBookable,
  priceOf,
  RESERVATION_MESSAGES,
  type ReservationDeps,
  refusePastTime,
  withinLimit,
} from './reservation.service.ts';
import { notify } from './reservation-notifications.ts';
import { lockMonthlyPlace } from './reservation-quota.ts';

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

  const held = { propertyId, startDate: start, endDate: end, startTime, endTime };
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
  ).catch((error: unknown) => rethrowDatesConflict(db, error, held));
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
