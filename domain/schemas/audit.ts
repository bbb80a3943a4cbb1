import { z } from 'zod';
import { isoDate } from './reservation.ts';

/**
 * The audit log's wire shapes (docs/decisions/051). A change is `{ field: { before, after } }`; a
 * personal field (a client's name, email, phone, notes) is `{ field: { redacted: true } }`: that it
 * changed is history, its values are not kept (POPIA erasure never rewrites the append-only log).
 */
export const AUDIT_ENTITY_TYPES = [
  'reservation',
  'billing_line',
  'document',
  'property',
  'rate_period',
  'blocked_period',
  'staff_permissions',
  'subscription',
  'payment_account',
  'payment_settings',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

export const AUDIT_ACTIONS = [
  'created',
  'updated',
  'status_changed',
  'deleted',
  'issued',
  'sent',
  'plan_changed',
  'cancelled',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ENTITY_LABELS: Record<AuditEntityType, string> = {
  reservation: 'Reservation',
  billing_line: 'Billing line',
  document: 'Document',
  property: 'Listing',
  rate_period: 'Rate period',
  blocked_period: 'Blocked period',
  staff_permissions: 'Staff permissions',
  subscription: 'Subscription',
  payment_account: 'Online payments account',
  payment_settings: 'Payment settings',
};

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  created: 'Created',
  updated: 'Updated',
  status_changed: 'Status changed',
  deleted: 'Deleted',
  issued: 'Issued',
  sent: 'Sent',
  plan_changed: 'Plan changed',
  cancelled: 'Cancelled',
};

/** A value before or after: a string, number, boolean or null (unknown here: the serializer needs no union). */
export const AuditChangeSchema = z.object({
  before: z.unknown().optional(),
  after: z.unknown().optional(),
  redacted: z.literal(true).optional(),
});
export type AuditChange = z.infer<typeof AuditChangeSchema>;
export const AuditChangesSchema = z.record(z.string(), AuditChangeSchema);
export type AuditChanges = z.infer<typeof AuditChangesSchema>;

export const AuditEntrySchema = z.object({
  id: z.string(),
  occurred_at: z.string(),
  actor_user_id: z.string().nullable(),
  /** The actor's name; "System" for jobs and gateways; "Anonymised user" once erased. */
  actor_name: z.string(),
  actor_role: z.string().nullable(),
  owner_id: z.string().nullable(),
  owner_name: z.string().nullable(),
  entity_type: z.string(),
  entity_id: z.string(),
  reservation_id: z.string().nullable(),
  action: z.string(),
  changes: AuditChangesSchema,
  summary: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditHistorySchema = z.object({ entries: z.array(AuditEntrySchema) });
export type AuditHistory = z.infer<typeof AuditHistorySchema>;

export const AUDIT_PAGE_SIZE_MAX = 100;

export const AdminAuditQuerySchema = z
  .object({
    owner_id: z.uuid('Please choose a business').optional(),
    entity_type: z.enum(AUDIT_ENTITY_TYPES, { error: 'Unknown entity type' }).optional(),
    action: z.enum(AUDIT_ACTIONS, { error: 'Unknown action' }).optional(),
    /** An actor's email or user id. */
    actor: z.string().trim().min(1).max(200, 'Actor must be at most 200 characters').optional(),
    from: isoDate('From').optional(),
    to: isoDate('To').optional(),
    q: z.string().trim().min(1).max(200, 'Search must be at most 200 characters').optional(),
    page: z.coerce.number().int('Page must be a whole number').min(1, 'Page must be at least 1').default(1),
    size: z.coerce
      .number()
      .int('Size must be a whole number')
      .min(1, 'Size must be at least 1')
      .max(AUDIT_PAGE_SIZE_MAX, `Size must be at most ${AUDIT_PAGE_SIZE_MAX}`)
      .default(25),
  })
  .refine((query) => !query.from || !query.to || query.to >= query.from, {
    message: 'To must be on or after From',
    path: ['to'],
  });
export type AdminAuditQuery = z.infer<typeof AdminAuditQuerySchema>;

export const AdminAuditPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type AdminAuditPage = z.infer<typeof AdminAuditPageSchema>;

/** Field names whose values are money in cents (shown as rand). */
export const isMoneyField = (field: string) => field.endsWith('_cents');
