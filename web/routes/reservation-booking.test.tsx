import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, formatDisplayDate } from '../../domain/dates.ts';
import { formatRand, formatRandCents } from '../../domain/money.ts';
import { ApiError } from '../lib/api.ts';
import { buttonNamed, isDisabled, mockApi, renderWithProviders } from '../test/render.tsx';
import { aListing, aProperty, aReservation, aUserProfile } from '../test/wire-fixtures.ts';
import ReservationBookingPage, {
  bookingErrorText,
  chosenBooking,
  landingAfterBooking,
} from './reservation-booking.tsx';

const TODAY = '2026-12-01';
/** Bookable all December; someone holds the nights of the 10th and 11th. */
const BLOCKED = [{ start: '2026-12-10', end: '2026-12-12' }];
const DATES: string[] = [];
for (let day = TODAY; day <= '2026-12-31'; day = addDays(day, 1)) {
  if (day < '2026-12-10' || day >= '2026-12-12') DATES.push(day);
}

function renderBooking(listing = aListing()) {
  const api = mockApi((call) => {
    if (call.method === 'GET' && call.url === '/api/session') return { body: { user: aUserProfile() } };
    if (call.method === 'GET' && call.url === '/api/properties/p1') return { body: listing };
    if (call.method === 'GET' && call.url === '/api/properties/p1/availability') {
      return { body: { from: TODAY, dates: DATES, blocked: BLOCKED, hourly: null } };
    }
    if (call.method === 'POST' && call.url === '/api/reservations') {
      return { status: 201, body: aReservation({ start_date: '2026-12-05', end_date: '2026-12-08' }) };
    }
    return undefined;
  });
  renderWithProviders(<ReservationBookingPage />, { path: '/reservation/p1', route: '/reservation/:id' });
  return api;
}

/** A calendar day button by date, found by the start of its accessible name (role queries over 40 buttons are slow in jsdom). */
const day = (date: string) =>
  waitFor(() => {
    const label = formatDisplayDate(date);
    const button = document.querySelector<HTMLButtonElement>(`table button[aria-label^="${label},"]`);
    if (!button) throw new Error(`no day ${date}`);
    return button;
  });
