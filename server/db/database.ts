import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { usePreparedStatements } from './prepared-statements.ts';
import type { Database } from './types.ts';

// `date` columns stay 'YYYY-MM-DD' strings: a JS Date would shift them by the server's time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface DatabaseHandle {
  db: Kysely<Database>;
  /** For background workers, on its own connection (PostgreSQL); `db` when absent. */
  background?: Kysely<Database>;
  kind: 'postgres' | 'pglite';
  close: () => Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** PGlite data directory; `memory://` keeps it in memory (tests). */
  dataDir?: string;
  /** A PGlite data dump to start from, so tests skip the slow first initialisation. */
  loadDataDir?: Blob | File;
  poolSize?: number;
  /** PostgreSQL: the name its connections show in pg_stat_activity. */
  applicationName?: string;
}

/**
 * How long a pooled PostgreSQL connection may sit idle before the pool closes it. pg's default is
 * 10 s: a server with a quiet spell between two bookings then opened a new connection for the next
 * one, and that new backend parsed and planned each prepared statement afresh, about 3 ms more of
 * PostgreSQL CPU per booking (docs/decisions/083). An idle connection costs only its memory.
 */
export const POOL_IDLE_TIMEOUT_MS = 5 * 60_000;

export function postgresPool(connectionString: string, max: number, applicationName = 'rentza'): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    application_name: applicationName,
    idleTimeoutMillis: POOL_IDLE_TIMEOUT_MS,
  });
  // An idle pooled connection that the server closes (restart, failover, a test dropping its
  // database) emits 'error'; unhandled, that would crash the process. The pool replaces it, and
  // the next query reports any real outage.
  pool.on('error', (error: Error & { code?: string }) => {
    if (error.code !== '57P01') console.error('PostgreSQL idle connection error:', error.message);
  });
  pool.on('connect', usePreparedStatements);
  return pool;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = postgresPool(options.databaseUrl, options.poolSize ?? 10, options.applicationName);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    // Background workers (the outbox) get a connection of their own: their short statements do not
    // queue behind the requests' transactions for the request pool, nor hold its connections.
    const backgroundPool = postgresPool(options.databaseUrl, 1, options.applicationName);
    const background = new Kysely<Database>({ dialect: new PostgresDialect({ pool: backgroundPool }) });
    return {
      db,
      background,
      kind: 'postgres',
      close: async () => {
        await background.destroy();
        await db.destroy();
      },
    };
  }
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(path.resolve(dataDir), { recursive: true });
  const pglite = await PGlite.create({
    dataDir: dataDir.startsWith('memory://') ? dataDir : path.resolve(dataDir),
    extensions: { btree_gist, pg_trgm },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const pool = new pg.Pool(createPgConfig(pglite));
  pool.on('connect', usePreparedStatements);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}
