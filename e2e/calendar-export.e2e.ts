import type { Browser } from 'playwright-core';
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

/**
 * Calendar export (issue 22 item 2, docs/decisions/052): an owner opens a listing's Calendar sync
 * from Property Management, copies the feed URL, the feed shows the listing's booking by its
 * reference, and a reset makes the old URL answer 404.
 */
describe.runIf(browserAvailable)('journey: an owner exports a listing’s calendar', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('copies the feed URL, finds the booking in it, resets it and the old URL is gone', async () => {
    const owner = await newPage(browser);
    const account = await registerVerifiedClient(owner.page, 'Lindiwe', 'Mokoena', 'owner');
    await signIn(owner.page, account.email, account.password);
    const title = `Hogsback cottage ${Date.now()}`;
    const listingId = await createCottage(owner.page, {
      title,
      description: 'A stone cottage in the Amathole forest.',
      city: 'Hogsback',
      location: 'Main Road, Hogsback',
      pricePerNightCents: 80_000,
    });
    const start = addDays(todayInBusinessZone(), 12);
    const booked = await owner.page.request.post('/api/reservations', {
      headers: { origin: baseUrl },
      data: {
        property_id: listingId,
        start_date: start,
        end_date: addDays(start, 3),
        new_client: {
          first_name: 'Ayanda',
          last_name: 'Khumalo',
          email: `ayanda.${Date.now()}@example.co.za`,
        },
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const { reference } = (await booked.json()) as { reference: string };

    await owner.page.goto('/property-management');
    await owner.page
      .getByRole('link', { name: `Calendar sync: ${title}` })
      .first()
      .click();
    await expect
      .poll(() => owner.page.getByRole('heading', { name: 'Calendar sync', level: 1 }).isVisible())
      .toBe(true);
    await expect.poll(() => owner.page.getByText(title).first().isVisible()).toBe(true);
    const field = owner.page.getByRole('textbox', { name: 'Calendar link (iCal)' });
    await expect.poll(() => field.inputValue(), { timeout: 15_000 }).toMatch(/\/ical\/[\w-]{43}\.ics$/);
    await owner.page.getByRole('button', { name: 'Copy link' }).click();
    await expect.poll(() => owner.page.getByText('Copied').first().isVisible()).toBe(true);
    const oldUrl = await field.inputValue();

    // What Airbnb or Google would fetch: no session, the booking by its reference, no client name.
    const feed = await fetch(oldUrl);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const body = await feed.text();
    expect(body).toContain(`SUMMARY:Reserved`);
    expect(body).toContain(reference);
    expect(body).toContain(`DTSTART;VALUE=DATE:${start.replaceAll('-', '')}`);
    expect(body).not.toContain('Khumalo');
    await expectAccessible(owner.page, 'calendar sync page');

    await owner.page.getByRole('button', { name: 'Reset link' }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Reset calendar link?' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectAccessible(owner.page, 'reset calendar link dialog');
    await dialog.getByRole('button', { name: 'Reset link' }).click();
    await expect.poll(() => owner.page.getByText(/Calendar link reset/).isVisible()).toBe(true);
    await expect.poll(() => field.inputValue()).not.toBe(oldUrl);
    const newUrl = await field.inputValue();
    expect((await fetch(oldUrl)).status).toBe(404);
    const fresh = await fetch(newUrl);
    expect(fresh.status).toBe(200);
    expect(await fresh.text()).toContain(reference);
    await owner.context.close();
  });
});
