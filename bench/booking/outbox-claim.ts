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

/** The outbox worker's claim query, compiled by the app's own code, for EXPLAIN ANALYZE. */
async function outboxClaimQuery(outbox: BenchApp['outbox']): Promise<CompiledQuery> {
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
  const first = captured[0];
  if (!first) throw new Error('deliverDueMail issued no query');
  return first;
}

/** EXPLAIN ANALYZE of the claim inside a rolled-back transaction (it is an UPDATE). */
export async function explainOutboxClaim(
  pool: pg.Pool,
  outbox: BenchApp['outbox'],
): Promise<{ executionMs: number; plan: string }> {
  const query = await outboxClaimQuery(outbox);
  const connection = await pool.connect();
  try {
    await connection.query('BEGIN');
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
