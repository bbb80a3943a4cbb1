import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthLabel } from '../domain/commission.ts';
import { addMonths, todayInBusinessZone } from '../domain/dates.ts';
import { formatRandCents } from '../domain/money.ts';
import { browserAvailable, expectAccessible, launchBrowser, newPage, signIn } from './support/browser.ts';
import { downloadedFile } from './support/download.ts';

/** Issue 20 item 6: an owner on Pro (Pieter, in the demo data) reads the Reports screen and downloads a table. */
describe.runIf(browserAvailable)('journey: a Pro owner reads the reports and downloads a CSV', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('Reports from the menu → choose a period → figures and charts → CSV of billed and received', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'pieter@rentza.test', 'Owner#2026');

    await page.goto('/profile');
    await page.getByRole('button', { name: 'Manage' }).click();
    await page.getByRole('menuitem', { name: 'Reports' }).click();
    await page.waitForURL(/\/reports/);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Billed and received' }).isVisible())
      .toBe(true);

    // The period: from six months ago (the To month stays this month).
    const thisMonth = todayInBusinessZone().slice(0, 7);
    const from = addMonths(`${thisMonth}-01`, -6).slice(0, 7);
    await page.getByRole('combobox', { name: 'From', exact: true }).click();
    await page.getByRole('option', { name: monthLabel(`${from}-01`), exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('from') === from);
    await expect
      .poll(() =>
        page.getByText(`${monthLabel(`${from}-01`)} to ${monthLabel(`${thisMonth}-01`)}`).isVisible(),
      )
      .toBe(true);
    await expect.poll(() => page.locator('.recharts-surface').count()).toBeGreaterThan(0);
    const billedRows = page.getByRole('table', { name: 'Billed and received' }).locator('tbody tr');
    await expect.poll(() => billedRows.count()).toBe(7);

    // With the listing picker open.
    await page.getByRole('combobox', { name: 'Listing', exact: true }).click();
    await expect.poll(() => page.getByRole('option', { name: 'All listings' }).isVisible()).toBe(true);
    await expectAccessible(page, 'reports with the listing picker open');
    await page.keyboard.press('Escape');

    // The CSV says what the table says: the total billed of its rows is the Billed tile's figure.
    const download = await downloadedFile(
      page,
      page.getByRole('button', { name: 'Download Billed and received as CSV' }),
    );
    expect(download.name).toBe(`rentza-money-${from}-to-${thisMonth}.csv`);
    const csv = download.bytes.toString('utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('Month,Billed (R),Received (R)');
    expect(lines).toHaveLength(8);
    expect(lines[1]?.startsWith(`${monthLabel(`${from}-01`)},`)).toBe(true);
    const billedCents = lines
      .slice(1)
      .reduce((sum, line) => sum + Math.round(Number(line.split(',')[1]) * 100), 0);
    const tile = page.getByText('Billed', { exact: true }).first().locator('xpath=following-sibling::*[1]');
    expect(await tile.textContent()).toBe(formatRandCents(billedCents));
    await expect.poll(() => page.getByText('Billed and received downloaded as CSV').isVisible()).toBe(true);
    await expectAccessible(page, 'reports');
    await context.close();
  });
});
