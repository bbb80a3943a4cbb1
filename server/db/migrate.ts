import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as accounts from './migrations/001-accounts.ts';
import * as listings from './migrations/002-listings.ts';
import * as outboxOrder from './migrations/003-outbox-order.ts';
import * as blockingRangeIndex from './migrations/004-blocking-range-index.ts';

/** Migrations are listed explicitly so they bundle and run the same on PGlite and PostgreSQL. */
const MIGRATIONS: Record<string, Migration> = {
  '001-accounts': accounts,
  '002-listings': listings,
  '003-outbox-order': outboxOrder,
  '004-blocking-range-index': blockingRangeIndex,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export async function migrateToLatest<T>(db: Kysely<T>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
