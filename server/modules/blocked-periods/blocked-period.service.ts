import type { Kysely } from 'kysely';
import { canManageReservationsOf } from '../../../domain/access.ts';
import { todayInBusinessZone } from '../../../domain/dates.ts';
import {
  BLOCK_MESSAGES,
  type BlockedPeriod,
  type BlockedPeriodCreate,
  type BlockedPeriodListQuery,
} from '../../../domain/schemas/blocked-period.ts';
import { retryOnDeadlock } from '../../db/deadlock-retry.ts';
import type { Database, User } from '../../db/types.ts';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../http/errors.ts';
import { diffFields, recordAudit } from '../audit/audit.ts';
import { findPropertyById } from '../properties/property.repository.ts';
import {
  deleteBlockedPeriod,
  findBlockedPeriod,
  insertBlockedPeriod,
  listBlockedPeriods,
  lockListingDates,
  overlapsAnotherBlock,
} from './blocked-period.repository.ts';

/** Blocked periods (docs/decisions/048): who manages a business's reservations manages its blocks. */

type Row = NonNullable<Awaited<ReturnType<typeof findBlockedPeriod>>>;
const toDto = (row: Row): BlockedPeriod => ({ ...row, created_at: row.created_at.toISOString() });

function signedIn(user: User | null): User {
  if (!user) throw unauthorized('You must be logged in to manage blocked dates.');
  return user;
}

export async function listBlocks(db: Kysely<Database>, user: User | null, query: BlockedPeriodListQuery) {
  const actor = signedIn(user);
  let ownerId: string | null = null;
  if (actor.role !== 'admin') {
    ownerId = actor.role === 'owner' ? actor.id : actor.parent_owner_id;
    if (!ownerId || !canManageReservationsOf(actor, ownerId)) throw forbidden(BLOCK_MESSAGES.forbidden);
  }
  const rows = await listBlockedPeriods(db, { ownerId, ...query, propertyId: query.property_id });
  return rows.map(toDto);
}

export async function createBlock(
  db: Kysely<Database>,
  user: User | null,
  propertyId: string,
  input: BlockedPeriodCreate,
) {
  const actor = signedIn(user);
  const property = await findPropertyById(db, propertyId);
  if (!property || property.archived_at) throw notFound(BLOCK_MESSAGES.propertyNotFound);
  if (!canManageReservationsOf(actor, property.owner_id)) throw forbidden(BLOCK_MESSAGES.forbidden);
  if (input.start_date < todayInBusinessZone()) throw badRequest(BLOCK_MESSAGES.startInPast);
  try {
    const id = await retryOnDeadlock(() =>
      db.transaction().execute(async (trx) => {
        await lockListingDates(trx, property.id);
        const inserted = await insertBlockedPeriod(trx, {
          property_id: property.id,
          owner_id: property.owner_id,
          start_date: input.start_date,
          end_date: input.end_date,
          reason: input.reason,
          note: input.note || null,
          created_by: actor.id,
        });
        const row = (await findBlockedPeriod(trx, inserted.id)) as Row;
        await auditBlock(trx, actor, null, row);
        return inserted.id;
      }),
    );
    return toDto((await findBlockedPeriod(db, id)) as Row);
  } catch (error) {
    // The one exclusion constraint (migration 035) refused it: name what holds the dates.
    if ((error as { code?: string }).code !== '23P01') throw error;
    const blocked = await overlapsAnotherBlock(db, property.id, input.start_date, input.end_date);
    throw conflict(blocked ? BLOCK_MESSAGES.alreadyBlocked : BLOCK_MESSAGES.bookingHolds);
  }
}

export async function removeBlock(db: Kysely<Database>, user: User | null, id: string) {
  const actor = signedIn(user);
  const block = await findBlockedPeriod(db, id);
  if (!block) throw notFound(BLOCK_MESSAGES.notFound);
  if (!canManageReservationsOf(actor, block.owner_id)) throw forbidden(BLOCK_MESSAGES.forbidden);
  // An imported calendar's block is replaced at its next sync: it changes in that calendar (decision 053).
  if (block.reason === 'external') throw conflict(BLOCK_MESSAGES.external);
  await db.transaction().execute(async (trx) => {
    await deleteBlockedPeriod(trx, id);
    await auditBlock(trx, actor, block, null);
  });
}

const BLOCK_AUDIT_FIELDS = [
  'property_id',
  'start_date',
  'end_date',
  'start_time',
  'end_time',
  'reason',
  'note',
] as const;

/** A block created or removed, in its transaction (docs/decisions/051); its note is free text, kept out. */
async function auditBlock(trx: Kysely<Database>, actor: User, before: Row | null, after: Row | null) {
  const row = (after ?? before) as Row;
  await recordAudit(trx, {
    actor,
    ownerId: row.owner_id,
    entityType: 'blocked_period',
    entityId: row.id,
    action: after ? 'created' : 'deleted',
    changes: diffFields<Row>(before, after, BLOCK_AUDIT_FIELDS, ['note']),
    summary: `Dates ${row.start_date} to ${row.end_date} of "${row.property_title}" ${after ? 'blocked' : 'unblocked'}`,
  });
}
