import type { Kysely } from 'kysely';
import { canManageReservationsOf } from '../../../domain/access.ts';
import { todayInBusinessZone } from '../../../domain/dates.ts';
import { PLANS } from '../../../domain/plans.ts';
import { countNights, listAvailableDates, maxGuestsFor, quoteTotal } from '../../../domain/reservation.ts';
import type {
  ReservationCreate,
  ReservationListQuery,
  ReservationUpdate,
} from '../../../domain/schemas/reservation.ts';
import type { Database, Property, User } from '../../db/types.ts';
import { badRequest, forbidden, notFound, unauthorized } from '../../http/errors.ts';
import { findClient, findOrCreateClient } from '../clients/client.repository.ts';
import { findPropertyById } from '../properties/property.repository.ts';
import { findSubscription } from '../subscriptions/subscription.repository.ts';
import { assertPlanAllows, NO_ACTIVE_SUBSCRIPTION } from '../subscriptions/subscription.service.ts';
import {
  findReservation,
  listBlockingRanges,
  listReservations,
  type ReservationScope,
} from './reservation.repository.ts';
import { toReservationDto } from './reservation.schemas.ts';
import { type MailParties, notify } from './reservation-notifications.ts';

export const RESERVATION_MESSAGES = {
  mustLogIn: 'You must be logged in to create a reservation. Please log in and try again.',
  notYours: 'You can only modify your own reservations',
  noPermission: 'You do not have permission to modify this reservation',
  missingInfo: 'Missing required information',
  invalidClient: 'Invalid client ID. Please select a valid client.',
  propertyNotFound: 'Property not found',
  notFound: 'Reservation not found',
  pastStart: 'Start date cannot be in the past',
  outsideWindow: 'This property is not available for the selected dates',
} as const;

export interface ReservationDeps {
  db: Kysely<Database>;
  publicUrl: string;
  pokeMail: () => void;
}

const isBookable = (property: Property | undefined): property is Property =>
  !!property && property.is_active && property.status === 'available';

function checkStay(property: Property, start: string, end: string, guests: number) {
  if (property.availability_start && start < property.availability_start)
    throw badRequest(RESERVATION_MESSAGES.outsideWindow);
  if (property.availability_end && end > property.availability_end)
    throw badRequest(RESERVATION_MESSAGES.outsideWindow);
  const max = maxGuestsFor(property.type, property.specifications as unknown as Record<string, unknown>);
  if (guests > max) throw badRequest(`Guests cannot be more than ${max} for this property`);
}

/** Counting this month's bookings and inserting happen under a lock on the owner's plan when it is capped. */
async function lockBookingQuota(trx: Kysely<Database>, ownerId: string) {
  const subscription = await findSubscription(trx, ownerId);
  if (subscription?.status !== 'active') throw forbidden(NO_ACTIVE_SUBSCRIPTION);
  if (PLANS[subscription.plan_id].limits.maxBookingsPerMonth === -1) return;
  await trx.selectFrom('subscriptions').select('id').where('id', '=', subscription.id).forUpdate().execute();
  await assertPlanAllows(trx, ownerId, 'add_booking');
}

