/**
 * The data set the PostgreSQL benchmarks share (bench/search.ts, reservation-list.ts, reports.ts,
 * list-endpoints.ts): listings of a few businesses with a year of bookings, seeded in a few
 * INSERT ... SELECT statements, its size from the environment (BENCH_LISTINGS, BENCH_RESERVATIONS,
 * BENCH_OWNERS; defaults 20 000 / 200 000 / 50); and the databases and the app they run on.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import { todayInBusinessZone } from '../domain/dates.ts';
import {
  AMENITIES,
  CATEGORIES_BY_TYPE,
  CITIES,
  PROPERTY_TYPES,
  type PropertyType,
} from '../domain/property.ts';
import {
  RESERVATION_REFERENCE_ALPHABET,
  RESERVATION_REFERENCE_LENGTH,
  RESERVATION_REFERENCE_PREFIX,
} from '../domain/reservation-reference.ts';
import { loadConfig } from '../server/config.ts';
import { type DatabaseHandle, openDatabase } from '../server/db/database.ts';
import type { Database } from '../server/db/types.ts';
import { startRuntime } from '../server/runtime.ts';

export const PROPERTY_COUNT = Number(process.env.BENCH_LISTINGS ?? 20_000);
const OWNER_COUNT = Number(process.env.BENCH_OWNERS ?? 50);
/** Reservations per listing average exactly this (listings are paired: k + d and k - d). */
export const RESERVATIONS_PER_PROPERTY =
  Number(process.env.BENCH_RESERVATIONS ?? PROPERTY_COUNT * 10) / PROPERTY_COUNT;
/** How far a listing's bookings stray from the average (paired, so the total stays exact). */
const RESERVATION_SPREAD = Math.max(0, Math.min(8, RESERVATIONS_PER_PROPERTY - 2));
if (
  !Number.isInteger(PROPERTY_COUNT) ||
  PROPERTY_COUNT < 2 ||
  PROPERTY_COUNT % 2 !== 0 ||
  !Number.isInteger(RESERVATIONS_PER_PROPERTY) ||
  RESERVATIONS_PER_PROPERTY < 2 ||
  !Number.isInteger(OWNER_COUNT) ||
  OWNER_COUNT < 1
) {
  throw new Error(
    'BENCH_LISTINGS must be an even number, BENCH_RESERVATIONS a whole number (at least 2) per listing, BENCH_OWNERS at least 1',
  );
}
/** Above the default size: PGlite and the earlier way are skipped unless asked for. */
export const LARGE = PROPERTY_COUNT > 20_000;

const ADMIN_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const TODAY = todayInBusinessZone();

function log(message: string): void {
  process.stdout.write(`· ${message}\n`);
}

// ---------------------------------------------------------------------------------------------------
// Seeding: deterministic pseudo-random values from hashtext, everything in three INSERT ... SELECT.
// ---------------------------------------------------------------------------------------------------

/** A pseudo-random integer in [0, mod) derived from the given SQL expressions and a salt. */
function rnd(salt: string, mod: number | string, ...keys: string[]): string {
  return `(abs(hashtext(concat_ws(':', ${keys.join(', ')}, '${salt}'))::bigint) % (${mod}))::int`;
}

const textArray = (values: readonly string[]) => `ARRAY[${values.map((v) => `'${v}'`).join(', ')}]::text[]`;
const pick = (values: readonly string[], salt: string, ...keys: string[]) =>
  `(${textArray(values)})[1 + ${rnd(salt, values.length, ...keys)}]`;

/** Weighted: accommodation dominates, as on the real marketplace. */
const TYPE_WEIGHTS: Record<PropertyType, number> = {
  accommodation: 7,
  vehicle: 4,
  equipment: 3,
  electronics: 2,
  event_space: 2,
  storage_space: 2,
};
const CITY_WEIGHTS = [4, 4, 3, 3, 2, 1, 1, 1, 1, 1];
const weighted = <T extends string>(values: readonly T[], weights: readonly number[]) =>
  values.flatMap((value, i) => Array.from({ length: weights[i] ?? 1 }, () => value));

