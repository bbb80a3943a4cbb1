import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInBusinessZone } from '../domain/dates.ts';
import { formatRandCents } from '../domain/money.ts';
import { newClientPicksStay } from './support/booking.ts';
import {
  browserAvailable,
  expectAccessible,
  launchBrowser,
  newPage,
  openMailLink,
  registerVerifiedClient,
  signIn,
} from './support/browser.ts';
import { createCottage } from './support/listings.ts';
import { downloadedPdfText } from './support/pdf.ts';

/** PayFast's public sandbox merchant (PAYFAST.md): the simulator knows it as PayFast does. */
const SANDBOX = { id: '10000100', key: '46f0cd694581a', passphrase: 'jt7NOE43FZPn' };

/** On the simulator's payment page (it stands in for PayFast's), the buyer completes the payment. */
async function completeOnPayfast(page: Page, payee: RegExp): Promise<void> {
  await page.waitForURL(/\/payfast-simulator\/eng\/process$/);
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(payee);
  await page.getByRole('button', { name: 'Complete payment' }).click();
}

/**
 * Issue 23: an owner is paid online into their own PayFast merchant. The owner sets up PayFast and a
 * 30 % deposit; a client books, the owner confirms, the client pays the deposit from My Reservations;
 * the Transactions tab shows it; the client pays the balance from the reminder email's link; the
 * invoice shows both payments as received.
 */
