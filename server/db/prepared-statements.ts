import type pg from 'pg';

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
