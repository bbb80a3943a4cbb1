import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { HOURLY_DEFAULTS } from '../../../domain/rental-unit.ts';
import type { PropertySearch } from '../../../domain/schemas/property.ts';
import { LISTED_STATUSES } from '../../../domain/subscription-lifecycle.ts';
import { SEARCH_TEXT } from '../../db/migrations/008-city-search.ts';
import { BITMAP_ONLY, NO_PARALLEL, withSettings } from '../../db/planner-settings.ts';
import type { Database, Property } from '../../db/types.ts';
import { boostsInEffect } from '../homepage-boost/homepage-boost.repository.ts';
import {
  decodeSearchCursor,
  encodeSearchCursor,
  type SearchCursor,
  type SearchCursorSort,
} from './search-cursor.ts';

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

/**
 * Whether the owner of the listing p has a subscription that keeps listings online (active, or Payment
 * Due during its grace period; domain/subscription-lifecycle.ts): inactive, cancelled or no subscription
 * hides them (issue 13).
 */
export const OWNER_LISTED_OF_P = sql<SqlBool>`EXISTS (
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

/** A LIKE pattern that matches the search text literally anywhere. */
const textPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The listed listings with the search text, when there are at most SEARCH_TOTAL_CAP of them; undefined
 * when there are more. Read from the trigram index by bitmap scans only (planner-settings.ts): the
 * planner cannot tell a word on every tenth listing from one on none, and with the rare one it walked
 * every listing in the page's order testing the text (seconds at 200 000 listings). The page and the
 * count then take these ids; a word on more listings than that is met soon enough walking in order.
 */
export async function textMatchIds(db: Executor, q: string): Promise<string[] | undefined> {
  const rows = await withSettings(db, BITMAP_ONLY, (trx) =>
    trx
      .selectFrom('properties as p')
      .select('p.id')
      .where('p.is_active', '=', true)
      .where('p.status', '=', 'available')
      .where('p.archived_at', 'is', null)
      .where(sql<SqlBool>`(${SEARCH_TEXT_OF_P}) ILIKE ${textPattern(q)}`)
      .limit(SEARCH_TOTAL_CAP + 1)
      .execute(),
  );
  return rows.length > SEARCH_TOTAL_CAP ? undefined : rows.map((row) => row.id);
}

/**
 * The search filters, the guest rule, the availability window and the no-overlap check, as SQL
 * conditions. With dates, a listing booked by the hour (event space) stays available while every
 * searched day keeps a free run of its minimum within its bookable hours (domain/rental-unit.ts
 * hasFreeSlot); any other listing is taken by any blocking booking that shares a date.
 */
export function matchingProperties(db: Executor, search: PropertySearch, textIds?: readonly string[]) {
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
      if (search.q && textIds) {
        // The few listings with the text, found beforehand (textMatchIds).
        conditions.push(textIds.length > 0 ? eb('p.id', 'in', textIds) : sql<SqlBool>`false`);
      } else if (search.q) {
        conditions.push(sql<SqlBool>`(${SEARCH_TEXT_OF_P}) ILIKE ${textPattern(search.q)}`);
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
        // A blocking booking that shares a searched day takes the listing: one by dates whatever the
        // listing (it holds every hour of its days, an event space's too); one by the hour (its one
        // day: end_date = start_date + 1) a listing not booked by the hour, and an event space when
        // that day, with all its bookings, has no free run of the minimum within the bookable hours
        // left. One probe per listing of the index of its blocking bookings (migration 044), which
        // holds start date and time: the hourly rule runs only for the hourly bookings it finds. A
        // search pages listings in order and stops at the page, so per-listing probes beat building
        // the window's hourly bookings first (bench/search.ts, docs/decisions/068). [start, end)
        // meets [checkIn, checkOut) as the daterange overlap would (both non-empty: end > start by
        // constraint, checkOut > checkIn by the schema).
        conditions.push(sql<SqlBool>`NOT EXISTS (
          SELECT 1 FROM reservations r
          WHERE r.property_id = p.id
            AND r.status IN ('pending', 'confirmed')
            AND r.end_date > ${checkIn}::date AND r.start_date < ${checkOut}::date
            AND (r.start_time IS NULL OR (
              r.start_date >= ${checkIn}::date
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
            ))
        )`);
        // A blocked period (migration 035) that shares a searched day takes the listing; blocks are
        // whole days today (an hourly block, issue 22, would take its day here too).
        conditions.push(sql<SqlBool>`NOT EXISTS (
          SELECT 1 FROM blocked_periods b
          WHERE b.property_id = p.id
            AND b.end_date > ${checkIn}::date AND b.start_date < ${checkOut}::date
        )`);
      }
      return eb.and(conditions);
    });
}

/** Counting the matches stops past this many: more than that, and the total says so (decision 068). */
export const SEARCH_TOTAL_CAP = 500;

/** The order key of a result row, as the cursor carries it. */
interface SearchKey {
  featured: boolean;
  price_per_day_cents: number;
  created_key: string;
  id: string;
}

/** The search's order in JavaScript, the same as in SQL: featured first, [price,] newest, id. */
function compareKeys(byPrice: boolean, a: SearchKey, b: SearchKey): number {
  if (a.featured !== b.featured) return a.featured ? -1 : 1;
  if (byPrice && a.price_per_day_cents !== b.price_per_day_cents)
    return a.price_per_day_cents - b.price_per_day_cents;
  // Fixed-width UTC text and lower-case uuids order as PostgreSQL orders the values.
  if (a.created_key !== b.created_key) return a.created_key < b.created_key ? 1 : -1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** created_at as fixed-width UTC text with its microseconds: what the cursor compares exactly. */
const CREATED_KEY_OF_P = sql<string>`to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The statements of one search: the matching listings that are boosted now (all of them, few), one
 * page of the others (from the cursor, or at an offset) and the count, capped. Exported for
 * bench/search.ts, which times and EXPLAINs them.
 */
