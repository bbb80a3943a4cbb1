import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickStayOnCalendar } from './support/booking.ts';
import {
  browserAvailable,
  expectAccessible,
  launchBrowser,
  newPage,
  registerVerifiedClient,
  signIn,
} from './support/browser.ts';
import { createCottage } from './support/listings.ts';
import { readMail } from './support/mailbox.ts';
import { downloadedPdfText } from './support/pdf.ts';

const AGREEMENT = `# House rules

Guests keep the cottage **tidy** and return the *keys* by 10:00 on the last day.

1. No smoking indoors
2. Quiet after 22:00

- Braai only in the courtyard`;

async function createListing(page: Page, title: string): Promise<string> {
  return createCottage(page, {
    title,
    description: 'A stone cottage under the Swartberg, with a braai in the courtyard.',
    city: 'Prince Albert',
    location: 'Church Street, Prince Albert',
    pricePerNightCents: 85_000,
  });
}

describe.runIf(browserAvailable)('journey: a custom rental agreement', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('an owner with the add-on writes their agreement; a client reads and accepts it while booking and finds it in the confirmation and its email', async () => {
    // A new owner (so no other journey's bookings meet the agreement) with one listing.
    const owner = await newPage(browser);
    const ownerAccount = await registerVerifiedClient(owner.page, 'Nomsa', 'Khumalo', 'owner');
    await signIn(owner.page, ownerAccount.email, ownerAccount.password);
    // Owners land on Today (docs/decisions/045, 055).
    await owner.page.waitForURL(/\/today$/);
    await owner.page.goto('/property-management');
    const title = `Swartberg cottage ${Date.now()}`;
    const listingId = await createListing(owner.page, title);

    // Without the add-on the screen offers it; the owner adds it (paid through PayFast on Starter).
    await owner.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Manage' })
      .click();
    await owner.page.getByRole('menuitem', { name: 'Rental Agreement' }).click();
    await expect.poll(() => owner.page.getByText('Add the Custom Agreement add-on').isVisible()).toBe(true);
    await owner.page.goto('/subscription');
    await owner.page.getByRole('button', { name: 'Add Custom rental agreement' }).click();
    const addOnDialog = owner.page.getByRole('dialog', { name: 'Add Custom rental agreement?' });
    await addOnDialog.getByRole('button', { name: 'Pay R 149.00' }).click();
    await owner.page.waitForURL(/\/payfast-simulator\/eng\/process$/);
    await owner.page.getByRole('button', { name: 'Complete payment' }).click();
    await owner.page.waitForURL(/\/payment\/return\?ref=SUB_/);
    await expect
      .poll(() => owner.page.getByText('Add-on successfully added!').isVisible(), { timeout: 30_000 })
      .toBe(true);

    // The owner writes the agreement, previews it and saves version 1.
    await owner.page.goto('/agreement');
    const text = owner.page.getByRole('textbox', { name: 'Agreement text' });
    await text.fill(AGREEMENT);
    await owner.page.getByRole('tab', { name: 'Preview' }).click();
    const preview = owner.page.getByLabel('Preview of your agreement');
    await expect.poll(() => preview.getByRole('heading', { name: 'House rules' }).isVisible()).toBe(true);
    expect(await preview.locator('strong', { hasText: 'tidy' }).isVisible()).toBe(true);
    expect(await preview.getByRole('listitem').filter({ hasText: 'No smoking indoors' }).isVisible()).toBe(
      true,
    );
    await expectAccessible(owner.page, 'rental agreement preview');
    await owner.page.getByRole('button', { name: 'Save agreement' }).click();
    await expect
      .poll(() => owner.page.getByText('Version 1 saved', { exact: false }).first().isVisible())
      .toBe(true);
    await expect.poll(() => owner.page.getByText('Version 1 is in force').isVisible()).toBe(true);
    await expectAccessible(owner.page, 'rental agreement');

    // A client picks dates on the calendar, opens and reads the agreement, accepts it and books.
    const client = await newPage(browser);
    const clientAccount = await registerVerifiedClient(client.page, 'Kagiso', 'Molefe');
    await signIn(client.page, clientAccount.email, clientAccount.password);
    await client.page.goto(`/reservation/${listingId}`);
    await pickStayOnCalendar(client.page, listingId, 2, 3);
    const accept = client.page.getByRole('checkbox', { name: "I accept Nomsa Khumalo's rental agreement" });
    await expect.poll(() => accept.isVisible()).toBe(true);
    const confirm = client.page.getByRole('button', { name: 'Confirm Reservation' });
    expect(await confirm.isDisabled()).toBe(true);
    await client.page.getByRole('button', { name: 'Read the rental agreement (version 1)' }).click();
    const dialog = client.page.getByRole('dialog', { name: "Nomsa Khumalo's rental agreement" });
    await expect.poll(() => dialog.getByRole('heading', { name: 'House rules' }).isVisible()).toBe(true);
    expect(await dialog.getByText('Braai only in the courtyard').isVisible()).toBe(true);
    await expectAccessible(client.page, 'booking page with the agreement open');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await accept.check();
    await expect.poll(() => confirm.isEnabled()).toBe(true);
    await confirm.click();
    await client.page.waitForURL(/\/my-reservations$/);

    // The owner confirms the booking in reservation management.
    await owner.page.goto('/reservation-management');
    const row = owner.page.getByRole('row').filter({ hasText: title }).filter({ hasText: 'Kagiso Molefe' });
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('button', { name: /Edit reservation/ }).click();
    const editor = owner.page.getByRole('dialog', { name: 'Edit Reservation' });
    await editor.getByRole('combobox', { name: 'Status' }).click();
    await owner.page.getByRole('option', { name: 'Confirmed' }).click();
    await editor.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => owner.page.getByText('Reservation updated successfully').isVisible()).toBe(true);

    // The client's Booking Confirmation prints the agreement they accepted.
    await client.page.goto('/my-reservations');
    const card = client.page.getByRole('article', { name: title });
    await expect.poll(() => card.getByText('Confirmed', { exact: true }).isVisible()).toBe(true);
    const confirmation = await downloadedPdfText(
      client.page,
      card.getByRole('link', { name: 'Confirmation' }),
    );
    expect(confirmation.text).toContain('Booking Confirmation');
    expect(confirmation.text).toContain('Nomsa Khumalo rental agreement');
    expect(confirmation.text).toMatch(/Version 1 · Accepted by Kagiso Molefe on /);
    expect(confirmation.text).toContain('No smoking indoors');

    // The confirmation email has the agreement attached.
    const subject = `Your booking at ${title} is confirmed`;
    const mail = await readMail(client.page, clientAccount.email, subject);
    expect(mail).toContain('Good news: your booking is confirmed.');
    const attachment = client.page.getByRole('list', { name: 'Attachments' }).getByRole('link', {
      name: /Rental-agreement-v1\.pdf/,
    });
    const attached = await downloadedPdfText(client.page, attachment);
    expect(attached.name).toBe('Rental-agreement-v1.pdf');
    expect(attached.text).toContain('Nomsa Khumalo rental agreement');
    expect(attached.text).toContain('Quiet after 22:00');

    await owner.context.close();
    await client.context.close();
  });
});
