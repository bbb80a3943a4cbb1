import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { addDays, formatDisplayDate } from '../../domain/dates.ts';
import { newPage, registerVerifiedClient, signIn } from './browser.ts';

export interface OwnedListing {
  id: string;
  title: string;
  type: string;
  owner_id: string;
  status: string;
  archived_at: string | null;
  /** Confirmed at once (decision 059): journeys that send a request book the others. */
  instantBook: boolean;
}

/**
 * An owner's listings that take requests (available, not archived, not instant book), in their list's
 * order, read as them.
 */
export async function openListingsOf(
  browser: Browser,
  email: string,
  password: string,
): Promise<OwnedListing[]> {
  const owner = await newPage(browser);
  await signIn(owner.page, email, password);
  const owned = (await (await owner.page.request.get('/api/my/properties')).json()) as OwnedListing[];
  await owner.context.close();
  return owned.filter(
    (candidate) => candidate.status === 'available' && !candidate.archived_at && !candidate.instantBook,
  );
}

/**
 * Pieter's listings that take bookings, in his list's order. Journeys that must not collide book
 * different ones of them.
 */
export function pieterOpenListings(browser: Browser): Promise<OwnedListing[]> {
  return openListingsOf(browser, 'pieter@rentza.test', 'Owner#2026');
}

export interface PickedStay {
  start: string;
  end: string;
}

/**
 * The first run of `nights` free nights on a listing's availability, starting at least `skipDays`
 * after its first bookable day (so journeys that book from the first free night keep clear).
 */
export async function firstFreeStay(
  page: Page,
  listingId: string,
  nights: number,
  skipDays = 0,
): Promise<PickedStay> {
  const availability = (await (
    await page.request.get(`/api/properties/${listingId}/availability`)
  ).json()) as {
    dates: string[];
  };
  const free = new Set(availability.dates);
  const earliest = availability.dates[0] ? addDays(availability.dates[0], skipDays) : '';
  for (const start of availability.dates) {
    if (start < earliest) continue;
    const stay = Array.from({ length: nights }, (_, index) => addDays(start, index));
    if (stay.every((night) => free.has(night))) return { start, end: addDays(start, nights) };
  }
  throw new Error(`no run of ${nights} free nights on listing ${listingId}`);
}

/** Clicks a day on the booking page's calendar like a person, turning months forward until it shows. */
export async function clickCalendarDay(page: Page, day: string): Promise<void> {
  const button = page.getByRole('button', { name: new RegExp(`^${formatDisplayDate(day)},`) });
  const nextMonth = page.getByRole('button', { name: 'Next month' });
  // The calendar renders once availability has loaded; until then no day is visible to look for.
  await expect.poll(() => nextMonth.isVisible()).toBe(true);
  for (let turns = 0; turns < 4 && !(await button.isVisible()); turns++) {
    await nextMonth.click();
  }
  await button.click();
}

/**
 * On the booking page, picks the first free stay of `nights` nights by clicking its check-in and
 * check-out days on the availability calendar, and waits for the Start and End fields to show them.
 */
export async function pickStayOnCalendar(
  page: Page,
  listingId: string,
  nights: number,
  skipDays = 0,
): Promise<PickedStay> {
  const stay = await firstFreeStay(page, listingId, nights, skipDays);
  const asField = (day: string) => day.split('-').reverse().join('/');
  await expect.poll(() => page.getByText('Availability for the next 3 months').isVisible()).toBe(true);
  await clickCalendarDay(page, stay.start);
  await expect
    .poll(() => page.getByRole('button', { name: 'Start date' }).textContent())
    .toBe(asField(stay.start));
  await clickCalendarDay(page, stay.end);
  await expect
    .poll(() => page.getByRole('button', { name: 'End date' }).textContent())
    .toBe(asField(stay.end));
  return stay;
}

/** Thandi, the demo VAT vendor. */
export const THANDI = { email: 'thandi@rentza.test', password: 'Owner#2026' };

/** Thandi's last accommodation listing that takes bookings. */
export async function thandiAccommodation(browser: Browser): Promise<OwnedListing | undefined> {
  return (await openListingsOf(browser, THANDI.email, THANDI.password))
    .filter((candidate) => candidate.type === 'accommodation')
    .at(-1);
}

/**
 * A new client, registered, verified and signed in, on a listing's booking page with `nights` free
 * nights (at least `skipDays` after the first) clicked on its calendar, ready to confirm.
 */
export async function newClientPicksStay(
  browser: Browser,
  listingId: string,
  name: { first: string; last: string },
  nights: number,
  skipDays: number,
) {
  const client = await newPage(browser);
  const account = await registerVerifiedClient(client.page, name.first, name.last);
  await signIn(client.page, account.email, account.password);
  await client.page.goto(`/reservation/${listingId}`);
  const stay = await pickStayOnCalendar(client.page, listingId, nights, skipDays);
  return { client, account, stay };
}
