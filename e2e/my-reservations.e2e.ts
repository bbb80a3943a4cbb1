import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDisplayDate } from '../domain/dates.ts';
import { RESERVATION_REFERENCE_PATTERN } from '../domain/reservation-reference.ts';
import { pickStayOnCalendar, pieterOpenListings } from './support/booking.ts';
import {
  browserAvailable,
  expectAccessible,
  launchBrowser,
  newPage,
  registerVerifiedClient,
  signIn,
} from './support/browser.ts';
import { readMail } from './support/mailbox.ts';

const OWNER_EMAIL = 'pieter@rentza.test';
/** Far from the first free night, where other journeys book Pieter's listings. */
const SKIP_DAYS = 40;
const REFERENCE_LINE = new RegExp(`^Reservation ID: (${RESERVATION_REFERENCE_PATTERN.source.slice(1, -1)})$`);

describe.runIf(browserAvailable)('journey: a client manages their reservation', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('books a night, finds it by its short reference, visits the listing, cancels it; the owner is emailed', async () => {
    // Pieter's second open listing (other journeys take his first and his last), far from their dates.
    const open = await pieterOpenListings(browser);
    const listing = open[1] ?? open[0];
    expect(listing, 'a demo listing of Pieter that takes bookings').toBeDefined();
    if (!listing) return;

    const { page, context } = await newPage(browser);
    const account = await registerVerifiedClient(page, 'Naledi', 'Mokoena');
    await signIn(page, account.email, account.password);
    await page.goto(`/reservation/${listing.id}`);
    const stay = await pickStayOnCalendar(page, listing.id, 1, SKIP_DAYS);
    await page.getByRole('button', { name: 'Confirm Reservation' }).click();
    await expect.poll(() => page.getByText('Reservation created successfully').isVisible()).toBe(true);
    await page.waitForURL(/\/my-reservations$/);

    // The card: pending, the short reference (not the id), cancellable.
    const card = page.getByRole('article', { name: listing.title });
    await expect.poll(() => card.getByText('Pending Approval').isVisible()).toBe(true);
    expect(await page.getByText('View and manage your bookings').isVisible()).toBe(true);
    const referenceLine = card.getByText(REFERENCE_LINE);
    expect(await referenceLine.isVisible()).toBe(true);
    const reference = REFERENCE_LINE.exec((await referenceLine.textContent()) ?? '')?.[1] ?? '';
    const mine = (await (await page.request.get('/api/reservations')).json()) as Array<{
      id: string;
      reference: string;
    }>;
    expect(mine.map((reservation) => reservation.reference)).toEqual([reference]);
    expect(await card.textContent()).not.toContain(mine[0]?.id);
    await expectAccessible(page, 'my reservations (a pending stay)');

    // The title leads to the listing, and back.
    await card.getByRole('link', { name: listing.title }).click();
    await page.waitForURL(new RegExp(`/property/${listing.id}$`));
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: listing.title }).isVisible())
      .toBe(true);
    await page.goBack();
    await page.waitForURL(/\/my-reservations$/);
    await expect.poll(() => card.getByText('Pending Approval').isVisible()).toBe(true);

    // Cancelling asks first, naming the listing and the dates.
    await card.getByRole('button', { name: 'Cancel reservation' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel booking' });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    expect(await confirm.textContent()).toContain(
      `Are you sure you want to cancel your reservation at ${listing.title} from ${formatDisplayDate(stay.start)} to ${formatDisplayDate(stay.end)}?`,
    );
    // What cancelling costs is stated before the client confirms (decision 063): a request is free.
    await expect
      .poll(() =>
        confirm
          .getByText('A request the owner has not yet confirmed can be cancelled free of charge.', {
            exact: false,
          })
          .isVisible(),
      )
      .toBe(true);
    await expectAccessible(page, 'my reservations (cancel confirm open)');
    await confirm.getByRole('button', { name: 'Cancel booking' }).click();
    await expect.poll(() => page.getByText('Reservation cancelled successfully').isVisible()).toBe(true);
    await expect.poll(() => card.getByText('Cancelled', { exact: true }).isVisible()).toBe(true);
    expect(await card.getByRole('button', { name: 'Cancel reservation' }).count()).toBe(0);
    expect(await card.getByText(`Reservation ID: ${reference}`).isVisible()).toBe(true);

    // The night is free again.
    const availability = (await (
      await page.request.get(`/api/properties/${listing.id}/availability`)
    ).json()) as { dates: string[] };
    expect(availability.dates).toContain(stay.start);

    // Pieter was emailed about it, with the reference, listing, dates and client.
    const mail = await readMail(
      page,
      OWNER_EMAIL,
      `Booking request cancelled by the client: ${listing.title}`,
    );
    for (const line of [
      'The client cancelled this booking request. Its dates are free again.',
      `Client: Naledi Mokoena (${account.email})`,
      `Property: ${listing.title}`,
      `Dates: ${formatDisplayDate(stay.start)} to ${formatDisplayDate(stay.end)}`,
      `Reservation ID: ${reference}`,
    ])
      expect(mail).toContain(line);
    await context.close();
  });
});
