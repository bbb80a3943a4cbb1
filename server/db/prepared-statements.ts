import type { Compilable, Kysely, RawBuilder } from 'kysely';
import type pg from 'pg';
import type { Database } from './types.ts';

/**
 * Statements sent as named prepared statements (docs/decisions/067): PostgreSQL parses and plans
 * them once per connection instead of on every run. Only fixed texts on hot paths are registered
 * (compiledOnce registers its query); their result columns must be named, not `*`, so a migration
 * that adds a column to a table cannot change a prepared statement's result type under a running
 * server.
 */
const names = new Map<string, string>();

export function registerPreparedStatement(text: string): void {
  if (!names.has(text)) names.set(text, `rentza_prepared_${names.size + 1}`);
}

/** A pool's 'connect' hook: this client sends the registered texts as named prepared statements. */
export function usePreparedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  Object.assign(client, {
    query: (config: unknown, values?: unknown, callback?: unknown) => {
      const name = typeof config === 'string' && Array.isArray(values) ? names.get(config) : undefined;
      return name ? query({ name, text: config, values }, callback) : query(config, values, callback);
    },
  });
}

/**
 * Runs a query on a hot path as a named prepared statement: its text is registered once, and each
 * connection parses and plans it once. The query must name its result columns (columns.ts), and take
 * a fixed number of shapes (no lists of varying length), or the registry would grow without bound.
 */
export async function executePrepared<O>(
  db: Kysely<Database>,
  query: Compilable<O> | RawBuilder<O>,
): Promise<O[]> {
  const compiled = 'isRawBuilder' in query ? query.compile(db) : query.compile();
  registerPreparedStatement(compiled.sql);
  return (await db.executeQuery(compiled)).rows;
}
