import type { Kysely } from 'kysely';
import { businessIdOf } from '../../../domain/access.ts';
import { MESSAGES } from '../../../domain/errors.ts';
import type { Database, User } from '../../db/types.ts';
import { forbidden } from '../../http/errors.ts';
import { requireRole } from '../../http/session.ts';
import { listBusinessProperties, listOwners } from './business.repository.ts';

const BUSINESS_ROLES = ['owner', 'backoffice', 'frontoffice', 'admin'] as const;

/** The properties a business works with: an owner's own, staff's parent owner's, every one for an admin. */
export async function listPropertiesOfBusiness(db: Kysely<Database>, user: User | null) {
  const actor = requireRole(user, BUSINESS_ROLES);
  const ownerId = actor.role === 'admin' ? null : businessIdOf(actor);
  if (actor.role !== 'admin' && !ownerId) throw forbidden(MESSAGES.forbidden);
  const rows = await listBusinessProperties(db, ownerId);
  return rows.map(({ archived_at, ...row }) => ({
    ...row,
    archived: archived_at !== null,
    specifications: row.specifications as unknown as Record<string, unknown>,
  }));
}

/** The businesses an admin may act for (billing setup, bookings): every owner. */
export function listBusinessOwners(db: Kysely<Database>, user: User | null) {
  requireRole(user, ['admin']);
  return listOwners(db);
}
