/** The booking bench's throwaway database and its seed (bench/booking.ts). */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { hashPassword } from 'better-auth/crypto';
import pg from 'pg';
import { log, sleep } from './log.ts';

/** A throwaway database on the server of `adminUrl`. */
export async function createDatabase(adminUrl: string): Promise<{ name: string; url: string }> {
  const name = `rentza_bench_booking_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const version = await admin.query<{ server_version: string }>('SHOW server_version');
    log(`postgres ${version.rows[0]?.server_version}: created throwaway database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  if (process.env.BENCH_KEEP_DATABASE === '1') {
    log(`kept database ${name} (BENCH_KEEP_DATABASE=1)`);
    return;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [name],
    );
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    log(`dropped ${name}`);
  } finally {
    await admin.end();
  }
}

export interface Seeded {
  /** Property ids by index: the first `properties` for the load, the rest for the conflict phase. */
  propertyIds: string[];
  clientEmails: string[];
  /** Past reservations seeded (SeedSizes.history). */
  history: number;
}

export interface SeedSizes {
  owners: number;
  /** Listings the load books. */
  properties: number;
  /** Listings of the conflict phase, one per group. */
  conflictGroups: number;
  clients: number;
  /** Every client's password. */
  password: string;
  /**
   * Past stays already on the books when the load starts, spread over the load's listings, with the
   * client records of every client at every business and each owner's bell full. 0: an empty database.
   */
  history: number;
  /** The first bookable day: the history ends the day before it. */
  firstDay: string;
}

/** Owners on the business plan, their listings and signed-up clients, in SQL. */
export async function seed(db: pg.Pool, sizes: SeedSizes): Promise<Seeded> {
  const passwordHash = await hashPassword(sizes.password);
  await db.query(
    `INSERT INTO users (name, email, email_verified, first_name, last_name, role)
     SELECT 'Bench Owner ' || g, 'bench.owner' || g || '@example.co.za', true, 'Bench', 'Owner ' || g, 'owner'
     FROM generate_series(1, $1::int) g`,
    [sizes.owners],
  );
  await db.query(
    `INSERT INTO subscriptions (owner_id, plan_id) SELECT id, 'business' FROM users WHERE role = 'owner'
     ON CONFLICT (owner_id) DO UPDATE SET plan_id = 'business'`,
  );
  const totalProperties = sizes.properties + sizes.conflictGroups;
  const properties = await db.query<{ id: string }>(
    `WITH owners AS (SELECT array_agg(id ORDER BY email) AS ids FROM users WHERE role = 'owner')
     INSERT INTO properties (owner_id, type, category, title, description, city, location, price_per_day_cents,
       cleaning_fee_cents, security_deposit_cents, specifications)
     SELECT owners.ids[1 + g % $2::int], 'accommodation', 'apartment', 'Bench apartment #' || g,
       'A two-bedroom apartment for the booking benchmark.', 'Cape Town', g || ' Long Street, Cape Town',
       80000 + (g % 20) * 5000, 25000, 100000,
       '{"type":"accommodation","bedrooms":2,"bathrooms":1,"furnished":false,"maxOccupants":4,"maxGuests":4}'::jsonb
     FROM owners, generate_series(0, $1::int - 1) g
     ORDER BY g
     RETURNING id`,
    [totalProperties, sizes.owners],
  );
  const clients = await db.query<{ id: string; email: string }>(
    `INSERT INTO users (name, email, email_verified, first_name, last_name, role)
     SELECT 'Bench Client ' || g, 'bench.client' || lpad(g::text, 4, '0') || '@example.co.za', true,
       'Bench', 'Client ' || g, 'client'
     FROM generate_series(1, $1::int) g
     ORDER BY g
     RETURNING id, email`,
    [sizes.clients],
  );
  await db.query(
    `INSERT INTO accounts (account_id, provider_id, user_id, password)
     SELECT id::text, 'credential', id, $1 FROM users WHERE role = 'client'`,
    [passwordHash],
  );
  const history = sizes.history > 0 ? await seedHistory(db, sizes) : 0;
  await db.query('ANALYZE');
  log(
    `seeded ${sizes.owners} owners (business plan), ${properties.rowCount} properties, ${clients.rowCount} clients, ${history} past reservations`,
  );
  return {
    propertyIds: properties.rows.map((r) => r.id),
    clientEmails: clients.rows.map((r) => r.email),
    history,
  };
}

