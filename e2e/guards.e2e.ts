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

describe.runIf(browserAvailable)('journey: route guards', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('sends a signed-out visitor to login with a returnUrl and back after signing in', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/calendar');
    await page.waitForURL(/\/login\?returnUrl=%2Fcalendar$/);
    await expectAccessible(page, 'login');
    await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
    await page.getByRole('textbox', { name: 'Email' }).blur();
    await expect.poll(() => page.getByText('Please enter a valid email').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Login' }).isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: 'Email' }).fill('sipho@rentza.test');
    await page.getByLabel(/^Password/).fill('wrong-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect
      .poll(() =>
        page.getByText('Invalid email or password. Please check your credentials and try again.').isVisible(),
      )
      .toBe(true);
    await page.getByLabel(/^Password/).fill('Staff#2026');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(CALENDAR_URL);
    await context.close();
  });

  it('sends a signed-in user without the role home (their landing, never the hero), and unknown paths home', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'lerato@rentza.test', 'Client#2026');
    await page.waitForURL((url) => url.pathname === '/my-reservations');
    await page.goto('/reservation-management');
    // Home for a signed-in client is their bookings (docs/decisions/045).
    await page.waitForURL((url) => url.pathname === '/my-reservations');
    // Sent home, and told why.
    await expect
      .poll(() => page.getByText('That page is not available to your account').isVisible())
      .toBe(true);
    expect(
      await page
        .getByText(
          'Reservation Management is for owners, admins and staff with the Reservations permission. You are signed in as a client, so we took you to the home page.',
        )
        .isVisible(),
    ).toBe(true);
    await expect.poll(() => page.getByRole('heading', { name: 'My Reservations' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Featured Properties' }).count()).toBe(0);
    await expectAccessible(page, 'home after a refused page');
    await page.goto('/no/such/page');
    await page.waitForURL((url) => url.pathname === '/my-reservations');
    await expect.poll(() => page.getByText('Page not found').isVisible()).toBe(true);
    expect(
      await page.getByText('There is no page at that address, so we took you to the home page.').isVisible(),
    ).toBe(true);
    await page.goto('/reservation');
    await page.waitForURL((url) => url.pathname === '/my-reservations');
    await context.close();
  });

  it('returns an owner to the last visited route after signing in again', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'thandi@rentza.test', 'Owner#2026');
    await page.waitForURL(/\/today$/);
    await page.goto('/billing/rates');
    await expect.poll(() => page.getByRole('heading', { name: 'Property Rates' }).isVisible()).toBe(true);
    await context.clearCookies();
    await signIn(page, 'thandi@rentza.test', 'Owner#2026');
    await page.waitForURL(/\/billing\/rates$/);
    await context.close();
  });
});
