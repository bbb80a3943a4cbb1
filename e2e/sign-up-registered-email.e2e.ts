import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserAvailable,
  expectAccessible,
  launchBrowser,
  newPage,
  openMailLink,
} from './support/browser.ts';

/**
 * Registering with an address that already has an account looks exactly like a new registration
 * (nobody learns which addresses are registered, docs/decisions/024); the account holder is emailed
 * instead and signs in from that email.
 */
describe.runIf(browserAvailable)('journey: sign-up with a registered email', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('shows the same "Verify Your Email" screen, and the holder signs in from the email they get', async () => {
    const { page, context } = await newPage(browser);
    const email = 'lerato@rentza.test';

    await page.goto('/register');
    await page.getByLabel('First name').fill('Lerato');
    await page.getByLabel('Last name').fill('Dlamini');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Rent a Property').check();
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('An0ther!Pass');
    await page.getByLabel('Confirm password').fill('An0ther!Pass');
    await page.getByLabel(/I accept the/).check();
    await page.getByRole('button', { name: 'Create Account' }).click();

    await page.waitForURL(/\/verify-email\?email=/);
    await expect.poll(() => page.getByRole('heading', { name: 'Verify Your Email' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(email).isVisible()).toBe(true);
    await expectAccessible(page, 'verify-email after a registered address');

    await openMailLink(page, email, /Someone tried to register with your email on Rentza/);
    await page.waitForURL(/\/login$/);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    // The attempt changed nothing: the account's own password still signs in.
    await page.getByLabel(/^Password/).fill('Client#2026');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
    await context.close();
  });
});
