import { z } from 'zod';
import { isoDate } from './reservation.ts';

/** Why an owner takes dates of a listing out of booking (docs/decisions/048). */
export const BLOCK_REASONS = ['maintenance', 'owner_use'] as const;
export type BlockReason = (typeof BLOCK_REASONS)[number];

/** What a stored block may be: also 'external', an imported calendar's event (issue 22, decision 053). */
export const STORED_BLOCK_REASONS = [...BLOCK_REASONS, 'external'] as const;
export type StoredBlockReason = (typeof STORED_BLOCK_REASONS)[number];

export const BLOCK_REASON_LABELS: Record<BlockReason, string> = {
  maintenance: 'Maintenance',
  owner_use: 'Owner use',
};

export const BLOCK_MESSAGES = {
  endAfterStart: 'End date must be after the start date',
  startInPast: 'Blocked dates cannot start in the past',
  bookingHolds: 'A booking already holds some of those dates.',
  alreadyBlocked: 'Some of those dates are already blocked.',
  datesBlocked: 'Those dates are blocked for this listing.',
  notFound: 'Blocked period not found',
  propertyNotFound: 'Property not found',
  forbidden: 'You do not have permission to block dates of this listing.',
  external: 'These dates come from an imported calendar: change them there, or remove the calendar.',
} as const;

export const BlockedPeriodCreateSchema = z
  .object({
    start_date: isoDate('Start date'),
    end_date: isoDate('End date'),
    reason: z.enum(BLOCK_REASONS, { error: 'Please choose a reason' }),
    note: z.string().trim().max(500, 'Note must be at most 500 characters').nullish(),
  })
  .refine((block) => block.end_date > block.start_date, {
    message: BLOCK_MESSAGES.endAfterStart,
    path: ['end_date'],
  });
export type BlockedPeriodCreate = z.infer<typeof BlockedPeriodCreateSchema>;

export const BlockedPeriodListQuerySchema = z.object({
  from: isoDate('From'),
  to: isoDate('To'),
  property_id: z.uuid('Property not found').optional(),
});
export type BlockedPeriodListQuery = z.infer<typeof BlockedPeriodListQuerySchema>;

export const BlockedPeriodSchema = z.object({
  id: z.uuid(),
  property_id: z.uuid(),
  property_title: z.string(),
  owner_id: z.uuid(),
  start_date: z.string(),
  end_date: z.string(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  reason: z.enum(STORED_BLOCK_REASONS),
  note: z.string().nullable(),
  created_at: z.string(),
  /** The imported calendar's name for an external block ("Airbnb"), null for the others. */
  feed_label: z.string().nullable(),
});
export type BlockedPeriod = z.infer<typeof BlockedPeriodSchema>;
