import { createHmac, timingSafeEqual } from 'node:crypto';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { MESSAGES } from '../../domain/errors.ts';
import type { Role } from '../../domain/roles.ts';
import { USER_COLUMNS } from '../db/columns.ts';
import { compiledOnce } from '../db/compiled-once.ts';
import type { Database, User } from '../db/types.ts';
import type { Auth } from '../platform/auth.ts';
import { forbidden, unauthorized } from './errors.ts';

export type SessionUser = User;

/**
 * Resolves the signed-in user of a request from the session cookie; deactivated users count as signed out.
 *
 * The common case is one query (docs/decisions/067): the cookie's signature is checked here as
 * better-auth checks it (HMAC-SHA256 of the token with the auth secret), then the session and its
 * user are read together. A session that is missing, expired or due for better-auth's sliding
 * refresh goes through better-auth's own getSession, which deletes or extends it as it always did.
 * Nothing is cached: a revoked session or a deactivated user is refused on the next request.
 */
export async function findSessionUser(
  auth: Auth,
  db: Kysely<Database>,
  request: FastifyRequest,
): Promise<SessionUser | null> {
  const fast = await findSessionUserFast(auth, db, request.headers.cookie);
  if (fast !== 'ask-better-auth') return fast;
  const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!session) return null;
  const user = await db.selectFrom('users').selectAll().where('id', '=', session.user.id).executeTakeFirst();
  if (!user?.is_active) return null;
  return user;
}

async function findSessionUserFast(
  auth: Auth,
  db: Kysely<Database>,
  cookieHeader: string | undefined,
): Promise<SessionUser | null | 'ask-better-auth'> {
  // No session cookie, or one whose signature is wrong, is no session, as in better-auth's getSession.
  if (!cookieHeader) return null;
  const context = await auth.$context;
  const signed = cookieValue(cookieHeader, context.authCookies.sessionToken.name);
  const token = signed === null ? null : verifiedToken(signed, context.secret);
  if (token === null) return null;
  const [row] = await sessionUserQuery(db, { token });
  if (!row) return null;
  const { session_expires_at: expiresAt, ...user } = row;
  const now = Date.now();
  if (expiresAt.getTime() < now) return 'ask-better-auth';
  const { expiresIn, updateAge } = context.sessionConfig;
  const refreshDue = expiresAt.getTime() - expiresIn * 1000 + updateAge * 1000 <= now;
  const dontRemember = cookieValue(cookieHeader, context.authCookies.dontRememberToken.name);
  const remembered = dontRemember === null || verifiedToken(dontRemember, context.secret) === null;
  if (refreshDue && remembered) return 'ask-better-auth';
  return user.is_active ? user : null;
}

/** The session and its user, by token: on every signed-in request, so compiled once. */
const sessionUserQuery = compiledOnce(
  (db: Kysely<Database>, values: { token: string }) =>
    db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(USER_COLUMNS.map((column) => `u.${column}` as const))
      .select('s.expires_at as session_expires_at')
      .where('s.token', '=', values.token),
  { token: true },
);

/** A cookie's value from the Cookie header (the first of that name, URI-decoded), or null. */
export function cookieValue(header: string, name: string): string | null {
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

/** The token of a signed cookie value ("token.base64-HMAC-SHA256"), or null when the signature is wrong. */
function verifiedToken(signed: string, secret: string): string | null {
  const dot = signed.lastIndexOf('.');
  if (dot < 1) return null;
  const token = signed.slice(0, dot);
  const signature = signed.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

export function requireRole(user: SessionUser | null, roles?: readonly Role[]): SessionUser {
  if (!user) throw unauthorized();
  if (roles && !roles.includes(user.role)) throw forbidden(MESSAGES.forbidden);
  return user;
}