/** Price band per type, in rand (log-uniform inside it). */
const PRICE_RANGE: Record<PropertyType, [number, number]> = {
  accommodation: [400, 4000],
  vehicle: [250, 4500],
  equipment: [80, 1500],
  electronics: [60, 1200],
  event_space: [300, 5000],
  storage_space: [400, 6000],
};
/** Longest single booking per type, in days. */
const MAX_STAY: Record<PropertyType, number> = {
  accommodation: 14,
  vehicle: 10,
  equipment: 7,
  electronics: 7,
  event_space: 2,
  storage_space: 120,
};

function caseByType(column: string, byType: Record<PropertyType, string>): string {
  const branches = PROPERTY_TYPES.map((t) => `WHEN '${t}' THEN ${byType[t]}`).join(' ');
  return `CASE ${column} ${branches} END`;
}

function specificationsSql(): string {
  const g = 'g';
  return caseByType('type', {
    accommodation: `jsonb_build_object('type', 'accommodation', 'bedrooms', bedrooms,
      'bathrooms', greatest(1, bedrooms - ${rnd('bath', 2, g)}), 'furnished', ${rnd('furn', 3, g)} > 0,
      'maxOccupants', bedrooms * 2, 'maxGuests', bedrooms * 2, 'squareFootage', 25 + bedrooms * 35 + ${rnd('sqft', 40, g)})`,
    vehicle: `jsonb_build_object('type', 'vehicle',
      'make', (${textArray(['Toyota', 'Volkswagen', 'Ford', 'Hyundai', 'BMW', 'Suzuki', 'Nissan', 'Kia'])})[1 + ${rnd('make', 8, g)}],
      'model', (${textArray(['Corolla', 'Polo', 'Ranger', 'i20', 'X3', 'Swift', 'Navara', 'Picanto'])})[1 + ${rnd('make', 8, g)}],
      'year', 2008 + ${rnd('year', 18, g)}, 'mileage', 5000 + ${rnd('km', 200000, g)},
      'fuelType', ${pick(['petrol', 'diesel', 'electric', 'hybrid'], 'fuel', g)},
      'transmission', ${pick(['automatic', 'manual'], 'gear', g)}, 'seatingCapacity', 2 + ${rnd('seats', 6, g)})`,
    equipment: `jsonb_build_object('type', 'equipment',
      'brand', ${pick(['Makita', 'Bosch', 'DeWalt', 'Karcher', 'Stihl', 'Coleman'], 'brand', g)},
      'model', 'X' || (100 + ${rnd('model', 900, g)}), 'condition', ${pick(['new', 'excellent', 'good', 'fair'], 'cond', g)},
      'powerType', ${pick(['electric', 'petrol', 'battery', 'manual'], 'power', g)}, 'weight', 1 + ${rnd('kg', 80, g)})`,
    electronics: `jsonb_build_object('type', 'electronics',
      'brand', ${pick(['Canon', 'Sony', 'DJI', 'Nikon', 'PlayStation', 'JBL'], 'brand', g)},
      'model', 'M' || (10 + ${rnd('model', 90, g)}), 'condition', ${pick(['new', 'excellent', 'good', 'fair'], 'cond', g)},
      'includedAccessories', '["charger", "carry case"]'::jsonb)`,
    event_space: `jsonb_build_object('type', 'event_space', 'capacity', 20 + ${rnd('cap', 480, g)},
      'indoorArea', 50 + ${rnd('area', 950, g)}, 'outdoorArea', ${rnd('out', 500, g)},
      'layouts', '["theatre", "banquet", "cocktail"]'::jsonb, 'amenities', '["projector", "sound system"]'::jsonb,
      'bookableHours', (ARRAY['{"start": "08:00", "end": "22:00"}', '{"start": "08:00", "end": "22:00"}',
        '{"start": "07:00", "end": "23:00"}', '{"start": "09:00", "end": "21:00"}']::jsonb[])[1 + ${rnd('hours', 4, g)}],
      'minimumHours', (ARRAY[4, 4, 2, 3, 6])[1 + ${rnd('minimum', 5, g)}])`,
    storage_space: `jsonb_build_object('type', 'storage_space', 'width', 1.5 + ${rnd('w', 40, g)} / 10.0,
      'length', 2 + ${rnd('l', 60, g)} / 10.0, 'height', 2.4, 'climateControlled', ${rnd('cc', 4, g)} = 0,
      'securityFeatures', '["cctv", "alarm"]'::jsonb, 'accessHours', '{"start": "06:00", "end": "22:00"}'::jsonb)`,
  });
}

