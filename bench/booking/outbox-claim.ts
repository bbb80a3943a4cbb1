/** The outbox worker's claim query, as the measured checkout compiles it, and its EXPLAIN ANALYZE. */
import {
  type CompiledQuery,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely';
import type pg from 'pg';
import type { Database } from '../../server/db/types.ts';
import type { BenchApp } from './app.ts';

/**
 * The outbox worker's claim query, compiled by the app's own code, for EXPLAIN ANALYZE, with the
 * planner settings (SET LOCAL) the app runs it under.
 */
async function outboxClaimQuery(
  outbox: BenchApp['outbox'],
): Promise<{ claim: CompiledQuery; settings: CompiledQuery[] }> {
  const captured: CompiledQuery[] = [];
  const capture = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    log: (event) => {
      if (event.level === 'query') captured.push(event.query);
    },
  });
  await outbox.deliverDueMail(capture, { kind: 'dev-mailbox', send: async () => {} }, undefined, 1);
  const claim = captured.find((query) => !query.sql.startsWith('SET LOCAL'));
  if (!claim) throw new Error('deliverDueMail issued no query');
  return { claim, settings: captured.filter((query) => query.sql.startsWith('SET LOCAL')) };
}

/** EXPLAIN ANALYZE of the claim inside a rolled-back transaction (it is an UPDATE). */
export async function explainOutboxClaim(
  pool: pg.Pool,
  outbox: BenchApp['outbox'],
): Promise<{ executionMs: number; plan: string }> {
  const { claim: query, settings } = await outboxClaimQuery(outbox);
  const connection = await pool.connect();
  try {
    await connection.query('BEGIN');
    for (const setting of settings) await connection.query(setting.sql);
    const result = await connection.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS) ${query.sql}`, [
      ...query.parameters,
    ]);
    await connection.query('ROLLBACK');
    const plan = result.rows.map((row) => Object.values(row)[0]).join('\n');
    const match = /Execution Time: ([\d.]+) ms/.exec(plan);
    return { executionMs: match ? Number(match[1]) : Number.NaN, plan };
  } finally {
    connection.release();
  }
}
