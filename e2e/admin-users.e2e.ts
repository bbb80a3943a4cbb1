import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserAvailable,
  expectAccessible,
  launchBrowser,
  newPage,
  registerVerifiedClient,
  signIn,
} from './support/browser.ts';

async function search(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Search' }).fill(text);
}

async function chooseRole(page: Page, label: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Role', exact: true }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

const usersTable = (page: Page) => page.getByRole('table', { name: 'Users' });
const rowNamed = (page: Page, name: string) => usersTable(page).getByRole('row').filter({ hasText: name });
const namesListed = (page: Page) => usersTable(page).locator('tbody tr td:first-child').allTextContents();

describe.runIf(browserAvailable)('journey: an admin manages users', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('finds Lerato, filters the owners, reads Thandi’s plan and staff, and deactivates a client who then cannot sign in', async () => {
    const { page, context } = await newPage(browser);
    const client = await registerVerifiedClient(page, 'Zodwa', 'Mthembu');

    await signIn(page, 'admin@rentza.test', 'Admin#2026');
    await page.goto('/users');
    await expect.poll(() => page.getByRole('heading', { name: 'Users', level: 1 }).isVisible()).toBe(true);
    expect(await page.title()).toBe('Users · Rentza');
    await expect.poll(async () => (await namesListed(page)).length).toBeGreaterThan(0);
    await expectAccessible(page, 'users');

    // Search: any part of a name or email, whatever the case.
    await search(page, 'lerato');
    await expect.poll(() => namesListed(page)).toEqual(['Lerato Dlamini']);
    expect(await rowNamed(page, 'Lerato Dlamini').textContent()).toContain('lerato@rentza.test');

    // The demo accounts' owners: Pieter and Thandi, with their plans.
    await search(page, 'rentza.test');
    await chooseRole(page, 'Owner');
    await expect.poll(() => namesListed(page)).toEqual(['Pieter van der Merwe', 'Thandi Nkosi']);
    // Other journeys running alongside may add to Thandi's staff (the staff journey invites one).
    expect(await rowNamed(page, 'Thandi Nkosi').textContent()).toMatch(
      /Business plan \(active\) · \d+ staff/,
    );
    await expectAccessible(page, 'users filtered by owner');

    // Thandi's details: her plan and her staff.
    await rowNamed(page, 'Thandi Nkosi').getByRole('button', { name: 'Details of Thandi Nkosi' }).click();
    const details = page.getByRole('dialog', { name: 'User details' });
    await expect.poll(() => details.getByText('Business plan (active)').isVisible()).toBe(true);
    const staff = details.getByRole('list', { name: 'Staff of Thandi Nkosi' });
    await expect.poll(() => staff.getByRole('listitem').count()).toBeGreaterThanOrEqual(2);
    const staffText = await staff.textContent();
    expect(staffText).toContain('Sipho Zulu');
    expect(staffText).toContain('Anele Khumalo');
    await expectAccessible(page, 'owner details');
    await details.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => details.count()).toBe(0);

    // The fresh client: deactivated after the confirm.
    await chooseRole(page, 'All roles');
    await search(page, client.email);
    await expect.poll(() => namesListed(page)).toEqual(['Zodwa Mthembu']);
    const row = rowNamed(page, 'Zodwa Mthembu');
    await row.getByRole('button', { name: 'Deactivate Zodwa Mthembu' }).click();
    const confirm = page.getByRole('dialog', { name: 'Deactivate Zodwa Mthembu?' });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await expectAccessible(page, 'deactivate confirm');
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expect.poll(() => page.getByText('User deactivated successfully').isVisible()).toBe(true);
    await expect.poll(async () => (await row.textContent()) ?? '').toContain('Inactive');
    expect(await row.getByRole('button', { name: 'Activate Zodwa Mthembu' }).isVisible()).toBe(true);
    await context.close();

    // The client can no longer sign in.
    const visitor = await newPage(browser);
    await visitor.page.goto('/login');
    await visitor.page.getByRole('textbox', { name: 'Email' }).fill(client.email);
    await visitor.page.getByLabel(/^Password/).fill(client.password);
    await visitor.page.getByRole('button', { name: 'Login' }).click();
    const refusal = visitor.page.getByRole('alert').filter({ hasText: 'Login failed' });
    await refusal.waitFor({ timeout: 30_000 });
    expect(await refusal.textContent()).toContain('Your account has been deactivated');
    expect(new URL(visitor.page.url()).pathname).toBe('/login');
    await visitor.context.close();
  });
});
