import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { NO_STAY, type StayRange } from '../../domain/booking-range.ts';
import { bookingTotal } from '../../domain/booking-total.ts';
import { formatDisplayDate } from '../../domain/dates.ts';
import { formatRand } from '../../domain/money.ts';
import { priceUnitFor } from '../../domain/rental-unit.ts';
import { type StayChoice, stayQuery } from '../../domain/search-to-booking.ts';
import { type Property, ratePeriodsOf, usePropertyRates } from '../features/properties/api.ts';

/** The dates as the visitor chose them: a stay priced by the night or day, or the first day of others. */
function initialRange(choice: StayChoice, dayBased: boolean): StayRange {
  if (!choice.checkIn) return NO_STAY;
  return { start: choice.checkIn, end: dayBased ? choice.checkOut : null };
}

/** The listing's total for a chosen stay, as the booking page and the server price it (decision 029). */
export function useStayTotal(property: Property, range: StayRange): number | null {
  const rates = usePropertyRates(property.id);
  const unit = priceUnitFor(property.type);
  if ((unit !== 'night' && unit !== 'day') || !range.start || !range.end || !rates.data) return null;
  return bookingTotal({
    unit,
    period: { startDate: range.start, endDate: range.end },
    listingRateCents: property.price_per_day_cents,
    rates: ratePeriodsOf(rates.data),
    cleaningFeeCents: property.cleaning_fee_cents,
    discountPercent: 0,
    taxPercent: 0,
  }).totalCents;
}

/** The stay the listing page holds: the carried choice at first, then the days picked on its calendar. */
export function useListingStay(property: Property, choice: StayChoice) {
  const unit = priceUnitFor(property.type);
  const dayBased = unit === 'night' || unit === 'day';
  const [range, setRange] = useState<StayRange>(() => initialRange(choice, dayBased));
  const total = useStayTotal(property, range);
  const bookingPath = `/reservation/${property.id}${stayQuery({
    checkIn: range.start,
    checkOut: dayBased ? range.end : null,
    guests: choice.guests,
  })}`;
  return { range, setRange, total, bookingPath };
}

/** The chosen days and their total, above Book Now. */
export function StayTotalLine({ range, total }: { range: StayRange; total: number | null }) {
  if (!range.start) return null;
  return (
    <Stack gap={2} aria-live="polite">
      <Text size="sm">
        {formatDisplayDate(range.start)}
        {range.end ? ` to ${formatDisplayDate(range.end)}` : ''}
      </Text>
      {total !== null && (
        <Text fw={700} size="lg">
          Total for these dates: {formatRand(total)}
        </Text>
      )}
    </Stack>
  );
}
