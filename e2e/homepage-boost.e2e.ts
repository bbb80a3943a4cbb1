import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  browserAvailable,
  expectAccessible,
  launchBrowser,
  newPage,
  signIn,
} from './support/browser.ts';

const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-description', { hasText: text });

/** The Homepage boost panel on Property Management. */
const boostPanel = (page: Page) => page.getByRole('region', { name: 'Homepage boost' });

describe.runIf(browserAvailable)('journey: an owner boosts a listing onto the home page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('Thandi (Business) adds Homepage boost, boosts her oldest listing, sees it first on the home page with the Featured badge, then removes the boost', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'thandi@rentza.test', 'Owner#2026');
    // Owners land on Today (docs/decisions/045, 055).
    await page.waitForURL(/\/today$/);
    await page.goto('/property-management');

    // Without the add-on, Property Management offers it instead of Boost buttons.
    const offer = boostPanel(page).getByRole('link', { name: 'Add Homepage boost' });
    await expect.poll(() => offer.isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /^Boost / }).count()).toBe(0);
    await expectAccessible(page, 'property management, boost offered');

    // The link leads to the Subscription screen, where the add-on is sold.
    await offer.click();
    await page.waitForURL(/\/subscription$/);
    await expect.poll(() => page.getByRole('button', { name: 'Add Homepage boost' }).isVisible()).toBe(true);
    // Added through the endpoint that screen's Add button calls (Business: active now, billed from the
    // next billing date; the subscription journey covers the screen's own steps).
    const started = Date.now();
    const added = await page.request.post('/api/subscription/add-ons/homepage_boost', {
      headers: { origin: baseUrl },
      data: {},
    });
    expect(added.status(), await added.text()).toBe(200);
    expect((await added.json()).outcome, `after ${Date.now() - started} ms`).toBe('added');

    // Her oldest live listing (cards are newest first), then Boost on its card.
    await page.goto('/property-management');
    await expect.poll(() => boostPanel(page).getByText('0 of 3 boosted').isVisible()).toBe(true);
    const boostButtons = page.getByRole('button', { name: /^Boost / });
    await expect.poll(() => boostButtons.count()).toBeGreaterThan(1);
    const label = (await boostButtons.last().getAttribute('aria-label')) ?? '';
    const title = label.replace(/^Boost /, '');
    expect(title).not.toBe('');
    await boostButtons.last().click();
    await expect.poll(() => toast(page, 'Listing boosted').isVisible()).toBe(true);
    await expect.poll(() => boostPanel(page).getByText('1 of 3 boosted').isVisible()).toBe(true);
    const card = page.locator('.mantine-Card-root').filter({ hasText: title });
    expect(await card.getByText('Featured', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: `Remove boost from ${title}` }).isVisible()).toBe(true);
    await expectAccessible(page, 'property management, one listing boosted');

    // The home page (a visitor's: signed in, / leads to her working screen): her listing leads the
    // featured grid, with the Featured badge.
    const visitor = await newPage(browser);
    await visitor.page.goto('/');
    await expect
      .poll(() => visitor.page.getByRole('heading', { name: 'Featured Properties' }).isVisible())
      .toBe(true);
    const firstCard = visitor.page.locator('.mantine-Card-root').first();
    await expect.poll(() => firstCard.getByRole('link', { name: title, exact: true }).isVisible()).toBe(true);
    expect(await firstCard.getByText('Featured', { exact: true }).isVisible()).toBe(true);
    expect(await visitor.page.getByText('Featured', { exact: true }).count()).toBe(1);
    await expectAccessible(visitor.page, 'home with a boosted listing');

    // Search results (every type): first there too, with the badge.
    await page.goto('/?type=');
    await expect
      .poll(() => page.getByRole('link', { name: 'Back to Featured Properties' }).isVisible())
      .toBe(true);
    const firstResult = page.locator('.mantine-Card-root').first();
    await expect
      .poll(() => firstResult.getByRole('link', { name: title, exact: true }).isVisible())
      .toBe(true);
    expect(await firstResult.getByText('Featured', { exact: true }).isVisible()).toBe(true);

    // Removing the boost puts the grid back in its usual order.
    await page.goto('/property-management');
    await page.getByRole('button', { name: `Remove boost from ${title}` }).click();
    await expect.poll(() => toast(page, 'Boost removed').isVisible()).toBe(true);
    await expect.poll(() => boostPanel(page).getByText('0 of 3 boosted').isVisible()).toBe(true);
    await visitor.page.goto('/');
    await expect.poll(() => visitor.page.locator('.mantine-Card-root').count()).toBeGreaterThan(0);
    expect(await visitor.page.getByText('Featured', { exact: true }).count()).toBe(0);
    await visitor.context.close();
    await context.close();
  });
});
