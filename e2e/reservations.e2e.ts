import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESERVATION_REFERENCE_PATTERN } from '../domain/reservation-reference.ts';
import { pickStayOnCalendar } from './support/booking.ts';
import {
  browserAvailable,
  expectAccessible,
  launchBrowser,
  newPage,
  registerVerifiedClient,
  signIn,
} from './support/browser.ts';

interface Listing {
  id: string;
  title: string;
  owner_id: string;
}

describe.runIf(browserAvailable)('journey: booking and managing reservations', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('a client books; the owner confirms it; a second client cannot take the same dates', async () => {
    const client = await newPage(browser);
    const rival = await newPage(browser);
    const owner = await newPage(browser);

    const search = await client.page.request.get(
      '/api/properties?type=accommodation&city=Durban&sortBy=price',
    );
    const listing = ((await search.json()) as { items: Listing[] }).items[0];
    expect(listing, 'a demo accommodation in Durban').toBeDefined();
    if (!listing) return;

    // Signed out, the booking page sends the visitor to log in and back.
    await client.page.goto(`/property/${listing.id}`);
    await client.page.getByRole('link', { name: 'Book Now' }).click();
    await client.page.waitForURL(new RegExp(`/login\\?returnUrl=%2Freservation%2F${listing.id}`));
    await client.page.getByRole('textbox', { name: 'Email' }).fill('lerato@rentza.test');
    await client.page.getByLabel(/^Password/).fill('Client#2026');
    await client.page.getByRole('button', { name: 'Login' }).click();
    await client.page.waitForURL(new RegExp(`/reservation/${listing.id}$`));
    await expect
      .poll(() =>
        client.page.getByRole('heading', { name: `Book Your Stay at ${listing.title}` }).isVisible(),
      )
      .toBe(true);
    await expect
      .poll(() => client.page.getByText('Availability for the next 3 months').isVisible())
      .toBe(true);
    expect(
      await client.page.getByRole('combobox', { name: 'Client' }).count(),
      'a client books for themselves',
    ).toBe(0);
    await expectAccessible(client.page, 'reservation page');

    // The rival opens the same page and picks the same first free night before the first booking lands.
    const rivalAccount = await registerVerifiedClient(rival.page, 'Sizwe', 'Ndlovu');
    await signIn(rival.page, rivalAccount.email, rivalAccount.password);
    await rival.page.goto(`/reservation/${listing.id}`);
    const rivalStay = await pickStayOnCalendar(rival.page, listing.id, 1);
    await expect
      .poll(() => rival.page.getByRole('button', { name: 'Confirm Reservation' }).isEnabled())
      .toBe(true);

    // Both pick the first free night on the calendar.
    expect(await pickStayOnCalendar(client.page, listing.id, 1)).toEqual(rivalStay);
    await client.page.getByRole('textbox', { name: 'Guests' }).fill('2');
    await client.page.getByRole('button', { name: 'Confirm Reservation' }).click();
    await expect.poll(() => client.page.getByText('Reservation created successfully').isVisible()).toBe(true);
    await client.page.waitForURL(/\/my-reservations$/);
    const card = client.page.getByRole('article', { name: listing.title });
    await expect.poll(() => card.getByText('Pending Approval').isVisible()).toBe(true);
    const mine = (await (await client.page.request.get('/api/reservations')).json()) as Array<{
      reference: string;
      property_id: string;
      start_date: string;
    }>;
    const booked = mine.find((r) => r.property_id === listing.id && r.start_date === rivalStay.start);
    expect(booked?.reference).toMatch(RESERVATION_REFERENCE_PATTERN);
    expect(await card.getByText(`Reservation ID: ${booked?.reference}`, { exact: true }).isVisible()).toBe(
      true,
    );
    await expectAccessible(client.page, 'my reservations');

    await rival.page.getByRole('button', { name: 'Confirm Reservation' }).click();
    await expect
      .poll(() => rival.page.getByText(/Failed to create reservation: .*no longer available/).isVisible())
      .toBe(true);
    expect(rival.page.url()).toContain(`/reservation/${listing.id}`);

    // The owner finds it in management and on the calendar, and confirms it.
    await signIn(owner.page, 'thandi@rentza.test', 'Owner#2026');
    await owner.page.goto('/reservation-management');
    await expect
      .poll(() => owner.page.getByRole('heading', { name: 'Reservation Management' }).isVisible())
      .toBe(true);
    // The list is paged on the server: search narrows it to this listing, whatever else the owner has.
    await owner.page.getByRole('textbox', { name: 'Search' }).fill(listing.title);
    const row = owner.page
      .getByRole('row')
      .filter({ hasText: listing.title })
      .filter({ hasText: 'Lerato Dlamini' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByText('Pending').isVisible()).toBe(true);
    await expectAccessible(owner.page, 'reservation management');
    await owner.page.goto('/calendar');
    await expect.poll(() => owner.page.getByText(listing.title).first().isVisible()).toBe(true);

    await owner.page.goto('/reservation-management');
    await owner.page.getByRole('textbox', { name: 'Search' }).fill(listing.title);
    await row.getByRole('button', { name: /Edit reservation/ }).click();
    const editor = owner.page.getByRole('dialog', { name: 'Edit Reservation' });
    await expect.poll(() => editor.getByRole('combobox', { name: 'Status' }).isVisible()).toBe(true);
    await expectAccessible(owner.page, 'reservation editor');
    await editor.getByRole('tab', { name: 'Transactions' }).click();
    await expect.poll(() => editor.getByText('Balance due').isVisible()).toBe(true);
    await editor.getByRole('tab', { name: 'Details' }).click();
    await editor.getByRole('combobox', { name: 'Status' }).click();
    await owner.page.getByRole('option', { name: 'Confirmed' }).click();
    await editor.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => owner.page.getByText('Reservation updated successfully').isVisible()).toBe(true);
    await expect.poll(() => row.getByText('Confirmed').isVisible()).toBe(true);

    // The client now sees it confirmed, and both were emailed.
    await client.page.reload();
    await expect.poll(() => card.getByText('Confirmed', { exact: true }).isVisible()).toBe(true);
    const mails = (await (
      await client.page.request.get('/api/dev/mailbox?to=lerato%40rentza.test')
    ).json()) as Array<{ subject: string }>;
    expect(mails.map((m) => m.subject)).toEqual(
      expect.arrayContaining([
        `Your booking request for ${listing.title}`,
        `Your booking at ${listing.title} is confirmed`,
      ]),
    );

    // An owner creates one from the management screen with a new client.
    await owner.page.getByRole('button', { name: 'Create New Reservation' }).click();
    const create = owner.page.getByRole('dialog', { name: 'Create Reservation' });
    await expect
      .poll(() => create.getByText('Save the reservation first to add charges and payments.').count())
      .toBe(0);
    await create.getByRole('tab', { name: 'Transactions' }).click();
    await expect
      .poll(() => create.getByText('Save the reservation first to add charges and payments.').isVisible())
      .toBe(true);
    await create.getByRole('tab', { name: 'Details' }).click();
    const submit = create.getByRole('button', { name: 'Create Reservation' });
    expect(await submit.isDisabled()).toBe(true);
    await create.getByRole('combobox', { name: 'Property' }).fill(listing.title.slice(0, 12));
    await owner.page.getByRole('option', { name: listing.title }).click();
    await create.getByRole('combobox', { name: 'Client' }).click();
    await owner.page.getByRole('option', { name: '+ New client' }).click();
    await create.getByRole('textbox', { name: 'Client first name' }).fill('Thabo');
    await create.getByRole('textbox', { name: 'Client last name' }).fill('Mbeki');
    await create.getByRole('textbox', { name: 'Client email' }).fill('thabo.mbeki@example.co.za');
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await submit.click();
    await expect
      .poll(() =>
        owner.page
          .getByText(/Reservation created successfully|no longer available/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await Promise.all([client.context.close(), rival.context.close(), owner.context.close()]);
  });

  it('shows the empty state of My Reservations with Start Browsing', async () => {
    const { page, context } = await newPage(browser, { width: 375, height: 740 });
    const account = await registerVerifiedClient(page, 'Ayanda', 'Khoza');
    await signIn(page, account.email, account.password);
    await page.goto('/my-reservations');
    await expect.poll(() => page.getByText('No Reservations Found').isVisible()).toBe(true);
    expect(await page.getByText("You haven't made any reservations yet.").isVisible()).toBe(true);
    await expectAccessible(page, 'my reservations (empty, mobile)');
    // It leads to the rentals, not to home, which sends a signed-in client back to My Reservations.
    await page.getByRole('link', { name: 'Start Browsing' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Search for Rentals', level: 1 }).isVisible())
      .toBe(true);
    expect(new URL(page.url()).pathname).toBe('/properties');
    await context.close();
  });
});
