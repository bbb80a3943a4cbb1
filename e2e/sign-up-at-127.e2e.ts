import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  browserAvailable,
  expectAccessible,
  launchBrowser,
  newPage,
  openMailLink,
} from './support/browser.ts';

describe.runIf(browserAvailable)('journey: with no PUBLIC_URL, the app works opened at 127.0.0.1', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('creates an account at http://127.0.0.1:PORT, verifies it from the dev mailbox and logs in there', async () => {
    // The server runs without PUBLIC_URL (e2e/support/global-setup.ts) and defaults to localhost.
    const loopback = baseUrl.replace('//localhost:', '//127.0.0.1:');
    expect(loopback).not.toBe(baseUrl);
    const { page, context } = await newPage(browser, { baseURL: loopback });
    const email = `kagiso.${Date.now()}@example.co.za`;

    await page.goto('/register');
    await page.getByLabel('First name').fill('Kagiso');
    await page.getByLabel('Last name').fill('Sithole');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Kagiso#2026');
    await page.getByLabel('Confirm password').fill('Kagiso#2026');
    await page.getByLabel(/I accept the/).check();
    await expectAccessible(page, 'register at 127.0.0.1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(/\/verify-email\?email=/);
    expect(new URL(page.url()).origin).toBe(loopback);
    expect(await page.getByText('An unexpected error occurred', { exact: false }).count()).toBe(0);
    await expect.poll(() => page.getByText(email).isVisible()).toBe(true);

    // The emailed link keeps the server's default address; it verifies the account.
    await openMailLink(page, email, /Verify your email/);
    await page.waitForURL(/\/login\?verified=1/);
    await expect
      .poll(() => page.getByText('Your email address is verified. You can now log in.').isVisible())
      .toBe(true);

    // Back at the address the person opened the app at, logging in works.
    await page.goto(`${loopback}/login`);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Kagiso#2026');
    // A filled button under the pointer keeps its text readable (its hover shade is darker, not lighter).
    await page.getByRole('button', { name: 'Login' }).hover();
    await expectAccessible(page, 'login at 127.0.0.1, pointer on Login');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    expect(new URL(page.url()).origin).toBe(loopback);
    await expect
      .poll(() => page.getByRole('button', { name: /Account menu for Kagiso Sithole/ }).isVisible())
      .toBe(true);
    await expectAccessible(page, 'home at 127.0.0.1, signed in');
    await context.close();
  });
});