const fieldText = (label: string) => screen.getByRole('button', { name: label }).textContent;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${TODAY}T08:00:00Z`));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('booking page calendar', { timeout: 30_000 }, () => {
  it('opens with no dates chosen, Confirm disabled and a legend', async () => {
    renderBooking();
    await day('2026-12-05');
    expect(fieldText('Start date')).toBe('Choose check-in');
    expect(fieldText('End date')).toBe('Choose check-out');
    expect(isDisabled(buttonNamed('Confirm Reservation'))).toBe(true);
    expect(screen.getByText('Choose your dates on the calendar.')).toBeTruthy();
    const legend = screen.getByRole('list', { name: 'Calendar legend' });
    expect(legend.textContent).toBe('AvailableBookedSelected');
  });

  it('takes the first click as check-in and the second as check-out, then books that stay', async () => {
    const { calls } = renderBooking();
    fireEvent.click(await day('2026-12-05'));
    expect(fieldText('Start date')).toBe('05/12/2026');
    expect(fieldText('End date')).toBe('Choose check-out');
    expect((await day('2026-12-05')).getAttribute('aria-label')).toBe('5 December 2026, Selected');
    expect(isDisabled(buttonNamed('Confirm Reservation'))).toBe(true);

    fireEvent.click(await day('2026-12-08'));
    expect(fieldText('Start date')).toBe('05/12/2026');
    expect(fieldText('End date')).toBe('08/12/2026');
    expect(screen.getByText(/5 December 2026 to 8 December 2026 · 3 nights/)).toBeTruthy();
    expect((await day('2026-12-06')).getAttribute('aria-label')).toBe('6 December 2026, Selected');

    const confirm = buttonNamed('Confirm Reservation');
    expect(isDisabled(confirm)).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      property_id: 'p1',
      start_date: '2026-12-05',
      end_date: '2026-12-08',
    });
  });

  it('does not let a range cross a taken night, but allows checking out on its first day', async () => {
    renderBooking();
    const taken = await day('2026-12-10');
    expect(taken.getAttribute('aria-label')).toBe('10 December 2026, Booked');
    expect(isDisabled(taken)).toBe(true);

    fireEvent.click(await day('2026-12-08'));
    fireEvent.click(await day('2026-12-14'));
    expect(fieldText('Start date')).toBe('14/12/2026');
    expect(fieldText('End date')).toBe('Choose check-out');
    expect(isDisabled(buttonNamed('Confirm Reservation'))).toBe(true);

    fireEvent.click(await day('2026-12-08'));
    fireEvent.click(await day('2026-12-10'));
    expect(fieldText('Start date')).toBe('08/12/2026');
    expect(fieldText('End date')).toBe('10/12/2026');
    const checkOut = await day('2026-12-10');
    expect(checkOut.getAttribute('aria-label')).toBe('10 December 2026, Selected');
    expect(checkOut.hasAttribute('data-selected')).toBe(true);
    expect(isDisabled(buttonNamed('Confirm Reservation'))).toBe(false);
  });

  it('picks a stay from the keyboard: Enter on the check-in, arrows to the check-out, Enter', async () => {
    renderBooking();
    const user = userEvent.setup({ delay: null });
    (await day('2026-12-14')).focus();
    await user.keyboard('{Enter}');
    expect(fieldText('Start date')).toBe('14/12/2026');
    await user.keyboard('{ArrowRight}{ArrowRight}{Enter}');
    expect(fieldText('End date')).toBe('16/12/2026');
    expect(isDisabled(buttonNamed('Confirm Reservation'))).toBe(false);
  });

  it('does not draw weekend days red', async () => {
    renderBooking();
    const saturday = await day('2026-12-05');
    expect(saturday.hasAttribute('data-weekend')).toBe(false);
  });
});

/** A venue at R 800 an hour, R 500 cleaning; on 5 December someone holds 12:00–14:00. */
const VENUE = aProperty({
  type: 'event_space',
  category: 'venue',
  title: 'Rosebank Hall',
  price_per_day_cents: 80_000,
  cleaning_fee_cents: 50_000,
  specifications: {
    type: 'event_space',
    capacity: 80,
    indoorArea: 200,
    bookableHours: { start: '08:00', end: '22:00' },
    minimumHours: 4,
  },
});
/** A storage unit at R 1 500 a month, R 200 cleaning. */
const STORAGE = aProperty({
  type: 'storage_space',
  category: 'garage',
  title: 'Midrand Garage',
  price_per_day_cents: 150_000,
  cleaning_fee_cents: 20_000,
  specifications: { type: 'storage_space', width: 3, length: 6, height: 2.5 },
});

function renderUnitBooking(property: typeof VENUE) {
  const api = mockApi((call) => {
    if (call.method === 'GET' && call.url === '/api/session') return { body: { user: aUserProfile() } };
    if (call.method === 'GET' && call.url === '/api/properties/p1') return { body: aListing(property) };
    if (call.method === 'GET' && call.url === '/api/properties/p1/availability') {
      const hourly =
        property.type === 'event_space'
          ? { bookable_hours: { start: '08:00', end: '22:00' }, minimum_hours: 4 }
          : null;
      return { body: { from: TODAY, dates: DATES, blocked: BLOCKED, hourly } };
    }
    if (call.method === 'GET' && call.url.startsWith('/api/properties/p1/availability/times?date=')) {
      const date = call.url.slice(-10);
      return {
        body: {
          date,
          bookable_hours: { start: '08:00', end: '22:00' },
          minimum_hours: 4,
          taken: date === '2026-12-05' ? [{ start: '12:00', end: '14:00' }] : [],
        },
      };
    }
    if (call.method === 'POST' && call.url === '/api/reservations') {
      return { status: 201, body: aReservation() };
    }
    return undefined;
  });
  renderWithProviders(<ReservationBookingPage />, { path: '/reservation/p1', route: '/reservation/:id' });
  return api;
}

/** A slot button of the slot picker by its time: its name is '14:00, available' and the like. */
const slot = (time: string) =>
  waitFor(() => {
    const button = document.querySelector<HTMLButtonElement>(`[role="group"] button[aria-label^="${time},"]`);
    if (!button) throw new Error(`no slot ${time}`);
    return button;
  });
/** formatRand as the page reads once its spaces are normalised. */
const rand = (cents: number) => formatRand(cents).replace(/\s+/g, ' ');
/** Amounts and totals are to the cent (decision 029: the total the invoice will say). */
const randCents = (cents: number) => formatRandCents(cents).replace(/\s+/g, ' ');
const refusalText = () => document.getElementById('booking-refusal')?.textContent ?? null;

describe('booking page for a venue booked by the hour', { timeout: 30_000 }, () => {
  it('picks a day, then a start and a last slot, and books those times', async () => {
    const { calls } = renderUnitBooking(VENUE);
    expect(await screen.findByText('Choose your day on the calendar.')).toBeTruthy();
    fireEvent.click(await day('2026-12-05'));
    expect(fieldText('Date')).toBe('05/12/2026');
    expect(await screen.findByText(/minimum 4 hours/)).toBeTruthy();

    const taken = await slot('12:00');
    expect(taken.getAttribute('aria-label')).toBe('12:00, taken');
    expect(isDisabled(taken)).toBe(true);
    expect((await slot('13:30')).getAttribute('aria-label')).toBe('13:30, taken');
    expect((await slot('14:00')).getAttribute('aria-label')).toBe('14:00, available');

    fireEvent.click(await slot('14:00'));
    expect((await slot('14:00')).getAttribute('aria-label')).toBe('14:00, selected');
    expect(screen.getByText(/Now choose your last half hour/)).toBeTruthy();
    expect(isDisabled(buttonNamed('Confirm Reservation'))).toBe(true);
    fireEvent.click(await slot('17:30'));
    expect((await slot('16:00')).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('5 December 2026 · 14:00–18:00 (4 hours)')).toBeTruthy();
    expect(screen.getByText(`${rand(80_000)} × 4 hours`)).toBeTruthy();
    expect(screen.getByText(randCents(320_000))).toBeTruthy();
    expect(screen.getByText(randCents(370_000))).toBeTruthy();

    const confirm = buttonNamed('Confirm Reservation');
    expect(isDisabled(confirm)).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const body = calls.find((call) => call.method === 'POST')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      property_id: 'p1',
      start_date: '2026-12-05',
      start_time: '14:00',
      end_time: '18:00',
    });
    expect(body).not.toHaveProperty('end_date');
  });

  it('refuses a range shorter than the minimum, with the reason, and restarts on a click before the start', async () => {
    renderUnitBooking(VENUE);
    fireEvent.click(await day('2026-12-05'));
    fireEvent.click(await slot('15:00'));
    fireEvent.click(await slot('16:30'));
    expect(refusalText()).toBe('The minimum booking is 4 hours');
    expect(isDisabled(buttonNamed('Confirm Reservation'))).toBe(true);
    expect(buttonNamed('Confirm Reservation').getAttribute('aria-describedby')).toBe('booking-refusal');
    expect(screen.getByText('Choose your times.')).toBeTruthy();

    fireEvent.click(await slot('14:30'));
    expect((await slot('14:30')).getAttribute('aria-label')).toBe('14:30, selected');
    expect((await slot('15:00')).getAttribute('aria-label')).toBe('15:00, available');
    fireEvent.click(await slot('14:00'));
    expect((await slot('14:00')).getAttribute('aria-label')).toBe('14:00, selected');
    fireEvent.click(await slot('18:00'));
    expect(refusalText()).toBeNull();
    expect(screen.getByText('5 December 2026 · 14:00–18:30 (4.5 hours)')).toBeTruthy();
    expect(isDisabled(buttonNamed('Confirm Reservation'))).toBe(false);
  });

  it('does not let a range cross a taken time: a click past it starts again there', async () => {
    renderUnitBooking(VENUE);
    fireEvent.click(await day('2026-12-05'));
    fireEvent.click(await slot('09:00'));
    fireEvent.click(await slot('15:00'));
    expect((await slot('09:00')).getAttribute('aria-label')).toBe('09:00, available');
    expect((await slot('15:00')).getAttribute('aria-label')).toBe('15:00, selected');
    expect(isDisabled(buttonNamed('Confirm Reservation'))).toBe(true);
  });

  it('picks the times from the keyboard', async () => {
    renderUnitBooking(VENUE);
    const user = userEvent.setup({ delay: null });
    fireEvent.click(await day('2026-12-07'));
    (await slot('09:00')).focus();
    await user.keyboard('{Enter}');
    expect((await slot('09:00')).getAttribute('aria-label')).toBe('09:00, selected');
    for (let i = 0; i < 7; i++) await user.tab();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('12:30, available');
    await user.keyboard(' ');
    expect(screen.getByText('7 December 2026 · 09:00–13:00 (4 hours)')).toBeTruthy();
    expect(isDisabled(buttonNamed('Confirm Reservation'))).toBe(false);
  });

  it('starts afresh on another day', async () => {
    renderUnitBooking(VENUE);
    fireEvent.click(await day('2026-12-05'));
    fireEvent.click(await slot('14:00'));
    fireEvent.click(await day('2026-12-07'));
    expect(fieldText('Date')).toBe('07/12/2026');
    expect((await slot('14:00')).getAttribute('aria-label')).toBe('14:00, available');
    expect((await slot('12:00')).getAttribute('aria-label')).toBe('12:00, available');
  });
});

describe('booking page for storage booked by the month', { timeout: 30_000 }, () => {
  it('books a start day and a number of months, showing the end day and the total', async () => {
    const { calls } = renderUnitBooking(STORAGE);
    expect(await screen.findByText('Choose your start day on the calendar.')).toBeTruthy();
    const months = screen.getByRole('textbox', { name: 'Months' }) as HTMLInputElement;
    expect(months.value).toBe('1');
    fireEvent.click(await day('2026-12-14'));
    expect(fieldText('Start date')).toBe('14/12/2026');
    expect(screen.getByText('Ends on 14 January 2027')).toBeTruthy();
    expect(screen.getByText('14 December 2026 to 14 January 2027 · 1 month')).toBeTruthy();

    fireEvent.change(months, { target: { value: '2' } });
    expect(screen.getByText('Ends on 14 February 2027')).toBeTruthy();
    expect(screen.getByText('14 December 2026 to 14 February 2027 · 2 months')).toBeTruthy();
    expect(screen.getByText(`${rand(150_000)} × 2 months`)).toBeTruthy();
    expect(screen.getByText(randCents(300_000))).toBeTruthy();
    expect(screen.getByText(randCents(320_000))).toBeTruthy();

    const confirm = buttonNamed('Confirm Reservation');
    expect(isDisabled(confirm)).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const body = calls.find((call) => call.method === 'POST')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ property_id: 'p1', start_date: '2026-12-14', months: 2 });
    expect(body).not.toHaveProperty('end_date');
  });

  it('refuses months that cross another booking, with the reason', async () => {
    renderUnitBooking(STORAGE);
    fireEvent.click(await day('2026-12-02'));
    expect(refusalText()).toBe(
      'These months overlap another booking: choose another start day or fewer months',
    );
    expect(isDisabled(buttonNamed('Confirm Reservation'))).toBe(true);
    expect(screen.getByText('Choose how many months.')).toBeTruthy();
    expect(isDisabled(await day('2026-12-10'))).toBe(true);
  });
});

describe('the longest stay on the booking page (the server’s rule, domain/booking-window.ts)', () => {
  const everyNight = { dates: [] as string[], blocked: [] };
  for (let night = TODAY; night <= '2027-03-31'; night = addDays(night, 1)) everyNight.dates.push(night);
  const hourly = { rules: undefined, taken: [], slots: { start: null, last: null } };

  it('90 nights can be booked; 91 show the reason and send nothing', () => {
    const ninety = chosenBooking('night', { start: TODAY, end: addDays(TODAY, 90) }, everyNight, hourly, 1);
    expect(ninety).toMatchObject({
      refusal: null,
      payload: { start_date: TODAY, end_date: addDays(TODAY, 90) },
    });
    const ninetyOne = chosenBooking(
      'night',
      { start: TODAY, end: addDays(TODAY, 91) },
      everyNight,
      hourly,
      1,
    );
    expect(ninetyOne).toEqual({
      period: null,
      refusal: 'A booking cannot be longer than 90 nights',
      payload: null,
    });
    expect(
      chosenBooking('day', { start: TODAY, end: addDays(TODAY, 91) }, everyNight, hourly, 1).refusal,
    ).toBe('A booking cannot be longer than 90 days');
  });
});

describe('today’s hourly slots that have started (Africa/Johannesburg; docs/decisions/033)', {
  timeout: 30_000,
}, () => {
  it('at 10:00 in Johannesburg a client sees 08:00–10:00 today as past and cannot pick them', async () => {
    // The test clock is 08:00 UTC on 1 December: 10:00 in Johannesburg.
    renderUnitBooking(VENUE);
    fireEvent.click(await day(TODAY));
    for (const time of ['08:00', '09:30', '10:00']) {
      const button = await slot(time);
      expect(button.getAttribute('aria-label')).toBe(`${time}, past`);
      expect(isDisabled(button)).toBe(true);
    }
    expect((await slot('10:30')).getAttribute('aria-label')).toBe('10:30, available');
    fireEvent.click(await slot('10:30'));
    fireEvent.click(await slot('14:00'));
    expect(screen.getByText('1 December 2026 · 10:30–14:30 (4 hours)')).toBeTruthy();
    expect(isDisabled(buttonNamed('Confirm Reservation'))).toBe(false);
    // Another day is open from its first slot.
    fireEvent.click(await day('2026-12-07'));
    expect((await slot('08:00')).getAttribute('aria-label')).toBe('08:00, available');
  });

  it('a choice that the clock has overtaken shows the reason instead of booking', () => {
    const rules = { bookableHours: { start: '08:00', end: '22:00' }, minimumHours: 4 };
    const choice = chosenBooking(
      'hour',
      { start: TODAY, end: null },
      { dates: [TODAY], blocked: [] },
      { rules, taken: [], slots: { start: '09:00', last: '12:30' }, past: { start: '00:00', end: '10:30' } },
      1,
    );
    expect(choice).toEqual({
      period: null,
      refusal: 'Start time cannot be in the past. Please choose a later time.',
      payload: null,
    });
  });
});

describe('what a refused booking says (bookingErrorText)', () => {
  it.each([
    [401, 'Unauthorized', 'Authentication error. Please log out and log back in.'],
    [
      400,
      'Invalid client ID. Please select a valid client.',
      'Invalid client information. Please select a valid client.',
    ],
    [
      400,
      'This client is inactive: activate them in My Clients to book for them',
      'Failed to create reservation: This client is inactive: activate them in My Clients to book for them',
    ],
    [403, 'Only owners can create clients', 'Failed to create reservation: Only owners can create clients'],
    [
      409,
      'This property is not taking bookings at the moment. Please choose another one.',
      'Failed to create reservation: This property is not taking bookings at the moment. Please choose another one.',
    ],
  ])('%i %s → %s', (status, message, shown) => {
    expect(bookingErrorText(new ApiError(status, message))).toBe(shown);
  });
});

describe('where a booking lands', () => {
  it('a guest of any role on My Reservations; the business on its own screens', () => {
    expect(landingAfterBooking(aUserProfile({ role: 'client' }), false)).toBe('/my-reservations');
    expect(landingAfterBooking(aUserProfile({ role: 'owner' }), false)).toBe('/my-reservations');
    expect(landingAfterBooking(aUserProfile({ role: 'frontoffice' }), false)).toBe('/my-reservations');
    expect(landingAfterBooking(aUserProfile({ role: 'owner' }), true)).toBe('/reservation-management');
    expect(landingAfterBooking(aUserProfile({ role: 'admin' }), true)).toBe('/reservation-management');
    expect(landingAfterBooking(aUserProfile({ role: 'backoffice' }), true)).toBe('/calendar');
  });
});

describe('how you pay on the booking page (decision 059)', { timeout: 30_000 }, () => {
  const plan = {
    kind: 'deposit' as const,
    depositType: 'percent' as const,
    depositPercent: 30,
    depositAmountCents: 0,
    balanceDaysBefore: 2,
    securityDeposit: 'with_balance' as const,
  };

  it('shows the plan, and with dates the deposit now and the balance by its date', async () => {
    renderBooking(
      aListing(aProperty(), {
        plan,
        planText:
          'Pay a deposit of 30% when your booking is confirmed, and the balance 2 days before the start.',
        instantBook: true,
      }),
    );
    fireEvent.click(await day('2026-12-05'));
    fireEvent.click(await day('2026-12-08'));
    const payments = await screen.findByRole('list', { name: 'Your payments' });
    expect([...payments.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      `${formatRandCents(90_000)} due now (instant book)`,
      `${formatRandCents(210_000)} by ${formatDisplayDate('2026-12-03')}`,
    ]);
    expect(screen.getByText('Instant book: confirmed at once')).toBeTruthy();
    expect(screen.getByText('Pay by EFT from the details on your documents.')).toBeTruthy();
    expect(
      screen.getByText(
        'Free cancellation until 7 days before the start; after that 50% of the total is charged.',
      ),
    ).toBeTruthy();
  });

  it('a request pays when the owner confirms; an owner taking payments online has no EFT line', async () => {
    renderBooking(aListing(aProperty(), { paysOnline: true }));
    fireEvent.click(await day('2026-12-05'));
    fireEvent.click(await day('2026-12-08'));
    const payments = await screen.findByRole('list', { name: 'Your payments' });
    expect(payments.textContent).toBe(`${formatRandCents(300_000)} due when the owner confirms`);
    expect(screen.queryByText('Pay by EFT from the details on your documents.')).toBeNull();
  });
});
