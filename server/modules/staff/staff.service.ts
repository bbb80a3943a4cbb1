import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { businessIdOf, canManageStaffOf } from '../../../domain/access.ts';
import { defaultPermissions, type Permissions } from '../../../domain/permissions.ts';
import { formatRoleLabel } from '../../../domain/roles.ts';
import type { AuditChanges } from '../../../domain/schemas/audit.ts';
import type {
  BulkInviteInput,
  BulkInviteResult,
  Invitation,
  InviteInput,
  StaffMember,
  StaffOverview,
  StaffUpdate,
} from '../../../domain/schemas/staff.ts';
import { INVITATION_DAYS, STAFF_RULE_MESSAGES as M, type StaffRole } from '../../../domain/staff.ts';
import type { Database, User } from '../../db/types.ts';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../http/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { renderActionMail } from '../../platform/mail/templates.ts';
import { findUserByEmail } from '../account/user.repository.ts';
import { diffFields, hasChanges, recordAudit } from '../audit/audit.ts';
import { hashInvitationToken } from '../invitations/invitation.repository.ts';
import { assertPlanAllows } from '../subscriptions/subscription.service.ts';
import {
  businessNameOf,
  findInvitation,
  findPendingInvitation,
  findStaffMember,
  type InvitationRow,
  insertInvitation,
  listPendingInvitations,
  listStaffOf,
  renewInvitation,
  revokeInvitation,
  type StaffRow,
  updateStaffMember,
} from './staff.repository.ts';

