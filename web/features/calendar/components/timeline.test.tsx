import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { layoutTimeline, timelineSpan } from '../../../../domain/calendar/timeline.ts';
import { aReservation } from '../../../test/wire-fixtures.ts';
import type { CalendarReservation } from '../api.ts';
import { Timeline } from './timeline.tsx';

const LISTINGS = [
  { id: 'p1', title: 'Bo-Kaap Studio' },
  { id: 'p2', title: 'Karoo Farmhouse' },
];
const booking = (id: string, property: string, start: string, end: string, extra = {}): CalendarReservation =>
  aReservation({
    id,
    property_id: property,
    start_date: start,
    end_date: end,
    status: 'confirmed',
    ...extra,
  });
const SPAN = timelineSpan('2026-11-22', 1);

function show(list: CalendarReservation[], canCreate = true, bookable = new Set(['p1', 'p2'])) {
  const onOpen = vi.fn();
  const onCreate = vi.fn();
  render(
    <MantineProvider>
      <Timeline
        span={SPAN}
        today="2026-11-25"
        title="22 Nov – 28 November 2026"
        loading={false}
        rows={layoutTimeline(LISTINGS, list, SPAN)}
        onOpen={onOpen}
        onCreate={canCreate ? onCreate : null}
        bookable={bookable}
      />
    </MantineProvider>,
  );
  return { onOpen, onCreate };
}

describe('Timeline', () => {
  it('a row per listing, day columns Sun to Sat, bars named listing, client, dates, status', () => {
    const { onOpen } = show([
      booking('long', 'p1', '2026-11-20', '2026-11-24'),
      booking('hour', 'p2', '2026-11-25', '2026-11-26', {
        start_time: '10:00',
        end_time: '12:00',
        status: 'pending',
      }),
    ]);
    expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([
      'Bo-Kaap Studio',
      'Karoo Farmhouse',
    ]);
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Listing',
      'Sun22',
      'Mon23',
      'Tue24',
      'Wed25',
      'Thu26',
      'Fri27',
      'Sat28',
    ]);
    const clipped = screen.getByRole('button', {
      name: 'Bo-Kaap Studio, Lerato Dlamini, 20 November 2026 – 24 November 2026, Confirmed',
    });
    expect(clipped.getAttribute('data-clipped-start')).toBe('true');
    expect(clipped.style.gridColumn).toBe('1 / span 2');
    const hourly = screen.getByRole('button', {
      name: 'Karoo Farmhouse, Lerato Dlamini, 25 November 2026, 10:00–12:00, Pending',
    });
    expect(hourly.textContent).toContain('10:00–12:00 · Lerato Dlamini · Pending');
    expect(hourly.getAttribute('title')).toBe(
      'Karoo Farmhouse, Lerato Dlamini, 25 November 2026, 10:00–12:00, Pending',
    );
    fireEvent.click(hourly);
    expect(onOpen).toHaveBeenCalledWith('hour');
  });

  it('free days of bookable listings open create for that listing and day; taken days do not', () => {
    const { onCreate } = show([booking('long', 'p1', '2026-11-20', '2026-11-24')], true, new Set(['p1']));
    expect(
      screen.queryByRole('button', { name: 'New reservation: Bo-Kaap Studio, Monday 23 November 2026' }),
    ).toBeNull();
    fireEvent.click(
      screen.getByRole('button', { name: 'New reservation: Bo-Kaap Studio, Tuesday 24 November 2026' }),
    );
    expect(onCreate).toHaveBeenCalledWith('p1', '2026-11-24');
    expect(screen.queryAllByRole('button', { name: /^New reservation: Karoo Farmhouse/ })).toHaveLength(0);
  });

  it('every free day of every bookable listing can be created on', () => {
    show([]);
    expect(screen.getAllByRole('button', { name: /^New reservation/ })).toHaveLength(14);
  });

  it('without permission, days are not buttons', () => {
    show([], false);
    expect(screen.queryAllByRole('button', { name: /^New reservation/ })).toHaveLength(0);
  });
});