export async function createReservation(deps: ReservationDeps, user: User | null, input: ReservationCreate) {
  if (!user) throw unauthorized(RESERVATION_MESSAGES.mustLogIn);
  const { db } = deps;
  const property = await findPropertyById(db, input.property_id);
  if (!isBookable(property)) throw notFound(RESERVATION_MESSAGES.propertyNotFound);
  if (input.start_date < todayInBusinessZone()) throw badRequest(RESERVATION_MESSAGES.pastStart);
  checkStay(property, input.start_date, input.end_date, input.guests);

  const actsForBusiness = user.role !== 'client' && canManageReservationsOf(user, property.owner_id);
  const nights = countNights(input.start_date, input.end_date);
  const rateOverride = actsForBusiness ? input.rate_override_per_day_cents : null;

  const id = await db.transaction().execute(async (trx) => {
    let client: MailParties['client'] & { id: string };
    if (actsForBusiness) {
      if (input.client_id) {
        const found = await findClient(trx, input.client_id);
        if (!found || found.owner_id !== property.owner_id)
          throw badRequest(RESERVATION_MESSAGES.invalidClient);
        client = found;
      } else if (input.new_client) {
        client = (await findOrCreateClient(trx, property.owner_id, input.new_client)).client;
      } else {
        throw badRequest(RESERVATION_MESSAGES.missingInfo);
      }
    } else {
      const self = {
        first_name: user.first_name,
        last_name: user.last_name,
        email: user.email,
        phone: user.phone,
        user_id: user.id,
      };
      client = (await findOrCreateClient(trx, property.owner_id, self)).client;
    }
    await lockBookingQuota(trx, property.owner_id);
    const inserted = await trx
      .insertInto('reservations')
      .values({
        property_id: property.id,
        owner_id: property.owner_id,
        client_id: client.id,
        start_date: input.start_date,
        end_date: input.end_date,
        status: 'pending',
        guests: input.guests,
        total_price_cents: quoteTotal({
          pricePerDayCents: property.price_per_day_cents,
          cleaningFeeCents: property.cleaning_fee_cents,
          nights,
          rateOverridePerDayCents: rateOverride,
        }),
        security_deposit_cents: property.security_deposit_cents,
        special_requests: input.special_requests,
        voucher_number: actsForBusiness ? input.voucher_number : null,
        purchase_order_number: actsForBusiness ? input.purchase_order_number : null,
        tax_percent: actsForBusiness ? input.tax_percent : 0,
        discount_percent: actsForBusiness ? input.discount_percent : 0,
        rate_override_per_day_cents: rateOverride,
        created_by: user.id,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await notify(trx, deps, 'created', inserted, { propertyTitle: property.title, client });
    return inserted.id;
  });
  deps.pokeMail();
  return toReservationDto(
    (await findReservation(db, id)) as NonNullable<Awaited<ReturnType<typeof findReservation>>>,
  );
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
  return existing;
}

export async function updateReservation(
  deps: ReservationDeps,
  user: User | null,
  id: string,
  changes: ReservationUpdate,
) {
  const { db } = deps;
  const existing = await loadManageable(db, user, id);
  const propertyId = changes.property_id ?? existing.property_id;
  const property = await findPropertyById(db, propertyId);
  if (!property || property.owner_id !== existing.owner_id)
    throw badRequest('Please choose one of your properties');
  const start = changes.start_date ?? existing.start_date;
  const end = changes.end_date ?? existing.end_date;
  if (end <= start) throw badRequest('End date must be after start date');
  const guests = changes.guests ?? existing.guests;
  if (changes.start_date || changes.end_date || changes.guests || changes.property_id)
    checkStay(property, start, end, guests);
  if (changes.client_id) {
    const client = await findClient(db, changes.client_id);
    if (!client || client.owner_id !== existing.owner_id)
      throw badRequest(RESERVATION_MESSAGES.invalidClient);
  }
  const rateOverride =
    changes.rate_override_per_day_cents !== undefined
      ? changes.rate_override_per_day_cents
      : existing.rate_override_per_day_cents;
  const status = changes.status ?? existing.status;
  const totalPriceCents = quoteTotal({
    pricePerDayCents: property.price_per_day_cents,
    cleaningFeeCents: property.cleaning_fee_cents,
    nights: countNights(start, end),
    rateOverridePerDayCents: rateOverride,
  });

  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('reservations')
      .set({
        property_id: propertyId,
        client_id: changes.client_id ?? existing.client_id,
        start_date: start,
        end_date: end,
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
        tax_percent: changes.tax_percent ?? existing.tax_percent,
        discount_percent: changes.discount_percent ?? existing.discount_percent,
        rate_override_per_day_cents: rateOverride,
        total_price_cents: totalPriceCents,
        security_deposit_cents: property.security_deposit_cents,
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
    if (status !== existing.status && (status === 'confirmed' || status === 'cancelled')) {
      const client = (await findClient(trx, changes.client_id ?? existing.client_id)) ?? {
        first_name: existing.client_first_name,
        last_name: existing.client_last_name,
        email: existing.client_email,
      };
      const updated = {
        id,
        owner_id: existing.owner_id,
        start_date: start,
        end_date: end,
        status,
        total_price_cents: totalPriceCents,
      };
      await notify(trx, deps, status, updated, { propertyTitle: property.title, client });
    }
  });
  deps.pokeMail();
  return toReservationDto(
    (await findReservation(db, id)) as NonNullable<Awaited<ReturnType<typeof findReservation>>>,
  );
}

export async function deleteReservation(db: Kysely<Database>, user: User | null, id: string): Promise<void> {
  await loadManageable(db, user, id);
  await db.deleteFrom('reservations').where('id', '=', id).execute();
}

function scopeFor(user: User): ReservationScope {
  if (user.role === 'admin') return { kind: 'all' };
  if (user.role === 'client') return { kind: 'client', userId: user.id };
  const ownerId = user.role === 'owner' ? user.id : user.parent_owner_id;
  if (!ownerId || !canManageReservationsOf(user, ownerId))
    throw forbidden('You do not have permission to view reservations');
  return { kind: 'business', ownerId };
}

export async function listVisibleReservations(
  db: Kysely<Database>,
  user: User | null,
  filters: ReservationListQuery,
) {
  if (!user) throw unauthorized('You must be logged in to view reservations.');
  return (await listReservations(db, scopeFor(user), filters)).map(toReservationDto);
}

export async function getVisibleReservation(db: Kysely<Database>, user: User | null, id: string) {
  if (!user) throw unauthorized('You must be logged in to view reservations.');
  const row = await findReservation(db, id);
  const visible =
    row &&
    (canManageReservationsOf(user, row.owner_id) ||
      (row.client_user_id !== null && row.client_user_id === user.id));
  if (!visible) throw notFound(RESERVATION_MESSAGES.notFound);
  return toReservationDto(row);
}

export async function availabilityOf(db: Kysely<Database>, propertyId: string) {
  const property = await findPropertyById(db, propertyId);
  if (!isBookable(property)) throw notFound(RESERVATION_MESSAGES.propertyNotFound);
  const today = todayInBusinessZone();
  const blocked = await listBlockingRanges(db, propertyId, today);
  const dates = listAvailableDates({
    today,
    blocked,
    windowStart: property.availability_start,
    windowEnd: property.availability_end,
  });
  return { from: today, dates, blocked };
}
