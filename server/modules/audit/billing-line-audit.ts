import type { AuditChanges } from '../../../domain/schemas/audit.ts';
import { diffFields } from './audit.ts';

/** What a billing line's history shows (docs/decisions/051); its free-text note is personal. */
const LINE_FIELDS = [
  'kind',
  'description',
  'quantity',
  'unit',
  'unit_price_cents',
  'tax_percent',
  'total_cents',
  'payment_amount_cents',
  'payment_method',
  'transaction_ref',
  'note',
] as const;

type LineLike = Partial<Record<(typeof LINE_FIELDS)[number], unknown>>;

const NUMERIC = new Set(['quantity', 'tax_percent']);

function normalise(row: LineLike | null): LineLike | null {
  if (!row) return null;
  const out: LineLike = {};
  for (const field of LINE_FIELDS) {
    const value = row[field];
    out[field] =
      NUMERIC.has(field) && value !== null && value !== undefined ? Number(value) : (value ?? null);
  }
  return out;
}

export function billingLineChanges(before: LineLike | null, after: LineLike | null): AuditChanges {
  return diffFields(normalise(before), normalise(after), LINE_FIELDS, ['note']);
}
