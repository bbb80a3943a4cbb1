import type { Kysely } from 'kysely';
import { canReadBillingSetupOf } from '../../../domain/access.ts';
import { RATE_CURRENCY, RATE_MESSAGES } from '../../../domain/billing-rates.ts';
import type { Rate, RateInput } from '../../../domain/schemas/billing.ts';
import type { Database, User } from '../../db/types.ts';
import { type AppError, badRequest, conflict, notFound } from '../../http/errors.ts';
import { diffFields, hasChanges, recordAudit } from '../audit/audit.ts';
import { findPropertyById } from '../properties/property.repository.ts';
import { assertManages, assertReads, requireSignedIn } from './billing-access.ts';
import {
  deleteRate,
  findRate,
  insertRate,
  listRatesOfProperty,
  type RateRow,
  updateRate,
} from './rate.repository.ts';

export const RATE_NOT_FOUND = 'Rate not found';
const PROPERTY_NOT_FOUND = 'Property not found';

export function toRateDto(row: RateRow): Rate {
  return {
    id: row.id,
    property_id: row.property_id,
    owner_id: row.owner_id,
    start_date: row.start_date,
    end_date: row.end_date,
    rate_cents: row.rate_cents,
    currency: RATE_CURRENCY,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

interface PgError {
  code?: string;
  constraint?: string;
}

/**
 * The database keeps the rules whatever races: the exclusion constraint refuses an overlapping
 * period (SQLSTATE 23P01) and the order check an end not after the start (23514).
 */
export function rateConstraintError(error: unknown): AppError | null {
  const { code, constraint } = (error ?? {}) as PgError;
  if (code === '23P01' && constraint === 'no_overlapping_rates') return conflict(RATE_MESSAGES.overlap);
  if (code === '23514' && constraint === 'rate_period_order') return badRequest(RATE_MESSAGES.endAfterStart);
  return null;
}

async function withRateConstraints<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw rateConstraintError(error) ?? error;
  }
}

async function requireProperty(db: Kysely<Database>, id: string) {
  const property = await findPropertyById(db, id);
  if (!property) throw notFound(PROPERTY_NOT_FOUND);
  return property;
}

async function requireManagedRate(db: Kysely<Database>, actor: User, id: string) {
  const rate = await findRate(db, id);
  if (!rate) throw notFound(RATE_NOT_FOUND);
  assertManages(actor, rate.owner_id);
  return rate;
}

/** A listing's rate periods for its business's screens (owner, admin; staff who bill its reservations). */
export async function listRatesFor(db: Kysely<Database>, user: User | null, propertyId: string) {
  const actor = requireSignedIn(user);
  const property = await requireProperty(db, propertyId);
  assertReads(actor, property.owner_id);
  return (await listRatesOfProperty(db, propertyId)).map(toRateDto);
}

/**
 * A listing's rate periods as prices anyone may see while it is listed; an unlisted one's only to
 * those who manage its business (as the listing itself).
 */
export async function listPublicRates(db: Kysely<Database>, viewer: User | null, propertyId: string) {
  const property = await findPropertyById(db, propertyId);
  const listed = property?.is_active && property.status === 'available' && !property.archived_at;
  const visible = property && (listed || (viewer && canReadBillingSetupOf(viewer, property.owner_id)));
  if (!visible) throw notFound(PROPERTY_NOT_FOUND);
  return (await listRatesOfProperty(db, propertyId)).map(toRateDto);
}

export async function createRateFor(db: Kysely<Database>, user: User | null, input: RateInput) {
  const actor = requireSignedIn(user);
  const property = await requireProperty(db, input.property_id);
  assertManages(actor, property.owner_id);
  const row = await withRateConstraints(() =>
    db.transaction().execute(async (trx) => {
      const inserted = await insertRate(trx, property.owner_id, input);
      await auditRate(trx, actor, null, inserted);
      return inserted;
    }),
  );
  return toRateDto(row);
}

const RATE_AUDIT_FIELDS = ['property_id', 'start_date', 'end_date', 'rate_cents'] as const;

/** A rate period's change in its transaction (docs/decisions/051). */
async function auditRate(trx: Kysely<Database>, actor: User, before: RateRow | null, after: RateRow | null) {
  const row = (after ?? before) as RateRow;
  const changes = diffFields<RateRow>(before, after, RATE_AUDIT_FIELDS);
  if (before && after && !hasChanges(changes)) return;
  const action = !before ? 'created' : !after ? 'deleted' : 'updated';
  await recordAudit(trx, {
    actor,
    ownerId: row.owner_id,
    entityType: 'rate_period',
    entityId: row.id,
    action,
    changes,
    summary: `Rate period ${row.start_date} to ${row.end_date} ${action}`,
  });
}

/** Changes a period; it may move to another listing of the same business. */
export async function updateRateFor(db: Kysely<Database>, user: User | null, id: string, input: RateInput) {
  const actor = requireSignedIn(user);
  const existing = await requireManagedRate(db, actor, id);
  if (input.property_id !== existing.property_id) {
    const property = await requireProperty(db, input.property_id);
    assertManages(actor, property.owner_id);
    // An admin cannot move a period to another business's listing either.
    if (property.owner_id !== existing.owner_id) throw badRequest(RATE_MESSAGES.otherBusiness);
  }
  const row = await withRateConstraints(() =>
    db.transaction().execute(async (trx) => {
      const updated = await updateRate(trx, id, input);
      await auditRate(trx, actor, existing, updated);
      return updated;
    }),
  );
  return toRateDto(row);
}

/** Rate periods are price settings, not history: deleting one removes it. */
export async function deleteRateFor(db: Kysely<Database>, user: User | null, id: string): Promise<void> {
  const actor = requireSignedIn(user);
  const existing = await requireManagedRate(db, actor, id);
  await db.transaction().execute(async (trx) => {
    await deleteRate(trx, id);
    await auditRate(trx, actor, existing, null);
  });
}
