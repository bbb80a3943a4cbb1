/**
 * Reports benchmark (not a test; issue 20 item 6, docs/decisions/039): seeds bench/search.ts's data
 * set (20 000 listings of 50 owners, 200 000 reservations) into a throwaway PostgreSQL database, adds
 * their billing lines (a rental charge for every booking not cancelled, a part payment, the deposit
 * received and, for completed stays, refunded: ~560 000 lines), and times the Reports service
 * (`reportFor`: its reads and every figure) for the owner with the most bookings.
 *
 *   npm run bench:reports
 *
 * Environment: BENCH_DATABASE_URL (admin URL, default postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_ITERATIONS (timed runs per case, default 40), BENCH_KEEP_DATABASE=1 to keep the database.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { migrateToLatest } from '../server/db/migrate.ts';
import { reportFor } from '../server/modules/reports/reports.service.ts';
import { seedBillingLines } from './billing-lines-seed.ts';
import { createPostgresTarget, seed } from './seed.ts';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 40);
const WARMUP = 5;
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
    await sql`VACUUM ANALYZE reservation_transactions`.execute(db);
    const counts = await sql<{
      lines: number;
    }>`SELECT count(*)::int AS lines FROM reservation_transactions`.execute(db);
    log(
      `seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s: ${counts.rows[0]?.lines} billing lines`,
    );

    const big = await sql<{ owner_id: string; bookings: number; listings: number }>`
      SELECT r.owner_id, count(*)::int AS bookings,
        (SELECT count(*)::int FROM properties p WHERE p.owner_id = r.owner_id) AS listings
      FROM reservations r GROUP BY r.owner_id ORDER BY count(*) DESC LIMIT 1`.execute(db);
    const owner = big.rows[0];
    if (!owner) throw new Error('no owner seeded');
    const user = await db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', owner.owner_id)
      .executeTakeFirstOrThrow();
    const listing = await db
      .selectFrom('properties')
      .select('id')
      .where('owner_id', '=', owner.owner_id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    log(`big owner: ${owner.listings} listings, ${owner.bookings} bookings`);

    const cases = [
      { name: 'last 12 months, all listings', query: {} },
      { name: 'last 12 months, one listing', query: { listing: listing.id } },
    ];
    const rows: string[] = [];
    for (const { name, query } of cases) {
      for (let i = 0; i < WARMUP; i += 1) await reportFor(db, user, query);
      const samples: number[] = [];
      let figures = 0;
      for (let i = 0; i < ITERATIONS; i += 1) {
        const started = performance.now();
        const report = await reportFor(db, user, query);
        samples.push(performance.now() - started);
        figures = report.occupancy.length + report.outstanding.length + report.deposits.length;
      }
      samples.sort((a, b) => a - b);
      rows.push(
        `${name.padEnd(32)} p50 ${percentile(samples, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(
          samples,
          95,
        )
          .toFixed(1)
          .padStart(7)} ms   (${ITERATIONS} runs, ${figures} table rows)`,
      );
    }
    log('\nReports service (reads + figures), PostgreSQL');
    for (const row of rows) log(row);
  } finally {
    await target.dispose();
  }
}

await main();
