import { Skeleton, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { type CSSProperties, type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import {
  calendarStatusLabel,
  knownStatus,
  splitForCell,
} from '../../../../domain/calendar/day-reservations.ts';
import {
  type CalendarMonth,
  dayAriaLabel,
  dayForKey,
  isInMonth,
  isWeekend,
  monthOf,
  WEEKDAY_LONG_NAMES,
  WEEKDAY_NAMES,
} from '../../../../domain/calendar/month-grid.ts';
import type { IsoDate } from '../../../../domain/dates.ts';
import { bookingTimes } from '../../../../domain/owner-units.ts';
import { STATUS_COLORS } from '../../../../domain/reservation.ts';
import type { CalendarReservation } from '../api.ts';
import classes from '../calendar.module.css';

/**
 * A status colour from STATUS_COLORS as CSS variables, a darker shade for the light scheme and a lighter
 * one for the dark (calendar.module.css picks one); unknown statuses look pending.
 */
export function statusStyle(status: string): CSSProperties {
  const color = STATUS_COLORS[knownStatus(status)];
  return {
    '--status-on-light': `var(--mantine-color-${color}-7)`,
    '--status-on-dark': `var(--mantine-color-${color}-5)`,
  } as CSSProperties;
}

const listingTitle = (reservation: CalendarReservation) =>
  `${reservation.property?.title ?? 'Property'}${reservation.property?.archived ? ' (archived)' : ''}`;
const clientName = (reservation: CalendarReservation) =>
  `${reservation.client.first_name} ${reservation.client.last_name}`;
/** One entry in full: 'Sea Point Loft — Lerato Mokoena, 10:00–12:00, Confirmed'. */
const entryText = (reservation: CalendarReservation) =>
  [
    `${listingTitle(reservation)} — ${clientName(reservation)}`,
    bookingTimes(reservation),
    calendarStatusLabel(reservation.status),
  ]
    .filter(Boolean)
    .join(', ');

interface DayCellProps {
  day: IsoDate;
  month: CalendarMonth;
  today: IsoDate;
  selected: boolean;
  loading: boolean;
  reservations: CalendarReservation[];
  extras?: ReactNode;
  onClick: (day: IsoDate) => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>, day: IsoDate) => void;
  buttonRef: (element: HTMLButtonElement | null) => void;
}

function DayCell({
  day,
  month,
  today,
  selected,
  loading,
  reservations,
  extras,
  onClick,
  onKeyDown,
  buttonRef,
}: DayCellProps) {
  const isToday = day === today;
  const otherMonth = !isInMonth(day, month);
  const count = loading ? 0 : reservations.length;
  const { shown, more } = splitForCell(reservations);
  const label = dayAriaLabel(day, { today: isToday, selected, otherMonth, count: loading ? null : count });
  // The entries are cut to the cell's width; the day's tooltip (and description) gives them in full.
  const fullText = loading ? undefined : reservations.map(entryText).join('\n') || undefined;
  // The button covers the whole cell and carries the spoken label; the visible content is a layer above it
  // that clicks pass through. Keeping the text out of the button keeps its name and visible label in step.
  return (
    <div className={classes.dayFrame}>
      <UnstyledButton
        ref={buttonRef}
        className={classes.day}
        aria-label={label}
        title={fullText}
        aria-current={isToday ? 'date' : undefined}
        data-date={day}
        data-today={isToday || undefined}
        data-weekend-day={isWeekend(day) || undefined}
        data-other-month={otherMonth || undefined}
        data-selected={selected || undefined}
        data-has-reservations={count > 0 || undefined}
        onClick={() => onClick(day)}
        onKeyDown={(event) => onKeyDown(event, day)}
      />
      <div className={classes.content}>
        <span className={classes.dayHead} aria-hidden>
          <span className={classes.number}>{Number(day.slice(8))}</span>
          {isToday && <span className={classes.todayTag}>Today</span>}
        </span>
        {loading ? (
          <Skeleton height={18} radius="sm" aria-hidden />
        ) : (
          <>
            <span className={classes.entries}>
              {extras}
              {shown.map((reservation) => (
                <span
                  key={reservation.id}
                  className={`${classes.status} ${classes.entry}`}
                  style={statusStyle(reservation.status)}
                >
                  <span className={classes.entryTitle}>{listingTitle(reservation)}</span>
                  <span className={classes.entryLine}>{clientName(reservation)}</span>
                  <span className={classes.entryLine}>
                    {bookingTimes(reservation) ? `${bookingTimes(reservation)} · ` : ''}
                    {calendarStatusLabel(reservation.status)}
                  </span>
                </span>
              ))}
              {more > 0 && <span className={classes.more}>+{more} more</span>}
            </span>
            {count > 0 && (
              <span className={classes.compact} aria-hidden>
                {reservations.slice(0, 3).map((reservation) => (
                  <span
                    key={reservation.id}
                    className={`${classes.status} ${classes.dot}`}
                    style={statusStyle(reservation.status)}
                  />
                ))}
                {count > 3 && <span className={classes.compactCount}>+{count - 3}</span>}
              </span>
            )}
          </>
        )}
      </div>
    </div>
  );
}

export interface MonthGridProps {
  month: CalendarMonth;
  weeks: IsoDate[][];
  today: IsoDate;
  selectedDay: IsoDate | null;
  loading: boolean;
  /** The (filtered) reservations occupying each day of the grid. */
  reservationsByDay: Map<IsoDate, CalendarReservation[]>;
  title: string;
  /** What else a day shows above its reservations (blocked dates), focusable on its own. */
  dayExtras?: (day: IsoDate) => ReactNode;
  onDayClick: (day: IsoDate) => void;
  /** Arrow keys past the grid's edge move to the month of the day they reach. */
  onMonthChange: (month: CalendarMonth) => void;
}

/** A table of whole weeks: each day is a button (Tab reaches it; arrows, Home and End move between days). */
export function MonthGrid({
  month,
  weeks,
  today,
  selectedDay,
  loading,
  reservationsByDay,
  title,
  dayExtras,
  onDayClick,
  onMonthChange,
}: MonthGridProps) {
  const buttons = useRef(new Map<IsoDate, HTMLButtonElement>());
  const [pendingFocus, setPendingFocus] = useState<IsoDate | null>(null);

  useEffect(() => {
    if (!pendingFocus) return;
    const button = buttons.current.get(pendingFocus);
    if (button) {
      button.focus();
      setPendingFocus(null);
    }
  });

  const moveFocus = (event: KeyboardEvent<HTMLButtonElement>, day: IsoDate) => {
    const target = dayForKey(day, event.key);
    if (!target) return;
    event.preventDefault();
    const button = buttons.current.get(target);
    if (button) {
      button.focus();
      return;
    }
    setPendingFocus(target);
    onMonthChange(monthOf(target));
  };

  return (
    <table className={classes.grid}>
      <caption>
        <VisuallyHidden>{title}</VisuallyHidden>
      </caption>
      <thead>
        <tr>
          {WEEKDAY_NAMES.map((name, index) => (
            <th key={name} scope="col" className={classes.weekday}>
              <abbr title={WEEKDAY_LONG_NAMES[index]} style={{ textDecoration: 'none' }}>
                {name}
              </abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]}>
            {week.map((day) => (
              <td key={day} className={classes.cell}>
                <DayCell
                  day={day}
                  month={month}
                  today={today}
                  selected={day === selectedDay}
                  loading={loading}
                  reservations={reservationsByDay.get(day) ?? []}
                  extras={dayExtras?.(day)}
                  onClick={onDayClick}
                  onKeyDown={moveFocus}
                  buttonRef={(element) => {
                    if (element) buttons.current.set(day, element);
                    else buttons.current.delete(day);
                  }}
                />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
