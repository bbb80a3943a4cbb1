import { afterEach, describe, expect, it, vi } from 'vitest';
import { testDatabaseUrl } from '../test/test-database.ts';
import { POOL_IDLE_TIMEOUT_MS, postgresPool } from './database.ts';

const databaseUrl = testDatabaseUrl();

describe.runIf(databaseUrl)('pooled connections through a quiet spell (PostgreSQL only)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keep their backend (and its prepared statements) for minutes, then close', async () => {
    const pool = postgresPool(databaseUrl as string, 2, 'rentza-pool-idle-test');
    try {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const backend = async () =>
        (await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid;
      const first = await backend();
      // pg's own default closed an idle connection after 10 s.
      vi.advanceTimersByTime(60_000);
      expect(pool.idleCount).toBe(1);
      expect(await backend()).toBe(first);
      vi.advanceTimersByTime(POOL_IDLE_TIMEOUT_MS + 1);
      expect(pool.totalCount).toBe(0);
    } finally {
      vi.useRealTimers();
      await pool.end();
    }
  });
});
