import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInBusinessZone } from '../domain/dates.ts';
import { BILLING_LINE_CSV_HEADER, RESERVATION_CSV_HEADER } from '../domain/exports-csv.ts';
import {
  baseUrl,
  browserAvailable,
  expectAccessible,
  launchBrowser,
  newPage,
  registerVerifiedClient,
  signIn,
} from './support/browser.ts';
import { downloadedFile } from './support/download.ts';
import { createCottage } from './support/listings.ts';

const headers = { origin: baseUrl };
const today = todayInBusinessZone();

/** Clicks an export button and reads the downloaded file: its name, and its rows split by CRLF. */
async function downloadedCsv(page: Page, trigger: Locator) {
  const { name, bytes } = await downloadedFile(page, trigger);
  const text = bytes.toString('utf8');
  expect(text.startsWith('\uFEFF'), 'UTF-8 with a BOM').toBe(true);
  expect(text.endsWith('\r\n')).toBe(true);
  return { name, lines: text.slice(1).split('\r\n').slice(0, -1) };
}

describe.runIf(browserAvailable)('journey: CSV exports', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('an owner exports the reservations a status filter shows, and the clients a search shows', async () => {
    const { page } = await newPage(browser, { width: 1280, height: 900 });
    const tag = `${Date.now()}`.slice(-7);
    const account = await registerVerifiedClient(page, 'Lindiwe', 'Exporter', 'owner');
    await signIn(page, account.email, account.password);
    const listingId = await createCottage(page, {
      title: `Export cottage ${tag}`,
      description: 'A cottage for the export journey.',
      city: 'Durban',
      location: 'Berea, Durban',
      pricePerNightCents: 60_000,
    });
    // Three bookings by the business (pending), one of them then confirmed.
    const booked: { id: string; reference: string }[] = [];
    for (const [index, start] of [10, 20, 30].entries()) {
      const response = await page.request.post('/api/reservations', {
        headers,
        data: {
          property_id: listingId,
          start_date: addDays(today, start),
          end_date: addDays(today, start + 2),
          guests: 1,
          new_client: {
            first_name: `Guest${index + 1}`,
            last_name: `Export${tag}`,
            email: `export${index}.${tag}@example.co.za`,
          },
        },
      });
      expect(response.status(), await response.text()).toBe(201);
      booked.push((await response.json()) as { id: string; reference: string });
    }
    const confirm = await page.request.patch(`/api/reservations/${booked[1]?.id}`, {
      headers,
      data: { status: 'confirmed' },
    });
    expect(confirm.status(), await confirm.text()).toBe(200);
    // The confirmed stay is billed (its rental and R 500 paid); the first, left pending, too.
    for (const [id, body] of [
      [booked[1]?.id, { kind: 'rental' }],
      [booked[1]?.id, { kind: 'payment', payment_method: 'manual', amount_cents: 50_000 }],
      [booked[0]?.id, { kind: 'rental' }],
    ] as const) {
      const billed = await page.request.post(`/api/reservations/${id}/transactions`, { headers, data: body });
      expect(billed.status(), await billed.text()).toBe(201);
    }

    await page.goto('/reservation-management');
    await expect.poll(() => page.getByText('3 reservations').isVisible()).toBe(true);
    // Filter by status through the dropdown; axe while it is open.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await expect.poll(() => page.getByRole('option', { name: 'Confirmed' }).isVisible()).toBe(true);
    await expectAccessible(page, 'reservation management with the status filter open');
    await page.getByRole('option', { name: 'Confirmed' }).click();
    await expect.poll(() => page.getByText('1 reservation', { exact: true }).isVisible()).toBe(true);

    const exported = await downloadedCsv(
      page,
      page.getByRole('button', { name: 'Export CSV of reservations' }),
    );
    expect(exported.name).toBe(`rentza-reservations-${today}.csv`);
    expect(exported.lines[0]).toBe(RESERVATION_CSV_HEADER.join(','));
    expect(exported.lines).toHaveLength(2);
    expect(exported.lines[1]).toContain(booked[1]?.reference);
    expect(exported.lines[1]).toContain('Confirmed');
    expect(exported.lines[1]).toContain(`Guest2 Export${tag}`);
    expect(exported.lines[1]).toContain(addDays(today, 20).replaceAll('-', '/'));
    // Paid in full on confirmation (the business's default plan): due today, not yet overdue.
    expect(exported.lines[1]?.endsWith(`,Confirmed,1200.00,700.00,${today.replaceAll('-', '/')},`)).toBe(
      true,
    );
    await expect
      .poll(() => page.getByText(`Reservations downloaded as rentza-reservations-${today}.csv`).isVisible())
      .toBe(true);

    // The billing lines of the filtered bookings: the confirmed stay's two, not the pending one's.
    const lines = await downloadedCsv(
      page,
      page.getByRole('button', { name: 'Billing lines (CSV) of these reservations' }),
    );
    expect(lines.name).toBe(`rentza-billing-lines-${today}.csv`);
    expect(lines.lines[0]).toBe(BILLING_LINE_CSV_HEADER.join(','));
    expect(lines.lines.slice(1).map((line) => line.split(',').slice(0, 3))).toEqual([
      [booked[1]?.reference, today.replaceAll('-', '/'), 'Rental'],
      [booked[1]?.reference, today.replaceAll('-', '/'), 'Payment (Manual)'],
    ]);
    expect(lines.lines[2]?.endsWith(',500.00')).toBe(true);

    // The same lines from the booking's Transactions tab.
    await page.getByRole('button', { name: new RegExp(`Edit reservation ${booked[1]?.reference}`) }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Reservation' });
    await editor.getByRole('tab', { name: 'Transactions' }).click();
    const tabExport = editor.getByRole('button', {
      name: `Export CSV of ${booked[1]?.reference}’s transactions`,
    });
    await expect.poll(() => tabExport.isEnabled()).toBe(true);
    const tab = await downloadedCsv(page, tabExport);
    expect(tab.name).toBe(`rentza-billing-lines-${booked[1]?.reference}-${today}.csv`);
    expect(tab.lines).toEqual(lines.lines);
    await page.keyboard.press('Escape');

    // My Clients: a search for one guest exports that guest only.
    await page.goto('/tenant-management');
    await expect.poll(() => page.getByRole('article').count()).toBe(3);
    await page.getByRole('textbox', { name: 'Search clients' }).fill(`guest3 export${tag}`);
    await expect.poll(() => page.getByRole('article').count()).toBe(1);
    await expectAccessible(page, 'my clients with a search');
    const clients = await downloadedCsv(page, page.getByRole('button', { name: 'Export CSV of clients' }));
    expect(clients.name).toBe(`rentza-clients-${today}.csv`);
    expect(clients.lines[0]).toBe(
      'Name,Email,Phone,Status,Registered,Bookings,Billed (R),Received (R),Balance due (R)',
    );
    expect(clients.lines).toHaveLength(2);
    expect(clients.lines[1]).toBe(
      `Guest3 Export${tag},export2.${tag}@example.co.za,,Active,Not Registered,1,1200.00,0.00,1200.00`,
    );

    // On a 360 px phone the export buttons wrap under the title; nothing scrolls sideways.
    await page.setViewportSize({ width: 360, height: 740 });
    for (const [path, button] of [
      ['/reservation-management', 'Export CSV of reservations'],
      ['/tenant-management', 'Export CSV of clients'],
    ] as const) {
      await page.goto(path);
      await expect.poll(() => page.getByRole('button', { name: button }).isVisible()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    }
  });
});
