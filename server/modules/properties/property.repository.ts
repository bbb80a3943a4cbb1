import type { Kysely } from 'kysely';
import type { PropertyInput } from '../../../domain/schemas/property.ts';
import type { Database, Property, PropertyImage } from '../../db/types.ts';

type Executor = Kysely<Database>;

import { OWNER_LISTED_OF_P } from './property-search.repository.ts';
export function toPropertyRow(input: PropertyInput) {
  return {
    type: input.type,
    category: input.category,
    title: input.title,
    description: input.description,
    city: input.city,
    location: input.location,
    price_per_day_cents: input.price_per_day_cents,
    currency: input.currency,
    amenities: input.amenities,
    availability_start: input.availability_start,
    availability_end: input.availability_end,
    is_active: input.is_active,
    status: input.status,
    cleaning_fee_cents: input.cleaning_fee_cents,
    security_deposit_cents: input.security_deposit_cents,
    specifications: JSON.stringify(input.specifications),
    instant_book: input.instantBook,
  };
}

export function insertProperty(db: Executor, ownerId: string, input: PropertyInput): Promise<Property> {
  return db
    .insertInto('properties')
    .values({ ...toPropertyRow(input), owner_id: ownerId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateProperty(db: Executor, id: string, input: PropertyInput): Promise<Property> {
  return db
    .updateTable('properties')
    .set({ ...toPropertyRow(input), updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteProperty(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('properties').where('id', '=', id).execute();
}

/** Archives (a date) or restores (null) a listing. */
export function setArchivedAt(db: Executor, id: string, archivedAt: Date | null): Promise<Property> {
  return db
    .updateTable('properties')
    .set({ archived_at: archivedAt, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findPropertyById(db: Executor, id: string): Promise<Property | undefined> {
  return db.selectFrom('properties').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The row, locked until the transaction ends (a booking's foreign-key check waits for it). */
export function lockPropertyForChange(db: Executor, id: string): Promise<Property | undefined> {
  return db.selectFrom('properties').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Whether any reservation, in any status, refers to the listing. */
export async function hasReservations(db: Executor, propertyId: string): Promise<boolean> {
  const row = await db
    .selectFrom('reservations')
    .select('id')
    .where('property_id', '=', propertyId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The owner's listings that reservations refer to, of the given ids. */
export async function listPropertiesWithReservations(
  db: Executor,
  propertyIds: string[],
): Promise<Set<string>> {
  if (propertyIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('reservations')
    .select('property_id')
    .distinct()
    .where('property_id', 'in', propertyIds)
    .execute();
  return new Set(rows.map((row) => row.property_id));
}

export function listPropertiesOfOwner(db: Executor, ownerId: string): Promise<Property[]> {
  return db
    .selectFrom('properties')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .orderBy('created_at', 'desc')
    .execute();
}

export async function listImagesOf(db: Executor, propertyIds: string[]): Promise<PropertyImage[]> {
  if (propertyIds.length === 0) return [];
  return db
    .selectFrom('property_images')
    .selectAll()
    .where('property_id', 'in', propertyIds)
    .orderBy('property_id')
    .orderBy('position')
    .orderBy('created_at')
    .execute();
}

/** Only the first image of each property (the cover), for cards. */
export async function listCoverImagesOf(db: Executor, propertyIds: string[]): Promise<PropertyImage[]> {
  if (propertyIds.length === 0) return [];
  return db
    .selectFrom('property_images')
    .distinctOn('property_id')
    .selectAll()
    .where('property_id', 'in', propertyIds)
    .orderBy('property_id')
    .orderBy('position')
    .orderBy('created_at')
    .execute();
}

/**
 * A business's listings as search shows them (active, available, not archived, its subscription
 * listing them), newest first: the cards of its public page, /b/<slug> (docs/decisions/038).
 */
export function listListedPropertiesOfOwner(db: Executor, ownerId: string, limit = 60): Promise<Property[]> {
  return db
    .selectFrom('properties as p')
    .selectAll('p')
    .where('p.owner_id', '=', ownerId)
    .where('p.is_active', '=', true)
    .where('p.status', '=', 'available')
    .where('p.archived_at', 'is', null)
    .where(OWNER_LISTED_OF_P)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id')
    .limit(limit)
    .execute();
}

/** Whether a user, as a client, holds a confirmed or completed booking of a listing. */
export async function hasConfirmedBookingOf(
  db: Executor,
  propertyId: string,
  userId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('reservations')
    .innerJoin('clients', 'clients.id', 'reservations.client_id')
    .select('reservations.id')
    .where('reservations.property_id', '=', propertyId)
    .where('clients.user_id', '=', userId)
    .where('reservations.status', 'in', ['confirmed', 'completed'])
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/** The rate periods of several listings, by start date. */
export function listRatesOfProperties(db: Executor, propertyIds: string[]) {
  if (propertyIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('property_rates')
    .select(['property_id', 'start_date', 'end_date', 'rate_cents'])
    .where('property_id', 'in', propertyIds)
    .orderBy('start_date')
    .execute();
}
