import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.ts';

export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A pending, unexpired invitation for the token, if there is one. */
export function findClaimableInvitation(db: Kysely<Database>, token: string) {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('token_hash', '=', hashInvitationToken(token))
    .where('status', '=', 'pending')
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}