export interface StaffDeps {
  db: Kysely<Database>;
  publicUrl: string;
  pokeMail: () => void;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The business whose staff the actor manages: the owner's own, or their staff allowed to manage users. */
function staffBusinessOf(user: User | null): { actor: User; ownerId: string } {
  if (!user) throw unauthorized();
  const ownerId = businessIdOf(user);
  if (!ownerId || !canManageStaffOf(user, ownerId)) throw forbidden(M.notYours);
  return { actor: user, ownerId };
}

const toStaffMember = (row: StaffRow): StaffMember => ({
  id: row.id,
  email: row.email,
  first_name: row.first_name,
  last_name: row.last_name,
  phone: row.phone,
  role: row.role as StaffRole,
  permissions: row.permissions,
  is_active: row.is_active,
  created_at: new Date(row.created_at).toISOString(),
});

const toInvitation = (row: InvitationRow): Invitation => ({
  id: row.id,
  email: row.email,
  first_name: row.first_name,
  last_name: row.last_name,
  role: row.role as StaffRole,
  permissions: row.permissions,
  status: row.status,
  created_at: new Date(row.created_at).toISOString(),
  expires_at: new Date(row.expires_at).toISOString(),
});

export async function staffOverview(db: Kysely<Database>, user: User | null): Promise<StaffOverview> {
  const { ownerId } = staffBusinessOf(user);
  const [staff, invitations] = await Promise.all([
    listStaffOf(db, ownerId),
    listPendingInvitations(db, ownerId),
  ]);
  return { staff: staff.map(toStaffMember), invitations: invitations.map(toInvitation) };
}

/** A fresh single-use claim link: only its hash is stored, so the link cannot be read back or forged. */
function newClaimLink(publicUrl: string) {
  const token = randomBytes(32).toString('base64url');
  return {
    tokenHash: hashInvitationToken(token),
    url: `${publicUrl}/claim-account?token=${encodeURIComponent(token)}`,
    expiresAt: new Date(Date.now() + INVITATION_DAYS * DAY_MS),
  };
}

async function mailInvitation(
  db: Kysely<Database>,
  invitation: InvitationRow,
  claimUrl: string,
): Promise<void> {
  const { business, owner } = await businessNameOf(db, invitation.owner_id);
  await enqueueMail(
    db,
    renderActionMail({
      to: invitation.email,
      subject: `You're invited to join ${business} on Rentza`,
      greetingName: invitation.first_name || 'there',
      paragraphs: [
        `${owner} has invited you to work with ${business} on Rentza as ${formatRoleLabel(invitation.role).toLowerCase()} staff.`,
        `Complete your registration with the button below. The link works once, for ${INVITATION_DAYS} days.`,
      ],
      action: { label: 'Complete your registration', url: claimUrl },
      footnote: 'If you did not expect this invitation, you can ignore this email.',
    }),
  );
}

/**
 * Writes one invitation and its email in the caller's transaction, or says why not: the email has an
 * account already, or a pending invitation from this business (resend that one instead).
 */
async function invite(
  trx: Kysely<Database>,
  deps: StaffDeps,
  ownerId: string,
  input: Pick<InviteInput, 'email' | 'first_name' | 'last_name' | 'role' | 'permissions'>,
): Promise<{ invitation?: InvitationRow; refusal?: string }> {
  if (await findUserByEmail(trx, input.email)) return { refusal: M.hasAccount };
  if (await findPendingInvitation(trx, ownerId, input.email)) return { refusal: M.duplicate };
  // The team limit counts staff and pending invitations (subscription.repository measureUsage).
  await assertPlanAllows(trx, ownerId, 'add_user');
  const link = newClaimLink(deps.publicUrl);
  const invitation = await insertInvitation(trx, {
    ...input,
    owner_id: ownerId,
    token_hash: link.tokenHash,
    expires_at: link.expiresAt,
  });
  await mailInvitation(trx, invitation, link.url);
  return { invitation };
}

/** The owner's row, locked: invitations of one business are written one at a time (limit, duplicates). */
const lockBusiness = (trx: Kysely<Database>, ownerId: string) =>
  trx.selectFrom('users').select('id').where('id', '=', ownerId).forUpdate().executeTakeFirst();

export async function inviteStaff(
  deps: StaffDeps,
  user: User | null,
  input: InviteInput,
): Promise<Invitation> {
  const { ownerId } = staffBusinessOf(user);
  const invitation = await deps.db.transaction().execute(async (trx) => {
    await lockBusiness(trx, ownerId);
    const result = await invite(trx, deps, ownerId, input);
    if (!result.invitation) throw conflict(result.refusal ?? M.duplicate);
    return result.invitation;
  });
  deps.pokeMail();
  return toInvitation(invitation);
}

/** Bulk invite (spec §5): emails with a pending invitation (or an account) are skipped, not refused. */
export async function inviteStaffInBulk(
  deps: StaffDeps,
  user: User | null,
  input: BulkInviteInput,
): Promise<BulkInviteResult> {
  const { ownerId } = staffBusinessOf(user);
  const result = await deps.db.transaction().execute(async (trx) => {
    await lockBusiness(trx, ownerId);
    const invited: InvitationRow[] = [];
    const skipped: BulkInviteResult['skipped'] = [];
    for (const email of new Set(input.emails)) {
      const outcome = await invite(trx, deps, ownerId, {
        email,
        first_name: '',
        last_name: '',
        role: input.role,
        permissions: input.permissions,
      });
      if (outcome.invitation) invited.push(outcome.invitation);
      else skipped.push({ email, reason: outcome.refusal ?? M.duplicate });
    }
    return { invited, skipped };
  });
  if (result.invited.length > 0) deps.pokeMail();
  return { invited: result.invited.map(toInvitation), skipped: result.skipped };
}

/** An invitation of the actor's business, still open to resend or delete. */
async function ownInvitation(trx: Kysely<Database>, ownerId: string, id: string) {
  const invitation = await findInvitation(trx, id);
  if (!invitation || invitation.owner_id !== ownerId || invitation.status !== 'pending')
    throw notFound(M.invitationNotFound);
  return invitation;
}

/** Resend: a new link, valid for another 7 days (the old link stops working), emailed again. */
export async function resendInvitation(deps: StaffDeps, user: User | null, id: string): Promise<Invitation> {
  const { ownerId } = staffBusinessOf(user);
  const renewed = await deps.db.transaction().execute(async (trx) => {
    await ownInvitation(trx, ownerId, id);
    const link = newClaimLink(deps.publicUrl);
    const invitation = await renewInvitation(trx, id, link.tokenHash, link.expiresAt);
    await mailInvitation(trx, invitation, link.url);
    return invitation;
  });
  deps.pokeMail();
  return toInvitation(renewed);
}

/** Delete: the invitation is revoked (kept for the record); its link stops working. */
export async function deleteInvitation(db: Kysely<Database>, user: User | null, id: string): Promise<void> {
  const { ownerId } = staffBusinessOf(user);
  await db.transaction().execute(async (trx) => {
    const invitation = await ownInvitation(trx, ownerId, id);
    await revokeInvitation(trx, id);
    await recordAudit(trx, {
      actor: user,
      ownerId,
      entityType: 'staff_permissions',
      entityId: id,
      action: 'deleted',
      changes: { invitation: { before: invitation.status, after: 'revoked' } },
      summary: `Staff invitation (${invitation.role}) removed`,
    });
  });
}

/**
 * Changes a staff member of the business: a new role brings that role's default permissions (spec
 * §4) unless permissions come with it; deactivating signs them out at once. Nobody changes their own.
 */
export async function updateStaff(
  db: Kysely<Database>,
  user: User | null,
  id: string,
  changes: StaffUpdate,
): Promise<StaffMember> {
  const { actor, ownerId } = staffBusinessOf(user);
  if (id === actor.id) throw badRequest(M.notYourself);
  return db.transaction().execute(async (trx) => {
    const member = await findStaffMember(trx, id);
    if (!member || member.parent_owner_id !== ownerId) throw notFound(M.notFound);
    const role = changes.role ?? (member.role as StaffRole);
    const roleChanged = role !== member.role;
    const permissions = changes.permissions ?? (roleChanged ? defaultPermissions(role) : member.permissions);
    const isActive = changes.is_active ?? member.is_active;
    await updateStaffMember(trx, id, { role, permissions, is_active: isActive });
    const audited = staffChanges(member, { role, permissions, is_active: isActive });
    if (hasChanges(audited))
      await recordAudit(trx, {
        actor,
        ownerId,
        entityType: 'staff_permissions',
        entityId: id,
        action: 'updated',
        changes: audited,
        summary: 'Staff member role or permissions changed',
      });
    return toStaffMember((await findStaffMember(trx, id)) as StaffRow);
  });
}

/** A staff member's role, active flag and each permission, before and after (docs/decisions/051). */
function staffChanges(
  before: { role: string; permissions: Permissions; is_active: boolean },
  after: { role: string; permissions: Permissions; is_active: boolean },
): AuditChanges {
  const flat = (member: typeof before) => ({
    role: member.role,
    is_active: member.is_active,
    ...Object.fromEntries(
      Object.entries(member.permissions).map(([key, value]) => [`permissions.${key}`, value]),
    ),
  });
  const was = flat(before);
  const now = flat(after);
  const fields = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  return diffFields<Record<string, unknown>>(was, now, fields);
}
