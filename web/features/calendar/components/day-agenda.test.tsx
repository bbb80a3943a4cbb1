import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { aReservation } from '../../../test/wire-fixtures.ts';
import { DayAgenda } from './day-agenda.tsx';

const property = (title: string, type: 'event_space' | 'storage_space' | 'vehicle') => ({
  title,
  type,
  location: 'Cape Town',
  city: 'Cape Town',
  cover_url: null,
  archived: false,
});

describe('DayAgenda', () => {
  it('states each booking in its unit: an hourly one by its day and times, others by dates', () => {
    const onOpen = vi.fn();
    const list = [
      aReservation({
        id: 'h',
        start_date: '2026-11-12',
        end_date: '2026-11-13',
        start_time: '14:00',
        end_time: '18:00',
        status: 'confirmed',
        property: property('Karoo Hall', 'event_space'),
      }),
      aReservation({
        id: 'm',
        start_date: '2026-10-31',
        end_date: '2026-12-31',
        property: property('Lock-up Garage', 'storage_space'),
      }),
      aReservation({
        id: 'd',
        start_date: '2026-11-11',
        end_date: '2026-11-13',
        property: property('Polo Vivo', 'vehicle'),
      }),
    ];
    render(
      <MantineProvider>
        <DayAgenda day="2026-11-12" reservations={list} onOpen={onOpen} />
      </MantineProvider>,
    );
    expect(screen.getByText('12 November 2026 · 14:00–18:00 (4 hours) · Confirmed')).toBeTruthy();
    expect(screen.getByText('31 October 2026 – 31 December 2026 · 2 months · Pending')).toBeTruthy();
    expect(screen.getByText('11 November 2026 – 13 November 2026 · 2 days · Pending')).toBeTruthy();
    fireEvent.click(screen.getByText('Karoo Hall'));
    expect(onOpen).toHaveBeenCalledWith('h');
  });
});
