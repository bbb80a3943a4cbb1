import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/types.ts';

/** At most `limit` attempts in a fixed window of `windowSeconds` (the window starts at its first attempt). */
export interface WindowRule {
  key: string;
  limit: number;
  windowSeconds: number;
}

/**
 * `freeAttempts` attempts, then a wait after each further one: `baseSeconds`, doubling with every
 * attempt, at most `maxSeconds`. Forgotten after `forgetAfterSeconds` without an attempt.
 */
export interface BackoffRule {
  key: string;
  freeAttempts: number;
  baseSeconds: number;
  maxSeconds: number;
  forgetAfterSeconds: number;
}

export type ThrottleRule = WindowRule | BackoffRule;

export type Reservation =
  | { allowed: true }
  | { allowed: false; retryAfterSeconds: number; refusedKeys: string[] };

/** Rows untouched this long belong to no rule any more (the longest, the backoff's memory, is a day). */
const STALE_AFTER_SECONDS = 2 * 24 * 60 * 60;

interface CounterRow {
  key: string;
  attempts: number;
  /** Seconds since the window started / since the last attempt, by the database's clock. */
  windowAge: number;
  idle: number;
}

/**
 * Counts one attempt against every rule, or against none when any refuses. The counters are locked
 * (in key order, so two attempts sharing keys cannot deadlock) before they are read, so of any number
 * of parallel attempts exactly as many pass as the rules allow: the count is taken before the
 * attempt is checked, not after.
 */
export async function reserveAttempt(db: Kysely<Database>, rules: ThrottleRule[]): Promise<Reservation> {
  const ordered = [...rules].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const keys = ordered.map((rule) => rule.key);
  await db
    .deleteFrom('auth_throttle')
    .where('last_attempt_at', '<', sql<Date>`now() - make_interval(secs => ${STALE_AFTER_SECONDS})`)
    .execute();
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('auth_throttle')
      .values(keys.map((key) => ({ key })))
      .onConflict((conflict) => conflict.column('key').doNothing())
      .execute();
    const rows = await trx
      .selectFrom('auth_throttle')
      .select([
        'key',
        'attempts',
        sql<string>`extract(epoch from now() - window_started_at)`.as('window_age'),
        sql<string>`extract(epoch from now() - last_attempt_at)`.as('idle'),
      ])
      .where('key', 'in', keys)
      .orderBy('key')
      .forUpdate()
      .execute();
    const counters = new Map<string, CounterRow>(
      rows.map((row) => [
        row.key,
        { key: row.key, attempts: row.attempts, windowAge: Number(row.window_age), idle: Number(row.idle) },
      ]),
    );

    const decisions = ordered.map((rule) => decide(rule, counters.get(rule.key)));
    const refused = ordered.filter((_, index) => (decisions[index]?.wait ?? 0) > 0);
    if (refused.length > 0) {
      const longest = Math.max(...decisions.map((decision) => decision.wait));
      return {
        allowed: false,
        retryAfterSeconds: Math.ceil(longest),
        refusedKeys: refused.map((rule) => rule.key),
      };
    }

    for (const [index, rule] of ordered.entries()) {
      const decision = decisions[index];
      if (!decision) continue;
      await trx
        .updateTable('auth_throttle')
        .set({
          attempts: decision.attemptsAfter,
          last_attempt_at: sql<Date>`now()`,
          ...(decision.newWindow ? { window_started_at: sql<Date>`now()` } : {}),
        })
        .where('key', '=', rule.key)
        .execute();
    }
    return { allowed: true };
  });
}

/** What a rule says of its counter now: how long to wait (> 0 refuses) and the counter after this attempt. */
export function decide(
  rule: ThrottleRule,
  counter: CounterRow | undefined,
): { wait: number; attemptsAfter: number; newWindow: boolean } {
  const row = counter ?? { key: rule.key, attempts: 0, windowAge: 0, idle: 0 };
  // Ages are measured from this transaction's now(): a concurrent attempt that waited for the row
  // lock can see a later timestamp written by the one before it, a negative age that means "just now".
  const windowAge = Math.max(0, row.windowAge);
  const idle = Math.max(0, row.idle);
  if ('limit' in rule) {
    const expired = windowAge >= rule.windowSeconds;
    const attempts = expired ? 0 : row.attempts;
    const wait = attempts >= rule.limit ? rule.windowSeconds - windowAge : 0;
    return { wait, attemptsAfter: attempts + 1, newWindow: expired || attempts === 0 };
  }
  const attempts = idle >= rule.forgetAfterSeconds ? 0 : row.attempts;
  const pause =
    attempts >= rule.freeAttempts
      ? Math.min(rule.baseSeconds * 2 ** (attempts - rule.freeAttempts), rule.maxSeconds)
      : 0;
  return { wait: pause > 0 ? pause - idle : 0, attemptsAfter: attempts + 1, newWindow: false };
}

/** Takes back attempts that turned out not to count (e.g. a sign-in with the right password). */
export async function releaseAttempt(db: Kysely<Database>, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .updateTable('auth_throttle')
    .set({ attempts: sql<number>`greatest(attempts - 1, 0)` })
    .where('key', 'in', keys)
    .execute();
}

/** Forgets a counter entirely (a successful sign-in clears that address's failures for the account). */
export async function forgetAttempts(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('auth_throttle').where('key', '=', key).execute();
}
