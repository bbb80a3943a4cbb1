import type { Kysely } from 'kysely';
import type { AuditAction, AuditChanges, AuditEntityType } from '../../../domain/schemas/audit.ts';
import type { Database, User } from '../../db/types.ts';

/**
 * The one way to write the audit log (docs/decisions/051). It takes the change's own transaction
 * (refused at run time otherwise): a change that fails leaves no row, and a row that fails to write
 * rolls the change back.
 */
export interface AuditEntry {
  /** Who did it; null for the system (jobs, payment gateways). */
  actor: { id: string; role?: User['role'] | null } | null;
  /** The business the change belongs to. */
  ownerId: string | null;
  entityType: AuditEntityType;
  entityId: string;
  reservationId?: string | null;
  action: AuditAction;
  changes?: AuditChanges;
  summary?: string | null;
}

export class AuditOutsideTransaction extends Error {
  constructor() {
    super('recordAudit must be called with the transaction of the change it records');
  }
}

export async function recordAudit(trx: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await auditInsert(trx, entry).execute();
}

/** recordAudit's statement, not yet run: for a change that writes it together with others in one statement. */
export function auditInsert(trx: Kysely<Database>, entry: AuditEntry) {
  if (!trx.isTransaction) throw new AuditOutsideTransaction();
  return trx.insertInto('audit_log').values({
    actor_user_id: entry.actor?.id ?? null,
    actor_role: entry.actor?.role ?? null,
    owner_id: entry.ownerId,
    entity_type: entry.entityType,
    entity_id: entry.entityId,
    reservation_id: entry.reservationId ?? null,
    action: entry.action,
    changes: JSON.stringify(entry.changes ?? {}) as unknown as AuditChanges,
    summary: entry.summary ? entry.summary.slice(0, 500) : null,
  });
}

type Value = string | number | boolean | null;

/** A stored value as the log keeps it: dates as ISO, numeric strings as they are, objects dropped. */
function plain(value: unknown): Value {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

/**
 * The fields that differ between `before` and `after` among `fields`, as `{ before, after }`;
 * a field listed in `personal` that differs is recorded as `{ redacted: true }` without its values.
 * `before` null means created (every listed non-null field of `after`), `after` null deleted.
 */
export function diffFields<T extends object>(
  before: Partial<T> | null,
  after: Partial<T> | null,
  fields: readonly (keyof T & string)[],
  personal: readonly (keyof T & string)[] = [],
): AuditChanges {
  const changes: AuditChanges = {};
  for (const field of fields) {
    const was = before ? plain(before[field]) : null;
    const now = after ? plain(after[field]) : null;
    if (was === now) continue;
    if (before && after && !(field in after)) continue;
    changes[field] = personal.includes(field) ? { redacted: true } : { before: was, after: now };
  }
  return changes;
}

export const hasChanges = (changes: AuditChanges) => Object.keys(changes).length > 0;