describe.runIf(browserAvailable)('journey: getting paid online', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('deposit at confirmation, balance from the reminder, both on the invoice', async () => {
    const owner = await newPage(browser);
    const ownerAccount = await registerVerifiedClient(owner.page, 'Zanele', 'Khumalo', 'owner');
    await signIn(owner.page, ownerAccount.email, ownerAccount.password);
    const tradingName = `Khumalo Stays ${Date.now().toString(36)}`;

    // Business details first (documents need them), then PayFast and the payment plan.
    await owner.page.goto('/profile');
    const details = owner.page.getByRole('form', { name: 'Business details' });
    await details.getByRole('textbox', { name: 'Trading name' }).fill(tradingName);
    await details.getByRole('textbox', { name: 'Address' }).fill('9 Marine Drive\nUmhlanga\n4319');
    await details.getByRole('textbox', { name: 'Business email' }).fill('bookings@khumalostays.co.za');
    await details.getByRole('button', { name: 'Save business details' }).click();
    await expect.poll(() => owner.page.getByText('Business details saved').isVisible()).toBe(true);

    const payments = owner.page.getByRole('form', { name: 'Online payments' });
    await payments.getByText('PayFast', { exact: true }).click();
    expect(await payments.getByRole('radio', { name: 'PayFast' }).isChecked()).toBe(true);
    await payments.getByRole('textbox', { name: 'Merchant ID' }).fill(SANDBOX.id);
    await payments.getByRole('textbox', { name: 'Merchant key' }).fill(SANDBOX.key);
    await payments.getByLabel('Passphrase').fill(SANDBOX.passphrase);
    await payments.getByRole('button', { name: 'Save & verify' }).click();
    await expect
      .poll(() => owner.page.getByText('PayFast details verified and saved', { exact: false }).isVisible())
      .toBe(true);

    const plan = owner.page.getByRole('form', { name: 'Payment plan and cancellation' });
    await plan.getByText('Deposit at booking, balance later').click();
    await plan.getByRole('textbox', { name: 'Deposit %' }).fill('30');
    await plan.getByRole('textbox', { name: 'Balance due (days before the start)' }).fill('14');
    await expect
      .poll(() =>
        plan.getByText('Pay a deposit of 30% when your booking is confirmed', { exact: false }).isVisible(),
      )
      .toBe(true);
    await plan.getByRole('button', { name: 'Save payment plan' }).click();
    await expect
      .poll(() => owner.page.getByText('Payment plan and cancellation policy saved').isVisible())
      .toBe(true);
    await expectAccessible(owner.page, 'profile with online payments and the payment plan');

    const title = `Umhlanga studio ${Date.now().toString(36)}`;
    const listingId = await createCottage(owner.page, {
      title,
      description: 'A studio on the promenade, with a view of the lighthouse and the sea.',
      city: 'Durban',
      location: '9 Marine Drive, Umhlanga',
      pricePerNightCents: 120_000,
    });

    // A client books two nights starting 15 days from today: the balance falls due tomorrow, so
    // the reminder goes out at once. The booking page says how they pay before they confirm.
    const { client, account, stay } = await newClientPicksStay(
      browser,
      listingId,
      { first: 'Sizwe', last: 'Ngcobo' },
      2,
      15,
    );
    expect(stay.start).toBe(addDays(todayInBusinessZone(), 15));
    const howYouPay = client.page.getByRole('region', { name: 'How you pay' });
    await expect
      .poll(() => howYouPay.getByText('Pay a deposit of 30%', { exact: false }).isVisible())
      .toBe(true);
    await client.page.getByRole('button', { name: 'Confirm Reservation' }).click();
    await expect.poll(() => client.page.getByText('Reservation created successfully').isVisible()).toBe(true);
    const [booking] = (await (await client.page.request.get('/api/my/reservations')).json()) as Array<{
      id: string;
      reference: string;
      total_price_cents: number;
    }>;
    const reference = booking?.reference ?? '';
    expect(reference).toMatch(/^RZ-/);
    const totalCents = booking?.total_price_cents ?? 0;
    const depositCents = Math.round(totalCents * 0.3);

    // The owner approves the request on Today.
    await owner.page.goto('/today');
    const waiting = owner.page.getByRole('region', { name: 'Requests waiting for approval' });
    const request = waiting.getByRole('listitem', { name: new RegExp(`^${reference},`) });
    await expect.poll(() => request.isVisible()).toBe(true);
    await request.getByRole('button', { name: `Approve ${reference}` }).click();
    await expect
      .poll(() => owner.page.getByText(`Reservation ${reference} confirmed`).isVisible())
      .toBe(true);

    // The client pays the 30 % deposit from My Reservations, on the owner's PayFast checkout.
    await client.page.goto('/my-reservations');
    const panel = client.page.getByRole('region', { name: `Payment for ${reference}` });
    const payDeposit = panel.getByRole('button', { name: `Pay ${formatRandCents(depositCents)}` });
    await expect.poll(() => payDeposit.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(
      await panel
        .getByText(`${formatRandCents(totalCents - depositCents)} due by`, { exact: false })
        .isVisible(),
    ).toBe(true);
    await expectAccessible(client.page, 'my reservations with a deposit to pay');
    await payDeposit.click();
    await completeOnPayfast(client.page, new RegExp(tradingName));
    await client.page.waitForURL(/\/my-reservations/);
    await expect
      .poll(() => client.page.getByText('Payment received').first().isVisible(), { timeout: 20_000 })
      .toBe(true);
    await expect
      .poll(() =>
        panel
          .getByRole('button', { name: `Pay balance early (${formatRandCents(totalCents - depositCents)})` })
          .isVisible(),
      )
      .toBe(true);

    // The owner sees the PayFast payment on the Transactions tab.
    await owner.page.goto('/reservation-management');
    const row = owner.page.getByRole('row').filter({ hasText: title });
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('button', { name: /Edit reservation/ }).click();
    const editor = owner.page.getByRole('dialog', { name: 'Edit Reservation' });
    await editor.getByRole('tab', { name: 'Transactions' }).click();
    const transactions = editor.getByRole('table', { name: 'Transactions' });
    await expect
      .poll(() =>
        transactions
          .getByRole('row')
          .filter({ hasText: /PayFast/ })
          .count(),
      )
      .toBe(1);
    expect(
      await transactions
        .getByRole('row')
        .filter({ hasText: /PayFast/ })
        .getByText(formatRandCents(depositCents))
        .first()
        .isVisible(),
    ).toBe(true);
    await editor.getByRole('button', { name: 'Close editor' }).click();

    // The reminder: the balance is due tomorrow. Its link opens the payment page without signing in.
    const payer = await newPage(browser);
    await openMailLink(payer.page, account.email, new RegExp(`^Balance of R .* due .* for ${reference}$`));
    await payer.page.waitForURL(/\/pay\/[A-Za-z0-9_-]{43}$/);
    await expect
      .poll(() => payer.page.getByRole('heading', { name: `Pay ${tradingName}` }).isVisible())
      .toBe(true);
    await expectAccessible(payer.page, 'payment link page');
    await payer.page
      .getByRole('button', { name: `Pay balance early (${formatRandCents(totalCents - depositCents)})` })
      .click();
    await completeOnPayfast(payer.page, new RegExp(tradingName));
    await payer.page.waitForURL(/\/pay\/[A-Za-z0-9_-]{43}\?payment=/);
    await expect
      .poll(() => payer.page.getByText('Payment received').first().isVisible(), { timeout: 20_000 })
      .toBe(true);
    await expect.poll(() => payer.page.getByText('Paid in full').isVisible()).toBe(true);

    // Each payment sent the client a receipt.
    const mails = (await (
      await owner.page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(account.email)}`)
    ).json()) as Array<{ subject: string }>;
    expect(mails.filter((mail) => mail.subject.startsWith(`Payment received for ${reference}`))).toHaveLength(
      2,
    );

    // The owner's tax invoice shows both payments as received, and nothing left to pay.
    await owner.page.reload();
    await row.getByRole('button', { name: `Documents for ${title}` }).click();
    await owner.page.getByRole('menuitem', { name: 'Invoice…' }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Invoice' });
    const invoice = await downloadedPdfText(
      owner.page,
      dialog.getByRole('button', { name: 'Download invoice' }),
    );
    const received = invoice.text.match(/Received \d{1,2} \w+ \d{4} · PayFast ·\s+BKP_\w+/g) ?? [];
    expect(received).toHaveLength(2);
    // The PDF's text has plain spaces where the app's amounts have no-break spaces.
    const plain = (text: string) => text.replace(/\s/g, ' ');
    expect(plain(invoice.text)).toContain(plain(formatRandCents(depositCents)));
    expect(plain(invoice.text)).toContain(plain(formatRandCents(totalCents - depositCents)));
    expect(plain(invoice.text)).toContain(plain(`Balance due ${formatRandCents(0)}`));

    await payer.context.close();
    await client.context.close();
    await owner.context.close();
  });
});
