import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstFreeStay, openListingsOf, THANDI } from './support/booking.ts';
import { browserAvailable, expectAccessible, launchBrowser, newPage, signIn } from './support/browser.ts';

/** Far from the nights other journeys book. */
const SKIP_DAYS = 70;

describe.runIf(browserAvailable)('journey: a client’s page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('an owner opens their client’s page from My Clients: the booking and its balance, a note, a new phone', async () => {
    const listing = (await openListingsOf(browser, THANDI.email, THANDI.password)).find(
      (candidate) => candidate.type === 'vehicle',
    );
    expect(listing, 'a vehicle of Thandi’s that takes bookings').toBeDefined();
    if (!listing) return;
    const { page, context } = await newPage(browser);
    await signIn(page, THANDI.email, THANDI.password);

    // Her own client, and a booking for them made as the business does (the API, signed in as her).
    const stamp = Date.now().toString(36);
    const name = `Ayanda Mthembu${stamp}`;
    const email = `ayanda.${stamp}@example.co.za`;
    const created = await page.request.post('/api/clients', {
      data: { first_name: 'Ayanda', last_name: `Mthembu${stamp}`, email },
    });
    expect(created.status(), await created.text()).toBe(201);
    const client = (await created.json()) as { id: string };
    const stay = await firstFreeStay(page, listing.id, 1, SKIP_DAYS);
    const booked = await page.request.post('/api/reservations', {
      data: { property_id: listing.id, start_date: stay.start, end_date: stay.end, client_id: client.id },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const booking = (await booked.json()) as { reference: string; total_price_cents: number };

    // My Clients → her card → View.
    await page.goto('/tenant-management');
    await page.getByRole('textbox', { name: 'Search clients' }).fill(`Mthembu${stamp}`);
    const card = page.getByRole('article', { name });
    await expect.poll(() => page.getByRole('article').count()).toBe(1);
    await card.getByRole('link', { name: `View ${name}` }).click();
    await page.waitForURL(new RegExp(`/tenant-management/${client.id}$`));
    await expect.poll(() => page.getByRole('heading', { name, level: 1 }).isVisible()).toBe(true);

    // The booking, with its balance: unbilled and unpaid, the whole total is due.
    const due = new Intl.NumberFormat('en-ZA', {
      style: 'currency',
      currency: 'ZAR',
      minimumFractionDigits: 2,
    })
      .format(booking.total_price_cents / 100)
      .replace(',', '.');
    const row = page.getByRole('row').filter({ hasText: booking.reference });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByText('Pending').isVisible()).toBe(true);
    expect(await row.getByText(listing.title).isVisible()).toBe(true);
    const totals = page.getByLabel('Totals');
    await expect.poll(() => totals.getByText(due).count()).toBe(2);
    await expectAccessible(page, 'client page');

    // A private note.
    await page
      .getByRole('textbox', { name: 'Private notes' })
      .fill('Collects the car at 07:00; pays by EFT.');
    await page.getByRole('button', { name: 'Save Notes' }).click();
    await expect.poll(() => page.getByText('Notes saved').isVisible()).toBe(true);

    // Edit: a new phone number.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const form = page.getByRole('form', { name: 'Edit client' });
    await form.getByRole('textbox', { name: 'Phone' }).fill('082 555 1234');
    await expectAccessible(page, 'edit client dialog');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => page.getByText('Client updated successfully').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('082 555 1234').isVisible()).toBe(true);

    // After a reload the note and the phone are still there.
    await page.reload();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Private notes' }).inputValue())
      .toBe('Collects the car at 07:00; pays by EFT.');
    expect(await page.getByText('082 555 1234').isVisible()).toBe(true);

    // The booking opens in the reservation editor.
    await row.getByRole('button', { name: `Open booking ${booking.reference}` }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Edit Reservation' }).isVisible()).toBe(true);
    await context.close();
  });
});
