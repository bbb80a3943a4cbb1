import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickStayOnCalendar, pieterOpenListings } from './support/booking.ts';
import { browserAvailable, expectAccessible, launchBrowser, newPage, signIn } from './support/browser.ts';

/** Spec §6: owners and admins add clients and book for them; staff book for existing clients only. */
describe.runIf(browserAvailable)('journey: who books for whom', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('an admin picks from the listing owner’s clients, adds a new one and books for them', async () => {
    // One of Pieter's listings: no other journey books or edits them, so its first free night is ours.
    const [listing] = await pieterOpenListings(browser);
    expect(listing, 'a demo listing of Pieter that takes bookings').toBeDefined();
    if (!listing) return;

    const { page, context } = await newPage(browser);
    await signIn(page, 'admin@rentza.test', 'Admin#2026');

    await page.goto(`/reservation/${listing.id}`);
    const clientSelect = page.getByRole('combobox', { name: 'Client' });
    await expect.poll(() => clientSelect.isVisible()).toBe(true);
    await page.getByRole('button', { name: '+ Add New Client' }).click();
    await page.getByRole('textbox', { name: 'Client first name' }).fill('Nomvula');
    await page.getByRole('textbox', { name: 'Client last name' }).fill('Sithole');
    const email = `nomvula.${Date.now()}@example.co.za`;
    await page.getByRole('textbox', { name: 'Client email' }).fill(email);
    await page.getByRole('button', { name: 'Save client' }).click();
    await expect.poll(() => page.getByText('Client created successfully').isVisible()).toBe(true);
    await expect.poll(() => clientSelect.inputValue()).toBe(`Nomvula Sithole (${email})`);
    await expectAccessible(page, 'reservation page (admin booking for a client)');

    // The new client is the listing owner's, not the admin's.
    const clients = await page.request.get(
      `/api/clients?owner_id=${listing.owner_id}&q=${encodeURIComponent(email)}`,
    );
    const found = (await clients.json()) as { items: Array<{ email: string }> };
    expect(found.items.map((client) => client.email)).toEqual([email]);

    await pickStayOnCalendar(page, listing.id, 1);
    await page.getByRole('button', { name: 'Confirm Reservation' }).click();
    const outcome = page.getByText(/Reservation created successfully|Failed to create reservation.*/).first();
    await expect.poll(() => outcome.isVisible()).toBe(true);
    expect(await outcome.textContent()).toBe('Reservation created successfully');
    await page.waitForURL(/\/reservation-management$/);
    await expect.poll(() => page.getByText('Nomvula Sithole').first().isVisible()).toBe(true);
    await context.close();
  });

  it('a front-office staff member (no tenants permission) books from the calendar for existing clients only, and cannot delete', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'anele@rentza.test', 'Staff#2026');
    await page.goto('/calendar');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect
      .poll(() => page.locator('button[data-date][aria-label$="loading reservations"]').count())
      .toBe(0);
    await page
      .locator('button[data-date]:not([data-other-month])[aria-label$=", no reservations"]')
      .nth(9)
      .click();
    const dialog = page.getByRole('dialog', { name: 'Create Reservation' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('combobox', { name: 'Property' }).click();
    await page.getByRole('option').first().click();
    // The picker searches the business's clients on the server (docs/decisions/072): she types part
    // of a name and clicks the match.
    const clientPicker = dialog.getByRole('combobox', { name: 'Client' });
    await clientPicker.click();
    await clientPicker.pressSequentially('lerato dl');
    const lerato = page.getByRole('option', { name: /^Lerato Dlamini \(/ });
    await expect.poll(() => lerato.isVisible()).toBe(true);
    expect(await page.getByRole('option', { name: '+ New client' }).count()).toBe(0);
    await expectAccessible(page, 'calendar create dialog (front office), client picker open');
    await lerato.click();
    await expect.poll(() => clientPicker.inputValue()).toMatch(/^Lerato Dlamini \(/);

    // The API refuses what the screen does not offer.
    const reservations = (await (await page.request.get('/api/reservations')).json()) as Array<{
      id: string;
    }>;
    const first = reservations[0];
    expect(first, 'a demo reservation of the business').toBeDefined();
    if (!first) return;
    const refused = await page.request.delete(`/api/reservations/${first.id}`);
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'Only the owner or an admin can delete a reservation',
    );
    await context.close();
  });
});
