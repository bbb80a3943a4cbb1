import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { defaultPermissions } from '../../../domain/permissions.ts';
import { INVITATION_DAYS } from '../../../domain/staff.ts';
import { hashInvitationToken } from '../../modules/invitations/invitation.repository.ts';
import type { Database } from '../types.ts';

/**
 * A pending invitation of the first owner's, so User Management shows one waiting to be claimed. Its
 * link was never sent: the owner's Resend emails a fresh one (to the dev mailbox).
 */
export async function seedDemoInvitation(db: Kysely<Database>, ids: { owner: string }): Promise<void> {
  await db
    .insertInto('invitations')
    .values({
      token_hash: hashInvitationToken(randomBytes(32).toString('base64url')),
      email: 'bongani@rentza.test',
      first_name: 'Bongani',
      last_name: 'Nkosi',
      role: 'frontoffice',
      owner_id: ids.owner,
      permissions: defaultPermissions('frontoffice'),
      expires_at: new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60 * 1000),
    })
    .execute();
}
