import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthGridRange, monthOf, monthTitle, shiftMonth } from '../domain/calendar/month-grid.ts';
import { addDays, todayInBusinessZone } from '../domain/dates.ts';
import { browserAvailable, expectAccessible, launchBrowser, newPage, signIn } from './support/browser.ts';

const SUMMARY = /^Showing (\d+) of (\d+) reservations$/;

async function summary(page: Page): Promise<{ shown: number; total: number }> {
  const text = (await page.getByText(SUMMARY).textContent()) ?? '';
  const [, shown, total] = SUMMARY.exec(text) ?? [];
  return { shown: Number(shown), total: Number(total) };
}

const monthHeading = (page: Page, title: string) => page.getByRole('heading', { level: 2, name: title });
const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

describe.runIf(browserAvailable)('journey: reservation calendar', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('an owner browses months, filters by status and starts a reservation on an empty future day', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'thandi@rentza.test', 'Owner#2026');
    await page.goto('/calendar');
    const today = todayInBusinessZone();
    const current = monthOf(today);
    const next = shiftMonth(current, 1);
    const previous = shiftMonth(current, -1);

    await expect
      .poll(() => monthHeading(page, monthTitle(current.year, current.month)).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByText(SUMMARY).isVisible()).toBe(true);
    const todayCell = page.locator(`button[data-date="${today}"]`);
    expect(await todayCell.getAttribute('aria-current')).toBe('date');
    expect(await todayCell.getAttribute('aria-label')).toMatch(/, today, /);
    expect(await page.getByRole('columnheader').allTextContents()).toEqual([
      'Sun',
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
    ]);
    for (const status of ['Pending', 'Confirmed', 'Completed', 'Cancelled']) {
      expect(
        await page.getByRole('list', { name: 'Legend' }).getByText(status, { exact: true }).isVisible(),
      ).toBe(true);
    }
    expect(await page.getByRole('combobox', { name: 'Owner' }).count(), 'no owner filter for owners').toBe(0);
    await expectAccessible(page, 'calendar (owner)');

    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => monthHeading(page, monthTitle(next.year, next.month)).isVisible()).toBe(true);
    const nextRange = monthGridRange(next.year, next.month);
    expect(await page.locator('button[data-date]').first().getAttribute('data-date')).toBe(nextRange.start);
    expect(await page.locator('button[data-date]').last().getAttribute('data-date')).toBe(
      addDays(nextRange.end, -1),
    );
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect
      .poll(() => monthHeading(page, monthTitle(previous.year, previous.month)).isVisible())
      .toBe(true);
    await page.getByRole('button', { name: 'Today' }).click();
    await expect
      .poll(() => monthHeading(page, monthTitle(current.year, current.month)).isVisible())
      .toBe(true);

    await expect
      .poll(() => page.locator('button[data-date][aria-label$="loading reservations"]').count())
      .toBe(0);
    // Cancelled bookings are hidden by default (other journeys may have cancelled some of Thandi's).
    const before = await summary(page);
    expect(before.shown).toBeLessThanOrEqual(before.total);
    expect(await page.getByRole('combobox', { name: 'Status' }).inputValue()).toBe('All except cancelled');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Confirmed' }).click();
    await expect.poll(() => page.getByRole('combobox', { name: 'Status' }).inputValue()).toBe('Confirmed');
    const filtered = await summary(page);
    expect(filtered.total).toBe(before.total);
    expect(filtered.shown).toBeLessThanOrEqual(filtered.total);
    for (const other of ['Pending', 'Completed', 'Cancelled']) {
      expect(await page.locator('table').getByText(other, { exact: true }).count(), `${other} hidden`).toBe(
        0,
      );
    }
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'All statuses' }).click();
    await expect.poll(async () => (await summary(page)).shown).toBe(before.total);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'All except cancelled' }).click();
    await expect.poll(async () => (await summary(page)).shown).toBe(before.shown);

    // An empty day next month (so it is in the future): the create dialog opens with that night.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => monthHeading(page, monthTitle(next.year, next.month)).isVisible()).toBe(true);
    await expect
      .poll(() => page.locator('button[data-date][aria-label$="loading reservations"]').count())
      .toBe(0);
    const emptyDay = page
      .locator('button[data-date]:not([data-other-month])[aria-label$=", no reservations"]')
      .nth(9);
    const day = (await emptyDay.getAttribute('data-date')) ?? '';
    expect(day > today).toBe(true);
    await emptyDay.click();
    const dialog = page.getByRole('dialog', { name: 'Create Reservation' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expect.poll(() => dialog.getByLabel(/^Start date/).textContent()).toContain(dmy(day));
    expect(await dialog.getByLabel(/^End date/).textContent()).toContain(dmy(addDays(day, 1)));
    await expectAccessible(page, 'calendar create dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await page.locator(`button[data-date="${day}"]`).getAttribute('aria-label')).toMatch(
      /, selected, /,
    );
    await context.close();
  });

  it('on a phone the grid shows dots and the selected day’s list, and stays accessible', async () => {
    const { page, context } = await newPage(browser, { width: 375, height: 800, colorScheme: 'dark' });
    await signIn(page, 'thandi@rentza.test', 'Owner#2026');
    await page.goto('/calendar');
    await expect.poll(() => page.getByText(SUMMARY).isVisible()).toBe(true);
    const today = todayInBusinessZone();
    await expect
      .poll(() =>
        page.getByRole('heading', { level: 3, name: new RegExp(`${Number(today.slice(8))} `) }).count(),
      )
      .toBe(1);
    const gridWidth = await page.locator('table').evaluate((table) => table.getBoundingClientRect().width);
    expect(gridWidth).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page, 'calendar on a phone (dark)');
    await context.close();
  });

  it('a front-office staff member gets the owner filter, Owner plus 8 characters of the owner id', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'anele@rentza.test', 'Staff#2026');
    const session = (await (await page.request.get('/api/session')).json()) as {
      user: { role: string; parent_owner_id: string };
    };
    expect(session.user.role).toBe('frontoffice');
    await page.goto('/calendar');
    await expect.poll(() => page.getByText(SUMMARY).isVisible()).toBe(true);
    const owner = page.getByRole('combobox', { name: 'Owner' });
    await owner.click();
    const label = `Owner ${session.user.parent_owner_id.slice(0, 8)}`;
    await page.getByRole('option', { name: label }).click();
    await expect.poll(() => owner.inputValue()).toBe(label);
    expect(label).toMatch(/^Owner [0-9a-f-]{8}$/);
    await expectAccessible(page, 'calendar (front office)');
    await context.close();
  });
});
