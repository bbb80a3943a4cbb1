import { type Kysely, sql } from 'kysely';
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

/**
 * The owner's client record for an email: reused when it exists (linking the registered user if it
 * was not yet), created otherwise — one statement either way.
 */
export async function findOrCreateClient(
  db: Executor,
  ownerId: string,
  input: ClientCreate & { user_id?: string | null; phone?: string | null },
) {
  const row = await db
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
    .onConflict((oc) =>
      oc
        .columns(['owner_id', 'email'])
        .doUpdateSet({ user_id: sql<string | null>`coalesce(clients.user_id, excluded.user_id)` }),
    )
    .returningAll()
    .returning(sql<boolean>`(xmax = 0)`.as('created'))
    .executeTakeFirstOrThrow();
  const { created, ...client } = row;
  return { client, created };
}
