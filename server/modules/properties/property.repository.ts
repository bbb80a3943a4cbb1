import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { HOURLY_DEFAULTS } from '../../../domain/rental-unit.ts';
import type { PropertyInput, PropertySearch } from '../../../domain/schemas/property.ts';
import { LISTED_STATUSES } from '../../../domain/subscription-lifecycle.ts';
import { SEARCH_TEXT } from '../../db/migrations/008-city-search.ts';
import type { Database, Property, PropertyImage } from '../../db/types.ts';
import { boostsInEffect } from '../homepage-boost/homepage-boost.repository.ts';

type Executor = Kysely<Database>;

/** Title, location, city and description as one text: the expression of the trigram index (008). */
const SEARCH_TEXT_OF_P = sql.raw(SEARCH_TEXT.replace(/\b(title|location|city|description)\b/g, 'p.$1'));

/** A time of day 'HH:MM' on the hour or half hour, '24:00' allowed (domain/rental-unit.ts isOnSlot). */
const SLOT_TIME = `'^(([01][0-9]|2[0-3]):[03]0|24:00)$'`;
/** One of an event space's bookable hours as an interval from midnight, its default when missing or malformed. */
const bookableHourOfP = (end: 'start' | 'end') => {
  const value = `p.specifications->'bookableHours'->>'${end}'`;
  return `(CASE WHEN ${value} ~ ${SLOT_TIME} THEN (${value})::interval
    ELSE interval '${HOURLY_DEFAULTS.bookableHours[end]}' END)`;
};
/** hourlyRulesOf in SQL: the opening time, the closing time and the minimum booking of the listing p. */
const HOURLY_OPEN_OF_P = sql.raw(bookableHourOfP('start'));
const HOURLY_CLOSE_OF_P = sql.raw(bookableHourOfP('end'));
const MINIMUM_HOURS_OF_P = `(p.specifications->>'minimumHours')`;
const HOURLY_MINIMUM_OF_P = sql.raw(`coalesce(CASE WHEN ${MINIMUM_HOURS_OF_P} ~ '^[0-9]+(\\.[05]0*)?$' THEN (
    CASE WHEN ${MINIMUM_HOURS_OF_P}::numeric > 0 THEN make_interval(mins => (${MINIMUM_HOURS_OF_P}::numeric * 60)::int) END
  ) END, interval '${HOURLY_DEFAULTS.minimumHours} hours')`);

/** A validated listing as the columns of a properties row. */
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
 * Whether the owner of the listing p has a subscription that keeps listings online (active, or Payment
 * Due during its grace period; domain/subscription-lifecycle.ts): inactive, cancelled or no subscription
 * hides them (issue 13).
 */
const OWNER_LISTED_OF_P = sql<SqlBool>`EXISTS (
  SELECT 1 FROM subscriptions s
  WHERE s.owner_id = p.owner_id AND s.status IN (${sql.join([...LISTED_STATUSES])})
)`;

/** The cities of the listings search shows, each spelling once, the most used spelling first. */
export async function listListedCities(db: Executor): Promise<string[]> {
  const rows = await db
    .selectFrom('properties as p')
    .select('p.city')
    .where('p.is_active', '=', true)
    .where('p.status', '=', 'available')
    .where('p.archived_at', 'is', null)
    .where(OWNER_LISTED_OF_P)
    .groupBy('p.city')
    .orderBy((eb) => eb.fn.countAll(), 'desc')
    .orderBy('p.city')
    .execute();
  return rows.map((row) => row.city);
}

/**
 * The search filters, the guest rule, the availability window and the no-overlap check, as SQL
 * conditions. With dates, a listing booked by the hour (event space) stays available while every
 * searched day keeps a free run of its minimum within its bookable hours (domain/rental-unit.ts
 * hasFreeSlot); any other listing is taken by any blocking booking that shares a date.
 */
