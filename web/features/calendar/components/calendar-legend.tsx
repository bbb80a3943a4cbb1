import { Group, Text } from '@mantine/core';
import { calendarStatusLabel } from '../../../../domain/calendar/day-reservations.ts';
import { RESERVATION_STATUSES } from '../../../../domain/reservation.ts';
import classes from '../calendar.module.css';
import { statusStyle } from './month-grid.tsx';

/** Pending, Confirmed, Completed, Cancelled in their status colours. */
export function CalendarLegend() {
  return (
    <Group component="ul" gap="md" aria-label="Legend" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {RESERVATION_STATUSES.map((status) => (
        <Group component="li" key={status} gap={6} wrap="nowrap">
          <span className={`${classes.status} ${classes.swatch}`} style={statusStyle(status)} aria-hidden />
          <Text size="sm">{calendarStatusLabel(status)}</Text>
        </Group>
      ))}
    </Group>
  );
}
