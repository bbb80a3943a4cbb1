import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRandCents } from '../domain/money.ts';
import { newClientPicksStay, THANDI as OWNER, thandiAccommodation } from './support/booking.ts';
import { browserAvailable, expectAccessible, launchBrowser, newPage, signIn } from './support/browser.ts';
import { downloadedPdfText } from './support/pdf.ts';

const TRADING_NAME = 'Thandi’s Coastal Stays';
const VAT_NUMBER = '4123456789';
/** Far from the first free night, where other journeys book. */
const SKIP_DAYS = 70;

describe.runIf(browserAvailable)('journey: quotes, confirmations and tax invoices', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('a VAT-registered owner bills a booking line by line, then issues, downloads and emails its tax invoice; the client downloads their documents', async () => {
    const listing = await thandiAccommodation(browser);
    expect(listing, 'an accommodation listing of Thandi that takes bookings').toBeDefined();
    if (!listing) return;

    // A client books two nights; My Reservations offers the quote, and the booking confirmation only
    // once the booking is confirmed (issue 21).
    const { client, account } = await newClientPicksStay(
      browser,
      listing.id,
      { first: 'Ayanda', last: 'Zulu' },
      2,
      SKIP_DAYS,
    );
    await client.page.getByRole('button', { name: 'Confirm Reservation' }).click();
    await client.page.waitForURL(/\/my-reservations$/);
    const card = client.page.getByRole('article', { name: listing.title });
    await expect.poll(() => card.getByText('Pending Approval').isVisible()).toBe(true);
    expect(await card.getByRole('link', { name: 'Quote' }).isVisible()).toBe(true);
    expect(await card.getByRole('link', { name: 'Confirmation' }).count()).toBe(0);
    await expectAccessible(client.page, 'my reservations with documents');

    // The owner types in their business details on the profile.
    const owner = await newPage(browser);
    await signIn(owner.page, OWNER.email, OWNER.password);
    await owner.page.goto('/profile');
    const details = owner.page.getByRole('form', { name: 'Business details' });
    await details.getByRole('textbox', { name: 'Trading name' }).fill(TRADING_NAME);
    await details
      .getByRole('textbox', { name: 'Address' })
      .fill('14 Victoria Road\nClifton\nCape Town\n8005');
    await details.getByRole('textbox', { name: 'Business email' }).fill('accounts@coastalstays.co.za');
    await details.getByRole('checkbox', { name: 'Registered for VAT' }).check();
    await details.getByRole('textbox', { name: 'VAT number' }).fill('4123 456 789');
    await details.getByRole('textbox', { name: 'Bank' }).fill('First National Bank');
    await details.getByRole('textbox', { name: 'Account number' }).fill('62123456789');
    await details.getByRole('textbox', { name: 'Branch code' }).fill('250655');
    await details
      .getByRole('textbox', { name: 'Payment terms' })
      .fill('Payment due within 7 days of the invoice date.');
    await details.getByRole('button', { name: 'Save business details' }).click();
    await expect.poll(() => owner.page.getByText('Business details saved').isVisible()).toBe(true);
    await expectAccessible(owner.page, 'profile with business details');

    // In reservation management the owner confirms the booking; a VAT vendor's prices include 15 % VAT…
    await owner.page.goto('/reservation-management');
    const row = owner.page
      .getByRole('row')
      .filter({ hasText: listing.title })
      .filter({ hasText: 'Ayanda Zulu' });
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('button', { name: /Edit reservation/ }).click();
    const editor = owner.page.getByRole('dialog', { name: 'Edit Reservation' });
    await editor.getByRole('combobox', { name: 'Status' }).click();
    await owner.page.getByRole('option', { name: 'Confirmed' }).click();
    expect(await editor.getByRole('textbox', { name: 'VAT' }).inputValue()).toBe('15 % included');
    await editor.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => owner.page.getByText('Reservation updated successfully').isVisible()).toBe(true);
    await expect.poll(() => row.getByText('Confirmed').isVisible()).toBe(true);

    // …bills it line by line on the Transactions tab: the rental, two gas bottles, a payment of
    // R 500 by EFT and the security deposit, and sees what is still due.
    await row.getByRole('button', { name: /Edit reservation/ }).click();
    await editor.getByRole('tab', { name: 'Transactions' }).click();
    await expect.poll(() => editor.getByText('No transactions yet').isVisible()).toBe(true);
    await editor.getByRole('button', { name: 'Add rental charge' }).click();
    await expect.poll(() => owner.page.getByText('Transaction added').first().isVisible()).toBe(true);
    await expect
      .poll(() => editor.getByRole('button', { name: 'Add rental charge' }).isDisabled())
      .toBe(true);

    await editor.getByRole('tab', { name: 'Stock charge' }).click();
    const stockForm = editor.getByRole('form', { name: 'Stock charge' });
    await stockForm.getByRole('combobox', { name: 'Stock item' }).click();
    await owner.page.getByRole('option', { name: /^Gas bottle/ }).click();
    await stockForm.getByRole('textbox', { name: 'Quantity' }).fill('2');
    // Two at R 350, VAT included (decision 029).
    await expect
      .poll(() => stockForm.getByText('Line total R 700.00', { exact: false }).isVisible())
      .toBe(true);
    await stockForm.getByRole('button', { name: 'Add' }).click();
    const transactions = editor.getByRole('table', { name: 'Transactions' });
    await expect.poll(() => transactions.getByText('Gas bottle (GAS-09)').isVisible()).toBe(true);

    await editor.getByRole('tab', { name: 'Payment' }).click();
    const paymentForm = editor.getByRole('form', { name: 'Payment' });
    await paymentForm.getByRole('textbox', { name: 'Amount' }).fill('500');
    await paymentForm.getByRole('textbox', { name: 'Transaction ID' }).fill('EFT-7731');
    await paymentForm.getByRole('button', { name: 'Add' }).click();
    await expect.poll(() => transactions.getByText('Payment · EFT-7731').isVisible()).toBe(true);

    await editor.getByRole('tab', { name: 'Deposit' }).click();
    const depositForm = editor.getByRole('form', { name: 'Security deposit' });
    await depositForm.getByRole('textbox', { name: 'Amount' }).fill('1000');
    await depositForm.getByRole('button', { name: 'Add' }).click();
    await expect.poll(() => transactions.getByText('Security deposit received').isVisible()).toBe(true);

    const reservations = (await (await owner.page.request.get('/api/reservations')).json()) as Array<{
      id: string;
      property_id: string;
      client: { email: string };
    }>;
    const billed = reservations.find((r) => r.property_id === listing.id && r.client.email === account.email);
    expect(billed, 'the booking being billed').toBeDefined();
    const ledger = (await (
      await owner.page.request.get(`/api/reservations/${billed?.id}/transactions`)
    ).json()) as { charges_cents: number; balance_due_cents: number; deposit_held_cents: number };
    // The deposit is held, not owed: the balance due is the charges less the R 500 paid.
    expect(ledger.deposit_held_cents).toBe(100_000);
    expect(ledger.balance_due_cents).toBe(ledger.charges_cents - 50_000);
    const totals = editor.getByRole('region', { name: 'Totals' });
    await expect
      .poll(() => totals.getByText(formatRandCents(ledger.balance_due_cents), { exact: true }).isVisible())
      .toBe(true);
    expect(await totals.getByText('R 1 000.00', { exact: true }).isVisible()).toBe(true);
    await expectAccessible(owner.page, 'transactions tab');
    await editor.getByRole('button', { name: 'Close editor' }).click();

    // …opens its documents, and downloads the tax invoice.
    await row.getByRole('button', { name: `Documents for ${listing.title}` }).click();
    expect(await owner.page.getByRole('menuitem', { name: 'Print quote' }).count()).toBe(0);
    await owner.page.getByRole('menuitem', { name: 'Invoice…' }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Invoice' });
    await expect
      .poll(() => dialog.getByText('No invoice has been issued yet', { exact: false }).isVisible())
      .toBe(true);
    const address = dialog.getByRole('textbox', { name: 'Client address' });
    if (await address.isVisible()) await address.fill('7 Jan Smuts Avenue\nRosebank\n2196');
    await expectAccessible(owner.page, 'invoice dialog');
    const invoice = await downloadedPdfText(
      owner.page,
      dialog.getByRole('button', { name: 'Download invoice' }),
    );
    const number = /INV-\d{6}/.exec(invoice.name)?.[0] ?? '';
    expect(invoice.name).toBe(`${number}.pdf`);
    for (const expected of [
      'Tax Invoice',
      number,
      TRADING_NAME,
      `VAT No: ${VAT_NUMBER}`,
      'VAT at 15 %',
      'Total incl. VAT',
      'Ayanda Zulu',
      'First National Bank',
      'Gas bottle (GAS-09)',
    ]) {
      expect(invoice.text).toContain(expected);
    }
    await expect
      .poll(() => dialog.getByText(`${number} was issued on`, { exact: false }).isVisible())
      .toBe(true);

    // Printing opens the same invoice in a new window.
    const [popup] = await Promise.all([
      owner.page.context().waitForEvent('page'),
      dialog.getByRole('button', { name: 'Print invoice' }).click(),
    ]);
    await expect.poll(() => popup.url()).toMatch(/\/api\/documents\/[0-9a-f-]+\/pdf$/);
    await popup.close();

    // Send emails it to the client with the PDF attached; the dev mailbox shows and offers it.
    await dialog.getByRole('button', { name: 'Send invoice' }).click();
    await expect.poll(() => owner.page.getByText(`Invoice sent to ${account.email}`).isVisible()).toBe(true);
    await owner.page.goto('/dev/mailbox');
    const mail = owner.page
      .getByRole('listitem')
      .filter({ hasText: account.email })
      .filter({ hasText: number });
    await expect.poll(() => mail.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await mail.first().getByRole('button').click();
    await expect
      .poll(() => owner.page.getByText('Reply to accounts@coastalstays.co.za', { exact: false }).isVisible())
      .toBe(true);
    const attachment = owner.page
      .getByRole('list', { name: 'Attachments' })
      .getByRole('link', { name: new RegExp(`${number}\\.pdf`) });
    const emailed = await downloadedPdfText(owner.page, attachment);
    expect(emailed.text).toContain(number);
    expect(emailed.text).toContain('Tax Invoice');

    // The client finds the same invoice on My Reservations, and now the booking confirmation.
    await client.page.reload();
    const confirmation = await downloadedPdfText(
      client.page,
      card.getByRole('link', { name: 'Confirmation' }),
    );
    expect(confirmation.name).toMatch(/^Confirmation-RZ-[A-Z0-9]+\.pdf$/);
    expect(confirmation.text).toContain('Booking Confirmation');
    expect(confirmation.text).toContain('Confirmed');
    expect(confirmation.text).toContain('Ayanda Zulu');
    const theirs = await downloadedPdfText(
      client.page,
      card.getByRole('link', { name: `Invoice ${number}` }),
    );
    expect(theirs.text).toBe(invoice.text);
    await client.context.close();
    await owner.context.close();
  });
});
