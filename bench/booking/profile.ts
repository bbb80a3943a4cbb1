/**
 * Profile: one booking at a time in this process, through the app's own session and reservation code
 * with a Kysely that logs every query and its duration; what is not SQL is JavaScript and pool waits.
 */
import { performance } from 'node:perf_hooks';
import type { FastifyRequest } from 'fastify';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../../server/db/types.ts';
import { type CpuReport, type CpuSnapshot, cpuBetween } from '../support/process-cpu.ts';
import type { BenchApp } from './app.ts';

interface QueryStat {
  sql: string;
  calls: number;
  ms: number;
}

export interface PathProfile {
  /** All bookings made, warm-up included. */
  created: number;
  /** Measured bookings (after the warm-up). */
  bookings: number;
  wallMs: number;
  sessionMs: number;
  sqlMs: number;
  queries: QueryStat[];
  /** CPU while the measured bookings were made, over `wallMs` (null when no snapshot was given). */
  cpu: { report: CpuReport; wallMs: number } | null;
  failures: string[];
}

export interface ProfileOptions {
  databaseUrl: string;
  /** A running server's PUBLIC_URL (the auth origin). */
  publicUrl: string;
  /** The servers' AUTH_SECRET, so their session cookies are valid here. */
  authSecret: string;
  /** Signed-in clients, taken in turn. */
  clients: readonly { cookie: string }[];
  /** The next booking's request body (POST /api/reservations), never one booked before. */
  nextBooking: () => unknown;
  /** Measured bookings, after 10 unmeasured ones. */
  bookings: number;
  /** CPU used so far by this process, the servers and PostgreSQL (process-cpu.ts). */
  cpuSnapshot?: () => Promise<CpuSnapshot>;
}

const normalizeSql = (text: string) => text.replace(/\s+/g, ' ').trim();

export async function profileBookingPath(app: BenchApp, options: ProfileOptions): Promise<PathProfile> {
  const { databaseUrl, publicUrl, authSecret, clients, nextBooking, bookings, cpuSnapshot } = options;
  // As server/db/database.ts: dates stay strings, bigint counts are numbers.
  pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
  let recording: { sql: string; ms: number }[] | null = null;
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 2 }) }),
    log: (event) => {
      if (recording && event.level === 'query') {
        recording.push({ sql: normalizeSql(event.query.sql), ms: event.queryDurationMillis });
      }
    },
  });
  const config = app.config.loadConfig({
    PUBLIC_URL: publicUrl,
    AUTH_SECRET: authSecret,
    DATABASE_URL: databaseUrl,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
  });
  const auth = app.auth.createAuth({ db, config, secret: authSecret, sendMail: async () => {} });
  await auth.$context;
  const deps = { db, publicUrl, pokeMail: () => {} };
  const stats = new Map<string, QueryStat>();
  const profile: PathProfile = {
    created: 0,
    bookings: 0,
    wallMs: 0,
    sessionMs: 0,
    sqlMs: 0,
    queries: [],
    cpu: null,
    failures: [],
  };
  const warmup = 10;
  let cpuBefore: CpuSnapshot | undefined;
  try {
    for (let n = 0; n < warmup + bookings; n++) {
      if (n === warmup) cpuBefore = await cpuSnapshot?.();
      const client = clients[n % clients.length] as { cookie: string };
      const booking = nextBooking();
      const input = app.schemas.ReservationCreateSchema.parse(booking);
      const request = { headers: { cookie: client.cookie } } as unknown as FastifyRequest;
      const queries: { sql: string; ms: number }[] = [];
      recording = queries;
      const start = performance.now();
      try {
        const user = await app.session.findSessionUser(auth, db, request);
        const sessionDone = performance.now();
        await app.reservations.createReservation(deps, user, input);
        const end = performance.now();
        profile.created++;
        if (n < warmup) continue;
        profile.bookings++;
        profile.wallMs += end - start;
        profile.sessionMs += sessionDone - start;
        for (const query of queries) {
          profile.sqlMs += query.ms;
          const stat = stats.get(query.sql) ?? { sql: query.sql, calls: 0, ms: 0 };
          stat.calls++;
          stat.ms += query.ms;
          stats.set(query.sql, stat);
        }
      } catch (error) {
        if (profile.failures.length < 5) profile.failures.push((error as Error).message);
      } finally {
        recording = null;
      }
    }
    if (cpuBefore && cpuSnapshot) {
      const cpuAfter = await cpuSnapshot();
      profile.cpu = { report: cpuBetween(cpuBefore, cpuAfter), wallMs: cpuAfter.wall - cpuBefore.wall };
    }
  } finally {
    await db.destroy();
  }
  profile.queries = [...stats.values()].sort((a, b) => b.ms - a.ms);
  return profile;
}

export function printProfile(profile: PathProfile): void {
  const n = profile.bookings;
  if (n === 0) return;
  const perBooking = (v: number) => `${(v / n).toFixed(2)} ms`;
  const lines = [
    `One booking at a time, in this process, through findSessionUser + createReservation (${n} bookings, servers idle):`,
    '',
    '| query (as the app sends it) | calls per booking | ms per booking | share of wall time |',
    '|---|---:|---:|---:|',
    ...profile.queries.map(
      (q) =>
        `| \`${q.sql.length > 100 ? `${q.sql.slice(0, 100)}…` : q.sql}\` | ${(q.calls / n).toFixed(1)} | ${perBooking(q.ms)} | ${((100 * q.ms) / profile.wallMs).toFixed(0)}% |`,
    ),
    `| **all SQL** (${(profile.queries.reduce((sum, q) => sum + q.calls, 0) / n).toFixed(0)} round trips) | | **${perBooking(profile.sqlMs)}** | ${((100 * profile.sqlMs) / profile.wallMs).toFixed(0)}% |`,
    `| JavaScript between queries (auth, validation, Kysely, mail rendering) | | ${perBooking(profile.wallMs - profile.sqlMs)} | ${((100 * (profile.wallMs - profile.sqlMs)) / profile.wallMs).toFixed(0)}% |`,
    `| **wall time per booking** (session lookup ${perBooking(profile.sessionMs)}) | | **${perBooking(profile.wallMs)}** | 100% |`,
  ];
  if (profile.cpu) {
    const { report: cpu, wallMs } = profile.cpu;
    // Cores × the time measured = CPU ms. The wall time above is mostly waiting: on an idle machine
    // each round trip waits for the other process to wake up.
    const cpuPerBooking = (cores: number) => perBooking(cores * wallMs);
    const servers = cpu.serverCores.reduce((sum, cores) => sum + cores, 0);
    lines.push(
      '',
      `CPU per booking in that time: this process ${cpuPerBooking(cpu.benchCores)} (the app's JavaScript, the pg driver and its system calls), PostgreSQL ${cpuPerBooking(cpu.postgresCores)}, the idle servers ${cpuPerBooking(servers)} (delivering these bookings' mail).`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}
