import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInBusinessZone } from '../domain/dates.ts';
import {
  baseUrl,
  browserAvailable,
  expectAccessible,
  launchBrowser,
  newPage,
  registerVerifiedClient,
  signIn,
} from './support/browser.ts';
import { createCottage } from './support/listings.ts';

/** The owner's listing and one booking of it, made through the API (the journey is about deleting it). */
async function listingWithBooking(page: Page, title: string): Promise<string> {
  const headers = { origin: baseUrl };
  const id = await createCottage(page, {
    title,
    description: 'A stone cottage under the Magaliesberg.',
    city: 'Polokwane',
    location: 'Bendor, Polokwane',
    pricePerNightCents: 85_000,
  });
  const today = todayInBusinessZone();
  const booked = await page.request.post('/api/reservations', {
    headers,
    data: {
      property_id: id,
      start_date: addDays(today, 10),
      end_date: addDays(today, 12),
      guests: 1,
      new_client: {
        first_name: 'Bongani',
        last_name: 'Mahlangu',
        email: `bongani.${Date.now()}@example.co.za`,
      },
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  return id;
}

describe.runIf(browserAvailable)('journey: deleting a listing that has reservations archives it', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('the confirm says it will be archived; it leaves search; its reservation still shows it, marked; the owner restores it', async () => {
    const { page, context } = await newPage(browser);
    const owner = await registerVerifiedClient(page, 'Zanele', 'Khumalo', 'owner');
    await signIn(page, owner.email, owner.password);
    // Owners land on Today (docs/decisions/045, 055).
    await page.waitForURL(/\/today$/);
    await page.goto('/property-management');
    const tag = `Kloof${Date.now()}`;
    const title = `Stone cottage ${tag}`;
    await listingWithBooking(page, title);
    const search = `/?type=accommodation&city=Polokwane&q=${tag}`;
    await page.goto(search);
    await expect.poll(() => page.getByRole('link', { name: title }).first().isVisible()).toBe(true);

    // Delete from the card: the confirm says it will be archived, not deleted.
    await page.goto('/property-management');
    const card = page.locator('.mantine-Card-root').filter({ hasText: title });
    await card.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Archive property' });
    await expect
      .poll(() => dialog.getByText(/it will be archived instead of deleted/).isVisible())
      .toBe(true);
    expect(await dialog.getByText('Are you sure you want to delete this property?').isVisible()).toBe(true);
    await expectAccessible(page, 'archive property confirm');
    await dialog.getByRole('button', { name: 'Archive' }).click();
    await expect.poll(() => page.getByText('Property archived successfully').isVisible()).toBe(true);
    await expect.poll(() => card.getByText('Archived', { exact: true }).isVisible()).toBe(true);
    expect(await card.getByRole('button', { name: 'Restore' }).isVisible()).toBe(true);
    expect(await card.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await expectAccessible(page, 'property management with an archived listing');

    // Gone from search.
    await page.goto(search);
    await expect.poll(() => page.getByText(/No properties found/).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: title }).count()).toBe(0);

    // Its reservation still shows it, marked archived.
    await page.goto('/reservation-management');
    const row = page.getByRole('row').filter({ hasText: title });
    await expect.poll(() => row.getByText('Archived', { exact: true }).isVisible()).toBe(true);
    expect(await row.getByText('Bongani Mahlangu').isVisible()).toBe(true);
    await expectAccessible(page, 'reservation management with an archived listing');

    // The owner restores it: live again and back in search.
    await page.goto('/property-management');
    await card.getByRole('button', { name: 'Restore' }).click();
    await expect.poll(() => page.getByText('Property restored successfully').isVisible()).toBe(true);
    await expect.poll(() => card.getByText('Archived', { exact: true }).count()).toBe(0);
    expect(await card.getByRole('link', { name: 'Create Reservation' }).isVisible()).toBe(true);
    await page.goto(search);
    await expect.poll(() => page.getByRole('link', { name: title }).first().isVisible()).toBe(true);
    await context.close();
  });
});
