import { z } from 'zod';

/** Calendar import (issue 22 item 3, docs/decisions/053): wire schemas and message texts. */

export const FEED_URL_MAX_LENGTH = 2000;
export const FEED_LABEL_MAX_LENGTH = 60;

export const CALENDAR_IMPORT_MESSAGES = {
  forbidden: 'You do not have permission to manage the calendars of this listing.',
  propertyNotFound: 'Property not found',
  feedNotFound: 'Calendar feed not found',
  urlRequired: 'Please enter the calendar address',
  urlInvalid: 'Please enter a valid http:// or https:// address',
  urlTooLong: `The address must be at most ${FEED_URL_MAX_LENGTH} characters`,
  labelRequired: 'Please give the calendar a name, e.g. Airbnb',
  labelTooLong: `The name must be at most ${FEED_LABEL_MAX_LENGTH} characters`,
  duplicate: 'This listing already imports that calendar.',
  tooMany: 'A listing can import at most 10 calendars.',
  externalBlock: 'These dates come from an imported calendar: change them there, or remove the calendar.',
  readFailedPrefix: 'The calendar could not be read: ',
} as const;

export const MAX_FEEDS_PER_LISTING = 10;

export const CalendarFeedCreateSchema = z.object({
  label: z
    .string({ error: CALENDAR_IMPORT_MESSAGES.labelRequired })
    .trim()
    .min(1, CALENDAR_IMPORT_MESSAGES.labelRequired)
    .max(FEED_LABEL_MAX_LENGTH, CALENDAR_IMPORT_MESSAGES.labelTooLong),
  url: z
    .string({ error: CALENDAR_IMPORT_MESSAGES.urlRequired })
    .trim()
    .min(1, CALENDAR_IMPORT_MESSAGES.urlRequired)
    .max(FEED_URL_MAX_LENGTH, CALENDAR_IMPORT_MESSAGES.urlTooLong)
    .refine(
      (value) => /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value),
      CALENDAR_IMPORT_MESSAGES.urlInvalid,
    ),
});
export type CalendarFeedCreate = z.infer<typeof CalendarFeedCreateSchema>;

export const CalendarFeedSchema = z.object({
  id: z.uuid(),
  property_id: z.uuid(),
  label: z.string(),
  url: z.string(),
  created_at: z.string(),
  last_synced_at: z.string().nullable(),
  last_error: z.string().nullable(),
  last_error_at: z.string().nullable(),
  event_count: z.number().int(),
  conflict_count: z.number().int(),
});
export type CalendarFeed = z.infer<typeof CalendarFeedSchema>;

export const CalendarConflictSchema = z.object({
  id: z.uuid(),
  feed_id: z.uuid(),
  feed_label: z.string(),
  external_uid: z.string().nullable(),
  summary: z.string().nullable(),
  start_date: z.string(),
  end_date: z.string(),
  reservation_id: z.uuid().nullable(),
  clash: z.string(),
  detected_at: z.string(),
});
export type CalendarConflict = z.infer<typeof CalendarConflictSchema>;

/** What a sync did: blocks written and events that met a booking or block, or why it failed. */
export const CalendarSyncResultSchema = z.object({
  ok: z.boolean(),
  blocks: z.number().int(),
  conflicts: z.number().int(),
  error: z.string().nullable(),
});
export type CalendarSyncResult = z.infer<typeof CalendarSyncResultSchema>;

export const CalendarSyncOverviewSchema = z.object({
  property: z.object({ id: z.uuid(), title: z.string() }),
  feeds: z.array(CalendarFeedSchema),
  conflicts: z.array(CalendarConflictSchema),
});
export type CalendarSyncOverview = z.infer<typeof CalendarSyncOverviewSchema>;

export const CalendarFeedCreatedSchema = z.object({
  feed: CalendarFeedSchema,
  sync: CalendarSyncResultSchema,
});
