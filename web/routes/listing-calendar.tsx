import { useState } from 'react';
import type { StayRange } from '../../domain/booking-range.ts';
import { priceUnitFor } from '../../domain/rental-unit.ts';
import type { Property } from '../features/properties/api.ts';
import { useAvailability } from '../features/reservations/api.ts';
import { DayCalendar, StayCalendar } from '../features/reservations/components/stay-calendar.tsx';

// Loaded after the listing shows (property-details.tsx): the date picker is not part of its first load.
/**
 * The listing page's availability calendar, the booking page's own (docs/decisions/043): the visitor
 * picks days there, and the page shows their total and carries them to the booking page.
 */
export function ListingCalendar({
  property,
  range,
  onRangeChange,
}: {
  property: Property;
  range: StayRange;
  onRangeChange: (range: StayRange) => void;
}) {
  const unit = priceUnitFor(property.type);
  const availability = useAvailability(property.id);
  const [month, setMonth] = useState<string | null>(range.start);
  const shownMonth = month ?? availability.data?.dates[0] ?? '';
  return unit === 'night' || unit === 'day' ? (
    <StayCalendar
      availability={availability.data}
      loading={availability.isPending}
      range={range}
      onRangeChange={onRangeChange}
      month={shownMonth}
      onMonthChange={setMonth}
    />
  ) : (
    <DayCalendar
      availability={availability.data}
      loading={availability.isPending}
      shown={range}
      onPick={(day) => onRangeChange({ start: day, end: null })}
      hint={
        unit === 'hour' ? 'Choose your day; you choose the times when you book.' : 'Choose your start day.'
      }
      month={shownMonth}
      onMonthChange={setMonth}
    />
  );
}
