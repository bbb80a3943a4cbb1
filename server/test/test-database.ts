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
import { databaseUrl, dropDatabase, onServer } from './postgres-template.ts';

/**
 * A fresh, migrated database for one test file (or one test).
 *
 * - PGlite (default): creating and migrating a PGlite takes seconds, so the first file of a run
 *   builds a migrated template once, dumps it into the run directory, and every file starts an
 *   in-memory PGlite from that dump (about half a second).
 * - PostgreSQL (`TEST_DATABASE_URL` set): a throwaway database `rentza_t_<random>` is copied from
 *   the run's migrated template (server/test/postgres-template.ts) and dropped on close.
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

async function createPostgresDatabase(serverUrl: string): Promise<TestDatabase> {
  const name = `rentza_t_${randomBytes(6).toString('hex')}`;
  // The run's migrated template (server/test/global-setup.ts); a file run outside that setup migrates.
  const template = inject('postgresTemplate');
  await onServer(serverUrl, [`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`]);
  const url = databaseUrl(serverUrl, name);
  const handle = await openDatabase({ databaseUrl: url, poolSize: 5 });
  if (!template) await migrateToLatest(handle.db);
  return {
    ...handle,
    url,
    close: async () => {
      await handle.close();
      await dropDatabase(serverUrl, name);
    },
  };
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
