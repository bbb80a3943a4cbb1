import { addDays, formatDisplayDate, type IsoDate, isValidIsoDate } from './dates.ts';

/**
 * Professional photography (issue 20, add-on `photography`, docs/decisions/036): the owner books a
 * shoot for some of their listings; an admin schedules it, uploads the photos into the listings'
 * galleries and marks it done. One request per calendar month (Africa/Johannesburg) is included.
 */

export const PHOTOGRAPHY_STATUSES = ['requested', 'scheduled', 'completed', 'cancelled'] as const;
export type PhotographyStatus = (typeof PHOTOGRAPHY_STATUSES)[number];

export const PHOTOGRAPHY_STATUS_LABELS: Record<PhotographyStatus, string> = {
  requested: 'Requested',
  scheduled: 'Scheduled',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const MAX_PREFERRED_DATES = 3;
export const MAX_LISTINGS_PER_SHOOT = 10;
export const MAX_PHOTOGRAPHY_NOTES = 1000;
/** How far ahead a preferred date may be: a shoot is planned within months, not years. */
export const PREFERRED_DATE_HORIZON_DAYS = 180;

/** The first day of the Johannesburg calendar month a date falls in: '2026-11-26' → '2026-11-01'. */
export function monthStartOf(date: IsoDate): IsoDate {
  return `${date.slice(0, 7)}-01`;
}

/** The first day of the next month: '2026-11-26' → '2026-12-01', '2026-12-31' → '2027-01-01'. */
export function nextMonthStartOf(date: IsoDate): IsoDate {
  return addDays(`${date.slice(0, 7)}-28`, 4)
    .slice(0, 7)
    .concat('-01');
}

export const PHOTOGRAPHY_MESSAGES = {
  noAddOn:
    'Professional photography is an add-on. Add it on the Subscription screen (R 499 a month) to book a shoot.',
  notAllowed: 'Only the business owner, or staff who manage its listings, can book photography',
  notFound: 'Photography request not found',
  listingNotYours: 'You can only book photography for your own listings',
  listingNotActive: 'Photography can only be booked for active listings',
  datesRequired: 'Choose at least one preferred date',
  tooManyDates: `Choose at most ${MAX_PREFERRED_DATES} preferred dates`,
  duplicateDates: 'Each preferred date can be chosen only once',
  invalidDate: 'Preferred dates must be real dates (YYYY-MM-DD)',
  dateInPast: 'Preferred dates cannot be in the past',
  dateTooFar: `Preferred dates must be within ${PREFERRED_DATE_HORIZON_DAYS} days from today`,
  listingsRequired: 'Choose at least one listing to photograph',
  tooManyListings: `Choose at most ${MAX_LISTINGS_PER_SHOOT} listings for one shoot`,
  duplicateListings: 'Each listing can be chosen only once',
  notesTooLong: `Notes can be at most ${MAX_PHOTOGRAPHY_NOTES} characters`,
  cannotCancel: 'Only a shoot that has not been scheduled yet can be cancelled',
  cannotSchedule: 'Only a requested or scheduled shoot can be (re)scheduled',
  scheduleInPast: 'The shoot cannot be scheduled in the past',
  cannotUpload: 'Photos can be uploaded only once the shoot is scheduled',
  listingNotInRequest: 'That listing is not part of this shoot',
  cannotComplete: 'Only a scheduled shoot can be marked done',
  noPhotos: 'Upload at least one photo before marking the shoot done',
  adminOnly: 'Only Rentza admins can manage the photography queue',
} as const;

/**
 * The refusal of a second shoot in the same Johannesburg month, naming the day the next one can be
 * booked from.
 */
export function monthlyAllowanceUsedMessage(today: IsoDate): string {
  const next = formatDisplayDate(nextMonthStartOf(today)).replace(/ \d{4}$/, '');
  return `Your photography add-on includes one shoot per month. Your next shoot can be booked from ${next}.`;
}

/** Requests that use the month's allowance: any not cancelled (a cancelled one gives the shoot back). */
export function usesAllowance(status: PhotographyStatus): boolean {
  return status !== 'cancelled';
}

/** Whether one more shoot may be requested today, given the statuses of the requests made this month. */
export function allowanceLeft(statusesThisMonth: readonly PhotographyStatus[]): boolean {
  return !statusesThisMonth.some(usesAllowance);
}

/** The first problem with the preferred dates (Johannesburg `today`), or null when they are fine. */
export function preferredDatesProblem(dates: readonly string[], today: IsoDate): string | null {
  if (dates.length === 0) return PHOTOGRAPHY_MESSAGES.datesRequired;
  if (dates.length > MAX_PREFERRED_DATES) return PHOTOGRAPHY_MESSAGES.tooManyDates;
  if (dates.some((date) => !isValidIsoDate(date))) return PHOTOGRAPHY_MESSAGES.invalidDate;
  if (new Set(dates).size !== dates.length) return PHOTOGRAPHY_MESSAGES.duplicateDates;
  if (dates.some((date) => date < today)) return PHOTOGRAPHY_MESSAGES.dateInPast;
  const last = addDays(today, PREFERRED_DATE_HORIZON_DAYS);
  if (dates.some((date) => date > last)) return PHOTOGRAPHY_MESSAGES.dateTooFar;
  return null;
}

export const canCancelShoot = (status: PhotographyStatus) => status === 'requested';
export const canScheduleShoot = (status: PhotographyStatus) =>
  status === 'requested' || status === 'scheduled';
export const canUploadShootPhotos = (status: PhotographyStatus) => status === 'scheduled';
export const canCompleteShoot = (status: PhotographyStatus) => status === 'scheduled';

/** 'HH:MM' of a working day's shoot; the photographer comes between 07:00 and 18:00. */
export const SHOOT_TIME_PATTERN = /^(0[7-9]|1[0-8]):[0-5]\d$/;
export const SHOOT_TIME_MESSAGE = 'Choose a time between 07:00 and 18:59';
