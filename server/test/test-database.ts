import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmdirSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';

/**
 * A fresh, migrated database for one test file (or one test).
 *
 * - PGlite (default): creating and migrating a PGlite takes seconds, so the first file of a run
 *   builds a migrated template once, dumps it into the run directory, and every file starts an
 *   in-memory PGlite from that dump (about half a second).
 * - PostgreSQL (`TEST_DATABASE_URL` set): a throwaway database `rentza_t_<random>` is created,
 *   migrated, and dropped on close.
 */
export interface TestDatabase extends DatabaseHandle {
  /** Closes the connections and, on PostgreSQL, drops the database. */
  close: () => Promise<void>;
  /** PostgreSQL: the throwaway database's URL, for a second connection of its own (a thread's). */
  url?: string;
}

export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const url = testDatabaseUrl();
  return url ? createPostgresDatabase(url) : createPgliteDatabase();
}

async function createPostgresDatabase(adminUrl: string): Promise<TestDatabase> {
  const name = `rentza_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    url: url.toString(),
    close: async () => {
      await handle.close();
      await dropPostgresDatabase(adminUrl, name);
    },
  };
}

async function dropPostgresDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [name],
    );
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  } finally {
    await admin.end();
  }
}

async function createPgliteDatabase(): Promise<TestDatabase> {
  return openDatabase({ dataDir: 'memory://', loadDataDir: await pgliteTemplate() });
}

let templateInProcess: Promise<Blob> | null = null;

/** The migrated PGlite template: built once per run (shared through the run directory), cached per process. */
function pgliteTemplate(): Promise<Blob> {
  templateInProcess ??= loadOrBuildSharedTemplate();
  return templateInProcess;
}

async function loadOrBuildSharedTemplate(): Promise<Blob> {
  const runDir = inject('testRunDir');
  if (!runDir) return buildTemplate();
  const file = path.join(runDir, 'pglite-template.tar');
  const lock = path.join(runDir, 'pglite-template.lock');
  const deadline = Date.now() + 5 * 60_000;
  while (Date.now() < deadline) {
    if (existsSync(file)) return new Blob([await readFile(file)]);
    if (tryLock(lock)) {
      try {
        if (existsSync(file)) continue;
        const template = await buildTemplate();
        const partial = `${file}.${process.pid}.partial`;
        await writeFile(partial, new Uint8Array(await template.arrayBuffer()));
        await rename(partial, file);
        return template;
      } finally {
        rmdirSync(lock);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Timed out waiting for the PGlite template in ${runDir}`);
}

function tryLock(lock: string): boolean {
  try {
    mkdirSync(lock);
    return true;
  } catch {
    return false;
  }
}

async function buildTemplate(): Promise<Blob> {
  const pglite = await PGlite.create({ dataDir: 'memory://', extensions: { btree_gist, pg_trgm } });
  const db = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool(createPgConfig(pglite)) }),
  });
  try {
    await migrateToLatest(db);
    await sql`CHECKPOINT`.execute(db);
    return await pglite.dumpDataDir('none');
  } finally {
    await db.destroy();
    await pglite.close();
  }
}
