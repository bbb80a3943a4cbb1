/**
 * List endpoints benchmark (not a test; issue 24 item 5, docs/decisions/068): seeds bench/search.ts's
 * data set with 10 businesses instead of 50 — 20 000 listings, 200 000 reservations, so the busiest
 * business has ~20 000 bookings — with 5 000 clients per business, their billing lines (~560 000)
 * and 50 000 more users, into a throwaway PostgreSQL database; then times, through the real app
 * (app.inject, signed in), every list endpoint at that scale: Reservation Management for that business
 * (every sort both ways, filters, deep pages), My Clients' pages and the booking pickers' searches,
 * billing lines, and the admin's users.
 *
 *   npm run bench:list-endpoints
 *
 * Environment: BENCH_DATABASE_URL (admin URL, default postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_ITERATIONS (timed requests per case, default 40), BENCH_KEEP_DATABASE=1 to keep the database,
 * BENCH_DATABASE_NAME to reuse a kept one (see bench/search.ts).
 */
import { performance } from 'node:perf_hooks';
import { hashPassword } from 'better-auth/crypto';
import { type Kysely, sql } from 'kysely';
import { CLIENT_PICKER_SIZE } from '../domain/booking-page.ts';
import { addDays, todayInBusinessZone } from '../domain/dates.ts';
import { CLIENT_PAGE_SIZE } from '../domain/schemas/clients.ts';
import { RESERVATION_SORTS } from '../domain/schemas/reservation-list.ts';
import type { Database } from '../server/db/types.ts';
import { seedBillingLines } from './billing-lines-seed.ts';
import { createPostgresTarget, seed, startBenchRuntime } from './seed.ts';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 40);
const WARMUP = 3;
const P95_TARGET_MS = 50;
const OWNERS = 10;
const CLIENTS_PER_OWNER = 5_000;
const EXTRA_USERS = 50_000;
const PASSWORD = 'Bench#Pass2026';
const log = (message: string) => process.stdout.write(`${message}\n`);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;

/** 50 000 users (clients, owners, staff) with varied names, and an admin and the busiest owner who can sign in. */
async function seedUsers(db: Kysely<Database>, busiestOwnerId: string): Promise<void> {
  await sql`
    INSERT INTO users (name, email, email_verified, first_name, last_name, role, created_at)
    SELECT f || ' ' || l, lower(f) || '.' || lower(replace(l, ' ', '')) || g || '@example.co.za', true, f, l,
      (ARRAY['client', 'client', 'client', 'client', 'client', 'client', 'owner', 'client'])[1 + g % 8],
      now() - make_interval(days => g % 900)
    FROM generate_series(1, ${EXTRA_USERS}) g
    CROSS JOIN LATERAL (SELECT
      (ARRAY['Thandi', 'Johan', 'Aisha', 'Pieter', 'Lerato', 'Sipho', 'Anika', 'David', 'Naledi', 'Ruan', 'Zanele'])[1 + (g * 7) % 11] AS f,
      (ARRAY['Smith', 'Nkosi', 'van der Merwe', 'Dlamini', 'Botha', 'Naidoo', 'Mokoena', 'Pillay', 'Jacobs'])[1 + (g * 13) % 9] AS l
    ) n`.execute(db);
  await sql`
    INSERT INTO users (name, email, email_verified, first_name, last_name, role)
    VALUES ('Bench Admin', 'bench.admin@example.co.za', true, 'Bench', 'Admin', 'admin')`.execute(db);
  const hash = await hashPassword(PASSWORD);
  await sql`
    INSERT INTO accounts (account_id, provider_id, user_id, password)
    SELECT id::text, 'credential', id, ${hash} FROM users
    WHERE email = 'bench.admin@example.co.za' OR id = ${busiestOwnerId}::uuid`.execute(db);
}

