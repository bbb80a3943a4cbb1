import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { MESSAGES } from '../../../domain/errors.ts';
import { isStaffRole } from '../../../domain/roles.ts';
import type { ClaimAccount } from '../../../domain/schemas/user.ts';
import type { Database } from '../../db/types.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { findUserByEmail, insertCredentialUser } from '../account/user.repository.ts';
import { recordAudit } from '../audit/audit.ts';
import { ensureStarterSubscription } from '../subscriptions/subscription.repository.ts';
import { findClaimableInvitation } from './invitation.repository.ts';

export const INVALID_LINK = 'Invalid registration link';

export async function describeInvitation(db: Kysely<Database>, token: string) {
  const invitation = await findClaimableInvitation(db, token);
  if (!invitation) throw notFound(INVALID_LINK);
  return {
    email: invitation.email,
    first_name: invitation.first_name,
    last_name: invitation.last_name,
    phone: invitation.phone,
  };
}

/**
 * Completes registration from an invitation: the user, their password account and the accepted
 * invitation are written in one transaction. The emailed link proves the address, so it is verified.
 */
export async function claimInvitation(
  db: Kysely<Database>,
  hashPassword: (password: string) => Promise<string>,
  input: ClaimAccount,
): Promise<{ email: string }> {
  const invitation = await findClaimableInvitation(db, input.token);
  if (!invitation) throw notFound(INVALID_LINK);
  if (await findUserByEmail(db, invitation.email)) throw conflict(MESSAGES.alreadyRegistered);
  const passwordHash = await hashPassword(input.password);
  const userId = randomUUID();
  await db.transaction().execute(async (trx) => {
    const now = new Date();
    // Accept first: the row lock makes a simultaneous claim of the same link wait, then find it taken.
    const accepted = await trx
      .updateTable('invitations')
      .set({ status: 'accepted', accepted_at: now })
      .where('id', '=', invitation.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (accepted.numUpdatedRows !== 1n) throw notFound(INVALID_LINK);
    await insertCredentialUser(
      trx,
      {
        id: userId,
        email: invitation.email,
        name: `${input.first_name} ${input.last_name}`,
        first_name: input.first_name,
        last_name: input.last_name,
        phone: input.phone,
        role: invitation.role,
        region: invitation.region,
        culture: invitation.culture,
        email_verified: true,
        image: null,
        parent_owner_id: isStaffRole(invitation.role) ? invitation.owner_id : null,
        permissions: invitation.permissions,
      },
      passwordHash,
    );
    if (invitation.role === 'owner') await ensureStarterSubscription(trx, userId);
    await trx
      .updateTable('invitations')
      .set({ invited_user_id: userId })
      .where('id', '=', invitation.id)
      .execute();
    if (isStaffRole(invitation.role))
      await recordAudit(trx, {
        actor: { id: userId, role: invitation.role },
        ownerId: invitation.owner_id,
        entityType: 'staff_permissions',
        entityId: userId,
        action: 'created',
        changes: {
          role: { before: null, after: invitation.role },
          ...Object.fromEntries(
            Object.entries(invitation.permissions).map(([key, value]) => [
              `permissions.${key}`,
              { before: null, after: value },
            ]),
          ),
        },
        summary: 'Staff invitation accepted',
      });
  });
  return { email: invitation.email };
}
