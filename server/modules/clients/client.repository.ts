import type { Kysely } from 'kysely';
import type { ClientCreate } from '../../../domain/schemas/reservation.ts';
import type { Database } from '../../db/types.ts';

type Executor = Kysely<Database>;

export function listClientsOfOwner(db: Executor, ownerId: string) {
  return db
    .selectFrom('clients')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .orderBy('first_name')
    .orderBy('last_name')
    .execute();
}

export function findClient(db: Executor, id: string) {
  return db.selectFrom('clients').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The owner's client record for an email: reused when it exists, created otherwise. */
export async function findOrCreateClient(
  db: Executor,
  ownerId: string,
  input: ClientCreate & { user_id?: string | null; phone?: string | null },
) {
  const inserted = await db
    .insertInto('clients')
    .values({
      owner_id: ownerId,
      first_name: input.first_name,
      last_name: input.last_name,
      email: input.email,
      phone: input.phone ?? null,
      region: 'ZA',
      user_id: input.user_id ?? null,
    })
    .onConflict((oc) => oc.columns(['owner_id', 'email']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { client: inserted, created: true };
  const existing = await db
    .selectFrom('clients')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('email', '=', input.email)
    .executeTakeFirstOrThrow();
  if (input.user_id && !existing.user_id) {
    await db.updateTable('clients').set({ user_id: input.user_id }).where('id', '=', existing.id).execute();
    return { client: { ...existing, user_id: input.user_id }, created: false };
  }
  return { client: existing, created: false };
}
