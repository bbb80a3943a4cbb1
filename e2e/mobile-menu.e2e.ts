import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserAvailable,
  CALENDAR_URL,
  expectAccessible,
  launchBrowser,
  newPage,
  signIn,
} from './support/browser.ts';

describe.runIf(browserAvailable)('journey: the mobile menu at 375 px', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('shows Search for Rentals and Login when signed out, and the role links when signed in', async () => {
    const { page, context } = await newPage(browser, { width: 375, height: 740 });
    await page.goto('/');
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect.poll(() => menu.getByRole('link', { name: 'Search for Rentals' }).isVisible()).toBe(true);
    expect(await menu.getByRole('link', { name: 'Login' }).isVisible()).toBe(true);
    await expectAccessible(page, 'mobile menu (signed out)');
    await menu.getByRole('link', { name: 'Search for Rentals' }).click();
    await page.waitForURL(/\/properties$/);

    await signIn(page, 'thandi@rentza.test', 'Owner#2026');
    // Owners land on Today (docs/decisions/055).
    await expect.poll(() => page.getByRole('heading', { name: 'Today', level: 1 }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect.poll(() => menu.getByRole('link', { name: 'Calendar' }).isVisible()).toBe(true);
    for (const label of [
      'Today',
      'Calendar',
      'Property Management',
      'Reservation Management',
      'Client Management',
      'User Management',
      'Reports',
      'Property Rates',
      'Stock Items',
      'Ad Hoc Charge Types',
    ]) {
      expect(await menu.getByRole('link', { name: label }).isVisible(), label).toBe(true);
    }
    // An owner's own bookings of other listings (as a guest) are under their account (decision 033).
    expect(await menu.getByRole('link', { name: 'My Reservations' }).count()).toBe(1);
    // The billing section says what it holds; the owner's Subscription is in the menu (issue 21).
    expect(await menu.getByText('Rates and catalogues').isVisible()).toBe(true);
    expect(await menu.getByRole('link', { name: 'Subscription' }).isVisible()).toBe(true);
    await expectAccessible(page, 'mobile menu (owner)');
    await menu.getByRole('link', { name: 'Calendar' }).click();
    await page.waitForURL(CALENDAR_URL);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await context.close();
  });
});