function propertiesInsertSql(owners: number): string {
  const g = 'g';
  const types = weighted(
    PROPERTY_TYPES,
    PROPERTY_TYPES.map((t) => TYPE_WEIGHTS[t]),
  );
  const cities = weighted(CITIES, CITY_WEIGHTS);
  const category = caseByType(
    'type',
    Object.fromEntries(PROPERTY_TYPES.map((t) => [t, pick(CATEGORIES_BY_TYPE[t], 'cat', g)])) as Record<
      PropertyType,
      string
    >,
  );
  const bedrooms = `CASE WHEN type <> 'accommodation' THEN NULL
    WHEN category = 'room' THEN 1
    WHEN category = 'villa' THEN 3 + ${rnd('bed', 4, g)}
    WHEN category = 'house' THEN 2 + ${rnd('bed', 4, g)}
    ELSE 1 + ${rnd('bed', 3, g)} END`;
  const lo = caseByType(
    'type',
    Object.fromEntries(PROPERTY_TYPES.map((t) => [t, PRICE_RANGE[t][0]])) as never,
  );
  const hi = caseByType(
    'type',
    Object.fromEntries(PROPERTY_TYPES.map((t) => [t, PRICE_RANGE[t][1]])) as never,
  );
  const price = `(round(${lo} * power((${hi})::numeric / ${lo}, ${rnd('price', 1000, g)} / 1000.0)
    * coalesce(0.6 + 0.2 * bedrooms, 1) / 10) * 1000)::int`;
  const amenities = `ARRAY(SELECT a FROM unnest(${textArray(AMENITIES)}) WITH ORDINALITY u(a, i)
    WHERE (abs(hashtext(concat_ws(':', g, 'amen'))::bigint) >> (i::int * 2)) & 3 = 0)`;
  const avail = rnd('avail', 100, g);
  return `
    WITH owners AS (
      SELECT array_agg(id ORDER BY email) AS ids FROM users WHERE email LIKE 'bench.owner%'
    )
    INSERT INTO properties (id, owner_id, type, category, title, description, city, location, price_per_day_cents,
      amenities, availability_start, availability_end, is_active, status, archived_at, cleaning_fee_cents, security_deposit_cents,
      specifications, created_at, updated_at)
    SELECT md5('bench-property-' || g)::uuid, owners.ids[1 + g % ${owners}], type, category,
      initcap(replace(category, '_', ' ')) || ' in ' || city || ' #' || g,
      'A ' || replace(category, '_', ' ') || ' in ' || city || '. '
        || repeat('Well kept, close to shops and transport, with friendly local support. ', 2 + ${rnd('desc', 5, g)}),
      city,
      (1 + ${rnd('street', 300, g)}) || ' ' || ${pick(['Main Road', 'Beach Road', 'Church Street', 'Long Street', 'Oak Avenue', 'Jan Smuts Avenue', 'Voortrekker Road', 'Marine Drive'], 'sname', g)} || ', ' || city,
      price, ${amenities},
      CASE WHEN ${avail} < 85 THEN NULL
           WHEN ${avail} < 95 THEN '${TODAY}'::date - ${rnd('as', 60, g)}
           ELSE '${TODAY}'::date + 30 + ${rnd('as', 60, g)} END,
      CASE WHEN ${avail} < 85 OR ${avail} >= 95 THEN NULL ELSE '${TODAY}'::date + 120 + ${rnd('ae', 240, g)} END,
      ${rnd('active', 100, g)} >= 4,
      CASE WHEN ${rnd('status', 100, g)} BETWEEN 94 AND 97 THEN 'maintenance' ELSE 'available' END,
      CASE WHEN ${rnd('status', 100, g)} >= 98 THEN now() END,
      CASE WHEN type = 'accommodation' THEN ${rnd('clean', 5, g)} * 5000 ELSE 0 END,
      price * 2,
      ${specificationsSql()},
      now() - make_interval(mins => ${rnd('created', 2 * 365 * 24 * 60, g)}),
      now()
    FROM owners, (
      SELECT g, type, city, category, ${bedrooms} AS bedrooms FROM (
        SELECT g, type, city, ${category} AS category FROM (
          SELECT g, ${pick(types, 'type', g)} AS type, ${pick(cities, 'city', g)} AS city
          FROM generate_series(0, ${PROPERTY_COUNT - 1}) g
        ) a
      ) b
    ) c
    CROSS JOIN LATERAL (SELECT ${price} AS price) p`;
}

