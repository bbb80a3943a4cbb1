import { Skeleton, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { CSSProperties } from 'react';
import {
  isWeekend,
  WEEKDAY_LONG_NAMES,
  WEEKDAY_NAMES,
  weekdayOf,
} from '../../../../domain/calendar/month-grid.ts';
import {
  barLabel,
  barParts,
  type TimelineRow,
  type TimelineSpan,
} from '../../../../domain/calendar/timeline.ts';
import { formatDisplayDate, type IsoDate } from '../../../../domain/dates.ts';
import type { CalendarReservation } from '../api.ts';
import calendar from '../calendar.module.css';
import { statusStyle } from './month-grid.tsx';
import classes from './timeline.module.css';

export interface TimelineProps {
  span: TimelineSpan;
  today: IsoDate;
  title: string;
  loading: boolean;
  rows: TimelineRow<CalendarReservation>[];
  onOpen: (reservationId: string) => void;
  /** A free day of a listing: a new reservation for it (null when the user may not create). */
  onCreate: ((listingId: string, day: IsoDate) => void) | null;
  /** The listings that take new bookings (inactive, under maintenance and archived ones do not). */
  bookable: ReadonlySet<string>;
}

const dayName = (day: IsoDate) => `${WEEKDAY_LONG_NAMES[weekdayOf(day)]} ${formatDisplayDate(day)}`;

/**
 * A row per listing over the span's days, bookings as bars (buttons named listing, client, dates,
 * status). The table scrolls sideways on narrow screens with the listing names held in place.
 */
export function Timeline({ span, today, title, loading, rows, onOpen, onCreate, bookable }: TimelineProps) {
  const days = span.days;
  return (
    // The region scrolls sideways, so it takes focus itself (arrow keys scroll it) even with no bars.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className={classes.scroller} aria-label={`Timeline ${title}`} tabIndex={0}>
      <table className={classes.table} style={{ '--days': days.length } as CSSProperties}>
        <caption>
          <VisuallyHidden>{`Reservations by listing, ${title}`}</VisuallyHidden>
        </caption>
        <colgroup>
          <col className={classes.nameCol} />
          {days.map((day) => (
            <col key={day} className={classes.dayCol} />
          ))}
        </colgroup>
        <thead>
          <tr>
            <th scope="col" className={`${classes.name} ${classes.head}`}>
              Listing
            </th>
            {days.map((day) => (
              <th
                key={day}
                scope="col"
                className={classes.head}
                data-today={day === today || undefined}
                data-weekend-day={isWeekend(day) || undefined}
              >
                <abbr title={dayName(day)} className={classes.dayHead}>
                  <span className={classes.weekday}>{WEEKDAY_NAMES[weekdayOf(day)]}</span>
                  <span className={classes.dayNumber}>{Number(day.slice(8))}</span>
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {loading ? (
            <tr>
              <th scope="row" className={classes.name}>
                <Skeleton height={16} width="70%" aria-hidden />
              </th>
              <td colSpan={days.length} className={classes.trackCell}>
                <Skeleton height={28} aria-hidden />
              </td>
            </tr>
          ) : rows.length === 0 ? (
            <tr>
              <td colSpan={days.length + 1}>
                <Text size="sm" c="dimmed" p="md">
                  No listings to show.
                </Text>
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.listing.id}>
                <th scope="row" className={classes.name}>
                  <span className={classes.nameText} title={row.listing.title}>
                    {row.listing.title}
                  </span>
                </th>
                <td colSpan={days.length} className={classes.trackCell}>
                  <div className={classes.track} style={{ '--lanes': row.lanes } as CSSProperties}>
                    {days.map((day, index) => (
                      <div
                        key={day}
                        className={classes.slot}
                        style={{ gridColumn: index + 1 }}
                        data-today={day === today || undefined}
                        data-weekend-day={isWeekend(day) || undefined}
                      >
                        {onCreate && bookable.has(row.listing.id) && !row.occupied[index] && (
                          <UnstyledButton
                            className={classes.free}
                            tabIndex={-1}
                            aria-label={`New reservation: ${row.listing.title}, ${dayName(day)}`}
                            data-date={day}
                            onClick={() => onCreate(row.listing.id, day)}
                          />
                        )}
                      </div>
                    ))}
                    {row.bars.map((bar) => {
                      const reservation = bar.reservation;
                      const parts = barParts(row.listing.title, reservation);
                      const label = barLabel(row.listing.title, reservation);
                      // The name is the hidden whole text (not an aria-label, which must contain the words shown);
                      // the shown words are a shortened copy, and the tooltip gives the whole.
                      return (
                        <UnstyledButton
                          key={reservation.id}
                          className={`${calendar.status} ${classes.bar}`}
                          style={{
                            ...statusStyle(reservation.status),
                            gridColumn: `${bar.column + 1} / span ${bar.length}`,
                            gridRow: bar.lane + 1,
                          }}
                          data-status={reservation.status}
                          data-clipped-start={bar.clippedStart || undefined}
                          data-clipped-end={bar.clippedEnd || undefined}
                          title={label}
                          onClick={() => onOpen(reservation.id)}
                        >
                          <VisuallyHidden>{label}</VisuallyHidden>
                          <span className={classes.barText} aria-hidden>
                            {parts.times ? `${parts.times} · ` : ''}
                            {parts.client} · {parts.status}
                          </span>
                        </UnstyledButton>
                      );
                    })}
                  </div>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </section>
  );
}
