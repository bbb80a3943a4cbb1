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

const HERO = 'Anything. Anywhere. Anytime.';

describe.runIf(browserAvailable)('journey: where each person lands (docs/decisions/045)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('an owner lands on Today, never the hero; the menus hold Subscription and Rates and catalogues', async () => {
    const { page, context } = await newPage(browser);
    const owner = await registerVerifiedClient(page, 'Bongani', 'Mthembu', 'owner');
    await signIn(page, owner.email, owner.password);
    await page.waitForURL(/\/today$/);
    await expect.poll(() => page.getByRole('heading', { name: 'Today', level: 1 }).isVisible()).toBe(true);

    // Opening / signed in leads to the working screen, not the marketing hero.
    await page.goto('/');
    await page.waitForURL(/\/today$/);
    await expect.poll(() => page.getByRole('heading', { name: 'Today', level: 1 }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: HERO }).count()).toBe(0);

    // The billing menu says what it holds, opened from the keyboard as a keyboard user does.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Rates and catalogues' }).focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect.poll(() => menu.getByRole('menuitem', { name: 'Property Rates' }).isVisible()).toBe(true);
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
      'Property Rates',
      'Stock Items',
      'Ad Hoc Charge Types',
    ]);
    await expectAccessible(page, 'Rates and catalogues menu open');
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.count()).toBe(0);

    // Subscription is in the owner's account menu.
    await page.getByRole('button', { name: /Account menu for Bongani Mthembu/ }).click();
    await page.getByRole('menuitem', { name: 'Subscription' }).click();
    await page.waitForURL(/\/subscription$/);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Subscription Management', level: 1 }).isVisible())
      .toBe(true);
    await context.close();
  });

  it('an admin lands on the overview and sees the three figures, each leading to its list', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'admin@rentza.test', 'Admin#2026');
    await page.waitForURL(/\/admin$/);
    await expect.poll(() => page.getByRole('heading', { name: 'Overview', level: 1 }).isVisible()).toBe(true);
    const signUps = page.getByRole('region', { name: 'Sign-ups' });
    const subscriptions = page.getByRole('region', { name: 'Active subscriptions' });
    const failed = page.getByRole('region', { name: 'Failed subscription payments' });
    await expect.poll(() => signUps.isVisible()).toBe(true);
    expect(await signUps.getByText(/^\d+ in the last 30 days$/).isVisible()).toBe(true);
    expect(await subscriptions.isVisible()).toBe(true);
    for (const plan of ['Starter', 'Pro', 'Business'])
      expect(await subscriptions.getByText(new RegExp(`^${plan}: \\d+$`)).isVisible(), plan).toBe(true);
    expect(await failed.isVisible()).toBe(true);
    expect(await failed.getByText(/^this month, since /).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: HERO }).count()).toBe(0);
    await expectAccessible(page, 'admin overview');

    await subscriptions.getByRole('link', { name: 'Open owners' }).click();
    await page.waitForURL(/\/users\?role=owner$/);
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Role', exact: true }).inputValue())
      .toBe('Owner');

    // Opening / signed in leads back to the overview.
    await page.goto('/');
    await page.waitForURL(/\/admin$/);
    await expect.poll(() => page.getByRole('heading', { name: 'Overview', level: 1 }).isVisible()).toBe(true);
    await context.close();
  });

  it('a client lands on their bookings; a signed-in person opening / does not see the hero', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/');
    await expect.poll(() => page.getByRole('heading', { name: HERO }).isVisible()).toBe(true);
    const client = await registerVerifiedClient(page, 'Zodwa', 'Ngcobo');
    await signIn(page, client.email, client.password);
    await page.waitForURL(/\/my-reservations$/);
    await page.goto('/');
    await page.waitForURL(/\/my-reservations$/);
    await expect
      .poll(() => page.getByRole('heading', { name: 'My Reservations', level: 1 }).isVisible())
      .toBe(true);
    expect(await page.getByRole('heading', { name: HERO }).count()).toBe(0);
    await context.close();
  });
});