/**
 * Per listing k bookings (k = 10 ± d, paired so the total is exactly 200 000) over 395 days from a
 * month ago: the span is cut into slots and each booking sits inside its slot, so they never overlap.
 * Most event spaces (HOURLY_VENUES in 10) are booked by the hour: their bookings come in threes, one
 * day each (so a day holds up to 3, fewer once cancelled or when k is not a multiple of 3), in the
 * thirds of the venue's bookable hours, each a little shorter than its third — so some days keep a
 * run of the venue's minimum and others do not.
 */
const HOURLY_VENUES = 7;
function reservationsInsertSql(clientsPerOwner: number): string {
  const maxStay = caseByType(
    'p.type',
    Object.fromEntries(PROPERTY_TYPES.map((t) => [t, MAX_STAY[t]])) as never,
  );
  const origin = `('${TODAY}'::date - 30)`;
  const status = rnd('status', 100, 'pk.g', 'j');
  /** Half hours from midnight of one of the venue's bookable hours. */
  const halves = (end: 'start' | 'end') =>
    `(extract(epoch FROM (p.specifications->'bookableHours'->>'${end}')::interval)::int / 1800)`;
  return `
    INSERT INTO reservations (reference, property_id, owner_id, client_id, start_date, end_date, start_time, end_time, status,
      total_price_cents, booked_price_cents, security_deposit_cents, guests, created_at, updated_at)
    SELECT ${referenceSql(`pk.g * ${RESERVATIONS_PER_PROPERTY + RESERVATION_SPREAD} + j`)},
      p.id, p.owner_id, c.id, s.start_date, e.end_date, tm.start_time, tm.end_time,
      CASE WHEN e.end_date <= '${TODAY}'::date THEN (CASE WHEN ${status} < 90 THEN 'completed' ELSE 'cancelled' END)
           WHEN ${status} < 20 THEN 'pending'
           WHEN ${status} < 85 THEN 'confirmed'
           ELSE 'cancelled' END,
      pr.price, pr.price,
      p.security_deposit_cents,
      1 + ${rnd('guests', 4, 'pk.g', 'j')},
      s.start_date - make_interval(days => 1 + ${rnd('booked', 60, 'pk.g', 'j')}),
      now()
    FROM (
      SELECT g, ${RESERVATIONS_PER_PROPERTY} + (CASE WHEN g % 2 = 0 THEN 1 ELSE -1 END)
        * (${rnd('k', 2 * RESERVATION_SPREAD + 1, 'g / 2')} - ${RESERVATION_SPREAD}) AS k
      FROM generate_series(0, ${PROPERTY_COUNT - 1}) g
    ) pk
    CROSS JOIN LATERAL generate_series(0, pk.k - 1) j
    JOIN properties p ON p.id = md5('bench-property-' || pk.g)::uuid
    JOIN clients c ON c.owner_id = p.owner_id${
      clientsPerOwner > 1
        ? ` AND c.email = ${clientEmailSql(rnd('client', clientsPerOwner, 'pk.g', 'j'), 'p.owner_id')}`
        : ''
    }
    CROSS JOIN LATERAL (
      SELECT p.type = 'event_space' AND ${rnd('hourly', 10, 'pk.g')} < ${HOURLY_VENUES} AS hourly
    ) h
    -- u: the booking's slot (a day of up to three bookings for an hourly venue); n: how many slots.
    CROSS JOIN LATERAL (
      SELECT CASE WHEN h.hourly THEN j / 3 ELSE j END AS u, CASE WHEN h.hourly THEN (pk.k + 2) / 3 ELSE pk.k END AS n
    ) un
    CROSS JOIN LATERAL (SELECT 395 / un.n AS slot) sl
    CROSS JOIN LATERAL (SELECT ${origin} + un.u * sl.slot + ${rnd('offset', 'sl.slot / 3', 'pk.g', 'un.u')} AS start_date) s
    CROSS JOIN LATERAL (
      SELECT CASE WHEN h.hourly THEN s.start_date + 1
        ELSE s.start_date + 1 + ${rnd('len', `least(${maxStay}, sl.slot - sl.slot / 3)`, 'pk.g', 'j')} END AS end_date
    ) e
    CROSS JOIN LATERAL (
      SELECT ${halves('start')} AS open, (${halves('end')} - ${halves('start')}) / 3 AS third
    ) hr
    CROSS JOIN LATERAL (
      SELECT hr.open + (j % 3) * hr.third + ${rnd('late', 2, 'pk.g', 'j')} AS first_half
    ) st
    CROSS JOIN LATERAL (
      SELECT CASE WHEN h.hourly THEN make_interval(mins => st.first_half * 30)::time END AS start_time,
        CASE WHEN h.hourly THEN make_interval(mins => 30 * greatest(st.first_half + 1,
          hr.open + (j % 3 + 1) * hr.third - ${rnd('early', 3, 'pk.g', 'j')}))::time END AS end_time
    ) tm
    CROSS JOIN LATERAL (
      SELECT CASE WHEN h.hourly THEN round(p.price_per_day_cents * extract(epoch FROM tm.end_time - tm.start_time) / 3600)::int
        ELSE p.price_per_day_cents * (e.end_date - s.start_date) END AS price
    ) pr`;
}

