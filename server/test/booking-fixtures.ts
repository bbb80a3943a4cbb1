import { randomUUID } from 'node:crypto';
import { faker } from '@faker-js/faker';
import type { LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { addDays, todayInBusinessZone } from '../../domain/dates.ts';
import type { PlanId } from '../../domain/plans.ts';
import { CATEGORIES_BY_TYPE, type PropertyType } from '../../domain/property.ts';
import type { Reservation as ReservationDto } from '../../domain/schemas/reservation.ts';
import type { Database, Property } from '../db/types.ts';
import { ensureStarterSubscription } from '../modules/subscriptions/subscription.repository.ts';
import type { CreateUserOptions, TestApp } from './harness.ts';

/** Factories for booking tests: owners on a plan, listings inserted directly, dates relative to today. */

export const SPECS: Record<PropertyType, Record<string, unknown>> = {
  accommodation: { type: 'accommodation', bedrooms: 2, bathrooms: 1, maxOccupants: 4, maxGuests: 4 },
  vehicle: {
    type: 'vehicle',
    make: 'Toyota',
    model: 'Hilux',
    year: 2021,
    seatingCapacity: 5,
    transmission: 'manual',
  },
  equipment: { type: 'equipment', brand: 'Makita', model: 'HR2470', condition: 'good' },
  electronics: { type: 'electronics', brand: 'DJI', model: 'Mini 4', condition: 'new' },
  event_space: { type: 'event_space', capacity: 80, indoorArea: 200 },
  storage_space: { type: 'storage_space', width: 3, length: 6, height: 2.5 },
};

/** A day relative to today in Africa/Johannesburg (0 = today). */
export const day = (offset: number) => addDays(todayInBusinessZone(), offset);

/** Sets an owner's plan, creating the Starter subscription first when missing. */
export async function setPlan(db: Kysely<Database>, ownerId: string, plan: PlanId): Promise<void> {
  await ensureStarterSubscription(db, ownerId);
  await db.updateTable('subscriptions').set({ plan_id: plan }).where('owner_id', '=', ownerId).execute();
}

/** A signed-in owner with a subscription (Business unless told: no monthly booking limit). */
export async function signInOwner(t: TestApp, plan: PlanId = 'business', options: CreateUserOptions = {}) {
  const signedIn = await t.signInAs({ ...options, role: 'owner' });
  await setPlan(t.db, signedIn.user.id, plan);
  return signedIn;
}

export interface PropertyOptions {
  type?: PropertyType;
  specifications?: Record<string, unknown>;
  title?: string;
  price_per_day_cents?: number;
  cleaning_fee_cents?: number;
  security_deposit_cents?: number;
  availability_start?: string | null;
  availability_end?: string | null;
  is_active?: boolean;
  status?: Property['status'];
  archived_at?: Date | null;
  instant_book?: boolean;
  /** For an order by age that must not tie: PGlite's clock counts milliseconds. */
  created_at?: Date;
}

/** A listing of an owner, inserted directly (no listing limit, any state). */
export async function insertProperty(
  db: Kysely<Database>,
  ownerId: string,
  options: PropertyOptions = {},
): Promise<Property> {
  const { type = 'accommodation', specifications, title, ...rest } = options;
  return db
    .insertInto('properties')
    .values({
      owner_id: ownerId,
      type,
      category: CATEGORIES_BY_TYPE[type][0],
      title: title ?? `${faker.word.adjective()} ${type} ${randomUUID().slice(0, 8)}`,
      description: faker.lorem.sentence(),
      city: 'Cape Town',
      location: `${faker.location.street()}, Cape Town`,
      price_per_day_cents: 50_000,
      availability_start: null,
      availability_end: null,
      specifications: JSON.stringify({ ...SPECS[type], ...specifications }),
      ...rest,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** `count` photo records of a listing (no files), in order: `properties/<id>/<position>-display.webp`. */
export async function insertImages(db: Kysely<Database>, propertyId: string, count: number): Promise<void> {
  await db
    .insertInto('property_images')
    .values(
      Array.from({ length: count }, (_, position) => ({
        property_id: propertyId,
        position,
        display_key: `properties/${propertyId}/${position}-display.webp`,
        thumbnail_key: `properties/${propertyId}/${position}-thumb.webp`,
        width: 10,
        height: 10,
      })),
    )
    .execute();
}

/** A rate period of a listing: [from, to) days from today at a rate (seasonal prices, spec booking-core §5). */
export async function insertRate(
  db: Kysely<Database>,
  property: Pick<Property, 'id' | 'owner_id'>,
  fromOffset: number,
  toOffset: number,
  rateCents: number,
): Promise<void> {
  await db
    .insertInto('property_rates')
    .values({
      property_id: property.id,
      owner_id: property.owner_id,
      start_date: day(fromOffset),
      end_date: day(toOffset),
      rate_cents: rateCents,
    })
    .execute();
}

/** A listing's prices raised after booking (every rate period too): nothing booked may follow them. */
export async function raisePrices(
  db: Kysely<Database>,
  propertyId: string,
  prices: { perUnitCents: number; cleaningCents: number; periodRateCents: number },
): Promise<void> {
  await db
    .updateTable('properties')
    .set({ price_per_day_cents: prices.perUnitCents, cleaning_fee_cents: prices.cleaningCents })
    .where('id', '=', propertyId)
    .execute();
  await db
    .updateTable('property_rates')
    .set({ rate_cents: prices.periodRateCents })
    .where('property_id', '=', propertyId)
    .execute();
}

/** A reservation request body for nights starting `startOffset` days from today. */
export function bookingBody(
  propertyId: string,
  startOffset: number,
  nights: number,
  extra: Record<string, unknown> = {},
) {
  return {
    property_id: propertyId,
    start_date: day(startOffset),
    end_date: day(startOffset + nights),
    ...extra,
  };
}

/** A new-client form as the owner's editor sends it. */
export function newClientInput() {
  return {
    first_name: faker.person.firstName(),
    last_name: faker.person.lastName(),
    email: `${randomUUID().slice(0, 12)}@example.co.za`,
  };
}

/** The reservation a booking request created; throws with the answer when it was not a 201. */
export function createdReservation(response: LightMyRequestResponse): ReservationDto {
  if (response.statusCode !== 201)
    throw new Error(`expected 201, got ${response.statusCode} ${response.body}`);
  return response.json<ReservationDto>();
}

/** A client record of an owner's business, inserted directly; returns its id. */
export async function insertClientRecord(db: Kysely<Database>, ownerId: string): Promise<string> {
  const client = await db
    .insertInto('clients')
    .values({ owner_id: ownerId, first_name: 'Sam', last_name: 'Naidoo', email: 'sam@example.co.za' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return client.id;
}

/** A signed-in Starter owner (5 bookings a month) with one equipment listing. */
export async function starterOwnerWithListing(t: TestApp) {
  const owner = await signInOwner(t, 'starter');
  const property = await insertProperty(t.db, owner.user.id, { type: 'equipment' });
  return { owner, property };
}

/** The owner books a walk-in through the API: a night for a new client of their business. */
export async function walkIn(
  t: TestApp,
  owner: { cookie: string },
  property: Pick<Property, 'id'>,
  startOffset: number,
): Promise<ReservationDto> {
  const body = bookingBody(property.id, startOffset, 1, { new_client: newClientInput() });
  return createdReservation(await t.post('/api/reservations', body, { cookie: owner.cookie }));
}

/** How many client requests an owner's plan refused today (plan_refusal_notices, decision 033). */
export async function planRefusalsToday(db: Kysely<Database>, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom('plan_refusal_notices')
    .select('refusals')
    .where('owner_id', '=', ownerId)
    .where('day', '=', todayInBusinessZone())
    .executeTakeFirst();
  return row?.refusals ?? 0;
}

/** Expects a refusal: exactly this status and message. */
export function expectError(response: LightMyRequestResponse, status: number, message: string) {
  expect({ status: response.statusCode, message: response.json().message }).toEqual({ status, message });
}
