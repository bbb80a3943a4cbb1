import { type Kysely, sql } from 'kysely';
import type { Permissions } from '../../../domain/permissions.ts';
import type { Role } from '../../../domain/roles.ts';
import type { Database } from '../../db/types.ts';

type Executor = Kysely<Database>;

export interface UserFilters {
  q?: string;
  role?: Role;
}

/** A LIKE pattern that matches `term` literally anywhere (% and _ typed by a person are not wildcards). */
const containing = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const allUsers = (db: Executor) => db.selectFrom('users as u');
type UsersQuery = ReturnType<typeof allUsers>;

function matchingUsers(db: Executor, filters: UserFilters): UsersQuery {
  let query = allUsers(db);
  if (filters.role) query = query.where('u.role', '=', filters.role);
  const term = filters.q?.trim();
  if (term) {
    const pattern = containing(term);
    query = query.where((eb) =>
      eb.or([
        eb('u.first_name', 'ilike', pattern),
        eb('u.last_name', 'ilike', pattern),
        eb('u.email', 'ilike', pattern),
        eb(sql<string>`u.first_name || ' ' || u.last_name`, 'ilike', pattern),
      ]),
    );
  }
  return query;
}

export function countUsers(db: Executor, filters: UserFilters): Promise<number> {
  return matchingUsers(db, filters)
    .select((eb) => eb.fn.countAll().as('total'))
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.total));
}

/**
 * The users with what the screen shows beside them, in one statement: an owner's subscription and
 * staff count, a staff member's owner.
 */
function withContext(query: UsersQuery) {
  return query
    .leftJoin('subscriptions as s', 's.owner_id', 'u.id')
    .leftJoin('users as parent', 'parent.id', 'u.parent_owner_id')
    .select((eb) => [
      'u.id',
      'u.email',
      'u.first_name',
      'u.last_name',
      'u.phone',
      'u.role',
      'u.is_active',
      'u.email_verified',
      'u.created_at',
      'u.parent_owner_id',
      's.plan_id',
      's.status as plan_status',
      sql<string | null>`parent.first_name || ' ' || parent.last_name`.as('owner_name'),
      eb
        .selectFrom('users as staff')
        .select(eb.fn.countAll().as('count'))
        .whereRef('staff.parent_owner_id', '=', 'u.id')
        .as('staff_count'),
    ]);
}

export type UserRow = NonNullable<Awaited<ReturnType<typeof findUserWithContext>>>;

export function listUsers(db: Executor, filters: UserFilters, offset: number, limit: number) {
  return withContext(matchingUsers(db, filters))
    .orderBy(sql`lower(u.first_name)`)
    .orderBy(sql`lower(u.last_name)`)
    .orderBy('u.id')
    .offset(offset)
    .limit(limit)
    .execute();
}

export function findUserWithContext(db: Executor, id: string) {
  return withContext(allUsers(db).where('u.id', '=', id)).executeTakeFirst();
}

export function listStaffOf(db: Executor, ownerId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'role', 'is_active'])
    .where('parent_owner_id', '=', ownerId)
    .orderBy(sql`lower(first_name)`)
    .orderBy(sql`lower(last_name)`)
    .orderBy('id')
    .execute();
}

/** Live (not archived) listings, as the plan counts them. */
export function countListingsOf(db: Executor, ownerId: string): Promise<number> {
  return db
    .selectFrom('properties')
    .select((eb) => eb.fn.countAll().as('total'))
    .where('owner_id', '=', ownerId)
    .where('archived_at', 'is', null)
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.total));
}

export async function setRole(db: Executor, id: string, role: Role, permissions: Permissions) {
  await db
    .updateTable('users')
    .set({ role, permissions, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}