/**
 * A reservation reference (domain/reservation-reference.ts) for the row number n, unique per n below
 * 32^6 = 2^30: n times an odd number modulo 2^30 is a bijection, spelled in the references' 32 letters.
 * The seed writes them itself: the column's default looks each candidate up, one row at a time.
 */
function referenceSql(n: string): string {
  const m = `((${n})::bigint * 387420489 % 1073741824)`;
  const digits = Array.from(
    { length: RESERVATION_REFERENCE_LENGTH },
    (_, i) => `substr('${RESERVATION_REFERENCE_ALPHABET}', 1 + ((${m} >> ${5 * i}) & 31)::int, 1)`,
  );
  return `'${RESERVATION_REFERENCE_PREFIX}' || ${digits.join(' || ')}`;
}

/** The email of the business's i-th client (0-based); one with a single client has the walk-in. */
const clientEmailSql = (i: string, ownerId: string) =>
  `'client' || (${i}) || '.' || left(${ownerId}::text, 8) || '@example.co.za'`;

const FIRST_NAMES = [
  'Thandi',
  'Johan',
  'Aisha',
  'Pieter',
  'Lerato',
  'Sipho',
  'Anika',
  'David',
  'Naledi',
  'Ruan',
];
const LAST_NAMES = [
  'Smith',
  'Nkosi',
  'van der Merwe',
  'Dlamini',
  'Botha',
  'Naidoo',
  'Mokoena',
  'Pillay',
  'Jacobs',
  'Khumalo',
  'Smithers',
  'Zulu',
];

function clientsInsertSql(clientsPerOwner: number): string {
  if (clientsPerOwner === 1) {
    return `
    INSERT INTO clients (owner_id, first_name, last_name, email)
    SELECT id, 'Walk-in', 'Client', 'walk-in.' || split_part(email, '@', 1) || '@example.co.za'
    FROM users WHERE email LIKE 'bench.owner%'`;
  }
  return `
    INSERT INTO clients (owner_id, first_name, last_name, email, phone, created_at)
    SELECT u.id, ${pick(FIRST_NAMES, 'first', 'u.id', 'i')}, ${pick(LAST_NAMES, 'last', 'u.id', 'i')},
      ${clientEmailSql('i', 'u.id')}, '+2782' || lpad(i::text, 7, '0'), now() - make_interval(days => ${rnd('since', 700, 'u.id', 'i')})
    FROM users u CROSS JOIN generate_series(0, ${clientsPerOwner - 1}) i
    WHERE u.email LIKE 'bench.owner%'`;
}

/**
 * Runs a bulk insert into the table as a restore would: its secondary indexes and unique / exclusion
 * constraints dropped first and built again after (one sort each instead of 2 000 000 insertions),
 * and its triggers off (session_replication_role = replica; that skips foreign-key checks too, which
 * the seed satisfies by construction). Only the triggers the seed stands in for may exist: whatever
 * they would have done, `after` does for every row at once.
 */
