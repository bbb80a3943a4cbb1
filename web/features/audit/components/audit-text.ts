import { formatDisplayDate, formatDisplayDateTime } from '../../../../domain/dates.ts';
import { formatRandCents } from '../../../../domain/money.ts';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_LABELS,
  type AuditAction,
  type AuditChange,
  type AuditEntityType,
  isMoneyField,
} from '../../../../domain/schemas/audit.ts';

const FIELD_LABELS: Record<string, string> = {
  property_id: 'Listing',
  client_id: 'Client',
  start_date: 'Start date',
  end_date: 'End date',
  start_time: 'Start time',
  end_time: 'End time',
  total_price_cents: 'Total',
  price_per_day_cents: 'Base price',
  rate_cents: 'Rate',
  rate_override_per_day_cents: 'Rate override',
  discount_percent: 'Discount %',
  tax_percent: 'VAT %',
  special_requests: 'Special requests',
  voucher_number: 'Voucher number',
  purchase_order_number: 'Purchase order number',
  is_active: 'Active',
  archived_at: 'Archived',
  plan_id: 'Plan',
  cancel_at_period_end: 'Cancels at period end',
  current_period_end: 'Period ends',
  past_due_since: 'Past due since',
};

/** A field as people read it: its label, or its name in words ("payment_amount_cents" → "Payment amount"). */
export function fieldLabel(field: string): string {
  const known = FIELD_LABELS[field];
  if (known) return known;
  const words = field
    .replace(/^permissions\.can/, 'Permission: ')
    .replace(/_cents$/, '')
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A value before or after: money as rand, days and moments in en-ZA, yes/no, a dash for none. */
export function formatAuditValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number' && isMoneyField(field)) return formatRandCents(value);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDisplayDate(value);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return formatDisplayDateTime(value);
  return String(value);
}

export function describeChange(field: string, change: AuditChange): string {
  if (change.redacted) return `${fieldLabel(field)} changed (personal data is not kept in the log)`;
  return `${fieldLabel(field)}: ${formatAuditValue(field, change.before)} → ${formatAuditValue(field, change.after)}`;
}

export const entityLabel = (type: string) => AUDIT_ENTITY_LABELS[type as AuditEntityType] ?? type;
export const actionLabel = (action: string) => AUDIT_ACTION_LABELS[action as AuditAction] ?? action;
