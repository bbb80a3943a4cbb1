import { type Kysely, sql } from 'kysely';
import type { AdminAuditQuery } from '../../../domain/schemas/audit.ts';
import type { Database } from '../../db/types.ts';

/** Audit rows with the actor's and the business's names (users joined; a missing user stays null). */
function entries(db: Kysely<Database>) {
  return db
    .selectFrom('audit_log as a')
    .leftJoin('users as actor', 'actor.id', 'a.actor_user_id')
    .leftJoin('users as owner', 'owner.id', 'a.owner_id')
    .select([
      'a.id',
      'a.occurred_at',
      'a.actor_user_id',
      'a.actor_role',
      'a.owner_id',
      'a.entity_type',
      'a.entity_id',
      'a.reservation_id',
      'a.action',
      'a.changes',
      'a.summary',
      'actor.first_name as actor_first_name',
      'actor.last_name as actor_last_name',
      'actor.email as actor_email',
      'owner.first_name as owner_first_name',
      'owner.last_name as owner_last_name',
    ]);
}
export type AuditRow = Awaited<ReturnType<ReturnType<typeof entries>['execute']>>[number];

export function listReservationHistory(db: Kysely<Database>, reservationId: string) {
  return entries(db)
    .where('a.reservation_id', '=', reservationId)
    .orderBy('a.occurred_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(500)
    .execute();
}

/** The business a reservation's history belongs to, from the log itself (the reservation may be deleted). */
export async function ownerOfReservationHistory(db: Kysely<Database>, reservationId: string) {
  const row = await db
    .selectFrom('audit_log')
    .select('owner_id')
    .where('reservation_id', '=', reservationId)
    .limit(1)
    .executeTakeFirst();
  return row?.owner_id ?? null;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

/** The admin screen's page; dates are days in Africa/Johannesburg, `to` inclusive. */
export async function searchAudit(db: Kysely<Database>, query: AdminAuditQuery, actorId: string | null) {
  let filtered = entries(db);
  if (query.owner_id) filtered = filtered.where('a.owner_id', '=', query.owner_id);
  if (query.entity_type) filtered = filtered.where('a.entity_type', '=', query.entity_type);
  if (query.action) filtered = filtered.where('a.action', '=', query.action);
  if (query.actor) filtered = filtered.where('a.actor_user_id', '=', actorId);
  if (query.from)
    filtered = filtered.where(
      'a.occurred_at',
      '>=',
      sql<Date>`(${query.from}::date)::timestamp AT TIME ZONE 'Africa/Johannesburg'`,
    );
  if (query.to)
    filtered = filtered.where(
      'a.occurred_at',
      '<',
      sql<Date>`(${query.to}::date + 1)::timestamp AT TIME ZONE 'Africa/Johannesburg'`,
    );
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    const text = query.q;
    filtered = filtered.where((eb) =>
      eb.or([eb('a.summary', 'ilike', pattern), eb('a.entity_id', '=', text)]),
    );
  }
  const [rows, count] = await Promise.all([
    filtered
      .orderBy('a.occurred_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute(),
    filtered
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** An actor named by email (any case) or id; null when nobody has it. */
export async function resolveActor(db: Kysely<Database>, actor: string) {
  const isId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(actor);
  if (isId) return actor.toLowerCase();
  const user = await db
    .selectFrom('users')
    .select('id')
    .where(sql`lower(email)`, '=', actor.toLowerCase())
    .executeTakeFirst();
  return user?.id ?? null;
}