async function bulkInsert(
  db: Kysely<Database>,
  table: string,
  knownTriggers: string[],
  insert: (conn: Kysely<Database>) => Promise<void>,
): Promise<void> {
  await db.connection().execute(async (conn) => {
    const triggers = await sql<{ tgname: string }>`
      SELECT tgname FROM pg_trigger WHERE tgrelid = ${table}::regclass AND NOT tgisinternal`.execute(conn);
    const unknown = triggers.rows.map((t) => t.tgname).filter((name) => !knownTriggers.includes(name));
    if (unknown.length > 0)
      throw new Error(`bench seed: ${table} has triggers it does not stand in for: ${unknown}`);
    const constraints = await sql<{ conname: string; def: string }>`
      SELECT conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
      WHERE conrelid = ${table}::regclass AND contype IN ('u', 'x')`.execute(conn);
    const indexes = await sql<{ indexname: string; indexdef: string }>`
      SELECT i.indexname, i.indexdef FROM pg_indexes i
      WHERE i.tablename = ${table} AND i.schemaname = current_schema()
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = (quote_ident(i.indexname))::regclass)`.execute(
      conn,
    );
    await sql`SET maintenance_work_mem = '256MB'`.execute(conn);
    for (const c of constraints.rows) {
      await sql.raw(`ALTER TABLE ${table} DROP CONSTRAINT ${c.conname}`).execute(conn);
    }
    for (const i of indexes.rows) await sql.raw(`DROP INDEX ${i.indexname}`).execute(conn);
    await sql`SET session_replication_role = replica`.execute(conn);
    try {
      await insert(conn);
    } finally {
      await sql`SET session_replication_role = DEFAULT`.execute(conn);
    }
    for (const i of indexes.rows) await sql.raw(i.indexdef).execute(conn);
    for (const c of constraints.rows) {
      await sql.raw(`ALTER TABLE ${table} ADD CONSTRAINT ${c.conname} ${c.def}`).execute(conn);
    }
    await sql`RESET maintenance_work_mem`.execute(conn);
  });
}

export interface SeedOptions {
  /** Clients per business, each booked for at random (default 1: the business's walk-in client). */
  clientsPerOwner?: number;
  /** Businesses owning the listings (default BENCH_OWNERS, 50). */
  owners?: number;
}

export async function seed(database: DatabaseHandle, options: SeedOptions = {}): Promise<void> {
  const { db } = database;
  const clientsPerOwner = options.clientsPerOwner ?? 1;
  const owners = options.owners ?? OWNER_COUNT;
  await sql
    .raw(`
    INSERT INTO users (name, email, email_verified, first_name, last_name, role)
    SELECT 'Bench Owner ' || g, 'bench.owner' || lpad(g::text, 3, '0') || '@example.co.za', true, 'Bench', 'Owner ' || g, 'owner'
    FROM generate_series(1, ${owners}) g`)
    .execute(db);
  await sql
    .raw(
      `INSERT INTO subscriptions (owner_id, plan_id) SELECT id, 'business' FROM users WHERE email LIKE 'bench.owner%'`,
    )
    .execute(db);
  await sql.raw(clientsInsertSql(clientsPerOwner)).execute(db);
  await sql.raw(propertiesInsertSql(owners)).execute(db);
  // The triggers' work (migrations 015 and 035): the booked price is written with the total above,
  // and a pending or confirmed booking occupies its period.
  await bulkInsert(db, 'reservations', ['reservations_booked_price', 'reservations_occupy'], async (conn) => {
    await sql.raw(reservationsInsertSql(clientsPerOwner)).execute(conn);
    await sql`INSERT INTO occupied_periods (property_id, period, reservation_id)
      SELECT property_id, period, id FROM reservations WHERE status IN ('pending', 'confirmed')`.execute(
      conn,
    );
  });
  // As autovacuum leaves a settled table: statistics, and the visibility map index-only scans rely on.
  await sql`VACUUM ANALYZE`.execute(db);

  const counts = await sql<{
    properties: number;
    reservations: number;
    blocking: number;
    hourly: number;
    hourlyBlocking: number;
    searchable: number;
  }>`
    SELECT (SELECT count(*) FROM properties)::int AS properties,
           (SELECT count(*) FROM reservations)::int AS reservations,
           (SELECT count(*) FROM reservations WHERE status IN ('pending', 'confirmed'))::int AS blocking,
           (SELECT count(*) FROM reservations WHERE start_time IS NOT NULL)::int AS hourly,
           (SELECT count(*) FROM reservations WHERE start_time IS NOT NULL AND status IN ('pending', 'confirmed'))::int AS "hourlyBlocking",
           (SELECT count(*) FROM properties WHERE is_active AND status = 'available' AND archived_at IS NULL)::int AS searchable`.execute(
    db,
  );
  const c = counts.rows[0];
  if (
    !c ||
    c.properties !== PROPERTY_COUNT ||
    c.reservations !== PROPERTY_COUNT * RESERVATIONS_PER_PROPERTY
  ) {
    throw new Error(`Unexpected seed counts: ${JSON.stringify(c)}`);
  }
  log(
    `seeded ${c.properties} properties (${c.searchable} searchable), ${c.reservations} reservations (${c.blocking} pending/confirmed), of which ${c.hourly} by the hour (${c.hourlyBlocking} pending/confirmed)`,
  );
}

