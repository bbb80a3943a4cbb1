import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserAvailable,
  expectAccessible,
  launchBrowser,
  newPage,
  openMailLink,
  signIn,
} from './support/browser.ts';

describe.runIf(browserAvailable)('journey: forgot password round trip through the dev mailbox', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('requests a reset link, follows it, sets a new password and signs in with it', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(/\/forgot-password$/);
    await expect.poll(() => page.getByRole('heading', { name: 'Reset Password' }).isVisible()).toBe(true);
    await expectAccessible(page, 'forgot-password');
    await page.getByRole('textbox', { name: 'Email' }).fill('pieter@rentza.test');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect
      .poll(() => page.getByText(/You can request another link in \d+ seconds/).isVisible())
      .toBe(true);
    expect(await page.getByRole('button', { name: 'Send Reset Link' }).isDisabled()).toBe(true);

    await openMailLink(page, 'pieter@rentza.test', /Reset your Rentza password/);
    await page.waitForURL(/\/reset-password\?token=/);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Choose a new password' }).isVisible())
      .toBe(true);
    await expectAccessible(page, 'reset-password');
    await page.getByLabel(/^New password/).fill('N3w!Password');
    await page.getByLabel('Confirm new password').fill('N3w!Password');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.waitForURL(/\/login$/);

    await signIn(page, 'pieter@rentza.test', 'N3w!Password');
    await page.waitForURL(/\/today$/);
    await context.close();
  });
});
