import type { Kysely } from 'kysely';
import { canManageReservationsOf } from '../../../domain/access.ts';
import type {
  AdminAuditPage,
  AdminAuditQuery,
  AuditEntry,
  AuditHistory,
} from '../../../domain/schemas/audit.ts';
import type { Database, User } from '../../db/types.ts';
import { forbidden, notFound, unauthorized } from '../../http/errors.ts';
import { findReservation } from '../reservations/reservation.repository.ts';
import { RESERVATION_MESSAGES } from '../reservations/reservation.service.ts';
import {
  type AuditRow,
  listReservationHistory,
  ownerOfReservationHistory,
  resolveActor,
  searchAudit,
} from './audit.repository.ts';

export const AUDIT_MESSAGES = {
  mustLogIn: 'You must be logged in to see the history.',
  noPermission: 'You do not have permission to see this history.',
  adminsOnly: 'Only administrators can see the audit log.',
} as const;

const fullName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

/** Who did it, as people read it: the system, a user's name, or "Anonymised user" once they are gone. */
function actorName(row: AuditRow): string {
  if (!row.actor_user_id) return 'System';
  const name = fullName(row.actor_first_name, row.actor_last_name);
  if (row.actor_email === null) return 'Anonymised user';
  return name || row.actor_email;
}

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: String(row.id),
    occurred_at: new Date(row.occurred_at).toISOString(),
    actor_user_id: row.actor_user_id,
    actor_name: actorName(row),
    actor_role: row.actor_role,
    owner_id: row.owner_id,
    owner_name: row.owner_id ? fullName(row.owner_first_name, row.owner_last_name) || null : null,
    entity_type: row.entity_type,
    entity_id: row.entity_id,
    reservation_id: row.reservation_id,
    action: row.action,
    changes: row.changes ?? {},
    summary: row.summary,
  };
}

/** A reservation's history, newest first: for whoever may open it in the editor (docs/decisions/051). */
export async function reservationHistory(
  db: Kysely<Database>,
  user: User | null,
  reservationId: string,
): Promise<AuditHistory> {
  if (!user) throw unauthorized(AUDIT_MESSAGES.mustLogIn);
  const reservation = await findReservation(db, reservationId);
  const ownerId = reservation?.owner_id ?? (await ownerOfReservationHistory(db, reservationId));
  if (!ownerId) throw notFound(RESERVATION_MESSAGES.notFound);
  if (!canManageReservationsOf(user, ownerId)) throw forbidden(AUDIT_MESSAGES.noPermission);
  return { entries: (await listReservationHistory(db, reservationId)).map(toEntry) };
}

/** The whole log, filtered and paged, for administrators only. */
export async function adminAudit(
  db: Kysely<Database>,
  user: User | null,
  query: AdminAuditQuery,
): Promise<AdminAuditPage> {
  if (!user) throw unauthorized(AUDIT_MESSAGES.mustLogIn);
  if (user.role !== 'admin') throw forbidden(AUDIT_MESSAGES.adminsOnly);
  const actorId = query.actor ? await resolveActor(db, query.actor) : null;
  if (query.actor && !actorId) return { entries: [], total: 0, page: query.page, size: query.size };
  const { rows, total } = await searchAudit(db, query, actorId);
  return { entries: rows.map(toEntry), total, page: query.page, size: query.size };
}
