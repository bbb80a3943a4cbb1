import { type Kysely, sql } from 'kysely';

/**
 * Planner settings for one statement's transaction (SET LOCAL), where PostgreSQL's estimates are known
 * to mislead it (docs/decisions/068). PGlite accepts them too.
 */

/**
 * A statement that reads a few thousand index entries under a LIMIT: parallel workers only add their
 * start-up, and JIT compiling (priced on the plan's cost without the LIMIT) took 30 ms to save none.
 */
export const NO_PARALLEL = ['max_parallel_workers_per_gather = 0', 'jit = off'];
/**
 * A text match (ILIKE '%…%') with a trigram index: the planner cannot tell a word on every tenth row
 * from one on none, and under a LIMIT it walks an ordered index testing every row for the rare one.
 * Bitmap scans only: the trigram index finds the matches, however few or many.
 */
export const BITMAP_ONLY = ['enable_seqscan = off', 'enable_indexscan = off', 'jit = off'];

/**
 * A text match that many rows pass, read in an index's order under a LIMIT: the ordered index walked,
 * each row tested, stopping when the page is full (no bitmap of every match to read and sort).
 */
export const NAME_ORDER_WALK = ['enable_seqscan = off', 'enable_bitmapscan = off', 'jit = off'];

/**
 * A queue claimed oldest first under a LIMIT (the mail outbox): its index walked in order, which marks
 * the entries of rows already sent as dead as it passes them, so the next claim skips them. A bitmap
 * scan marks none: each claim read the row of every mail sent since the last vacuum (docs/decisions/079).
 */
export const QUEUE_ORDER_WALK = ['enable_seqscan = off', 'enable_bitmapscan = off'];

/**
 * Runs statements in a transaction with the given planner settings, made in one statement
 * (`set_config(…, true)` is SET LOCAL as a function) so they cost one round trip however many.
 */
export function withSettings<DB, T>(
  db: Kysely<DB>,
  settings: readonly string[],
  run: (trx: Kysely<DB>) => Promise<T>,
): Promise<T> {
  const statement = settings.length > 0 ? settingsStatement(settings) : null;
  return db.transaction().execute(async (trx) => {
    if (statement) await statement.execute(trx);
    return run(trx);
  });
}

function settingsStatement(settings: readonly string[]) {
  const calls = settings.map((setting) => {
    const [name, value] = setting.split('=').map((part) => part.trim());
    if (!name || !value) throw new Error(`withSettings: "${setting}" is not "name = value"`);
    return sql`set_config(${name}, ${value}, true)`;
  });
  return sql`SELECT ${sql.join(calls)}`;
}