async function main(): Promise<void> {
  const started = performance.now();
  const target = await createPostgresTarget();
  const { db } = target.database;
  const runtime = await startBenchRuntime(target);
  try {
    if (target.reused) {
      await sql`ANALYZE`.execute(db);
      log('reused the seeded database');
    } else {
      const seeded = performance.now();
      await seed(target.database, { owners: OWNERS, clientsPerOwner: CLIENTS_PER_OWNER });
      await seedBillingLines(db);
      const busiest = await sql<{ owner_id: string }>`
        SELECT owner_id FROM reservations GROUP BY owner_id ORDER BY count(*) DESC, owner_id LIMIT 1`.execute(
        db,
      );
      await seedUsers(db, busiest.rows[0]?.owner_id as string);
      await sql`VACUUM ANALYZE`.execute(db);
      log(`seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
    }
    const owner = await sql<{ id: string; email: string; bookings: number; clients: number; lines: number }>`
      SELECT u.id, u.email,
        (SELECT count(*)::int FROM reservations r WHERE r.owner_id = u.id) AS bookings,
        (SELECT count(*)::int FROM clients c WHERE c.owner_id = u.id) AS clients,
        (SELECT count(*)::int FROM reservation_transactions t WHERE t.owner_id = u.id) AS lines
      FROM users u JOIN accounts a ON a.user_id = u.id WHERE u.role = 'owner'`.execute(db);
    const business = owner.rows[0];
    if (!business) throw new Error('no owner who can sign in');
    const users = await sql<{ n: number }>`SELECT count(*)::int AS n FROM users`.execute(db);
    log(
      `busiest business: ${business.bookings} bookings, ${business.clients} clients, ${business.lines} billing lines; ${users.rows[0]?.n} users`,
    );

    const signIn = async (email: string) => {
      const response = await runtime.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email, password: PASSWORD },
      });
      if (response.statusCode !== 200) throw new Error(`sign-in ${email}: ${response.statusCode}`);
      const cookies = response.headers['set-cookie'];
      return (Array.isArray(cookies) ? cookies : [cookies ?? '']).map((c) => c.split(';')[0]).join('; ');
    };
    const ownerCookie = await signIn(business.email);
    const adminCookie = await signIn('bench.admin@example.co.za');

    const sample = await sql<{ id: string }>`
      SELECT id FROM reservations WHERE owner_id = ${business.id}::uuid ORDER BY reference LIMIT 1`.execute(
      db,
    );
    const booking = sample.rows[0];
    if (!booking) throw new Error('no booking');
    const today = todayInBusinessZone();
    const lastPage = Math.ceil(business.bookings / 50);

    const cases: { group: string; name: string; url: string; cookie: string }[] = [];
    const reservations = (name: string, query: string) =>
      cases.push({ group: 'reservations', name, url: `/api/reservations?${query}`, cookie: ownerCookie });
    for (const sort of RESERVATION_SORTS)
      for (const order of ['asc', 'desc'])
        reservations(`${sort} ${order}, page 3 of 25`, `page=3&pageSize=25&sort=${sort}&order=${order}`);
    reservations('start desc (default), page 1 of 50', 'page=1&pageSize=50');
    reservations(
      `start asc, last page (${lastPage} of 50)`,
      `page=${lastPage}&pageSize=50&sort=start&order=asc`,
    );
    reservations(`reference asc, page 200 of 50`, 'page=200&pageSize=50&sort=reference&order=asc');
    reservations(`client desc, page 200 of 50`, 'page=200&pageSize=50&sort=client&order=desc');
    reservations(`balance desc, page 200 of 50`, 'page=200&pageSize=50&sort=balance&order=desc');
    reservations('status=pending', 'page=1&pageSize=25&status=pending');
    reservations('status=confirmed, end asc', 'page=2&pageSize=25&status=confirmed&sort=end&order=asc');
    reservations('next 30 days', `page=1&pageSize=25&from=${today}&to=${addDays(today, 30)}`);
    reservations('q=smith', 'page=1&pageSize=25&q=smith');
    reservations('q=smith, balance desc', 'page=1&pageSize=25&q=smith&sort=balance&order=desc');
    reservations('overdue', 'page=1&pageSize=25&overdue=true');
    const clients = (name: string, url: string) =>
      cases.push({ group: 'clients', name, url, cookie: ownerCookie });
    // My Clients asks for one page (docs/decisions/069); the booking pickers the first 20 matches of
    // what is typed (docs/decisions/072): nothing yet, a few letters, a name, part of an email.
    clients('My Clients, page 1', `/api/clients?page=1&pageSize=${CLIENT_PAGE_SIZE}`);
    clients('My Clients, page 100', `/api/clients?page=100&pageSize=${CLIENT_PAGE_SIZE}`);
    clients('My Clients q=smith, page 1', `/api/clients?q=smith&page=1&pageSize=${CLIENT_PAGE_SIZE}`);
    clients('My Clients q=smith, page 10', `/api/clients?q=smith&page=10&pageSize=${CLIENT_PAGE_SIZE}`);
    clients(
      'My Clients q=client12 (by email), page 1',
      `/api/clients?q=client12&page=1&pageSize=${CLIENT_PAGE_SIZE}`,
    );
    const picker = (name: string, q: string) =>
      clients(
        `booking pickers: ${name}`,
        `/api/clients?${new URLSearchParams({ ...(q ? { q } : {}), page: '1', pageSize: String(CLIENT_PICKER_SIZE) })}`,
      );
    picker('no text yet (first 20 by name)', '');
    picker('q=na (first 20 of many)', 'na');
    picker('q=naledi smith', 'naledi smith');
    picker('q=client12 (by email)', 'client12');
    const lines = (name: string, url: string) =>
      cases.push({ group: 'billing lines', name, url, cookie: ownerCookie });
    lines("one booking's lines", `/api/reservations/${booking.id}/transactions`);
    lines("one booking's lines, CSV", `/api/reservations/${booking.id}/transactions.csv`);
    lines(
      'lines of the next 30 days’ bookings, CSV',
      `/api/reservations/billing-lines.csv?from=${today}&to=${addDays(today, 30)}`,
    );
    lines('lines of the pending bookings, CSV', '/api/reservations/billing-lines.csv?status=pending');
    const admin = (name: string, query: string) =>
      cases.push({ group: 'admin users', name, url: `/api/admin/users?${query}`, cookie: adminCookie });
    admin('page 1', 'page=1');
    admin('page 100', 'page=100');
    admin('last page', `page=${Math.ceil((users.rows[0]?.n ?? 1) / 20)}`);
    admin('role=owner', 'page=1&role=owner');
    admin('q=smith', 'page=1&q=smith');
    admin('q=smith page 50', 'page=50&q=smith');
    admin('q=naledi smith', `page=1&q=${encodeURIComponent('naledi smith')}`);
    admin('q=@example (every user)', 'page=1&q=%40example');
    admin('q=@example page 25', 'page=25&q=%40example');
    admin('q=zanele (a first name: last in name order)', 'page=1&q=zanele');

    const rows: { group: string; name: string; p50: number; p95: number; bytes: number; url: string }[] = [];
    for (const c of cases) {
      const request = async () => {
        const response = await runtime.app.inject({
          method: 'GET',
          url: c.url,
          headers: { cookie: c.cookie },
        });
        if (response.statusCode !== 200)
          throw new Error(`${c.name}: HTTP ${response.statusCode} ${response.body.slice(0, 200)}`);
        return response.body.length;
      };
      for (let i = 0; i < WARMUP; i++) await request();
      const samples: number[] = [];
      let bytes = 0;
      for (let i = 0; i < ITERATIONS; i++) {
        const start = performance.now();
        bytes = await request();
        samples.push(performance.now() - start);
      }
      samples.sort((a, b) => a - b);
      const row = {
        group: c.group,
        name: c.name,
        p50: percentile(samples, 50),
        p95: percentile(samples, 95),
        bytes,
        url: c.url,
      };
      rows.push(row);
      log(
        `${c.group} | ${c.name}: p50 ${row.p50.toFixed(1)} ms, p95 ${row.p95.toFixed(1)} ms (${bytes} bytes)`,
      );
    }
    const lines_ = [
      '| list | case | p50 ms | p95 ms | response bytes |',
      '|---|---|---:|---:|---:|',
      ...rows.map(
        (r) =>
          `| ${r.group} | ${r.name} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)}${r.p95 >= P95_TARGET_MS ? ' (over target)' : ''} | ${r.bytes} |`,
      ),
    ];
    log(`\n${lines_.join('\n')}\n\nTarget: p95 < ${P95_TARGET_MS} ms each.`);
    log(`Total run time: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await runtime.close();
    await target.dispose();
  }
}

await main();
