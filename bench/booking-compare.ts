/**
 * Booking CPU of two checkouts, measured in interleaved slices (not a test). On a shared machine the
 * same code measures ±20 % apart from one run to the next, minutes apart, which hides any change
 * smaller than that. Here both checkouts run at once, each with two server processes and its own
 * throwaway database seeded alike (bench/booking/database.ts), and the load goes to one side at a
 * time in short slices, A B B A A B …, so both sides see the same machine. Each slice's CPU (the
 * side's servers, its database's PostgreSQL backends and the server's background processes) runs
 * from the slice's first request until the outbox of that side has delivered all its mail.
 *
 * Slices are short because a checkout from before decision 083 closes a pooled connection idle for
 * 10 s (pg's default idleTimeoutMillis): its next slice would pay for new PostgreSQL backends that plan
 * every statement afresh (about 3 ms of PostgreSQL CPU per booking more, in 5 s slices).
 *
 *   BENCH_COMPARE_ROOT=/work/base npx tsx bench/booking-compare.ts
 *
 * Environment:
 *   BENCH_COMPARE_ROOT     the checkout to compare with (B), e.g. a worktree of main (required)
 *   BENCH_SERVER_ROOT      the checkout measured against it (A; default: this checkout)
 *   BENCH_DATABASE_URL     admin URL of the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_SLICES           slices per side (default 12)
 *   BENCH_SLICE_SECONDS    load per slice (default 3; a side waits two slices for its next one)
 *   BENCH_WARMUP_SECONDS   load per side before the first slice (default 5)
 *   BENCH_CONCURRENCY      requests in flight (default 48)
 *   BENCH_HISTORY          past reservations seeded on each side (default 20000)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { addDays, todayInBusinessZone } from '../domain/dates.ts';
import { countDoubleBookings, createDatabase, dropDatabase, seed, waitForDrain } from './booking/database.ts';
import { book, runLoad, type SignedIn, signInAll } from './booking/load.ts';
import { log } from './booking/log.ts';
import { type Server, startServer, stopServer } from './booking/servers.ts';
import { type CpuSnapshot, cpuSnapshot } from './support/process-cpu.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const COMPARE_ROOT = process.env.BENCH_COMPARE_ROOT;
const ROOT = path.resolve(process.env.BENCH_SERVER_ROOT || path.resolve(import.meta.dirname, '..'));
const SLICES = Number(process.env.BENCH_SLICES ?? 12);
const SLICE_SECONDS = Number(process.env.BENCH_SLICE_SECONDS ?? 3);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 48);
const HISTORY = Number(process.env.BENCH_HISTORY ?? 20_000);
const PROPERTY_COUNT = 2000;
const PASSWORD = 'Bench-password-1';
const FIRST_DAY = addDays(todayInBusinessZone(), 1);

interface Side {
  label: 'A' | 'B';
  root: string;
  database: { name: string; url: string };
  servers: Server[];
  pool: pg.Pool;
  clients: SignedIn[][];
  send: ReturnType<typeof book>;
  counter: { next: number };
}

interface Slice {
  side: Side['label'];
  bookings: number;
  seconds: number;
  serverMs: number;
  postgresMs: number;
}

async function startSide(label: Side['label'], root: string, dataDir: string): Promise<Side> {
  const database = await createDatabase(ADMIN_URL);
  const settings = {
    root,
    authSecret: randomBytes(32).toString('base64url'),
    cpuProfile: false,
    maxSockets: CONCURRENCY,
  };
  const servers: Server[] = [];
  for (let i = 1; i <= 2; i++)
    servers.push(await startServer(i, database.url, path.join(dataDir, label), null, settings));
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  const seeded = await seed(pool, {
    owners: 4,
    properties: PROPERTY_COUNT,
    conflictGroups: 0,
    clients: 128,
    password: PASSWORD,
    history: HISTORY,
    firstDay: FIRST_DAY,
  });
  const clients = await signInAll(servers, seeded.clientEmails, PASSWORD);
  log(`${label}: ${root}, database ${database.name}, ${clients.flat().length} clients signed in`);
  const send = book(seeded.propertyIds.slice(0, PROPERTY_COUNT), FIRST_DAY);
  return { label, root, database, servers, pool, clients, send, counter: { next: 0 } };
}

async function snapshot(side: Side): Promise<CpuSnapshot> {
  return cpuSnapshot(
    side.servers.map((s) => s.child.pid),
    side.pool,
    side.database.name,
  );
}

async function runSlice(side: Side, seconds: number): Promise<Slice> {
  const before = await snapshot(side);
  const load = await runLoad(
    side.servers,
    side.clients,
    { seconds, concurrency: CONCURRENCY, counter: side.counter },
    side.send,
  );
  // The slice's mail is delivered within it: its delivery belongs to the slice that enqueued it.
  await waitForDrain(side.pool, Number.POSITIVE_INFINITY, 20);
  const after = await snapshot(side);
  for (const error of load.errors) log(`  ${side.label}: unexpected reply: ${error}`);
  let postgresMs = 0;
  for (const [pid, ms] of after.postgres) {
    if (Number.isFinite(ms)) postgresMs += ms - (before.postgres.get(pid) ?? 0);
  }
  return {
    side: side.label,
    bookings: load.statuses.get(201) ?? 0,
    seconds: load.seconds,
    serverMs: after.servers.reduce((sum, v, i) => sum + (v - (before.servers[i] ?? 0)), 0),
    postgresMs,
  };
}

const perBooking = (slice: Slice) => (slice.serverMs + slice.postgresMs) / Math.max(1, slice.bookings);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

function report(slices: Slice[]): void {
  const lines = [
    '| slice | side | bookings | bookings/s | CPU per booking: servers + PostgreSQL |',
    '|---:|---|---:|---:|---:|',
  ];
  slices.forEach((slice, i) => {
    const n = Math.max(1, slice.bookings);
    lines.push(
      `| ${i + 1} | ${slice.side} | ${slice.bookings} | ${(slice.bookings / slice.seconds).toFixed(0)} | ${(slice.serverMs / n).toFixed(2)} + ${(slice.postgresMs / n).toFixed(2)} = ${perBooking(slice).toFixed(2)} ms |`,
    );
  });
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
  // Slices come in pairs (A B, B A, …): each pair saw nearly the same machine.
  const pairRatios = (cost: (slice: Slice) => number) => {
    const ratios: number[] = [];
    for (let i = 0; i + 1 < slices.length; i += 2) {
      const [first, second] = [slices[i] as Slice, slices[i + 1] as Slice];
      const [a, b] = first.side === 'A' ? [first, second] : [second, first];
      ratios.push(cost(a) / cost(b));
    }
    const sorted = [...ratios].sort((x, y) => x - y);
    return `median ${median(ratios).toFixed(3)}, range ${sorted[0]?.toFixed(3)} – ${sorted.at(-1)?.toFixed(3)}; A lower in ${ratios.filter((r) => r < 1).length} of ${ratios.length} pairs`;
  };
  const bookingsOf = (slice: Slice) => Math.max(1, slice.bookings);
  const summary = (label: Side['label']) => {
    const mine = slices.filter((s) => s.side === label);
    return `${median(mine.map(perBooking)).toFixed(2)} ms (servers ${median(mine.map((s) => s.serverMs / bookingsOf(s))).toFixed(2)}, PostgreSQL ${median(mine.map((s) => s.postgresMs / bookingsOf(s))).toFixed(2)}), ${median(mine.map((s) => s.bookings / s.seconds)).toFixed(0)} bookings/s`;
  };
  const table = [
    '| figure | value |',
    '|---|---|',
    `| A: ${ROOT} | median of ${SLICES} slices: ${summary('A')} |`,
    `| B: ${COMPARE_ROOT} | median of ${SLICES} slices: ${summary('B')} |`,
    `| **A ÷ B, CPU per booking** (each adjacent pair) | **${pairRatios(perBooking)}** |`,
    `| A ÷ B, servers' CPU per booking | ${pairRatios((s) => s.serverMs / bookingsOf(s))} |`,
    `| A ÷ B, PostgreSQL's CPU per booking | ${pairRatios((s) => s.postgresMs / bookingsOf(s))} |`,
  ];
  process.stdout.write(`${table.join('\n')}\n`);
}

async function main(): Promise<void> {
  if (!COMPARE_ROOT) throw new Error('BENCH_COMPARE_ROOT: the checkout to compare with is required');
  log(
    `machine: ${cpus().length} CPU cores, load average ${loadavg()
      .map((v) => v.toFixed(1))
      .join(' / ')}; ${SLICES} slices of ${SLICE_SECONDS} s per side, ${CONCURRENCY} requests in flight`,
  );
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rentza-bench-compare-'));
  const sides: Side[] = [];
  try {
    sides.push(await startSide('A', ROOT, dataDir));
    sides.push(await startSide('B', path.resolve(COMPARE_ROOT), dataDir));
    for (const side of sides) {
      const warm = await runSlice(side, WARMUP_SECONDS);
      log(`${side.label}: warm-up ${warm.bookings} bookings`);
    }
    const [a, b] = sides as [Side, Side];
    const slices: Slice[] = [];
    for (let pair = 0; pair < SLICES; pair++) {
      for (const side of pair % 2 === 0 ? [a, b] : [b, a]) slices.push(await runSlice(side, SLICE_SECONDS));
    }
    report(slices);
    for (const side of sides) {
      const doubles = await countDoubleBookings(side.pool);
      log(`${side.label}: ${doubles} double bookings`);
      if (doubles !== 0) process.exitCode = 1;
    }
  } finally {
    for (const side of sides) {
      await Promise.all(side.servers.map(stopServer));
      await side.pool.end();
      await dropDatabase(ADMIN_URL, side.database.name);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