export function searchQueries(
  db: Executor,
  search: PropertySearch,
  options: {
    at?: Date;
    cursor?: SearchCursor;
    offset?: number;
    limit?: number;
    /** textMatchIds's answer, when the search has text. */
    textIds?: readonly string[];
  } = {},
) {
  const { at = new Date(), cursor, offset = 0, limit = search.pageSize + 1, textIds } = options;
  const byPrice = search.sortBy === 'price';
  const matching = () => matchingProperties(db, search, textIds).select(CREATED_KEY_OF_P.as('created_key'));
  const boosted = () => boostsInEffect(db, at).clearSelect().select('b.property_id');
  type Page = ReturnType<typeof matching>;
  const inOrder = (q: Page) =>
    (byPrice ? q.orderBy('p.price_per_day_cents', 'asc') : q)
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'asc');
  /** The wide rows of a narrow page, in its order. */
  const wide = (page: Page) =>
    db
      .selectFrom(page.as('m'))
      .innerJoin('properties as p', 'p.id', 'm.id')
      .selectAll('p')
      .select('m.created_key')
      .$call((q) => (byPrice ? q.orderBy('m.price_per_day_cents', 'asc') : q))
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'asc');

  const featured = wide(inOrder(matching().where('p.id', 'in', boosted())));
  let rest = matching().where('p.id', 'not in', boosted());
  if (cursor && !cursor.featured) {
    const { price, createdAt, id } = cursor;
    // Strictly after the cursor's listing in the order; the first bound of each pair is redundant but
    // lets the index range start at the cursor (an OR alone is a filter on every row before it).
    const newer = sql<SqlBool>`(p.created_at < ${createdAt}::timestamptz
      OR (p.created_at = ${createdAt}::timestamptz AND p.id > ${id}::uuid))`;
    rest = byPrice
      ? rest
          .where('p.price_per_day_cents', '>=', price)
          .where(
            sql<SqlBool>`(p.price_per_day_cents > ${price} OR (p.price_per_day_cents = ${price} AND ${newer}))`,
          )
      : rest.where('p.created_at', '<=', sql<Date>`${createdAt}::timestamptz`).where(newer);
  }
  const page = wide(inOrder(rest).limit(limit).offset(offset));
  const count = db
    .selectFrom(
      matchingProperties(db, search, textIds)
        .clearSelect()
        .select(sql.lit(1).as('one'))
        .limit(SEARCH_TOTAL_CAP + 1)
        .as('c'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'));
  return { featured, page, count };
}

export interface SearchResultPage {
  items: (Property & { featured: boolean })[];
  /** Every match, or SEARCH_TOTAL_CAP when there are more (totalCapped). */
  total: number;
  totalCapped: boolean;
  /** The cursor of the page after this one; null on the last page. */
  nextCursor: string | null;
}

/**
 * The marketplace search, decided entirely in SQL, a page at a time: the page reads the listings in
 * the search's order from an index and stops once it has the page (plus one, to know whether another
 * follows), so its cost is the page's, not the matches' (bench/search.ts at 200 000 listings,
 * docs/decisions/068). Listings boosted under a Homepage boost add-on in use now (docs/decisions/035)
 * come first, each group in the chosen order: the few boosts in effect are joined to the matching
 * set, so they never bypass a filter. `search.after` (a cursor) starts the page right after the
 * listing it names; otherwise `page` counts pages from the first. The total is counted up to
 * SEARCH_TOTAL_CAP.
 */
export async function searchProperties(
  db: Executor,
  search: PropertySearch,
  at: Date = new Date(),
): Promise<SearchResultPage> {
  const byPrice = search.sortBy === 'price';
  const sort: SearchCursorSort = byPrice ? 'price' : 'newest';
  const cursor = search.after ? decodeSearchCursor(search.after, sort) : undefined;
  const size = search.pageSize;
  const offset = cursor ? 0 : (search.page - 1) * size;
  const textIds = search.q ? await textMatchIds(db, search.q) : undefined;
  const queries = (restOffset: number) =>
    searchQueries(db, search, { at, cursor, offset: restOffset, limit: size + 1, textIds });
  const toKey = (row: Property & { created_key: string }, featured: boolean) => ({ ...row, featured });
  const { featured, page, count } = queries(0);
  // The capped count reads at most a few thousand index entries (planner-settings.ts NO_PARALLEL).
  const counted = withSettings(db, NO_PARALLEL, (trx) =>
    trx.executeQuery<{ n: number | string }>(count.compile()),
  ).then((result) => Number(result.rows[0]?.n ?? 0));
  const featuredRows = featured.execute().then((rows) => rows.map((row) => toKey(row, true)));
  // A page that starts after a cursor, or the first page, starts the others at their first: all three
  // statements at once. A page at an offset first needs the number of featured listings before it.
  // Deep in by offset, the plan's cost passes JIT's threshold: compiling took 390 ms of a 420 ms page
  // at 200 000 listings (bench/search.ts), so that page runs without JIT (NO_PARALLEL).
  const pageAt = async (restOffset: number) => {
    const compiled = queries(restOffset).page.compile();
    return (await withSettings(db, NO_PARALLEL, (trx) => trx.executeQuery(compiled))).rows;
  };
  const restRows = (
    cursor || offset === 0
      ? page.execute()
      : featuredRows.then((rows) => pageAt(Math.max(0, offset - rows.length)))
  ).then((rows) => rows.map((row) => toKey(row, false)));
  const [allFeatured, rest, n] = await Promise.all([featuredRows, restRows, counted]);
  const featuredAfter = cursor
    ? cursor.featured
      ? allFeatured.filter(
          (row) =>
            compareKeys(byPrice, row, {
              featured: true,
              price_per_day_cents: cursor.price,
              created_key: cursor.createdAt,
              id: cursor.id,
            }) > 0,
        )
      : []
    : allFeatured.slice(offset);
  const pageFeatured = featuredAfter.slice(0, size);
  const wanted = size - pageFeatured.length;
  const items = [...pageFeatured, ...rest.slice(0, wanted)];
  const hasMore = featuredAfter.length > pageFeatured.length || rest.length > wanted;
  const last = items.at(-1);
  return {
    items: items.map(({ created_key: _key, ...property }) => property),
    total: Math.min(n, SEARCH_TOTAL_CAP),
    totalCapped: n > SEARCH_TOTAL_CAP,
    nextCursor:
      hasMore && last
        ? encodeSearchCursor({
            sort,
            featured: last.featured,
            price: last.price_per_day_cents,
            createdAt: last.created_key,
            id: last.id,
          })
        : null,
  };
}
