import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { MESSAGES } from '../../domain/errors.ts';
import type { Role } from '../../domain/roles.ts';
import type { Database, User } from '../db/types.ts';
import type { Auth } from '../platform/auth.ts';
import { forbidden, unauthorized } from './errors.ts';

export type SessionUser = User;

/** Resolves the signed-in user of a request from the session cookie; deactivated users count as signed out. */
export async function findSessionUser(
  auth: Auth,
  db: Kysely<Database>,
  request: FastifyRequest,
): Promise<SessionUser | null> {
  const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!session) return null;
  const user = await db.selectFrom('users').selectAll().where('id', '=', session.user.id).executeTakeFirst();
  if (!user?.is_active) return null;
  return user;
}

export function requireRole(user: SessionUser | null, roles?: readonly Role[]): SessionUser {
  if (!user) throw unauthorized();
  if (roles && !roles.includes(user.role)) throw forbidden(MESSAGES.forbidden);
  return user;
}