export function matchingProperties(db: Executor, search: PropertySearch) {
  return db
    .selectFrom('properties as p')
    .select(['p.id', 'p.created_at', 'p.price_per_day_cents'])
    .where('p.is_active', '=', true)
    .where('p.status', '=', 'available')
    .where('p.archived_at', 'is', null)
    .where(OWNER_LISTED_OF_P)
    .where((eb) => {
      const conditions: Expression<SqlBool>[] = [];
      if (search.type) conditions.push(eb('p.type', '=', search.type));
      if (search.category) conditions.push(eb('p.category', '=', search.category));
      // Same expression as the search indexes (migration 008), so they serve it.
      if (search.city) conditions.push(sql<SqlBool>`lower(p.city) = lower(${search.city})`);
      if (search.q) {
        const pattern = `%${search.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conditions.push(sql<SqlBool>`(${SEARCH_TEXT_OF_P}) ILIKE ${pattern}`);
      }
      if (search.minPrice !== undefined) conditions.push(eb('p.price_per_day_cents', '>=', search.minPrice));
      if (search.maxPrice !== undefined) conditions.push(eb('p.price_per_day_cents', '<=', search.maxPrice));
      if (search.amenities?.length) {
        conditions.push(sql<SqlBool>`p.amenities @> ${sql.val(search.amenities)}::text[]`);
      }
      if (search.guests !== undefined && search.guests > 1) {
        conditions.push(
          search.type === 'accommodation'
            ? sql<SqlBool>`p.type = 'accommodation' AND coalesce((p.specifications->>'bedrooms')::numeric, 1) * 2 >= ${search.guests}`
            : sql<SqlBool>`(p.type <> 'accommodation' OR coalesce((p.specifications->>'bedrooms')::numeric, 1) * 2 >= ${search.guests})`,
        );
      }
      if (search.checkIn && search.checkOut) {
        const { checkIn, checkOut } = search;
        conditions.push(
          sql<SqlBool>`(p.availability_start IS NULL OR p.availability_start <= ${checkIn}::date)`,
        );
        conditions.push(
          sql<SqlBool>`(p.availability_end IS NULL OR p.availability_end >= ${checkOut}::date)`,
        );
        // A blocking booking by dates that shares a date takes the listing (it holds every hour of its
        // days, so an event space's too).
        conditions.push(sql<SqlBool>`NOT EXISTS (
          SELECT 1 FROM reservations r
          WHERE r.property_id = p.id
            AND r.status IN ('pending', 'confirmed')
            AND daterange(r.start_date, r.end_date, '[)') && daterange(${checkIn}::date, ${checkOut}::date, '[)')
            AND r.start_time IS NULL
        )`);
        // A blocked period (migration 035) that shares a searched day takes the listing; blocks are
        // whole days today (an hourly block, issue 22, would take its day here too).
        conditions.push(sql<SqlBool>`NOT EXISTS (
          SELECT 1 FROM blocked_periods b
          WHERE b.property_id = p.id
            AND b.end_date > ${checkIn}::date AND b.start_date < ${checkOut}::date
        )`);
        // A blocking booking by the hour on a searched day (its one day: end_date = start_date + 1)
        // takes a listing not booked by the hour, and an event space when that day, with all its
        // bookings, has no free run of the minimum within the bookable hours left. Apart so that both
        // anti-joins stay on property_id alone: the hourly check reads only r (few rows, from
        // reservations_hourly_blocking_idx, migration 010).
        conditions.push(sql<SqlBool>`NOT EXISTS (
          SELECT 1 FROM reservations r
          WHERE r.property_id = p.id
            AND r.start_time IS NOT NULL
            AND r.status IN ('pending', 'confirmed')
            AND r.start_date >= ${checkIn}::date AND r.start_date < ${checkOut}::date
            AND EXISTS (
              -- p is the booking's listing here: the hourly rules above read p.
              SELECT 1 FROM properties p
              CROSS JOIN LATERAL (
                SELECT tsrange(r.start_date + ${HOURLY_OPEN_OF_P}, r.start_date + ${HOURLY_CLOSE_OF_P}, '[)') AS hours
              ) h
              WHERE p.id = r.property_id
                AND (p.type <> 'event_space' OR NOT EXISTS (
                  SELECT 1
                  FROM unnest(tsmultirange(h.hours) - coalesce((
                    SELECT range_agg(o.period) FROM reservations o
                    WHERE o.property_id = p.id
                      AND o.status IN ('pending', 'confirmed')
                      AND o.period && h.hours
                  ), '{}'::tsmultirange)) AS free(gap)
                  WHERE upper(free.gap) - lower(free.gap) >= ${HOURLY_MINIMUM_OF_P}
                ))
            )
        )`);
      }
      return eb.and(conditions);
    });
}

/**
 * The marketplace search, decided entirely in SQL. The matching set is computed once, narrow
 * (id, created_at, price), in a materialised CTE; the total and the page both read it, and only the
 * page's rows are joined back to the wide property rows (bench/search.ts measured why: a window count
 * over `p.*` buffered every matching row and misled the PostgreSQL 15 planner). Listings boosted under
 * a Homepage boost add-on in use now (docs/decisions/035) come first, each group in the chosen order:
 * the few boosts in effect are joined to the matching set, so they never bypass a filter.
 */
export async function searchProperties(
  db: Executor,
  search: PropertySearch,
  at: Date = new Date(),
): Promise<{ items: (Property & { featured: boolean })[]; total: number }> {
  const matching = matchingProperties(db, search);
  const byPrice = search.sortBy === 'price';
  const rows = await db
    .with(
      (cte) => cte('matching').materialized(),
      () => matching,
    )
    .with('boosted', () => boostsInEffect(db, at).clearSelect().select('b.property_id'))
    .with('page', (qb) =>
      qb
        .selectFrom('matching as m')
        .leftJoin('boosted as f', 'f.property_id', 'm.id')
        .selectAll('m')
        .select(sql<boolean>`f.property_id IS NOT NULL`.as('featured'))
        .orderBy('featured', 'desc')
        .$call((q) =>
          byPrice
            ? q.orderBy('m.price_per_day_cents', 'asc').orderBy('m.created_at', 'desc')
            : q.orderBy('m.created_at', 'desc'),
        )
        .orderBy('m.id')
        .limit(search.pageSize)
        .offset((search.page - 1) * search.pageSize),
    )
    .selectFrom('page as m')
    .innerJoin('properties as p', 'p.id', 'm.id')
    .selectAll('p')
    .select('m.featured')
    .select((eb) => eb.selectFrom('matching').select(eb.fn.countAll<number>().as('n')).as('total_count'))
    .orderBy('m.featured', 'desc')
    .$call((q) =>
      byPrice
        ? q.orderBy('m.price_per_day_cents', 'asc').orderBy('m.created_at', 'desc')
        : q.orderBy('m.created_at', 'desc'),
    )
    .orderBy('m.id')
    .execute();

  if (rows.length === 0 && search.page > 1) {
    const counted = await matching
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return { items: [], total: Number(counted.count) };
  }
  const total = Number(rows[0]?.total_count ?? 0);
  const items = rows.map(
    ({ total_count: _ignored, ...property }) => property as Property & { featured: boolean },
  );
  return { items, total };
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
