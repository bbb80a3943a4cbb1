/**
 * Booking throughput benchmark (not a test): two real server processes (`node --import tsx
 * server/main.ts`) share one throwaway PostgreSQL database; signed-in clients POST /api/reservations
 * at a fixed concurrency, every request a distinct, non-conflicting (property, dates) pair. Then a
 * conflict phase fires many simultaneous requests at a few (property, dates) groups, and SQL checks
 * that no two pending/confirmed reservations of a property overlap.
 *
 *   npx tsx bench/booking.ts
 *
 * Environment:
 *   BENCH_DATABASE_URL      admin URL of the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_CONCURRENCY       requests in flight, spread over both servers (default 48)
 *   BENCH_SECONDS           measured load duration (default 25)
 *   BENCH_WARMUP_SECONDS    load before measuring (default 3)
 *   BENCH_BASELINE_SECONDS  GET /api/session at the same concurrency, for the auth-only cost (default 8; 0 skips)
 *   BENCH_CLIENTS           signed-in client users (default 128)
 *   BENCH_PROPERTIES        properties the load phase books (default 2000: 90 days of 4-day slots hold ~45,000 bookings)
 *   BENCH_HISTORY           past reservations on the books before the load, with every client's record at
 *                           every business and the owners' bells full (default 20000; 0: an empty database)
 *   BENCH_PROFILE_BOOKINGS  bookings made one at a time in this process with every query timed (default 100; 0 skips)
 *   BENCH_CPU_PROFILE       "1": run the servers with --cpu-prof and summarize where their CPU went during the load
 *   BENCH_EXPLAIN           "1": print the EXPLAIN ANALYZE of the outbox worker's claim query after the load
 *   BENCH_KEEP_DATABASE     "1": keep the database (its name is printed) for inspection
 *   BENCH_MAIL              "dev-mailbox" (default): the servers deliver mail into the dev mailbox table;
 *                           "smtp": to an SMTP sink this process runs (SMTP_URL=smtp://127.0.0.1:port)
 *   BENCH_SMTP_CONNECTIONS  with BENCH_MAIL=smtp: the servers' SMTP pool size (?maxConnections=N; default the app's)
 *   BENCH_SERVER_ROOT       another checkout (e.g. a worktree of main) whose server code to measure, both
 *                           the server processes and the in-process profile (default: this checkout)
 *   BENCH_DRAIN_SECONDS     longest wait for the outbox backlog to drain after the load (default 180)
 *
 * After the load the bench waits, servers idle, until the outbox has no mail due and reports how long
 * that took: every mail counted there was really delivered (the dev mailbox row or the SMTP sink's 250).
 *
 * Beside this file: bench/booking/ (the server processes, the throwaway database and its seed, the
 * measured checkout's modules, the keep-alive HTTP client, the in-process profile, the outbox claim's
 * EXPLAIN) and bench/support/ (CPU accounting, --cpu-prof summaries).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { addDays, todayInBusinessZone } from '../domain/dates.ts';
import { type SmtpSink, startSmtpSink } from '../server/test/smtp-sink.ts';
import { loadApp } from './booking/app.ts';
import {
  countDoubleBookings,
  createDatabase,
  dropDatabase,
  type Seeded,
  type SeedSizes,
  seed,
  waitForDrain,
} from './booking/database.ts';
import { request } from './booking/http.ts';
import {
  type Booking,
  book,
  loadBooking,
  type PhaseResult,
  percentile,
  runLoad,
  type SignedIn,
  signInAll,
} from './booking/load.ts';
import { log } from './booking/log.ts';
import { explainOutboxClaim } from './booking/outbox-claim.ts';
import { type PathProfile, printProfile, profileBookingPath } from './booking/profile.ts';
import { type Server, type ServerSettings, startServer, stopServer } from './booking/servers.ts';
import {
  cpuProfileFiles,
  monotonicMicros,
  printCpuProfile,
  summarizeCpuProfiles,
} from './support/cpu-profile.ts';
import { cpuBetween, cpuSnapshot } from './support/process-cpu.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 48);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 25);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const BASELINE_SECONDS = Number(process.env.BENCH_BASELINE_SECONDS ?? 8);
const CPU_PROFILE = process.env.BENCH_CPU_PROFILE === '1';
const PROFILE_BOOKINGS = Number(process.env.BENCH_PROFILE_BOOKINGS ?? 100);
const CLIENT_COUNT = Number(process.env.BENCH_CLIENTS ?? 128);
const PROPERTY_COUNT = Number(process.env.BENCH_PROPERTIES ?? 2000);
const HISTORY = Number(process.env.BENCH_HISTORY ?? 20_000);
const OWNER_COUNT = 4;
const SERVER_COUNT = 2;
/** Conflict phase: this many (property, dates) groups, each hit by this many simultaneous requests. */
const CONFLICT_GROUPS = 10;
const CONFLICT_REQUESTS_PER_GROUP = 24;
const TARGET_PER_SECOND = 200;
const PASSWORD = 'Bench-password-1';
const AUTH_SECRET = randomBytes(32).toString('base64url');
const REPO_ROOT = path.resolve(process.env.BENCH_SERVER_ROOT || path.resolve(import.meta.dirname, '..'));
const MAIL_MODE = process.env.BENCH_MAIL === 'smtp' ? 'smtp' : 'dev-mailbox';
const DRAIN_SECONDS = Number(process.env.BENCH_DRAIN_SECONDS ?? 180);
/** Bookings start tomorrow, so a run across midnight in Johannesburg never books a past day. */
const FIRST_DAY = addDays(todayInBusinessZone(), 1);
const SEED_SIZES: SeedSizes = {
  owners: OWNER_COUNT,
  properties: PROPERTY_COUNT,
  conflictGroups: CONFLICT_GROUPS,
  clients: CLIENT_COUNT,
  password: PASSWORD,
  history: HISTORY,
  firstDay: FIRST_DAY,
};
const serverSettings: ServerSettings = {
  root: REPO_ROOT,
  authSecret: AUTH_SECRET,
  cpuProfile: CPU_PROFILE,
  maxSockets: CONCURRENCY + CONFLICT_GROUPS * 32,
};

