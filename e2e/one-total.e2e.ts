import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRandCents } from '../domain/money.ts';
import { newClientPicksStay, THANDI as OWNER, thandiAccommodation } from './support/booking.ts';
import { browserAvailable, expectAccessible, launchBrowser, newPage, signIn } from './support/browser.ts';
import { readMail } from './support/mailbox.ts';
import { downloadedPdfText } from './support/pdf.ts';

/** Clear of the nights the documents journey books on the same listing (70 days on). */
const SKIP_DAYS = 58;

/** Text with every run of spaces (no-break ones included) as one plain space. */
const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ');

describe.runIf(browserAvailable)('journey: one booking, one total (decision 029)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('a client books a VAT vendor’s stay; the summary, My Reservations, the table, the email and the tax invoice say the same total', async () => {
    const listing = await thandiAccommodation(browser);
    expect(listing, 'an accommodation listing of Thandi (a VAT vendor) that takes bookings').toBeDefined();
    if (!listing) return;

    // The client clicks two nights on the calendar; the summary shows the total they will pay.
    const { client, account } = await newClientPicksStay(
      browser,
      listing.id,
      { first: 'Nomsa', last: 'Dube' },
      2,
      SKIP_DAYS,
    );
    const summaryTotal = client.page
      .getByText('Total', { exact: true })
      .locator('xpath=following-sibling::*[1]');
    await expect.poll(async () => plain(await summaryTotal.textContent())).toMatch(/^R [\d ]+\.\d{2}$/);
    const shown = plain(await summaryTotal.textContent());
    await client.page.getByRole('button', { name: 'Confirm Reservation' }).click();
    await client.page.waitForURL(/\/my-reservations$/);

    // My Reservations shows the same total; it is what the server stored.
    const card = client.page.getByRole('article', { name: listing.title });
    await expect.poll(() => card.getByText('Pending Approval').isVisible()).toBe(true);
    await expect.poll(async () => plain(await card.textContent())).toContain(`Total amount${shown}`);
    const mine = (await (await client.page.request.get('/api/reservations')).json()) as Array<{
      property_id: string;
      total_price_cents: number;
      tax_percent: number;
    }>;
    const booked = mine.find((reservation) => reservation.property_id === listing.id);
    expect(booked?.tax_percent, 'a VAT vendor’s booking carries the VAT rate, whoever books').toBe(15);
    const total = plain(formatRandCents(booked?.total_price_cents ?? -1));
    expect(shown).toBe(total);

    // The owner sees it in the management table and confirms it: VAT is included, the total is the same.
    const owner = await newPage(browser);
    await signIn(owner.page, OWNER.email, OWNER.password);
    await owner.page.goto('/reservation-management');
    const row = owner.page
      .getByRole('row')
      .filter({ hasText: listing.title })
      .filter({ hasText: 'Nomsa Dube' });
    await expect.poll(() => row.count()).toBe(1);
    expect(plain(await row.textContent())).toContain(total);
    await row.getByRole('button', { name: /Edit reservation/ }).click();
    const editor = owner.page.getByRole('dialog', { name: 'Edit Reservation' });
    expect(await editor.getByRole('textbox', { name: 'VAT' }).inputValue()).toBe('15 % included');
    expect(plain(await editor.getByRole('textbox', { name: 'Total price' }).inputValue())).toBe(total);
    await editor.getByRole('combobox', { name: 'Status' }).click();
    await owner.page.getByRole('option', { name: 'Confirmed' }).click();
    await editor.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => owner.page.getByText('Reservation updated successfully').isVisible()).toBe(true);
    await expect.poll(() => row.getByText('Confirmed').isVisible()).toBe(true);
    expect(plain(await row.textContent())).toContain(total);
    await expectAccessible(owner.page, 'reservation management (confirmed booking)');

    // Nothing is billed yet, and the Transactions tab says the whole total is due, not R 0.00.
    await row.getByRole('button', { name: /Edit reservation/ }).click();
    await editor.getByRole('tab', { name: 'Transactions' }).click();
    const totals = editor.getByRole('region', { name: 'Totals' });
    await expect
      .poll(async () => plain(await totals.getByText('Balance due').locator('xpath=..').textContent()))
      .toBe(`Balance due${total}`);
    await editor.getByRole('button', { name: 'Close editor' }).click();

    // The owner issues the tax invoice: VAT 15 % included, the same total.
    await row.getByRole('button', { name: `Documents for ${listing.title}` }).click();
    await owner.page.getByRole('menuitem', { name: 'Invoice…' }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Invoice' });
    await expect
      .poll(() => dialog.getByText('No invoice has been issued yet', { exact: false }).isVisible())
      .toBe(true);
    const address = dialog.getByRole('textbox', { name: 'Client address' });
    if (await address.isVisible()) await address.fill('9 Kloof Street\nGardens\n8001');
    const { text } = await downloadedPdfText(
      owner.page,
      dialog.getByRole('button', { name: 'Download invoice' }),
    );
    const invoice = plain(text);
    expect(invoice).toContain('Tax Invoice');
    expect(invoice).toContain('VAT at 15 % included');
    expect(invoice).toContain(`Total incl. VAT ${total}`);
    expect(invoice).toContain(`Balance due ${total}`);
    await expectAccessible(owner.page, 'invoice dialog');

    // The confirmation email says the same total.
    const mail = await readMail(owner.page, account.email, `Your booking at ${listing.title} is confirmed`);
    expect(mail).toContain(`Total: ${total}`);

    // And My Reservations still does.
    await client.page.reload();
    await expect.poll(() => card.getByText('Confirmed', { exact: true }).isVisible()).toBe(true);
    expect(plain(await card.textContent())).toContain(`Total amount${total}`);
    await expectAccessible(client.page, 'my reservations (confirmed booking)');
    await client.context.close();
    await owner.context.close();
  });
});
