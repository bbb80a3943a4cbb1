import { type InsertQueryBuilder, type Kysely, type OperationNodeSource, sql } from 'kysely';
import { executePrepared } from './prepared-statements.ts';
import type { Database } from './types.ts';

/**
 * Runs an INSERT … RETURNING together with other writes as one statement (data-modifying CTEs,
 * docs/decisions/067): one round trip instead of one per write, sent as a named prepared statement
 * (it is on the booking path), so `main` must return named columns (columns.ts), not `*`. The writes
 * see the database as it was before the statement (not each other's rows), so each must stand on
 * values known beforehand; a failing write fails them all, as in a transaction.
 */
export async function insertWith<TB extends keyof Database, O>(
  db: Kysely<Database>,
  main: InsertQueryBuilder<Database, TB, O>,
  writes: readonly OperationNodeSource[],
): Promise<O> {
  const ctes = writes.map((write, index) => sql`${sql.raw(`write_${index}`)} AS (${write})`);
  const statement =
    writes.length === 0 ? main : sql<O>`WITH main AS (${main}), ${sql.join(ctes)} SELECT * FROM main`;
  const [row] = await executePrepared(db, statement);
  if (!row) throw new Error('insertWith: the insert returned no row');
  return row;
}
