import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '../platform/auth.ts';
import { createTestApp, TEST_AUTH_SECRET, type TestApp } from '../test/harness.ts';
import { cookieValue, findSessionUser } from './session.ts';

/**
 * The session lookup (docs/decisions/067): one query for a live session, better-auth's own path for
 * the rest, and nothing cached — a revoked session or a deactivated user is refused at once.
 */
let t: TestApp;
let auth: ReturnType<typeof createAuth>;
beforeAll(async () => {
  t = await createTestApp();
  auth = createAuth({ db: t.db, config: t.config, secret: TEST_AUTH_SECRET, sendMail: async () => {} });
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const asRequest = (cookie?: string) => ({ headers: cookie ? { cookie } : {} }) as unknown as FastifyRequest;
const lookUp = (cookie?: string) => findSessionUser(auth, t.db, asRequest(cookie));

/** The session token cookie's name and its signed value, as the browser holds them. */
async function sessionCookieOf(cookie: string) {
  const name = (await auth.$context).authCookies.sessionToken.name;
  const signed = cookieValue(cookie, name) as string;
  return { name, signed, token: signed.slice(0, signed.lastIndexOf('.')) };
}

/** Counts the statements a lookup sends. */
async function statementsOf(run: (db: typeof t.db) => Promise<unknown>) {
  let count = 0;
  // transformResult runs once per statement executed.
  const counting = t.db.withPlugin({
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      count++;
      return args.result;
    },
  });
  await run(counting);
  return count;
}

describe('findSessionUser', () => {
  it('a signed-in user is found with one query, with the whole users row', async () => {
    const { user, cookie } = await t.signInAs({ role: 'client' });
    let found: Awaited<ReturnType<typeof lookUp>> = null;
    const statements = await statementsOf(async (db) => {
      found = await findSessionUser(auth, db, asRequest(cookie));
    });
    expect(statements).toBe(1);
    expect(found).toMatchObject({ id: user.id, email: user.email, role: 'client', is_active: true });
    expect(found).toHaveProperty('settings');
    expect(found).toHaveProperty('permissions');
  });

  it('no cookie, another cookie, or a session cookie whose signature is wrong: signed out, no query', async () => {
    const { cookie } = await t.signInAs({ role: 'client' });
    const { name, signed } = await sessionCookieOf(cookie);
    // The same signature with one character changed (not the last, whose low bits base64 pads away).
    const at = signed.lastIndexOf('.') + 5;
    const forged = `${signed.slice(0, at)}${signed[at] === 'A' ? 'B' : 'A'}${signed.slice(at + 1)}`;
    for (const header of [
      undefined,
      'theme=dark',
      `${name}=${encodeURIComponent(forged)}`,
      `${name}=no-signature`,
    ]) {
      expect(await statementsOf((db) => findSessionUser(auth, db, asRequest(header)))).toBe(0);
      expect(await lookUp(header)).toBeNull();
    }
  });

  it('a revoked session is refused on the next request', async () => {
    const { cookie } = await t.signInAs({ role: 'owner' });
    expect(await lookUp(cookie)).not.toBeNull();
    const { token } = await sessionCookieOf(cookie);
    await t.db.deleteFrom('sessions').where('token', '=', token).execute();
    expect(await lookUp(cookie)).toBeNull();
  });

  it('a deactivated user counts as signed out', async () => {
    const { user, cookie } = await t.signInAs({ role: 'client' });
    await t.db.updateTable('users').set({ is_active: false }).where('id', '=', user.id).execute();
    expect(await lookUp(cookie)).toBeNull();
  });

  it('an expired session is refused and deleted, as better-auth does', async () => {
    const { cookie } = await t.signInAs({ role: 'client' });
    const { token } = await sessionCookieOf(cookie);
    await t.db
      .updateTable('sessions')
      .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
      .where('token', '=', token)
      .execute();
    expect(await lookUp(cookie)).toBeNull();
    expect(await t.db.selectFrom('sessions').select('id').where('token', '=', token).execute()).toEqual([]);
  });

  it('a session due for its sliding refresh is extended by better-auth and still signed in', async () => {
    const { user, cookie } = await t.signInAs({ role: 'client' });
    const { token } = await sessionCookieOf(cookie);
    // Two days into its seven: past better-auth's one-day update age.
    await t.db
      .updateTable('sessions')
      .set({ expires_at: sql<Date>`now() + interval '5 days'` })
      .where('token', '=', token)
      .execute();
    expect(await lookUp(cookie)).toMatchObject({ id: user.id });
    const row = await t.db
      .selectFrom('sessions')
      .select(sql<number>`extract(epoch from (expires_at - now())) / 86400`.as('days'))
      .where('token', '=', token)
      .executeTakeFirstOrThrow();
    expect(Number(row.days)).toBeGreaterThan(6.9);
  });
});
