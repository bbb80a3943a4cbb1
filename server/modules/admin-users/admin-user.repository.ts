import { type Kysely, sql } from 'kysely';
import type { Permissions } from '../../../domain/permissions.ts';
import type { Role } from '../../../domain/roles.ts';
import { BITMAP_ONLY, NAME_ORDER_WALK, withSettings } from '../../db/planner-settings.ts';
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
  // Control characters cannot be typed into a name or an email: dropping them keeps the one
  // expression below from matching across its separator.
  const term = filters.q?.replace(/\p{Cc}/gu, '').trim();
  if (term) query = query.where(USER_SEARCH_TEXT, 'ilike', containing(term));
  return query;
}

/**
 * The first name, last name, full name or email, as one text: its trigram index (migration 044)
 * answers a search among 50 000 users. The full name keeps its space; chr(31) keeps a match from
 * running on from the last name into the email.
 */
const USER_SEARCH_TEXT = sql<string>`(u.first_name || ' ' || u.last_name || chr(31) || u.email)`;

const searchOf = (filters: UserFilters) => !!filters.q?.trim();

/**
 * How a page of a search is read (docs/decisions/072): `matches` from the trigram index (bitmap scans
 * only, planner-settings.ts BITMAP_ONLY), then sorted by name — cheap while they are few, but every
 * match is read and sorted; `name order` walks the name index testing each user and stops when the
 * page is full — cheap when matches are many (a search that every tenth user or more matches).
 */
export type SearchPlan = 'matches' | 'name order';
const settingsFor = (filters: UserFilters, plan: SearchPlan) =>
  !searchOf(filters) ? [] : plan === 'matches' ? BITMAP_ONLY : NAME_ORDER_WALK;

/**
 * How many users match, counted up to `cap` + 1 (a search matching more has its count capped: counting
 * every one of 50 000 matches read them all). Without a search the count reads the name index alone.
 */
export function countUsers(db: Executor, filters: UserFilters, cap: number): Promise<number> {
  if (!searchOf(filters))
    return matchingUsers(db, filters)
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.total));
  return withSettings(db, BITMAP_ONLY, (trx) =>
    trx
      .selectFrom(
        matchingUsers(trx, filters)
          .select(sql<number>`1`.as('one'))
          .limit(cap + 1)
          .as('matches'),
      )
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirstOrThrow(),
  ).then((row) => Number(row.total));
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

/**
 * A page of users by name: the page's ids first, from the name index alone however deep the page
 * (users_name_order_idx, migration 044), or with a search as `plan` says, then what the screen shows
 * beside them for those only.
 */
export function listUsers(
  db: Executor,
  filters: UserFilters,
  page: { offset: number; limit: number; plan: SearchPlan },
) {
  const { offset, limit, plan } = page;
  const byName = <Q extends UsersQuery>(query: Q) =>
    query.orderBy(sql`lower(u.first_name)`).orderBy(sql`lower(u.last_name)`).orderBy('u.id') as Q;
  return withSettings(db, settingsFor(filters, plan), (trx) => {
    const pageIds = byName(matchingUsers(trx, filters)).select('u.id').offset(offset).limit(limit);
    return byName(withContext(allUsers(trx).where('u.id', 'in', pageIds))).execute();
  });
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
