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
import { clickPickerDay } from './support/date-picker.ts';

const headers = { origin: baseUrl };
const today = todayInBusinessZone();

interface Booked {
  id: string;
  reference: string;
}

async function book(page: Page, body: Record<string, unknown>): Promise<Booked> {
  const response = await page.request.post('/api/reservations', { headers, data: body });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Booked;
}

describe.runIf(browserAvailable)('journey: Reservation Management list tools', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('sorts, filters by dates picked on the picker, pages, bulk-confirms two and names the booking to delete', async () => {
    const owner = await newPage(browser, { width: 1280, height: 900 });
    const guest = await newPage(browser);
    const tag = `${Date.now()}`.slice(-7);
    const account = await registerVerifiedClient(owner.page, 'Nandi', 'Owner', 'owner');
    await signIn(owner.page, account.email, account.password);
    const created = await owner.page.request.post('/api/properties', {
      headers,
      data: {
        type: 'accommodation',
        category: 'cottage',
        title: `List cottage ${tag}`,
        description: 'A cottage for the list journey.',
        city: 'Polokwane',
        location: 'Bendor, Polokwane',
        price_per_day_cents: 50_000,
        specifications: { type: 'accommodation', bedrooms: 1, bathrooms: 1, maxOccupants: 2, maxGuests: 2 },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const listing = (await created.json()) as { id: string };
    // Four bookings by the business (a free plan takes five a month) of 1…4 nights, so each total
    // differs, and two client requests (counted when accepted): six rows.
    const stays: Booked[] = [];
    for (const [index, start] of [10, 20, 30, 40].entries())
      stays.push(
        await book(owner.page, {
          property_id: listing.id,
          start_date: addDays(today, start),
          end_date: addDays(today, start + index + 1),
          guests: 1,
          new_client: {
            first_name: `Guest${index + 1}`,
            last_name: `List${tag}`,
            email: `g${index}.${tag}@example.co.za`,
          },
        }),
      );
    const client = await registerVerifiedClient(guest.page, 'Sipho', `List${tag}`);
    await signIn(guest.page, client.email, client.password);
    for (const start of [60, 70])
      await book(guest.page, {
        property_id: listing.id,
        start_date: addDays(today, start),
        end_date: addDays(today, start + 2),
        guests: 1,
      });

    const page = owner.page;
    await page.goto('/reservation-management');
    const rows = page.locator('tbody tr');
    await expect.poll(() => page.getByText('6 reservations').isVisible()).toBe(true);

    // Sort by total, cheapest first: the one-night stay leads.
    await page.getByRole('button', { name: 'Total' }).click();
    await expect
      .poll(() => page.getByRole('columnheader', { name: 'Total' }).getAttribute('aria-sort'))
      .toBe('ascending');
    await expect.poll(() => rows.first().textContent()).toContain(stays[0]?.reference);
    await page.getByRole('button', { name: 'Total' }).click();
    await expect.poll(() => rows.first().textContent()).toContain(stays[3]?.reference);

    // Five a page: two pages.
    await page.getByRole('combobox', { name: 'Rows per page' }).click();
    await page.getByRole('option', { name: '5', exact: true }).click();
    await expect.poll(() => rows.count()).toBe(5);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect.poll(() => rows.count()).toBe(1);

    // Dates picked on the picker: the stay of days 20–22 is the only one overlapping days 19–21.
    await page.getByRole('button', { name: 'Dates' }).click();
    await clickPickerDay(page, addDays(today, 19));
    await clickPickerDay(page, addDays(today, 21));
    await expect.poll(() => page.getByText('1 reservation', { exact: true }).isVisible()).toBe(true);
    expect(await rows.first().textContent()).toContain(stays[1]?.reference);
    await page.getByRole('button', { name: 'Clear dates filter' }).click();
    await expect.poll(() => page.getByText('6 reservations').isVisible()).toBe(true);

    // Bulk-confirm two (all six on one page again).
    await page.getByRole('combobox', { name: 'Rows per page' }).click();
    await page.getByRole('option', { name: '25', exact: true }).click();
    await expect.poll(() => rows.count()).toBe(6);
    await page.getByRole('checkbox', { name: `Select reservation ${stays[0]?.reference}` }).check();
    await page.getByRole('checkbox', { name: `Select reservation ${stays[1]?.reference}` }).check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await expect.poll(() => bar.getByText('2 selected').isVisible()).toBe(true);
    // axe with the bulk bar and a row's menu open.
    await page
      .getByRole('button', { name: `Documents for List cottage ${tag}` })
      .first()
      .click();
    await expect.poll(() => page.getByRole('menu').isVisible()).toBe(true);
    await expectAccessible(page, 'reservation management with the bulk bar and a menu open');
    await page.keyboard.press('Escape');
    await bar.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.getByText('2 done, 0 refused').isVisible()).toBe(true);
    expect(await page.getByText(`${stays[0]?.reference}: done`).isVisible()).toBe(true);
    const confirmed = page.locator('tbody tr').filter({ hasText: stays[1]?.reference ?? '' });
    await expect.poll(() => confirmed.getByText('Confirmed').isVisible()).toBe(true);

    // The delete confirmation names the booking.
    await page
      .getByRole('button', { name: `Delete reservation ${stays[2]?.reference} for List cottage ${tag}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Delete reservation ${stays[2]?.reference}` });
    await expect
      .poll(() => dialog.getByText('Are you sure you want to delete this reservation?').isVisible())
      .toBe(true);
    expect(await dialog.textContent()).toContain(`List cottage ${tag}`);
    expect(await dialog.textContent()).toContain(`Guest3 List${tag}`);
    await expectAccessible(page, 'the delete confirmation');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await Promise.all([owner.context.close(), guest.context.close()]);
  });

  it('at 1280 px every status badge shows its whole word beside long hourly dates', async () => {
    const { page, context } = await newPage(browser, { width: 1280, height: 900 });
    await signIn(page, 'thandi@rentza.test', 'Owner#2026');
    await page.goto('/reservation-management');
    const badges = page.locator('tbody .mantine-Badge-label');
    await expect.poll(() => badges.count()).toBeGreaterThan(0);
    // Thandi's demo venues have hourly bookings ("21 December 2026 14:00"), the widest rows.
    await expect
      .poll(() =>
        page
          .locator('tbody')
          .getByText(/\d{2}:\d{2}/)
          .count(),
      )
      .toBeGreaterThan(0);
    const clipped = await badges.evaluateAll((labels) =>
      labels.filter((label) => label.scrollWidth > label.clientWidth).map((label) => label.textContent),
    );
    expect(clipped).toEqual([]);
    await context.close();
  });
});
