import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { reservationsOnDay } from '../../../../domain/calendar/day-reservations.ts';
import { type CalendarMonth, monthTitle, monthWeeks } from '../../../../domain/calendar/month-grid.ts';
import { aReservation } from '../../../test/wire-fixtures.ts';
import type { CalendarReservation } from '../api.ts';
import { MonthGrid } from './month-grid.tsx';

const reservation = (
  id: string,
  title: string,
  start: string,
  end: string,
  status = 'pending',
  archived = false,
): CalendarReservation =>
  aReservation({
    id,
    property_id: `p-${id}`,
    start_date: start,
    end_date: end,
    status: status as CalendarReservation['status'],
    property: {
      title,
      type: 'accommodation',
      location: 'Cape Town',
      city: 'Cape Town',
      cover_url: null,
      archived,
    },
  });

const LIST = [
  reservation('a', 'Sea Point Loft', '2026-11-20', '2026-11-23', 'confirmed'),
  reservation('b', 'Karoo Farmhouse', '2026-11-21', '2026-11-22'),
  reservation('c', 'Bo-Kaap Studio', '2026-11-21', '2026-11-24', 'cancelled'),
  reservation('d', 'Umhlanga Villa', '2026-11-21', '2026-11-22', 'completed'),
];

function Harness({
  initial = { year: 2026, month: 11 },
  onDayClick = () => {},
  loading = false,
  list = LIST,
}: {
  initial?: CalendarMonth;
  onDayClick?: (day: string) => void;
  loading?: boolean;
  list?: CalendarReservation[];
}) {
  const [month, setMonth] = useState(initial);
  const weeks = monthWeeks(month.year, month.month);
  const byDay = new Map(weeks.flat().map((day) => [day, reservationsOnDay(list, day)]));
  return (
    <MantineProvider>
      <p>{monthTitle(month.year, month.month)}</p>
      <MonthGrid
        month={month}
        weeks={weeks}
        today="2026-11-21"
        selectedDay="2026-11-18"
        loading={loading}
        reservationsByDay={byDay}
        title={monthTitle(month.year, month.month)}
        onDayClick={onDayClick}
        onMonthChange={setMonth}
      />
    </MantineProvider>
  );
}

const day = (name: RegExp | string) => screen.getByRole('button', { name });

