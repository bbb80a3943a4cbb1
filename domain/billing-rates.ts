import { type IsoDate, rangesOverlap } from './dates.ts';
import type { PriceUnit } from './rental-unit.ts';

/** Seasonal rate periods of a listing (spec §5): [start, end) with the end exclusive, never overlapping. */

export const RATE_MESSAGES = {
  endAfterStart: 'End date must be after start date.',
  overlap: 'This date range overlaps an existing rate period for the selected property.',
  rateRequired: 'Rate must be greater than 0',
  propertyRequired: 'Please select a property',
  otherBusiness: 'A rate period stays with its business: choose one of its properties',
} as const;

/** The only currency a rate period is kept in (PayFast supports only ZAR). */
export const RATE_CURRENCY = 'ZAR';

/** The form's rate label in the listing's unit: 'Rate/night', 'Rate/day', 'Rate/hour', 'Rate/month'. */
export function rateLabel(unit: PriceUnit): string {
  return `Rate/${unit}`;
}

export interface RatePeriod {
  id: string;
  start_date: IsoDate;
  end_date: IsoDate;
}

export interface RateDraft {
  /** The rate period being edited; null for a new one. */
  id: string | null;
  propertyId: string | null;
  startDate: IsoDate | null;
  endDate: IsoDate | null;
  rateCents: number;
}

/** Another period of the listing sharing at least one day with [start, end); the edited one is ignored. */
export function findOverlappingRate(
  draft: Pick<RateDraft, 'id' | 'startDate' | 'endDate'>,
  periods: readonly RatePeriod[],
): RatePeriod | undefined {
  const { id, startDate, endDate } = draft;
  if (!startDate || !endDate || endDate <= startDate) return undefined;
  return periods.find(
    (period) =>
      period.id !== id &&
      rangesOverlap({ start: startDate, end: endDate }, { start: period.start_date, end: period.end_date }),
  );
}

/** What the form says is wrong with the dates (spec §5's two messages), or null. */
export function rateDatesProblem(
  draft: Pick<RateDraft, 'id' | 'startDate' | 'endDate'>,
  periods: readonly RatePeriod[],
): string | null {
  if (!draft.startDate || !draft.endDate) return null;
  if (draft.endDate <= draft.startDate) return RATE_MESSAGES.endAfterStart;
  return findOverlappingRate(draft, periods) ? RATE_MESSAGES.overlap : null;
}

/**
 * Save is enabled only when a property is selected, both dates are set, the end is after the start,
 * the rate is above 0 and the range overlaps no other period of the property (spec §5).
 */
export function canSaveRate(draft: RateDraft, periods: readonly RatePeriod[]): boolean {
  return (
    !!draft.propertyId &&
    !!draft.startDate &&
    !!draft.endDate &&
    draft.rateCents > 0 &&
    rateDatesProblem(draft, periods) === null
  );
}
