import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pieterOpenListings } from './support/booking.ts';
import {
  browserAvailable,
  expectAccessible,
  launchBrowser,
  newPage,
  registerVerifiedClient,
  signIn,
} from './support/browser.ts';

/** Portalled menus and pickers must sit in a landmark, and the page's headings keep their order. */
const ALSO_REQUIRED = ['region', 'heading-order'];

/**
 * A page on a slow phone's CPU: Chromium runs its main thread four times slower until `fullSpeed`,
 * which a test calls once the click it races has landed. Axe's findings do not depend on the CPU's
 * speed, only its time does (four times as long, for nothing).
 */
async function slowPage(
  browser: Browser,
): Promise<{ context: BrowserContext; page: Page; fullSpeed: () => Promise<void> }> {
  const made = await newPage(browser);
  const cdp = await made.context.newCDPSession(made.page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const fullSpeed = async () => {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  };
  return { ...made, fullSpeed };
}

const picker = (page: Page) => page.getByRole('dialog', { name: 'Choose a date' });

/**
 * Clicks a date field the moment it is on the screen (its stand-in, if the picker's code has not
 * loaded yet) and expects its calendar to open, with named month buttons.
 */
async function clickAtOnce(page: Page, field: Locator): Promise<void> {
  await field.waitFor({ state: 'visible', timeout: 30_000 });
  await field.click({ timeout: 30_000 });
  await expect.poll(() => picker(page).isVisible(), { timeout: 30_000 }).toBe(true);
  await expect.poll(() => picker(page).getByRole('button', { name: 'Next month' }).count()).toBe(1);
  expect(await picker(page).getByRole('button', { name: 'Previous month' }).count()).toBe(1);
}

async function closePicker(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await expect.poll(() => picker(page).count()).toBe(0);
}

async function openSelect(page: Page, name: string): Promise<void> {
  const select = page.getByRole('combobox', { name });
  await select.click();
  await expect.poll(() => select.getAttribute('aria-expanded')).toBe('true');
  await expect.poll(() => page.getByRole('listbox').isVisible()).toBe(true);
}

async function openUserMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Account menu for/ }).click();
  await expect.poll(() => page.getByRole('menu').isVisible()).toBe(true);
}

describe.runIf(browserAvailable)('journey: a click on a date field is never lost', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  /**
   * On a throttled page at `path`: the date field clicked as it appears opens its calendar; axe with
   * the calendar open, then with the select named `select` open.
   */
  async function pickerThenSelect(path: string, dateField: string, select: string): Promise<void> {
    const { page, context, fullSpeed } = await slowPage(browser);
    await page.goto(path);
    await clickAtOnce(page, page.getByRole('button', { name: dateField }));
    await fullSpeed();
    await expectAccessible(page, `${path} with the ${dateField} picker open`, ALSO_REQUIRED);
    await closePicker(page);
    await openSelect(page, select);
    await expectAccessible(page, `${path} with the ${select} select open`, ALSO_REQUIRED);
    await context.close();
  }

  it('home: Check-in clicked as it appears opens its calendar; axe with the picker and a select open', async () => {
    await pickerThenSelect('/', 'Check-in', 'Property type');
  });

  it('/properties: Dates clicked as it appears opens its calendar; axe with the picker and a select open', async () => {
    await pickerThenSelect('/properties', 'Dates', 'Type');
  });

  it('booking page: the start date clicked as it appears opens its calendar; axe with it and the user menu open', async () => {
    const open = await pieterOpenListings(browser);
    const listing = open.find((candidate) => candidate.type === 'accommodation');
    expect(listing, 'a demo accommodation of Pieter that takes bookings').toBeDefined();
    if (!listing) return;
    const { page, context, fullSpeed } = await slowPage(browser);
    const account = await registerVerifiedClient(page, 'Zanele', 'Mokoena');
    await signIn(page, account.email, account.password);
    await page.goto(`/reservation/${listing.id}`);
    await clickAtOnce(page, page.getByRole('button', { name: 'Start date' }));
    await fullSpeed();
    await expectAccessible(page, 'booking page with the start date picker open', ALSO_REQUIRED);
    await closePicker(page);
    await openUserMenu(page);
    await expectAccessible(page, 'booking page with the user menu open', ALSO_REQUIRED);
    await context.close();
  });

  it('/subscription plans: the plan cards keep the heading order; axe with the user menu open', async () => {
    const { page, context } = await newPage(browser);
    const owner = await registerVerifiedClient(page, 'Nomvula', 'Sithole', 'owner');
    await signIn(page, owner.email, owner.password);
    await page.goto('/subscription?tab=plans');
    await expect.poll(() => page.getByRole('article').count(), { timeout: 30_000 }).toBeGreaterThan(1);
    const levels = await page
      .getByRole('article')
      .first()
      .getByRole('heading')
      .evaluateAll((headings) => headings.map((heading) => heading.tagName));
    expect(levels[0], 'a plan card’s name is the heading under the page’s h1').toBe('H2');
    await expectAccessible(page, '/subscription plans', ALSO_REQUIRED);
    await openUserMenu(page);
    await expectAccessible(page, '/subscription plans with the user menu open', ALSO_REQUIRED);
    await context.close();
  });
});
