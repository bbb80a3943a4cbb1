/**
 * Reservation Management list benchmark (not a test; issue 21 item 8, docs/decisions/046): seeds
 * bench/search.ts's data set (20 000 listings of 50 owners, 200 000 reservations) and its billing
 * lines into a throwaway PostgreSQL database, then times one page of GET /api/reservations's service
 * (`listVisibleReservations` with `page`: the page, the count and the page's balances) for every sort
 * column both ways — for an admin (all 200 000) and for the owner with the most bookings — and with
 * filters.
 *
 *   npm run bench:reservation-list
 *
 * Environment: BENCH_DATABASE_URL (admin URL, default postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_ITERATIONS (timed runs per case, default 10), BENCH_KEEP_DATABASE=1 to keep the database.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { addDays, todayInBusinessZone } from '../domain/dates.ts';
import { RESERVATION_SORTS, type ReservationPageQuery } from '../domain/schemas/reservation-list.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import type { User } from '../server/db/types.ts';
import { listVisibleReservations } from '../server/modules/reservations/reservation-queries.service.ts';
import { seedBillingLines } from './billing-lines-seed.ts';
import { createPostgresTarget, seed } from './seed.ts';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 10);
const WARMUP = 2;
const log = (message: string) => process.stdout.write(`${message}\n`);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;

async function main(): Promise<void> {
  const target = await createPostgresTarget();
  const { db } = target.database;
  try {
    await migrateToLatest(db);
    const seeded = performance.now();
    if (!target.reused) {
      await seed(target.database);
      await seedBillingLines(db);
    }
    await sql`VACUUM ANALYZE`.execute(db);
    log(`seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
    const big = await sql<{ owner_id: string; bookings: number }>`
      SELECT owner_id, count(*)::int AS bookings FROM reservations GROUP BY owner_id ORDER BY 2 DESC LIMIT 1`.execute(
      db,
    );
    const owner = big.rows[0];
    if (!owner) throw new Error('no owner seeded');
    const ownerUser = await db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', owner.owner_id)
      .executeTakeFirstOrThrow();
    const admin = { ...ownerUser, id: '00000000-0000-4000-8000-000000000000', role: 'admin' } as User;
    const total = await sql<{ n: number }>`SELECT count(*)::int AS n FROM reservations`.execute(db);
    log(`reservations: ${total.rows[0]?.n}; big owner: ${owner.bookings}`);

    const today = todayInBusinessZone();
    const base = { page: 3, pageSize: 25 } satisfies ReservationPageQuery;
    const cases: { name: string; user: User; query: ReservationPageQuery }[] = [];
    for (const who of [
      { label: 'admin', user: admin },
      { label: 'owner', user: ownerUser },
    ])
      for (const sort of RESERVATION_SORTS)
        for (const order of ['asc', 'desc'] as const)
          cases.push({
            name: `${who.label} ${sort} ${order}`,
            user: who.user,
            query: { ...base, sort, order },
          });
    cases.push(
      { name: 'admin status=pending', user: admin, query: { ...base, status: 'pending' } },
      {
        name: 'admin next 30 days',
        user: admin,
        query: { ...base, from: today, to: addDays(today, 30) },
      },
      { name: 'admin q=smith', user: admin, query: { ...base, q: 'smith' } },
      {
        name: 'owner q=smith balance desc',
        user: ownerUser,
        query: { ...base, q: 'smith', sort: 'balance', order: 'desc' },
      },
    );
    log('\nGET /api/reservations?page=3&pageSize=25 (service: page + count + balances), PostgreSQL');
    for (const { name, user, query } of cases) {
      for (let i = 0; i < WARMUP; i += 1) await listVisibleReservations(db, user, query);
      const samples: number[] = [];
      let matched = 0;
      for (let i = 0; i < ITERATIONS; i += 1) {
        const started = performance.now();
        const result = await listVisibleReservations(db, user, query);
        samples.push(performance.now() - started);
        if (!Array.isArray(result)) matched = result.total;
      }
      samples.sort((a, b) => a - b);
      log(
        `${name.padEnd(30)} p50 ${percentile(samples, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(
          samples,
          95,
        )
          .toFixed(1)
          .padStart(7)} ms   (${matched} match)`,
      );
    }
  } finally {
    await target.dispose();
  }
}

await main();