export type Kind = 'postgres' | 'pglite';

export interface Target {
  kind: Kind;
  database: DatabaseHandle;
  databaseUrl?: string;
  /** A kept database reused (BENCH_DATABASE_NAME): already seeded. */
  reused?: boolean;
  dispose: () => Promise<void>;
}

/**
 * A throwaway database, or with BENCH_DATABASE_NAME (letters, digits, _) that one: reused when it exists
 * (seeded by an earlier run), created and kept otherwise.
 */
export async function createPostgresTarget(): Promise<Target> {
  const named = process.env.BENCH_DATABASE_NAME;
  if (named !== undefined && !/^[a-z_][a-z0-9_]*$/.test(named)) {
    throw new Error('BENCH_DATABASE_NAME: lower-case letters, digits and _ only');
  }
  const name = named ?? `rentza_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  if (!exists) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  const version = await sql<{ server_version: string }>`SHOW server_version`.execute(database.db);
  log(
    `postgres ${version.rows[0]?.server_version}: ${exists ? 'reusing the seeded' : 'created throwaway'} database ${name}`,
  );
  return {
    kind: 'postgres',
    database,
    databaseUrl: url.toString(),
    reused: exists,
    dispose: async () => {
      if (process.env.BENCH_KEEP_DATABASE === '1' || named !== undefined) {
        log(
          `postgres: kept ${name} (BENCH_KEEP_DATABASE=1); drop it with: dropdb -h ${url.hostname} -U ${url.username} ${name}`,
        );
        return;
      }
      const dropper = new pg.Client({ connectionString: ADMIN_URL });
      await dropper.connect();
      try {
        // The app's pool has been ended, but its sockets close a moment later; terminating them while
        // they close makes pg emit an unhandled 'error' on the pool. So wait for them, and only
        // terminate what is left after 15 s.
        const sessions = async () =>
          (
            await dropper.query<{ n: number }>(
              'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
              [name],
            )
          ).rows[0]?.n ?? 0;
        const deadline = Date.now() + 15_000;
        while ((await sessions()) > 0 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        await dropper.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [name],
        );
        await dropper.query(`DROP DATABASE IF EXISTS ${name}`);
        log(`postgres: dropped ${name}`);
      } finally {
        await dropper.end();
      }
    },
  };
}

export async function createPgliteTarget(): Promise<Target> {
  const database = await openDatabase({ dataDir: 'memory://' });
  const version = await sql<{ server_version: string }>`SHOW server_version`.execute(database.db);
  log(`pglite (PostgreSQL ${version.rows[0]?.server_version}), in memory`);
  return { kind: 'pglite', database, dispose: async () => {} };
}

/** The real app on the target's database, as the server starts it (migrated to the latest). */
export async function startBenchRuntime(target: Target) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rentza-bench-'));
  const config = loadConfig({
    NODE_ENV: 'development', // production needs SMTP; mail is captured in the dev mailbox here
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    PUBLIC_URL: 'http://localhost:3999',
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    DATABASE_URL: target.databaseUrl,
  });
  const runtime = await startRuntime(config, {
    database: target.database,
    logger: pino({ level: 'silent' }),
  });
  return {
    app: runtime.app,
    close: async () => {
      await runtime.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
