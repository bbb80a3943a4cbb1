import type { Insertable, Kysely } from 'kysely';
import type { Permissions } from '../../../domain/permissions.ts';
import type { StaffRole } from '../../../domain/staff.ts';
import type { Database, InvitationsTable } from '../../db/types.ts';
import { setUserActive } from '../account/user.repository.ts';

type Executor = Kysely<Database>;

const STAFF_COLUMNS = [
  'id',
  'email',
  'first_name',
  'last_name',
  'phone',
  'role',
  'permissions',
  'is_active',
  'parent_owner_id',
  'created_at',
] as const;

/** The business's back-office and front-office users, by name. */
export function listStaffOf(db: Executor, ownerId: string) {
  return db
    .selectFrom('users')
    .select(STAFF_COLUMNS)
    .where('parent_owner_id', '=', ownerId)
    .where('role', 'in', ['backoffice', 'frontoffice'])
    .orderBy('first_name')
    .orderBy('last_name')
    .orderBy('id')
    .execute();
}

export function findStaffMember(db: Executor, id: string) {
  return db
    .selectFrom('users')
    .select(STAFF_COLUMNS)
    .where('id', '=', id)
    .where('role', 'in', ['backoffice', 'frontoffice'])
    .executeTakeFirst();
}
export type StaffRow = NonNullable<Awaited<ReturnType<typeof findStaffMember>>>;

/** Role, permissions and the active flag; a deactivated member's sessions end at once. */
export async function updateStaffMember(
  db: Executor,
  id: string,
  changes: { role: StaffRole; permissions: Permissions; is_active: boolean },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ role: changes.role, permissions: changes.permissions, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
  await setUserActive(db, id, changes.is_active);
}

/** Invitations still waiting to be claimed (expired ones too: they can be sent again), newest first. */
export function listPendingInvitations(db: Executor, ownerId: string) {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('status', '=', 'pending')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export function findInvitation(db: Executor, id: string) {
  return db.selectFrom('invitations').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}
export type InvitationRow = NonNullable<Awaited<ReturnType<typeof findInvitation>>>;

export function findPendingInvitation(db: Executor, ownerId: string, email: string) {
  return db
    .selectFrom('invitations')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('email', '=', email)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

export function insertInvitation(db: Executor, values: Insertable<InvitationsTable>) {
  return db.insertInto('invitations').values(values).returningAll().executeTakeFirstOrThrow();
}

/** A new link for the invitation: the old one stops working. */
export function renewInvitation(db: Executor, id: string, tokenHash: string, expiresAt: Date) {
  return db
    .updateTable('invitations')
    .set({ token_hash: tokenHash, expires_at: expiresAt, status: 'pending' })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function revokeInvitation(db: Executor, id: string): Promise<void> {
  await db.updateTable('invitations').set({ status: 'revoked' }).where('id', '=', id).execute();
}

/** The name the business goes by on its documents, or its owner's name. */
export async function businessNameOf(
  db: Executor,
  ownerId: string,
): Promise<{ business: string; owner: string }> {
  const row = await db
    .selectFrom('users')
    .leftJoin('business_details', 'business_details.owner_id', 'users.id')
    .select(['users.first_name', 'users.last_name', 'business_details.trading_name'])
    .where('users.id', '=', ownerId)
    .executeTakeFirstOrThrow();
  const owner = `${row.first_name} ${row.last_name}`.trim();
  return { business: row.trading_name ?? owner, owner };
}
