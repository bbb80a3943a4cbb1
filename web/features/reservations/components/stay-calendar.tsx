import { Box, Group, Loader, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type CSSProperties, startTransition, useDeferredValue, useEffect, useState } from 'react';
import {
  CALENDAR_DAY_LABELS,
  calendarDayState,
  canPickDay,
  isNightFree,
  type NightAvailability,
  nextRangeAfterClick,
  type StayRange,
} from '../../../../domain/booking-range.ts';
import { addDays, formatDisplayDate, todayInBusinessZone } from '../../../../domain/dates.ts';
import type { DatePicker as DatePickerComponent } from '../../../components/mantine-dates.ts';

const LEGEND: Array<{ state: 'available' | 'booked' | 'selected'; swatch: CSSProperties }> = [
  { state: 'available', swatch: { border: '1px solid var(--mantine-color-default-border)' } },
  {
    state: 'booked',
    swatch: {
      background: 'var(--mantine-color-red-light)',
      border: '1px solid var(--mantine-color-red-filled)',
    },
  },
  { state: 'selected', swatch: { background: 'var(--mantine-primary-color-filled)' } },
];

/** A taken night reads as taken: a red tint and struck-through number, whatever the weekday. */
const BOOKED_DAY_STYLE: CSSProperties = {
  background: 'var(--mantine-color-red-light)',
  color: 'var(--mantine-color-text)',
  textDecoration: 'line-through',
};

function CalendarLegend() {
  return (
    <Group
      gap="lg"
      mt="sm"
      component="ul"
      aria-label="Calendar legend"
      style={{ listStyle: 'none', padding: 0 }}
    >
      {LEGEND.map(({ state, swatch }) => (
        <Group key={state} gap={6} component="li">
          <Box aria-hidden w={16} h={16} style={{ borderRadius: 4, ...swatch }} />
          <Text size="sm">{CALENDAR_DAY_LABELS[state]}</Text>
        </Group>
      ))}
    </Group>
  );
}

/** The YYYY-MM-DD day of a value a Mantine date picker hands back. */
export const dayOf = (date: unknown) => String(date).slice(0, 10);

/**
 * While availability loads, the section keeps the height of the month it will show (six weeks, as
 * DatesProvider's consistentWeeks draws every month, with its hint and legend: 375 px at 16 px
 * text), so what is below it does not jump down when the calendar appears (layout shift).
 */
const LOADING_STYLE = { minHeight: '23.4rem' };

type DatePickerType = typeof DatePickerComponent;

const loadDatePicker = () => import('../../../components/lazy/date-picker.ts');
let loadedDatePicker: DatePickerType | null = null;

/**
 * Mantine's date picker (with @mantine/dates and its styles), loaded when a calendar first mounts,
 * alongside its availability request: it is not part of the booking page's first load
 * (docs/decisions/073). Null until it has loaded; it then draws as a transition (in slices).
 */
function useDatePicker(): DatePickerType | null {
  const [Picker, setPicker] = useState(() => loadedDatePicker);
  useEffect(() => {
    if (Picker) return;
    let mounted = true;
    loadDatePicker().then(
      (module) => {
        loadedDatePicker = module.default;
        if (mounted) startTransition(() => setPicker(() => module.default));
      },
      () => {},
    );
    return () => {
      mounted = false;
    };
  }, [Picker]);
  return Picker;
}

/**
 * The availability a calendar draws: the month grid (a few hundred Mantine elements) is drawn in a
 * background render, in slices, when the availability arrives, rather than in one long task that
 * blocks the page (docs/decisions/070); the loader stays until it is drawn, and until the picker's
 * code has loaded.
 */
function useShownAvailability(arrived: NightAvailability | undefined, fetching: boolean) {
  const DatePicker = useDatePicker();
  const deferred = useDeferredValue(arrived);
  const availability = DatePicker ? deferred : undefined;
  return {
    availability,
    DatePicker,
    loading: fetching || (arrived !== undefined && availability === undefined),
  };
}

/**
 * The booking page's availability calendar: the first click picks check-in, the second check-out
 * (domain/booking-range.ts), taken nights read as taken, with a legend.
 */
