import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserAvailable,
  expectAccessible,
  launchBrowser,
  newPage,
  registerVerifiedClient,
  signIn,
} from './support/browser.ts';

describe.runIf(browserAvailable)('journey: a client switches email notifications off', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  // A client of its own, not the demo client: journeys run side by side, and another one checks the
  // demo client's booking emails, which this switch would hold back.
  it('profile → email notifications off → reload → still off; no SMS switch without a provider', async () => {
    const { page, context } = await newPage(browser);
    const client = await registerVerifiedClient(page, 'Zanele', 'Khumalo');
    await signIn(page, client.email, client.password);

    await page.goto('/profile');
    const email = page.getByRole('switch', { name: 'Email notifications' });
    await expect.poll(() => email.isChecked()).toBe(true);
    expect(await page.getByRole('switch', { name: 'SMS notifications' }).count()).toBe(0);
    expect(await page.getByRole('switch', { name: 'In-app notifications' }).isChecked()).toBe(true);
    await expectAccessible(page, 'profile with notification settings');

    await email.click();
    await expect.poll(() => page.getByText('Notification settings saved').isVisible()).toBe(true);
    expect(await email.isChecked()).toBe(false);

    await page.reload();
    await expect.poll(() => page.getByRole('switch', { name: 'Email notifications' }).isVisible()).toBe(true);
    expect(await page.getByRole('switch', { name: 'Email notifications' }).isChecked()).toBe(false);
    await expectAccessible(page, 'profile after reload');
    await context.close();
  });
});
