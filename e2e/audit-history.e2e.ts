import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDisplayDate, todayInBusinessZone } from '../domain/dates.ts';
import { firstFreeStay, THANDI } from './support/booking.ts';
import { browserAvailable, expectAccessible, launchBrowser, newPage, signIn } from './support/browser.ts';
import { createCottage } from './support/listings.ts';

/** Text with every run of spaces (no-break ones included) as one plain space. */
const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ');

describe.runIf(browserAvailable)('journey: who changed a booking (audit log, decision 051)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('an owner edits a booking and bills a charge; the History tab shows both; an admin finds them in the Audit log', async () => {
    const owner = await newPage(browser);
    await signIn(owner.page, THANDI.email, THANDI.password);
    const stamp = Date.now().toString(36);
    const title = `Audit Cottage ${stamp}`;
    const propertyId = await createCottage(owner.page, {
      title,
      description: 'A stone cottage under the sandstone cliffs, with a fireplace and a view of the peaks.',
      city: 'Clarens',
      location: '3 Church Street, Clarens',
      pricePerNightCents: 90_000,
    });
    const stay = await firstFreeStay(owner.page, propertyId, 2, 10);
    const booked = await owner.page.request.post('/api/reservations', {
      data: {
        property_id: propertyId,
        start_date: stay.start,
        end_date: stay.end,
        guests: 1,
        new_client: {
          first_name: 'Zanele',
          last_name: `Audit${stamp}`,
          email: `zanele.${stamp}@example.co.za`,
        },
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const { reference } = (await booked.json()) as { reference: string };

    // The owner edits the booking in the editor: two guests instead of one.
    await owner.page.goto('/reservation-management');
    await owner.page.getByRole('textbox', { name: 'Search' }).fill(title);
    const row = owner.page.getByRole('row').filter({ hasText: title });
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('button', { name: /Edit reservation/ }).click();
    const editor = owner.page.getByRole('dialog', { name: 'Edit Reservation' });
    const guests = editor.getByRole('textbox', { name: 'Guests' });
    await expect.poll(() => guests.inputValue()).toBe('1');
    await guests.fill('2');
    await editor.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => owner.page.getByText('Reservation updated successfully').isVisible()).toBe(true);

    // And adds an ad hoc charge on the Transactions tab.
    await row.getByRole('button', { name: /Edit reservation/ }).click();
    await editor.getByRole('tab', { name: 'Transactions' }).click();
    const charge = editor.getByRole('form', { name: 'Ad hoc charge' });
    await charge.getByRole('textbox', { name: 'Description' }).fill('Firewood');
    const price = charge.getByRole('textbox', { name: 'Unit price' });
    await price.fill('150');
    await charge.getByRole('button', { name: 'Add' }).click();
    await expect.poll(() => owner.page.getByText('Transaction added').isVisible()).toBe(true);

    // The History tab: both changes, newest first, with who made them and before → after.
    await editor.getByRole('tab', { name: 'History' }).click();
    const history = editor.getByRole('list', { name: 'Reservation history' });
    const entries = history.locator(':scope > li');
    await expect.poll(() => entries.count()).toBe(3);
    const charged = entries.nth(0);
    expect(plain(await charged.textContent())).toContain(`Billing line added to ${reference}: Firewood`);
    expect(plain(await charged.textContent())).toContain('Unit price: — →changed to R 150.00');
    const edited = entries.nth(1);
    expect(plain(await edited.textContent())).toContain(`Reservation ${reference} edited`);
    expect(plain(await edited.textContent())).toContain('Guests: 1 →changed to 2');
    expect(plain(await entries.nth(2).textContent())).toContain(`Reservation ${reference} created`);
    await expectAccessible(owner.page, 'reservation history tab');
    await owner.context.close();

    // The admin opens the Audit log, picks Thandi's business and the booking's reference.
    const admin = await newPage(browser);
    await signIn(admin.page, 'admin@rentza.test', 'Admin#2026');
    await admin.page.getByRole('link', { name: 'Audit log' }).first().click();
    await expect
      .poll(() => admin.page.getByRole('heading', { name: 'Audit log', level: 1 }).isVisible())
      .toBe(true);
    const business = admin.page.getByRole('combobox', { name: 'Business' });
    await business.click();
    await business.fill(THANDI.email);
    await admin.page.getByRole('option', { name: new RegExp(THANDI.email.replace('.', '\\.')) }).click();
    await admin.page.getByRole('textbox', { name: 'Search' }).fill(reference);
    const table = admin.page.getByRole('table', { name: 'Audit log' });
    const rows = table.getByRole('row').filter({ hasText: reference });
    await expect.poll(() => rows.count()).toBe(3);
    expect(plain(await rows.nth(0).textContent())).toContain('R 150.00');
    expect(plain(await rows.nth(1).textContent())).toContain('Guests: 1 →changed to 2');

    // Today only, picked on the date range picker; axe runs with the picker open.
    await admin.page.getByRole('button', { name: 'Dates' }).click();
    const today = formatDisplayDate(todayInBusinessZone());
    const day = admin.page.getByRole('button', { name: today, exact: true });
    await expect.poll(() => day.isVisible()).toBe(true);
    await expectAccessible(admin.page, 'audit log with the date picker open');
    await day.click();
    await day.click();
    await expect
      .poll(() => admin.page.getByRole('button', { name: today, exact: true }).isVisible())
      .toBe(false);
    await expect.poll(() => rows.count()).toBe(3);
    await expectAccessible(admin.page, 'audit log');
    await admin.context.close();
  });
});
