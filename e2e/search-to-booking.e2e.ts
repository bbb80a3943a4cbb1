import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatDisplayDate, todayInBusinessZone } from '../domain/dates.ts';
import { formatRand } from '../domain/money.ts';
import {
  baseUrl,
  browserAvailable,
  expectAccessible,
  launchBrowser,
  newPage,
  openMailLink,
  registerVerifiedClient,
  signIn,
} from './support/browser.ts';

/** A word found in no other listing, so a search finds this journey's listing only. */
const tag = `Zqpath${Date.now().toString(36)}`;
const PRICE = 80_000;
const CLEANING = 20_000;
const STREET = '17 Jacaranda Street';
const AREA = 'Melville, Johannesburg';
/** Three nights well clear of today, on this journey's own listing. */
const checkIn = addDays(todayInBusinessZone(), 40);
const checkOut = addDays(checkIn, 3);
const TOTAL = formatRand(3 * PRICE + CLEANING);
const asField = (day: string) => day.split('-').reverse().join('/');
/** A day button of an open date picker (Mantine names it "10 January 2027"). */
const pickerDayName = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });

async function createListing(page: Page): Promise<string> {
  const response = await page.request.post('/api/properties', {
    headers: { origin: baseUrl },
    data: {
      type: 'accommodation',
      category: 'apartment',
      title: `Jacaranda flat ${tag}`,
      description: 'A light flat under the jacarandas, a walk from 7th Street.',
      city: 'Johannesburg',
      location: `${STREET}, ${AREA}`,
      price_per_day_cents: PRICE,
      cleaning_fee_cents: CLEANING,
      specifications: { type: 'accommodation', bedrooms: 2, bathrooms: 1, maxOccupants: 4, maxGuests: 4 },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Opens a date field's picker (the real one loads lazily: click again until it shows) and clicks a day. */
async function pickDay(page: Page, field: string, day: string): Promise<void> {
  const input = page.getByRole('button', { name: field, exact: true });
  const dropdown = page.locator('[data-dates-dropdown]');
  await expect
    .poll(
      async () => {
        if (!(await dropdown.isVisible())) await input.click();
        return dropdown.isVisible();
      },
      { interval: 500, timeout: 15_000 },
    )
    .toBe(true);
  const button = dropdown.getByRole('button', { name: pickerDayName(day), exact: true });
  for (let turns = 0; turns < 4 && !(await button.isVisible()); turns++) {
    await dropdown.locator('[data-direction="next"]').first().click();
  }
  await button.click();
  await expect.poll(() => input.textContent()).toBe(asField(day));
}

describe.runIf(browserAvailable)('journey: from a search to the booking page, nothing chosen is lost', () => {
  let browser: Browser;
  let listingId: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    const owner = await newPage(browser);
    const account = await registerVerifiedClient(owner.page, 'Lindiwe', 'Mokoena', 'owner');
    await signIn(owner.page, account.email, account.password);
    listingId = await createListing(owner.page);
    await owner.context.close();
  });
  afterAll(async () => browser?.close());

  it('search with dates → listing with its calendar and total → Book Now → register → verify → sign in → the booking page keeps the dates and guests', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/');
    await page.getByRole('textbox', { name: 'Search' }).fill(tag);
    await pickDay(page, 'Check-in', checkIn);
    await pickDay(page, 'Check-out', checkOut);
    await page.getByRole('textbox', { name: 'Guests' }).fill('2');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('checkIn') === checkIn);

    // The card names the area (never the street) and the total for the searched nights.
    const card = page.locator('.mantine-Card-root').filter({ hasText: tag });
    await expect.poll(() => card.getByText(`Total ${TOTAL} for your dates`).isVisible()).toBe(true);
    expect(await card.textContent()).not.toContain(STREET);
    await card
      .getByRole('link', { name: new RegExp(tag) })
      .last()
      .click();
    await page.waitForURL(new RegExp(`/property/${listingId}\\?`));
    const carried = new URL(page.url()).searchParams;
    expect([carried.get('checkIn'), carried.get('checkOut'), carried.get('guests')]).toEqual([
      checkIn,
      checkOut,
      '2',
    ]);

    // The listing shows its calendar with the chosen nights and their total; the area, not the street.
    await expect.poll(() => page.getByText('Availability for the next 3 months').isVisible()).toBe(true);
    const firstNight = page.getByRole('button', { name: new RegExp(`^${formatDisplayDate(checkIn)},`) });
    await expect.poll(() => firstNight.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.getByText(`Total for these dates: ${TOTAL}`).isVisible()).toBe(true);
    expect(await page.getByText(AREA).first().isVisible()).toBe(true);
    expect(await page.locator('main').textContent()).not.toContain(STREET);
    await expectAccessible(page, 'listing with its availability calendar');

    // Book Now while signed out → login → Register as a new client.
    await page.getByRole('link', { name: 'Book Now' }).click();
    await page.waitForURL(/\/login\?returnUrl=/);
    await page.getByRole('main').getByRole('link', { name: 'Register' }).click();
    await page.waitForURL(/\/register\?returnUrl=/);
    const email = `thabo.${Date.now()}@example.co.za`;
    const password = 'Client!2026';
    await page.getByRole('textbox', { name: 'First name' }).fill('Thabo');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Nkosi');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await page.getByRole('textbox', { name: 'Confirm password' }).fill(password);
    await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
    const create = page.getByRole('button', { name: 'Create Account' });
    await expect.poll(() => create.isEnabled()).toBe(true);
    await create.click();
    await page.waitForURL(/\/verify-email\?email=.*returnUrl=/, { timeout: 30_000 });

    // The link in the email verifies, then opens login; signing in lands on the booking page as chosen.
    await openMailLink(page, email, /verify/i);
    await page.waitForURL(/\/login\?verified=1&returnUrl=/);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(new RegExp(`/reservation/${listingId}\\?`), { timeout: 30_000 });
    await expect
      .poll(() => page.getByRole('button', { name: 'Start date' }).textContent(), { timeout: 15_000 })
      .toBe(asField(checkIn));
    expect(await page.getByRole('button', { name: 'End date' }).textContent()).toBe(asField(checkOut));
    expect(await page.getByRole('textbox', { name: 'Guests' }).inputValue()).toBe('2');
    await expect.poll(() => page.getByRole('button', { name: 'Confirm Reservation' }).isEnabled()).toBe(true);
    await context.close();
  });

  it('on a phone, Search brings the results into view', async () => {
    const { page, context } = await newPage(browser, { width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('textbox', { name: 'Search' }).fill(tag);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/type=accommodation/);
    const heading = page.getByRole('heading', { name: 'Search results' });
    await expect
      .poll(() =>
        heading.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return window.scrollY > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
        }),
      )
      .toBe(true);
    await context.close();
  });
});