export function StayCalendar({
  availability: arrived,
  loading: fetching,
  range,
  onRangeChange,
  month,
  onMonthChange,
}: {
  availability: NightAvailability | undefined;
  loading: boolean;
  range: StayRange;
  onRangeChange: (range: StayRange) => void;
  /** A day of the first month shown. */
  month: string;
  onMonthChange: (month: string) => void;
}) {
  const { availability, DatePicker, loading } = useShownAvailability(arrived, fetching);
  const wide = useMediaQuery('(min-width: 62em)', true);
  const today = todayInBusinessZone();
  const lastAvailable = availability?.dates[availability.dates.length - 1] ?? today;
  return (
    <section aria-labelledby="availability-heading" style={loading ? LOADING_STYLE : undefined}>
      <Title order={2} size="h4" id="availability-heading" mb="xs">
        Availability for the next 3 months
      </Title>
      {loading && <Loader size="sm" role="status" aria-label="Loading availability" />}
      {availability && availability.dates.length === 0 && (
        <Text c="dimmed">No available dates found. Please check back later.</Text>
      )}
      {availability && DatePicker && availability.dates.length > 0 && (
        <>
          <Text size="sm" c="dimmed" mb="xs">
            {range.start && !range.end
              ? 'Now choose your check-out day.'
              : 'Choose your check-in day, then your check-out day.'}
          </Text>
          <DatePicker
            type="default"
            value={null}
            onChange={(value) => {
              if (value) onRangeChange(nextRangeAfterClick(range, dayOf(value), availability));
            }}
            date={month}
            onDateChange={(value) => onMonthChange(dayOf(value))}
            numberOfColumns={wide ? 2 : 1}
            hideOutsideDates
            weekendDays={[]}
            minDate={today}
            maxDate={addDays(lastAvailable, 1)}
            getDayAriaLabel={(date) => {
              const day = dayOf(date);
              return `${formatDisplayDate(day)}, ${CALENDAR_DAY_LABELS[calendarDayState(range, day, availability)]}`;
            }}
            getDayProps={(date) => {
              const day = dayOf(date);
              const state = calendarDayState(range, day, availability);
              return {
                disabled: state !== 'selected' && !canPickDay(range, day, availability),
                selected: day === range.start || day === range.end,
                inRange: state === 'selected',
                firstInRange: !!range.end && day === range.start,
                lastInRange: !!range.end && day === range.end,
                'aria-pressed': state === 'selected',
                style: state === 'booked' ? BOOKED_DAY_STYLE : undefined,
              };
            }}
            ariaLabels={{ nextMonth: 'Next month', previousMonth: 'Previous month' }}
          />
          <CalendarLegend />
        </>
      )}
    </section>
  );
}

/**
 * The booking page's calendar for listings booked from one day (by the hour, or by the month): a
 * click picks the day; `shown` is what the booking holds (the day, or the day to N months on).
 */
export function DayCalendar({
  availability: arrived,
  loading: fetching,
  shown,
  onPick,
  hint,
  month,
  onMonthChange,
}: {
  availability: NightAvailability | undefined;
  loading: boolean;
  shown: StayRange;
  onPick: (day: string) => void;
  hint: string;
  /** A day of the first month shown. */
  month: string;
  onMonthChange: (month: string) => void;
}) {
  const { availability, DatePicker, loading } = useShownAvailability(arrived, fetching);
  const wide = useMediaQuery('(min-width: 62em)', true);
  const today = todayInBusinessZone();
  const lastAvailable = availability?.dates[availability.dates.length - 1] ?? today;
  return (
    <section aria-labelledby="availability-heading" style={loading ? LOADING_STYLE : undefined}>
      <Title order={2} size="h4" id="availability-heading" mb="xs">
        Availability for the next 3 months
      </Title>
      {loading && <Loader size="sm" role="status" aria-label="Loading availability" />}
      {availability && availability.dates.length === 0 && (
        <Text c="dimmed">No available dates found. Please check back later.</Text>
      )}
      {availability && DatePicker && availability.dates.length > 0 && (
        <>
          <Text size="sm" c="dimmed" mb="xs">
            {hint}
          </Text>
          <DatePicker
            type="default"
            value={null}
            onChange={(value) => {
              if (value && isNightFree(dayOf(value), availability)) onPick(dayOf(value));
            }}
            date={month}
            onDateChange={(value) => onMonthChange(dayOf(value))}
            numberOfColumns={wide ? 2 : 1}
            hideOutsideDates
            weekendDays={[]}
            minDate={today}
            maxDate={lastAvailable}
            getDayAriaLabel={(date) => {
              const day = dayOf(date);
              return `${formatDisplayDate(day)}, ${CALENDAR_DAY_LABELS[calendarDayState(shown, day, availability)]}`;
            }}
            getDayProps={(date) => {
              const day = dayOf(date);
              const state = calendarDayState(shown, day, availability);
              return {
                disabled: !isNightFree(day, availability),
                selected: day === shown.start || day === shown.end,
                inRange: state === 'selected',
                firstInRange: !!shown.end && day === shown.start,
                lastInRange: !!shown.end && day === shown.end,
                'aria-pressed': state === 'selected',
                style: state === 'booked' ? BOOKED_DAY_STYLE : undefined,
              };
            }}
            ariaLabels={{ nextMonth: 'Next month', previousMonth: 'Previous month' }}
          />
          <CalendarLegend />
        </>
      )}
    </section>
  );
}
