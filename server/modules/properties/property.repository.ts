import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { PropertyInput, PropertySearch } from '../../../domain/schemas/property.ts';
import type { Database, Property, PropertyImage } from '../../db/types.ts';

type Executor = Kysely<Database>;

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

export function findPropertyById(db: Executor, id: string): Promise<Property | undefined> {
  return db.selectFrom('properties').selectAll().where('id', '=', id).executeTakeFirst();
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

/** The search filters, the guest rule, the availability window and the no-overlap check, as SQL conditions. */
function matchingProperties(db: Executor, search: PropertySearch) {
  return db
    .selectFrom('properties as p')
    .select(['p.id', 'p.created_at', 'p.price_per_day_cents'])
    .where('p.is_active', '=', true)
    .where('p.status', '=', 'available')
    .where((eb) => {
      const conditions: Expression<SqlBool>[] = [];
      if (search.type) conditions.push(eb('p.type', '=', search.type));
      if (search.category) conditions.push(eb('p.category', '=', search.category));
      if (search.city) conditions.push(eb('p.city', '=', search.city));
      if (search.q) {
        const pattern = `%${search.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conditions.push(eb.or([eb('p.location', 'ilike', pattern), eb('p.title', 'ilike', pattern)]));
      }
      if (search.minPrice !== undefined) conditions.push(eb('p.price_per_day_cents', '>=', search.minPrice));
      if (search.maxPrice !== undefined) conditions.push(eb('p.price_per_day_cents', '<=', search.maxPrice));
      if (search.amenities?.length) {
        conditions.push(sql<SqlBool>`p.amenities @> ${sql.val(search.amenities)}::text[]`);
      }
      if (search.guests !== undefined && search.guests > 1) {
        conditions.push(
          search.type === 'accommodation'
            ? sql<SqlBool>`p.type = 'accommodation' AND coalesce((p.specifications->>'bedrooms')::int, 1) * 2 >= ${search.guests}`
            : sql<SqlBool>`(p.type <> 'accommodation' OR coalesce((p.specifications->>'bedrooms')::int, 1) * 2 >= ${search.guests})`,
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
        conditions.push(sql<SqlBool>`NOT EXISTS (
          SELECT 1 FROM reservations r
          WHERE r.property_id = p.id
            AND r.status IN ('pending', 'confirmed')
            AND daterange(r.start_date, r.end_date, '[)') && daterange(${checkIn}::date, ${checkOut}::date, '[)')
        )`);
      }
      return eb.and(conditions);
    });
}

/**
 * The marketplace search, decided entirely in SQL. The matching set is computed once, narrow
 * (id, created_at, price), in a materialised CTE; the total and the page both read it, and only the
 * page's rows are joined back to the wide property rows (bench/search.ts measured why: a window count
 * over `p.*` buffered every matching row and misled the PostgreSQL 15 planner).
 */
export async function searchProperties(
  db: Executor,
  search: PropertySearch,
): Promise<{ items: Property[]; total: number }> {
  const matching = matchingProperties(db, search);
  const byPrice = search.sortBy === 'price';
  const rows = await db
    .with(
      (cte) => cte('matching').materialized(),
      () => matching,
    )
    .with('page', (qb) =>
      qb
        .selectFrom('matching as m')
        .selectAll('m')
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
    .select((eb) => eb.selectFrom('matching').select(eb.fn.countAll<number>().as('n')).as('total_count'))
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
  const items = rows.map(({ total_count: _ignored, ...property }) => property as Property);
  return { items, total };
}
