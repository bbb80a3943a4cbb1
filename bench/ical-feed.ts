/**
 * iCal feed benchmark (not a test; docs/decisions/052): a real server process (`node --import tsx
 * server/main.ts`) on a throwaway PostgreSQL database, one listing with BENCH_BOOKINGS bookings
 * (whole days and hourly, pending, confirmed and cancelled) and a few blocks, then BENCH_REQUESTS
 * GETs of its feed at BENCH_CONCURRENCY, then as many with the ETag in If-None-Match (the 304 path a
 * polling calendar takes). Prints p50/p95/p99, requests per second and the feed's size.
 *
 *   npm run bench:ical
 *
 * Environment:
 *   BENCH_DATABASE_URL   admin URL of the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_BOOKINGS       bookings of the listing (default 500)
 *   BENCH_REQUESTS       requests per phase (default 1000)
 *   BENCH_CONCURRENCY    requests in flight (default 16)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { addDays, todayInBusinessZone } from '../domain/dates.ts';
import type { Database } from '../server/db/types.ts';
import { freePort } from './support/server.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 500);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const REPO_ROOT = path.resolve(import.meta.dirname, '..');

const log = (message: string) => process.stdout.write(`· ${message}\n`);

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

async function waitUntilHealthy(url: string, child: ChildProcess, stderr: string[]) {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${stderr.join('')}`);
    try {
      if ((await fetch(`${url}/api/health`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy: ${stderr.join('')}`);
}

/** One owner, one listing, its bookings (non-overlapping), blocks and feed token. */
async function seed(db: Kysely<Database>): Promise<string> {
  const ownerId = randomUUID();
  const now = new Date();
  await db
    .insertInto('users')
    .values({
      id: ownerId,
      name: 'Bench Owner',
      email: `bench.${ownerId.slice(0, 8)}@example.co.za`,
      first_name: 'Bench',
      last_name: 'Owner',
      role: 'owner',
      phone: null,
      image: null,
      parent_owner_id: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const property = await db
    .insertInto('properties')
    .values({
      owner_id: ownerId,
      type: 'accommodation',
      category: 'cottage',
      title: 'Bench cottage, Knysna',
      description: 'Seeded for the iCal bench.',
      city: 'Knysna',
      location: 'Waterfront Drive, Knysna',
      price_per_day_cents: 90_000,
      specifications: JSON.stringify({
        type: 'accommodation',
        bedrooms: 2,
        bathrooms: 1,
        maxOccupants: 4,
        maxGuests: 4,
      }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const client = await db
    .insertInto('clients')
    .values({ owner_id: ownerId, first_name: 'Bench', last_name: 'Guest', email: 'guest@example.co.za' })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Bookings in 3-day slots from 60 days ago on (some already past the feed's window); every tenth
  // hourly, every seventh cancelled (left out of the feed).
  const first = addDays(todayInBusinessZone(), -60);
  const rows = Array.from({ length: BOOKINGS }, (_, index) => {
    const start = addDays(first, index * 3);
    const hourly = index % 10 === 0;
    return {
      property_id: property.id,
      owner_id: ownerId,
      client_id: client.id,
      start_date: start,
      end_date: addDays(start, hourly ? 1 : 2),
      start_time: hourly ? '09:00:00' : null,
      end_time: hourly ? '13:30:00' : null,
      status:
        index % 7 === 0 ? ('cancelled' as const) : index % 2 ? ('confirmed' as const) : ('pending' as const),
    };
  });
  for (let offset = 0; offset < rows.length; offset += 200) {
    await db
      .insertInto('reservations')
      .values(rows.slice(offset, offset + 200))
      .execute();
  }
  const afterLast = addDays(first, BOOKINGS * 3 + 1);
  for (let block = 0; block < 10; block++) {
    await db
      .insertInto('blocked_periods')
      .values({
        property_id: property.id,
        owner_id: ownerId,
        start_date: addDays(afterLast, block * 4),
        end_date: addDays(afterLast, block * 4 + 2),
        reason: 'maintenance',
      })
      .execute();
  }
  const token = randomBytes(32).toString('base64url');
  await db.insertInto('calendar_exports').values({ property_id: property.id, token }).execute();
  return token;
}

interface Phase {
  name: string;
  latencies: number[];
  seconds: number;
  statuses: Map<number, number>;
  bytes: number;
}

async function run(name: string, url: string, headers: Record<string, string>): Promise<Phase> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let bytes = 0;
  let sent = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (sent < REQUESTS) {
        sent++;
        const t0 = performance.now();
        const response = await fetch(url, { headers });
        const body = await response.arrayBuffer();
        latencies.push(performance.now() - t0);
        bytes = Math.max(bytes, body.byteLength);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    }),
  );
  return {
    name,
    latencies: latencies.sort((a, b) => a - b),
    seconds: (performance.now() - started) / 1000,
    statuses,
    bytes,
  };
}

async function main() {
  const name = `rentza_ical_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const databaseUrl = new URL(ADMIN_URL);
  databaseUrl.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rentza-ical-bench-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const stderr: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATABASE_URL: databaseUrl.toString(),
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      DEMO_DATA: 'false',
      LOG_LEVEL: 'silent',
      // The bench measures the feed, not the per-feed limit (60 a minute by default).
      ICAL_FEED_REQUESTS_PER_MINUTE: '1000000',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl.toString(), max: 2 }) }),
  });
  try {
    log(`server on ${url} (PostgreSQL database ${name}), migrating…`);
    await waitUntilHealthy(url, child, stderr);
    const token = await seed(db);
    const feedUrl = `${url}/ical/${token}.ics`;
    const warm = await fetch(feedUrl);
    const etag = warm.headers.get('etag') ?? '';
    const body = await warm.text();
    const events = body.split('BEGIN:VEVENT').length - 1;
    log(
      `listing with ${BOOKINGS} bookings: feed ${warm.status}, ${events} events, ${body.length} bytes, ETag ${etag}`,
    );
    for (let i = 0; i < 50; i++) await (await fetch(feedUrl)).arrayBuffer(); // warm-up

    const full = await run('200 (full feed)', feedUrl, {});
    const notModified = await run('304 (If-None-Match)', feedUrl, { 'if-none-match': etag });
    const unknown = await run(
      '404 (unknown token)',
      `${url}/ical/${randomBytes(32).toString('base64url')}.ics`,
      {},
    );

    const rows = [full, notModified, unknown].map((phase) => ({
      phase: phase.name,
      requests: phase.latencies.length,
      statuses: [...phase.statuses].map(([status, count]) => `${status}×${count}`).join(' '),
      'p50 ms': percentile(phase.latencies, 50).toFixed(2),
      'p95 ms': percentile(phase.latencies, 95).toFixed(2),
      'p99 ms': percentile(phase.latencies, 99).toFixed(2),
      'req/s': Math.round(phase.latencies.length / phase.seconds),
      'body bytes': phase.bytes,
    }));
    process.stdout.write(`\niCal feed: ${REQUESTS} requests per phase, concurrency ${CONCURRENCY}\n`);
    console.table(rows);
  } finally {
    await db.destroy();
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
