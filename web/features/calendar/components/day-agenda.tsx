import { Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { calendarStatusLabel } from '../../../../domain/calendar/day-reservations.ts';
import { WEEKDAY_LONG_NAMES, weekdayOf } from '../../../../domain/calendar/month-grid.ts';
import { formatDisplayDate, type IsoDate } from '../../../../domain/dates.ts';
import { bookingTimes } from '../../../../domain/owner-units.ts';
import type { CalendarReservation } from '../api.ts';
import classes from '../calendar.module.css';
import { statusStyle } from './month-grid.tsx';

interface DayAgendaProps {
  day: IsoDate;
  reservations: CalendarReservation[];
  onOpen: (reservationId: string) => void;
}

/** The selected day's reservations in full (the grid shows two, or only dots on narrow screens). */
export function DayAgenda({ day, reservations, onOpen }: DayAgendaProps) {
  const heading = `${WEEKDAY_LONG_NAMES[weekdayOf(day)]} ${formatDisplayDate(day)}`;
  return (
    <Stack gap="xs" component="section" aria-labelledby="calendar-day-agenda">
      <Title order={3} size="h4" id="calendar-day-agenda">
        {heading}
      </Title>
      {reservations.length === 0 ? (
        <Text size="sm" c="dimmed">
          No reservations on this day.
        </Text>
      ) : (
        <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {reservations.map((reservation) => {
            // An hourly booking: its day, then its times and hours (the duration); others their dates and units.
            const when = bookingTimes(reservation)
              ? formatDisplayDate(reservation.start_date)
              : `${formatDisplayDate(reservation.start_date)} – ${formatDisplayDate(reservation.end_date)}`;
            return (
              <li key={reservation.id}>
                <UnstyledButton
                  className={`${classes.status} ${classes.agendaItem}`}
                  style={statusStyle(reservation.status)}
                  onClick={() => onOpen(reservation.id)}
                >
                  <Text fw={600} size="sm" truncate>
                    {reservation.property?.title ?? 'Property Details Unavailable'}
                    {reservation.property?.archived ? ' (archived)' : ''}
                  </Text>
                  <Text size="sm">
                    {reservation.client.first_name} {reservation.client.last_name}
                  </Text>
                  <Text size="xs">
                    {when} · {reservation.duration} · {calendarStatusLabel(reservation.status)}
                  </Text>
                </UnstyledButton>
              </li>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
