/**
 * A proposed shape for searchProperties (server/modules/properties/property.repository.ts), measured by
 * bench/search.ts next to the current one. Same filters, same results; two differences:
 *
 * 1. The matching set is computed once, narrow (id, created_at, price), in a MATERIALIZED CTE. The
 *    count and the page both read it, and only the page's 12 rows are joined back to the wide
 *    properties rows. Today `count(*) OVER ()` over `SELECT p.*` makes PostgreSQL buffer every matching
 *    wide row (about 10 MB for a dates-only search, spilled to disk above work_mem 4 MB) and, on
 *    PostgreSQL 15/16, the LIMIT makes the planner walk properties_listed_idx in created_at order with a
 *    nested-loop anti join, as if it could stop after 12 rows, while the window aggregate must read
 *    them all.
 * 2. It is meant to run with RESERVATIONS_BLOCKING_RANGE_INDEX below: a GiST index on the date range
 *    alone for blocking reservations. The no_double_booking index leads with property_id, so a
 *    "which reservations overlap these dates" scan over it is slow.
 */
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { PropertySearch } from '../domain/schemas/property.ts';
import type { Database, Property } from '../server/db/types.ts';

export const RESERVATIONS_BLOCKING_RANGE_INDEX = `CREATE INDEX reservations_blocking_range_idx ON reservations
  USING gist (daterange(start_date, end_date, '[)')) WHERE status IN ('pending', 'confirmed')`;

export async function searchPropertiesProposed(
  db: Kysely<Database>,
  search: PropertySearch,
): Promise<{ items: Property[]; total: number }> {
  const matching = db
    .selectFrom('properties as p')
    .select(['p.id', 'p.created_at', 'p.price_per_day_cents'])
    .where('p.is_active', '=', true)
    .where('p.status', '=', 'available')
    .where((eb) => {
      // The same conditions as searchProperties.
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
