import { z } from 'zod';

/** A listing's private iCal feed (issue 22 item 2, docs/decisions/052). */
export const CalendarExportSchema = z.object({
  /** The feed's address: anyone holding it reads the listing's bookings (as references only). */
  url: z.url(),
});
export type CalendarExport = z.infer<typeof CalendarExportSchema>;

export const CALENDAR_EXPORT_MESSAGES = {
  notAuthenticated: 'You must be logged in to manage calendar sync.',
  forbidden: 'You can only manage calendar sync of your own listings.',
  propertyNotFound: 'Property not found',
  feedNotFound: 'Calendar not found',
  tooManyRequests: 'Too many requests for this calendar. Try again in a minute.',
  resetDone: 'Calendar link reset. Paste the new link where you used the old one.',
  copied: 'Copied',
  loadFailed: 'Failed to load the calendar link',
  resetFailed: 'Failed to reset the calendar link',
} as const;
