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
 * The client account registered with an email (any letter case), as a subquery for linking a client
 * record. Owner and staff accounts are not linked: My Reservations is the client's screen.
 */
function clientAccountWithEmail(email: string) {
  return sql<
    string | null
  >`(SELECT id FROM users WHERE lower(email) = lower(${email}) AND role = 'client' LIMIT 1)`;
}

/**
 * The owner's client record for an email: reused when it exists, created otherwise — one statement
 * either way. Either way it is linked to the account registered with that email (if it was not yet),
 * so the person sees the booking in My Reservations.
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
      user_id: input.user_id ?? clientAccountWithEmail(input.email),
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

/**
 * Links every owner's client records for an email to the client account that registered or verified
 * it, so bookings made for the person before they had an account show in their My Reservations.
 */
export async function linkClientsToUser(db: Executor, user: { id: string; email: string }) {
  await db
    .updateTable('clients')
    .set({ user_id: user.id, updated_at: sql<Date>`now()` })
    .where(sql<boolean>`lower(email) = lower(${user.email})`)
    .where('user_id', 'is', null)
    .where((eb) =>
      eb.exists(eb.selectFrom('users').select('id').where('id', '=', user.id).where('role', '=', 'client')),
    )
    .execute();
}