/** Owners' bells hold this many notices when the load starts: the retention limit (docs/decisions/042). */
const FULL_BELL = 200;

/**
 * A business that has been trading: every client has a record with every owner, the load's listings
 * have `sizes.history` completed stays of 3 nights before the first bookable day (36 days apart, so
 * none overlap), and each owner's bell is full. Without it the load starts on empty tables, whose
 * statements PostgreSQL plans once per connection while they are nearly empty (sequential scans that
 * then read every booking made since), which a server that has been trading never sees.
 */
async function seedHistory(db: pg.Pool, sizes: SeedSizes): Promise<number> {
  await db.query(
    `INSERT INTO clients (owner_id, first_name, last_name, email, phone, region, user_id)
     SELECT o.id, c.first_name, c.last_name, c.email, c.phone, 'ZA', c.id
     FROM users o CROSS JOIN users c WHERE o.role = 'owner' AND c.role = 'client'`,
  );
  const perListing = Math.ceil(sizes.history / sizes.properties);
  const reservations = await db.query(
    `WITH listings AS (
       SELECT id, owner_id, price_per_day_cents, row_number() OVER (ORDER BY title) AS n FROM properties
     ), records AS (
       SELECT id, owner_id, row_number() OVER (PARTITION BY owner_id ORDER BY email) - 1 AS place,
         count(*) OVER (PARTITION BY owner_id) AS of
       FROM clients
     ), stays AS (
       SELECT l.id AS property_id, l.owner_id, r.id AS client_id, l.price_per_day_cents,
         $1::date - 36 * (k + 1) AS start_date
       FROM listings l
       CROSS JOIN generate_series(0, $2::int - 1) k
       JOIN records r ON r.owner_id = l.owner_id AND r.place = (l.n * 7 + k) % r.of
       WHERE l.n <= $3::int
       ORDER BY start_date, l.n
       LIMIT $4::int
     )
     INSERT INTO reservations (property_id, owner_id, client_id, start_date, end_date, status, guests,
       total_price_cents, security_deposit_cents, created_by, counted_at, created_at, updated_at)
     SELECT property_id, owner_id, client_id, start_date, start_date + 3, 'completed', 2,
       3 * price_per_day_cents, 100000, owner_id, start_date - 14, start_date - 14, start_date + 3
     FROM stays`,
    [sizes.firstDay, perListing, sizes.properties, sizes.history],
  );
  await db.query(
    `INSERT INTO in_app_notifications (user_id, kind, title, body, link, read_at, created_at)
     SELECT o.id, 'booking_request', 'New booking request', 'A past booking request.',
       '/reservation-management', now() - g * interval '1 hour', now() - g * interval '1 hour'
     FROM users o CROSS JOIN generate_series(1, $1::int) g WHERE o.role = 'owner'`,
    [FULL_BELL],
  );
  return reservations.rowCount ?? 0;
}

/** Pending or confirmed reservations of one listing whose dates overlap another's: must be 0. */
export async function countDoubleBookings(db: pg.Pool): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n
     FROM reservations a
     JOIN reservations b ON b.property_id = a.property_id AND a.id < b.id
      AND daterange(a.start_date, a.end_date, '[)') && daterange(b.start_date, b.end_date, '[)')
     WHERE a.status IN ('pending', 'confirmed') AND b.status IN ('pending', 'confirmed')`,
  );
  return rows[0]?.n ?? -1;
}

/** Polls every `pollMs` until no outbox mail is pending, or `maxSeconds` pass. */
export async function waitForDrain(
  db: pg.Pool,
  maxSeconds: number,
  pollMs = 100,
): Promise<{ drained: boolean; seconds: number; pending: number }> {
  const start = performance.now();
  for (;;) {
    const { rows } = await db.query<{ pending: number }>(
      `SELECT count(*)::int AS pending FROM email_outbox WHERE status = 'pending'`,
    );
    const pending = rows[0]?.pending ?? 0;
    const seconds = (performance.now() - start) / 1000;
    if (pending === 0) return { drained: true, seconds, pending };
    if (seconds > maxSeconds) return { drained: false, seconds, pending };
    await sleep(pollMs);
  }
}