/** The measured checkout's own code (BENCH_SERVER_ROOT), for the in-process profile and the claim query. */
const app = await loadApp(REPO_ROOT);

// ---------------------------------------------------------------------------------------------------
// Clients: sign in through the API, each on one server.
// ---------------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------------
// Load
// ---------------------------------------------------------------------------------------------------

const sessionOnly = (server: Server, client: SignedIn) =>
  request(server, 'GET', '/api/session', { cookie: client.cookie });

interface ConflictResult {
  requests: number;
  groups: { label: string; created: number; conflicts: number; other: number }[];
  otherSamples: string[];
  seconds: number;
}

/**
 * Every group is one property hit by CONFLICT_REQUESTS_PER_GROUP simultaneous requests from different
 * clients on both servers: half the groups ask for identical dates, half for shifted three-night stays
 * that all share one night. Exactly one request per group may win.
 */
async function runConflicts(
  servers: Server[],
  clientsByServer: SignedIn[][],
  seeded: Seeded,
): Promise<ConflictResult> {
  const base = addDays(FIRST_DAY, 7);
  const jobs: { group: number; server: Server; client: SignedIn; booking: Booking }[] = [];
  // Groups interleaved, so each group's requests are spread through the burst.
  for (let r = 0; r < CONFLICT_REQUESTS_PER_GROUP; r++) {
    for (let g = 0; g < CONFLICT_GROUPS; g++) {
      const identical = g < CONFLICT_GROUPS / 2;
      const serverIndex = r % servers.length;
      const clients = clientsByServer[serverIndex] as SignedIn[];
      const start = identical ? base : addDays(base, r % 3);
      jobs.push({
        group: g,
        server: servers[serverIndex] as Server,
        client: clients[(g * CONFLICT_REQUESTS_PER_GROUP + r) % clients.length] as SignedIn,
        booking: {
          property_id: seeded.propertyIds[PROPERTY_COUNT + g] as string,
          start_date: start,
          end_date: addDays(start, 3),
          guests: 2,
        },
      });
    }
  }
  const groups = Array.from({ length: CONFLICT_GROUPS }, (_, g) => ({
    label: g < CONFLICT_GROUPS / 2 ? 'identical dates' : 'overlapping dates',
    created: 0,
    conflicts: 0,
    other: 0,
  }));
  const otherSamples: string[] = [];
  const start = performance.now();
  await Promise.all(
    jobs.map(async (job) => {
      const group = groups[job.group] as (typeof groups)[number];
      try {
        const reply = await request(job.server, 'POST', '/api/reservations', {
          body: job.booking,
          cookie: job.client.cookie,
        });
        if (reply.status === 201) group.created++;
        else if (reply.status === 409) group.conflicts++;
        else {
          group.other++;
          if (otherSamples.length < 5) otherSamples.push(`HTTP ${reply.status}: ${reply.body.slice(0, 200)}`);
        }
      } catch (error) {
        group.other++;
        if (otherSamples.length < 5) otherSamples.push(`network: ${(error as Error).message}`);
      }
    }),
  );
  return { requests: jobs.length, groups, otherSamples, seconds: (performance.now() - start) / 1000 };
}

