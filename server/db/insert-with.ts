import {
  type Expression,
  type Insertable,
  type InsertQueryBuilder,
  type InsertResult,
  type Kysely,
  type OperationNodeSource,
  type SqlBool,
  sql,
} from 'kysely';
import { executePrepared } from './prepared-statements.ts';
import type { Database } from './types.ts';

/**
 * Runs an INSERT … RETURNING together with other writes as one statement (data-modifying CTEs,
 * docs/decisions/067): one round trip instead of one per write, sent as a named prepared statement
 * (it is on the booking path), so `main` must return named columns (columns.ts), not `*`. The writes
 * see the database as it was before the statement (not each other's rows), so each must stand on
 * values known beforehand; a failing write fails them all, as in a transaction.
 *
 * When `main` inserts nothing (insertRowIf's condition did not hold) the statement's other writes
 * have still been made: `refusal` is thrown, and the caller's transaction must roll them back.
 */
export async function insertWith<TB extends keyof Database, O>(
  db: Kysely<Database>,
  main: InsertQueryBuilder<Database, TB, O>,
  writes: readonly OperationNodeSource[],
  refusal: () => Error = () => new Error('insertWith: the insert returned no row'),
): Promise<O> {
  const ctes = writes.map((write, index) => sql`${sql.raw(`write_${index}`)} AS (${write})`);
  const statement =
    writes.length === 0 ? main : sql<O>`WITH main AS (${main}), ${sql.join(ctes)} SELECT * FROM main`;
  const [row] = await executePrepared(db, statement);
  if (!row) throw refusal();
  return row;
}

/**
 * The insert of one row that inserts nothing unless `condition` holds, read in the statement's own
 * snapshot: `INSERT … SELECT <the row's values> WHERE condition` (PostgreSQL gives each value its
 * column's type, as it does for VALUES).
 */
export function insertRowIf<TB extends keyof Database & string>(
  db: Kysely<Database>,
  table: TB,
  row: Insertable<Database[TB]>,
  condition: Expression<SqlBool>,
): InsertQueryBuilder<Database, TB, InsertResult> {
  // As `.values()` does, a key whose value is undefined is left out: its column takes its default.
  const given = Object.entries(row).filter(([, value]) => value !== undefined);
  const columns = given.map(([column]) => column) as (keyof Database[TB] & string)[];
  const values = given.map(([, value]) => value);
  return db
    .insertInto(table)
    .columns(columns)
    .expression(sql`SELECT ${sql.join(values)} WHERE ${condition}`);
}
