import type { Kysely } from 'kysely';
import { defaultPermissions } from '../../../domain/permissions.ts';
import { isStaffRole } from '../../../domain/roles.ts';
import {
  ADMIN_USER_MESSAGES,
  ADMIN_USERS_TOTAL_CAP,
  type AdminUser,
  type AdminUserChange,
  type AdminUserDetail,
  type AdminUserPage,
  rolesAssignableFrom,
} from '../../../domain/schemas/admin-users.ts';
import type { Database, User } from '../../db/types.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { requireRole } from '../../http/session.ts';
import { setUserActive } from '../account/user.repository.ts';
import { ensureStarterSubscription } from '../subscriptions/subscription.repository.ts';
import {
  countListingsOf,
  countUsers,
  findUserWithContext,
  listStaffOf,
  listUsers,
  setRole,
  type UserFilters,
  type UserRow,
} from './admin-user.repository.ts';

const requireAdmin = (user: User | null) => requireRole(user, ['admin']);

function toAdminUser(row: UserRow): AdminUser {
  const isOwner = row.role === 'owner';
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    role: row.role,
    is_active: row.is_active,
    email_verified: row.email_verified,
    created_at: new Date(row.created_at).toISOString(),
    parent_owner_id: row.parent_owner_id,
    plan: isOwner && row.plan_id && row.plan_status ? { id: row.plan_id, status: row.plan_status } : null,
    staff_count: isOwner ? Number(row.staff_count ?? 0) : null,
    owner_name: isStaffRole(row.role) ? row.owner_name : null,
  };
}

/**
 * Every user, filtered and a page at a time. A search's count stops past `totalCap` matches
 * (total_capped): then the page walks the name order, which finds its users among so many quickly;
 * a search with fewer matches reads them from the trigram index (docs/decisions/072).
 */
export async function listUsersFor(
  db: Kysely<Database>,
  user: User | null,
  query: UserFilters & { page: number; page_size: number },
  totalCap = ADMIN_USERS_TOTAL_CAP,
): Promise<AdminUserPage> {
  requireAdmin(user);
  const filters = { q: query.q, role: query.role };
  const counted = await countUsers(db, filters, totalCap);
  const capped = counted > totalCap;
  // One more than the page: whether there is a next page when the count is capped.
  const rows = await listUsers(db, filters, {
    offset: (query.page - 1) * query.page_size,
    limit: query.page_size + 1,
    plan: capped ? 'name order' : 'matches',
  });
  return {
    items: rows.slice(0, query.page_size).map(toAdminUser),
    total: capped ? totalCap : counted,
    total_capped: capped,
    has_next: rows.length > query.page_size,
    page: query.page,
    page_size: query.page_size,
  };
}

async function describeUser(db: Kysely<Database>, id: string): Promise<AdminUserDetail> {
  const row = await findUserWithContext(db, id);
  if (!row) throw notFound(ADMIN_USER_MESSAGES.notFound);
  const isOwner = row.role === 'owner';
  const [listingCount, staff] = isOwner
    ? await Promise.all([countListingsOf(db, id), listStaffOf(db, id)])
    : [null, []];
  return { ...toAdminUser(row), phone: row.phone, listing_count: listingCount, staff };
}

/** One user; an owner with their plan, live listings and staff. */
export async function describeUserFor(db: Kysely<Database>, user: User | null, id: string) {
  requireAdmin(user);
  return describeUser(db, id);
}

/**
 * Changes a user's role or active flag, never the admin's own. Staff move only between the staff
 * roles and keep their owner; nobody becomes staff here (they need an owner); an owner with staff
 * stays an owner. A new role brings its default permissions; a new owner gets the Starter plan;
 * deactivating signs the user out everywhere.
 */
export async function changeUserFor(
  db: Kysely<Database>,
  user: User | null,
  id: string,
  change: AdminUserChange,
): Promise<AdminUserDetail> {
  const admin = requireAdmin(user);
  if (id === admin.id) throw badRequest(ADMIN_USER_MESSAGES.notYourself);
  const target = await findUserWithContext(db, id);
  if (!target) throw notFound(ADMIN_USER_MESSAGES.notFound);

  const newRole = change.role !== undefined && change.role !== target.role ? change.role : null;
  if (newRole) {
    if (!rolesAssignableFrom(target.role).includes(newRole)) {
      throw badRequest(
        isStaffRole(target.role) ? ADMIN_USER_MESSAGES.staffStayStaff : ADMIN_USER_MESSAGES.staffNeedOwner,
      );
    }
    if (target.role === 'owner' && Number(target.staff_count ?? 0) > 0) {
      throw badRequest(ADMIN_USER_MESSAGES.ownerWithStaff);
    }
  }

  await db.transaction().execute(async (trx) => {
    if (newRole) {
      await setRole(trx, id, newRole, defaultPermissions(newRole));
      if (newRole === 'owner') await ensureStarterSubscription(trx, id);
    }
    if (change.is_active !== undefined) await setUserActive(trx, id, change.is_active);
  });
  return describeUser(db, id);
}
