import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, expectAccessible, launchBrowser, newPage, signIn } from './support/browser.ts';

interface Listing {
  id: string;
  title: string;
}

describe.runIf(browserAvailable)('journey: a first visit has no dead ends', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('a visitor is told why at Book Now and List Your Property; every page names itself', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Featured Properties' }).isVisible())
      .toBe(true);
    expect(await page.title()).toBe('Rentza');

    // The skip link is the first stop of the keyboard and takes it past the header.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    expect(await skip.evaluate((link) => link === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');

    const search = await page.request.get('/api/properties?type=accommodation&city=Durban');
    const listing = ((await search.json()) as { items: Listing[] }).items[0] as Listing;
    await page.goto(`/property/${listing.id}`);
    await expect.poll(() => page.title()).toBe(`${listing.title} · Rentza`);
    await page.getByRole('link', { name: 'Book Now' }).click();
    await page.waitForURL(/\/login\?returnUrl=/);
    await expect
      .poll(() => page.getByText('Sign in or create an account to book this').isVisible())
      .toBe(true);
    expect(await page.title()).toBe('Login · Rentza');
    await expectAccessible(page, 'login from Book Now');

    await page.goto('/');
    await page.getByRole('link', { name: 'List Your Property' }).click();
    await page.waitForURL(/\/list-your-property$/);
    await expect
      .poll(() => page.getByRole('heading', { name: 'List your property on Rentza' }).isVisible())
      .toBe(true);
    expect(await page.title()).toBe('List your property · Rentza');
    await expectAccessible(page, 'list your property, signed out');
    await page.getByRole('link', { name: 'Register as an owner' }).click();
    await page.waitForURL(/\/register\?role=owner$/);
    await expect.poll(() => page.getByRole('radio', { name: 'List My Property' }).isChecked()).toBe(true);
    expect(await page.title()).toBe('Create your account · Rentza');

    await page.goto('/no/such/page');
    await expect.poll(() => page.getByText('Page not found').isVisible()).toBe(true);
    await context.close();
  });

  it('a client who wants to list learns how, and can start as an owner', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'lerato@rentza.test', 'Client#2026');
    // Signed in, the home page leads to their bookings (docs/decisions/045): the account menu has the link.
    await page.waitForURL(/\/my-reservations$/);
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'List Your Property' }).click();
    await page.waitForURL(/\/list-your-property$/);
    await expect
      .poll(() =>
        page.getByText(/You are signed in as lerato@rentza\.test, an account for renting/).isVisible(),
      )
      .toBe(true);
    await expectAccessible(page, 'list your property, as a client');
    await page.getByRole('button', { name: 'Log out and register as an owner' }).click();
    await page.waitForURL(/\/register\?role=owner$/);
    await expect.poll(() => page.getByRole('radio', { name: 'List My Property' }).isChecked()).toBe(true);
    expect(await page.getByRole('button', { name: /Account menu/ }).count()).toBe(0);
    await context.close();
  });

  it('staff see their role in the spec’s words; a wrong password clears the “Email verified” box', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/login?verified=1');
    await expect.poll(() => page.getByText('Email verified').isVisible()).toBe(true);
    await page.getByRole('textbox', { name: 'Email' }).fill('anele@rentza.test');
    await page.getByLabel(/^Password/).fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => page.getByText('Login failed').isVisible()).toBe(true);
    expect(await page.getByText('Email verified').count()).toBe(0);

    await signIn(page, 'anele@rentza.test', 'Staff#2026');
    await page.goto('/profile');
    await expect.poll(() => page.getByText('Front office', { exact: true }).isVisible()).toBe(true);
    expect(await page.title()).toBe('My Profile · Rentza');
    await page.getByRole('button', { name: /Account menu/ }).click();
    await expect.poll(() => page.getByRole('menuitem', { name: 'My Profile' }).isVisible()).toBe(true);
    await expectAccessible(page, 'account menu open');
    await context.close();
  });

  it('an owner editing a listing is asked before Back or Cancel throws the changes away', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'pieter@rentza.test', 'Owner#2026');
    // Through the menus, so Back stays inside the app: Calendar, then Manage › Property Management.
    const mainNav = page.getByRole('navigation', { name: 'Main' });
    await mainNav.getByRole('link', { name: 'Calendar' }).click();
    await page.waitForURL(/\/calendar/);
    // A person opens the next menu once the calendar shows (until then the link would replace it).
    await expect
      .poll(() => page.getByRole('heading', { name: 'Reservation Calendar' }).isVisible())
      .toBe(true);
    await mainNav.getByRole('button', { name: 'Manage' }).click();
    await page.getByRole('menuitem', { name: 'Property Management' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Property Management' }).isVisible())
      .toBe(true);
    await page.getByRole('button', { name: 'Edit' }).first().click();
    await expect.poll(() => page.getByRole('heading', { name: 'Edit Property' }).isVisible()).toBe(true);
    expect(await page.getByText('Drag photos here or click to choose').isVisible()).toBe(true);
    // On a phone the photo area offers to choose photos: there is nothing to drag.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.getByText('Choose photos').isVisible()).toBe(true);
    expect(await page.getByText('Drag photos here or click to choose').isVisible()).toBe(false);

    const description = page.getByRole('textbox', { name: 'Description' });
    const typed = `${await description.inputValue()} Newly renovated.`;
    await description.fill(typed);
    await expect.poll(() => page.getByText('Unsaved changes').isVisible()).toBe(true);

    await page.goBack();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectAccessible(page, 'leave without saving?');
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/property-management');
    expect(await description.inputValue()).toBe(typed);

    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Leave without saving' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Property Management' }).isVisible())
      .toBe(true);
    await context.close();
  });
});