describe('MonthGrid', () => {
  it('has the day names Sun to Sat and whole weeks of day buttons', () => {
    render(<Harness />);
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Sun',
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
    ]);
    // November 2026: Sunday 1 November to Saturday 5 December.
    expect(screen.getAllByRole('button')).toHaveLength(35);
    expect(day(/^Sunday 1 November 2026,/)).toBeTruthy();
    expect(day(/^Saturday 5 December 2026, other month,/)).toBeTruthy();
  });

  it('tells screen readers about today, selection, other months and reservations, and shows them', () => {
    render(<Harness />);
    const today = day('Saturday 21 November 2026, today, 4 reservations');
    expect(today.getAttribute('aria-current')).toBe('date');
    expect(today.hasAttribute('data-today')).toBe(true);
    expect(today.hasAttribute('data-weekend-day')).toBe(true);
    expect(today.hasAttribute('data-has-reservations')).toBe(true);
    const selected = day('Wednesday 18 November 2026, selected, no reservations');
    expect(selected.hasAttribute('data-selected')).toBe(true);
    expect(selected.hasAttribute('data-weekend-day')).toBe(false);
    expect(day('Monday 30 November 2026, no reservations').hasAttribute('data-other-month')).toBe(false);
    expect(day(/^Tuesday 1 December 2026, other month/).hasAttribute('data-other-month')).toBe(true);
    expect(day('Friday 20 November 2026, 1 reservation')).toBeTruthy();
    expect(day('Monday 23 November 2026, 1 reservation')).toBeTruthy(); // only c: a's check-out day is free
  });

  it('lists at most two reservations with title and status, then +N more, outside the button', () => {
    // (the button's name is its label; text inside it would not match the label — WCAG 2.5.3)
    render(<Harness />);
    const cell = within(day(/^Saturday 21 November 2026/).closest('td') as HTMLElement);
    expect(cell.getByText('Sea Point Loft')).toBeTruthy();
    expect(cell.getByText('Confirmed')).toBeTruthy();
    expect(cell.getByText('Bo-Kaap Studio')).toBeTruthy();
    expect(cell.getByText('Cancelled')).toBeTruthy();
    expect(cell.queryByText('Karoo Farmhouse')).toBeNull();
    expect(cell.getByText('+2 more')).toBeTruthy();
    expect(day(/^Saturday 21 November 2026/).textContent).toBe('');
    expect(
      within(day(/^Sunday 22 November 2026/).closest('td') as HTMLElement).queryByText(/more/),
    ).toBeNull();
  });

  it('marks the title of an archived listing', () => {
    render(
      <Harness list={[reservation('z', 'Karoo Farmhouse', '2026-11-10', '2026-11-11', 'completed', true)]} />,
    );
    expect(screen.getByText('Karoo Farmhouse (archived)')).toBeTruthy();
  });

  it('reports clicks with the day', () => {
    const onDayClick = vi.fn();
    render(<Harness onDayClick={onDayClick} />);
    fireEvent.click(day(/^Thursday 26 November 2026/));
    expect(onDayClick).toHaveBeenCalledWith('2026-11-26');
  });

  it('moves focus with the arrow keys, Home and End, into the next month past the edge', () => {
    render(<Harness />);
    day(/^Wednesday 18 November 2026/).focus();
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    expect(document.activeElement?.getAttribute('data-date')).toBe('2026-11-19');
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' });
    expect(document.activeElement?.getAttribute('data-date')).toBe('2026-11-12');
    fireEvent.keyDown(document.activeElement as Element, { key: 'End' });
    expect(document.activeElement?.getAttribute('data-date')).toBe('2026-11-14');
    fireEvent.keyDown(document.activeElement as Element, { key: 'Home' });
    expect(document.activeElement?.getAttribute('data-date')).toBe('2026-11-08');
    day(/^Saturday 5 December 2026/).focus();
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect(screen.getByText('December 2026', { selector: 'p' })).toBeTruthy();
    expect(document.activeElement?.getAttribute('data-date')).toBe('2026-12-12');
  });

  it('while loading, says so instead of a count', () => {
    render(<Harness loading />);
    expect(day('Saturday 21 November 2026, today, loading reservations')).toBeTruthy();
    expect(screen.queryByText('Sea Point Loft')).toBeNull();
  });

  it('shows an hourly booking’s times on its day only', () => {
    const venue = aReservation({
      id: 'h',
      property_id: 'p-h',
      start_date: '2026-11-12',
      end_date: '2026-11-13',
      start_time: '14:00',
      end_time: '18:00',
      status: 'confirmed',
      property: {
        title: 'Karoo Hall',
        type: 'event_space',
        location: 'Cape Town',
        city: 'Cape Town',
        cover_url: null,
        archived: false,
      },
    });
    render(<Harness list={[venue, reservation('n', 'Sea Point Loft', '2026-11-12', '2026-11-13')]} />);
    const cell = within(day(/^Thursday 12 November 2026/).closest('td') as HTMLElement);
    expect(cell.getByText('Karoo Hall')).toBeTruthy();
    expect(cell.getByText('14:00–18:00 · Confirmed')).toBeTruthy();
    expect(cell.getByText('Pending')).toBeTruthy(); // a booking by dates shows no times
    expect(day('Friday 13 November 2026, no reservations')).toBeTruthy();
  });

  it('names the client under the listing and gives every entry in full as the day’s tooltip', () => {
    render(<Harness />);
    const saturday = screen.getByRole('button', { name: /^Saturday 21 November 2026/ });
    expect(saturday.getAttribute('title')).toBe(
      [
        'Sea Point Loft — Lerato Dlamini, Confirmed',
        'Bo-Kaap Studio — Lerato Dlamini, Cancelled',
        'Karoo Farmhouse — Lerato Dlamini, Pending',
        'Umhlanga Villa — Lerato Dlamini, Completed',
      ].join('\n'),
    );
    expect(within(saturday.parentElement as HTMLElement).getAllByText('Lerato Dlamini')).toHaveLength(2);
  });
});