// ---------------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------------

const ms = (v: number) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : '–');
const statusList = (statuses: Map<number, number>, except: number) =>
  [...statuses]
    .filter(([status]) => status !== except)
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status === 0 ? 'network error' : status}: ${n}`)
    .join(', ') || 'none';

async function main(): Promise<void> {
  const started = performance.now();
  const cores = cpus();
  log(
    `machine: ${cores.length} CPU cores (${cores[0]?.model.trim() ?? 'unknown'}), load average ${loadavg()
      .map((v) => v.toFixed(1))
      .join(' / ')}`,
  );
  log(
    `${SERVER_COUNT} servers (${REPO_ROOT}), ${CONCURRENCY} requests in flight, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s measured; mail to the ${MAIL_MODE}; first bookable day ${FIRST_DAY}`,
  );

  const database = await createDatabase(ADMIN_URL);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rentza-bench-booking-'));
  const servers: Server[] = [];
  let sink: SmtpSink | null = null;
  let pool: pg.Pool | null = null;
  let interrupted = false;
  let profileWindow: { from: number; to: number; bookings: number; serverCpuMsPerBooking: number } | null =
    null;
  const onSignal = () => {
    interrupted = true;
  };
  process.once('SIGINT', onSignal);
  try {
    // The first server migrates the empty database; the second starts once it is healthy.
    if (MAIL_MODE === 'smtp') {
      sink = await startSmtpSink();
      log(`SMTP sink on 127.0.0.1:${sink.port}: the servers deliver mail there`);
    }
    const connections = process.env.BENCH_SMTP_CONNECTIONS;
    const smtpUrl = sink
      ? `smtp://127.0.0.1:${sink.port}${connections ? `?maxConnections=${Number(connections)}` : ''}`
      : null;
    for (let i = 0; i < SERVER_COUNT; i++)
      servers.push(await startServer(i + 1, database.url, dataDir, smtpUrl, serverSettings));
    pool = new pg.Pool({ connectionString: database.url, max: 4 });
    const seeded = await seed(pool, SEED_SIZES);

    const signInStart = performance.now();
    const clientsByServer = await signInAll(servers, seeded.clientEmails, PASSWORD);
    const signedIn = clientsByServer.flat();
    log(
      `signed in ${signedIn.length} clients through the API in ${((performance.now() - signInStart) / 1000).toFixed(1)} s (${clientsByServer.map((c) => c.length).join(' + ')})`,
    );
    if (interrupted) throw new Error('interrupted');

    let warmupCreated = 0;
    let baseline: PhaseResult | null = null;
    if (BASELINE_SECONDS > 0) {
      baseline = await runLoad(
        servers,
        clientsByServer,
        { seconds: BASELINE_SECONDS, concurrency: CONCURRENCY, counter: { next: 0 } },
        sessionOnly,
      );
      log(
        `auth only, GET /api/session: ${(baseline.requests / baseline.seconds).toFixed(0)} req/s, p95 ${ms(percentile(baseline.latencies, 95))}`,
      );
    }

    const counter = { next: 0 };
    const loadListings = seeded.propertyIds.slice(0, PROPERTY_COUNT);
    const bookLoad = book(loadListings, FIRST_DAY);
    if (WARMUP_SECONDS > 0) {
      const warm = await runLoad(
        servers,
        clientsByServer,
        { seconds: WARMUP_SECONDS, concurrency: CONCURRENCY, counter },
        bookLoad,
      );
      warmupCreated = warm.statuses.get(201) ?? 0;
      log(
        `warm-up: ${warmupCreated} bookings in ${warm.seconds.toFixed(1)} s (other: ${statusList(warm.statuses, 201)})`,
      );
    }
    const outboxBefore = await pool.query<{ n: number; sent: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE status = 'sent')::int AS sent FROM email_outbox`,
    );
    const serverPids = servers.map((s) => s.child.pid);
    const cpuBefore = await cpuSnapshot(serverPids, pool, database.name);
    const loadFrom = monotonicMicros();
    const load = await runLoad(
      servers,
      clientsByServer,
      { seconds: SECONDS, concurrency: CONCURRENCY, counter },
      bookLoad,
    );
    const loadTo = monotonicMicros();
    const cpu = cpuBetween(cpuBefore, await cpuSnapshot(serverPids, pool, database.name));
    const serverCpuMsPerBooking =
      (cpu.serverCores.reduce((sum, c) => sum + c, 0) * load.seconds * 1000) / (load.statuses.get(201) ?? 1);
    profileWindow = {
      from: loadFrom,
      to: loadTo,
      bookings: load.statuses.get(201) ?? 0,
      serverCpuMsPerBooking,
    };
    const created = load.statuses.get(201) ?? 0;
    const perSecond = created / load.seconds;
    log(`load: ${created} bookings in ${load.seconds.toFixed(1)} s = ${perSecond.toFixed(0)} bookings/s`);
    for (const error of load.errors) log(`  unexpected reply: ${error}`);
    if (interrupted) throw new Error('interrupted');

    const outboxAfterLoad = await pool.query<{ total: number; pending: number; sent: number }>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'pending')::int AS pending,
         count(*) FILTER (WHERE status = 'sent')::int AS sent FROM email_outbox`,
    );
    const drain = await waitForDrain(pool, DRAIN_SECONDS);
    log(
      `outbox: ${outboxAfterLoad.rows[0]?.pending ?? '?'} pending right after the load; ${drain.drained ? `drained to zero in ${drain.seconds.toFixed(1)} s` : `NOT drained after ${drain.seconds.toFixed(0)} s (${drain.pending} left)`}`,
    );

    const claim = await explainOutboxClaim(pool, app.outbox);

    const conflicts = await runConflicts(servers, clientsByServer, seeded);
    for (const sample of conflicts.otherSamples) log(`  conflict phase, unexpected reply: ${sample}`);
    const conflictCreated = conflicts.groups.reduce((s, g) => s + g.created, 0);
    const conflict409 = conflicts.groups.reduce((s, g) => s + g.conflicts, 0);
    const conflictOther = conflicts.groups.reduce((s, g) => s + g.other, 0);
    const groupsExactlyOne = conflicts.groups.filter((g) => g.created === 1).length;
    log(
      `conflicts: ${conflicts.requests} simultaneous requests in ${conflicts.seconds.toFixed(1)} s, ${conflictCreated} created, ${conflict409} × 409, ${conflictOther} other`,
    );

    let profile: PathProfile | null = null;
    if (PROFILE_BOOKINGS > 0) {
      const openPool = pool; // narrowed here, not inside the closure below
      profile = await profileBookingPath(app, {
        databaseUrl: database.url,
        publicUrl: (servers[0] as Server).publicUrl,
        authSecret: AUTH_SECRET,
        clients: signedIn,
        nextBooking: () => loadBooking(loadListings, FIRST_DAY, counter.next++),
        bookings: PROFILE_BOOKINGS,
        cpuSnapshot: () => cpuSnapshot(serverPids, openPool, database.name),
      });
      for (const failure of profile.failures) log(`  profile: booking failed: ${failure}`);
    }
    const profileCreated = profile?.created ?? 0;

    const doubleBookings = await countDoubleBookings(pool);
    const totals = await pool.query<{
      reservations: number;
      outbox: number;
      pending: number;
      mailbox: number;
    }>(
      `SELECT (SELECT count(*)::int FROM reservations) AS reservations,
              (SELECT count(*)::int FROM email_outbox) AS outbox,
              (SELECT count(*)::int FROM email_outbox WHERE status = 'pending') AS pending,
              (SELECT count(*)::int FROM dev_mailbox) AS mailbox`,
    );
    const t = totals.rows[0];
    const mailsDuringLoad = (outboxAfterLoad.rows[0]?.total ?? 0) - (outboxBefore.rows[0]?.n ?? 0);
    const sentDuringLoad = (outboxAfterLoad.rows[0]?.sent ?? 0) - (outboxBefore.rows[0]?.sent ?? 0);
    const backlog = outboxAfterLoad.rows[0]?.pending ?? 0;

    const p = (q: number) => percentile(load.latencies, q);
    const expected = seeded.history + warmupCreated + created + conflictCreated + profileCreated;
    const rows: [string, string][] = [
      ['CPU cores (shared by both servers, PostgreSQL and this load generator)', String(cores.length)],
      ['server processes', `${SERVER_COUNT} (node --import tsx server/main.ts, pg pool of 10 each)`],
      ['requests in flight', `${CONCURRENCY} (split evenly over the servers)`],
      ['measured duration', `${load.seconds.toFixed(1)} s (after ${WARMUP_SECONDS} s warm-up)`],
      ['bookings created (201)', `${created} (${load.perServer.join(' + ')} per server)`],
      ['other statuses', statusList(load.statuses, 201)],
      [
        '**throughput**',
        `**${perSecond.toFixed(0)} bookings/s** (target ≥ ${TARGET_PER_SECOND}: ${perSecond >= TARGET_PER_SECOND ? 'met' : 'NOT met'})`,
      ],
      ['latency p50 / p95 / p99 / max', `${ms(p(50))} / **${ms(p(95))}** / ${ms(p(99))} / ${ms(p(100))}`],
      [
        'auth only: GET /api/session',
        baseline
          ? `${(baseline.requests / baseline.seconds).toFixed(0)} req/s, p50 ${ms(percentile(baseline.latencies, 50))}, p95 ${ms(percentile(baseline.latencies, 95))} (${statusList(baseline.statuses, 200)} non-200)`
          : 'skipped',
      ],
      [
        'CPU during the measured load',
        `machine ${cpu.busyPercent.toFixed(0)}% busy (${cpu.coresBusy.toFixed(2)} cores): servers ${cpu.serverCores.map((c) => c.toFixed(2)).join(' + ')}, PostgreSQL ${cpu.postgresCores.toFixed(2)}, load generator ${cpu.benchCores.toFixed(2)}, other processes on the machine ${cpu.otherCores.toFixed(2)}`,
      ],
      [
        'CPU-bound ceiling if the machine ran nothing else',
        `≈ ${((cores.length * 1000) / (((cpu.serverCores.reduce((sum, c) => sum + c, 0) + cpu.postgresCores + cpu.benchCores) * 1000) / perSecond)).toFixed(0)} bookings/s (${cores.length} cores ÷ CPU per booking of servers + PostgreSQL + load generator)`,
      ],
      [
        'CPU per booking',
        `servers ${((cpu.serverCores.reduce((sum, c) => sum + c, 0) * 1000) / perSecond).toFixed(1)} ms, PostgreSQL ${((cpu.postgresCores * 1000) / perSecond).toFixed(1)} ms (outbox delivery included)`,
      ],
      [
        'CPU per booking, servers + PostgreSQL',
        `**${(((cpu.serverCores.reduce((sum, c) => sum + c, 0) + cpu.postgresCores) * 1000) / perSecond).toFixed(1)} ms** (target ≤ 4 ms)`,
      ],
      [
        'outbox mails enqueued / delivered during the load',
        `${mailsDuringLoad} enqueued (${(mailsDuringLoad / load.seconds).toFixed(0)}/s), ${sentDuringLoad} delivered (${(sentDuringLoad / load.seconds).toFixed(0)}/s) to the ${MAIL_MODE === 'smtp' ? 'SMTP sink' : 'dev mailbox'}`,
      ],
      [
        '**outbox backlog** right after the load, and its drain to zero (servers idle)',
        `**${backlog} pending**; ${drain.drained ? `drained in **${drain.seconds.toFixed(1)} s**` : `NOT drained after ${drain.seconds.toFixed(0)} s (${drain.pending} left)`}${backlog > 0 && drain.drained ? ` (${(backlog / Math.max(drain.seconds, 0.001)).toFixed(0)} mails/s)` : ''}`,
      ],
      ['outbox claim query right after the load (EXPLAIN ANALYZE)', ms(claim.executionMs)],
      [
        'conflict phase',
        `${CONFLICT_GROUPS} groups × ${CONFLICT_REQUESTS_PER_GROUP} simultaneous requests (${CONFLICT_GROUPS / 2} identical dates, ${CONFLICT_GROUPS / 2} overlapping): ${conflictCreated} × 201, ${conflict409} × 409, ${conflictOther} other; ${groupsExactlyOne}/${CONFLICT_GROUPS} groups with exactly one booking`,
      ],
      [
        'reservations in the database',
        `${t?.reservations}; expected ${expected} (seeded history ${seeded.history}; API 201s: warm-up ${warmupCreated} + load ${created} + conflicts ${conflictCreated}; profile ${profileCreated}): ${t?.reservations === expected ? 'match' : 'MISMATCH'}`,
      ],
      [
        'outbox at the end',
        `${t?.outbox} mails, ${t?.pending} pending; ${sink ? `${sink.received()} received by the SMTP sink over ${sink.connections()} connections` : `${t?.mailbox} delivered to the dev mailbox`}`,
      ],
      ['**double bookings** (SQL self-join, daterange &&)', `**${doubleBookings}**`],
    ];
    const lines = ['| figure | value |', '|---|---|', ...rows.map(([k, v]) => `| ${k} | ${v} |`)];
    process.stdout.write(`\n${lines.join('\n')}\n\n`);
    if (profile) printProfile(profile);
    if (process.env.BENCH_EXPLAIN === '1') {
      process.stdout.write(`Outbox claim query right after the load:\n\n${claim.plan}\n\n`);
    }
    process.stdout.write(`double bookings: ${doubleBookings}\n`);
    const conflictOk = groupsExactlyOne === CONFLICT_GROUPS && conflictOther === 0;
    const ok = perSecond >= TARGET_PER_SECOND && doubleBookings === 0 && conflictOk;
    process.stdout.write(
      `${ok ? 'PASS' : 'FAIL'}: ${perSecond.toFixed(0)} bookings/s (target ≥ ${TARGET_PER_SECOND}), p95 ${ms(p(95))}, ${doubleBookings} double bookings, conflict groups ${conflictOk ? 'all exactly one winner' : 'NOT all exactly one winner'}\n`,
    );
  } finally {
    process.removeListener('SIGINT', onSignal);
    await pool?.end();
    await Promise.all(servers.map(stopServer));
    await sink?.close();
    for (const server of servers) {
      const warnings = server.output.filter((line) => !line.startsWith('  ') && line.trim() !== '');
      if (warnings.length > 0)
        log(`server ${server.index} output (last lines):\n${warnings.slice(-10).join('\n')}`);
    }
    const profileDir = path.join(dataDir, 'profiles');
    if (CPU_PROFILE && profileWindow && existsSync(profileDir)) {
      printCpuProfile(
        summarizeCpuProfiles(cpuProfileFiles(profileDir), profileWindow.from, profileWindow.to, REPO_ROOT),
        profileWindow.bookings,
        profileWindow.serverCpuMsPerBooking,
      );
    }
    await dropDatabase(ADMIN_URL, database.name);
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.stdout.write(`\nTotal run time: ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}

await main();
