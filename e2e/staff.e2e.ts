import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openListingsOf } from './support/booking.ts';
import {
  browserAvailable,
  expectAccessible,
  launchBrowser,
  newPage,
  openMailLink,
  signIn,
} from './support/browser.ts';

const OWNER = { email: 'thandi@rentza.test', password: 'Owner#2026' };

describe.runIf(browserAvailable)('journey: an owner’s staff', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('the owner invites a front-office member, who claims the account from the email, books from the calendar, and cannot manage properties', async () => {
    const listing = (await openListingsOf(browser, OWNER.email, OWNER.password)).find(
      (candidate) => candidate.type === 'accommodation',
    );
    expect(listing, 'an accommodation listing of Thandi’s').toBeDefined();
    if (!listing) return;
    const stamp = Date.now().toString(36);
    const email = `ayanda.${stamp}@example.co.za`;

    // The owner invites Ayanda as front office from User Management.
    const owner = await newPage(browser);
    await signIn(owner.page, OWNER.email, OWNER.password);
    await owner.page.goto('/owner-user-management');
    await expect
      .poll(() => owner.page.getByRole('heading', { name: 'User Management', level: 1 }).isVisible())
      .toBe(true);
    await expect.poll(() => owner.page.getByRole('table', { name: 'Staff' }).isVisible()).toBe(true);
    expect(await owner.page.getByRole('cell', { name: 'sipho@rentza.test' }).isVisible()).toBe(true);
    const form = owner.page.getByRole('form', { name: 'Invite staff' });
    await form.getByRole('textbox', { name: 'First name' }).fill('Ayanda');
    await form.getByRole('textbox', { name: 'Last name' }).fill('Mkhize');
    await form.getByRole('textbox', { name: 'Email' }).fill(`ayanda.${stamp}`);
    await expect.poll(() => form.getByText('Invalid email format').isVisible()).toBe(true);
    await form.getByRole('textbox', { name: 'Email' }).fill(email);
    // Front office starts with reservations (and reports); properties stay unticked.
    expect(await form.getByRole('checkbox', { name: /^Reservations/ }).isChecked()).toBe(true);
    expect(await form.getByRole('checkbox', { name: /^Properties/ }).isChecked()).toBe(false);
    await expectAccessible(owner.page, 'user management');
    await form.getByRole('button', { name: 'Send Invitation' }).click();
    await expect
      .poll(() => owner.page.getByText('Invitation created successfully', { exact: false }).isVisible())
      .toBe(true);
    const pending = owner.page.getByRole('list', { name: 'Pending invitations' });
    await expect.poll(() => pending.getByText(email, { exact: false }).isVisible()).toBe(true);

    // Ayanda follows the link in the email and completes her registration.
    const staff = await newPage(browser);
    await openMailLink(staff.page, email, /invited to join/);
    await staff.page.waitForURL(/\/claim-account\?token=/);
    await expect
      .poll(() => staff.page.getByRole('heading', { name: 'Complete Your Registration' }).isVisible())
      .toBe(true);
    await staff.page.getByRole('textbox', { name: 'Phone' }).fill('082 555 0123');
    await staff.page.getByLabel(/^Create Password/).fill('Staff!2026ok');
    await expectAccessible(staff.page, 'claim account');
    await staff.page.getByRole('button', { name: 'Complete Registration' }).click();
    await staff.page.waitForURL(/\/login/);
    await expect
      .poll(() => staff.page.getByText('Registration completed successfully').isVisible())
      .toBe(true);

    // She signs in, lands on the calendar and books a night for one of the business's clients.
    await signIn(staff.page, email, 'Staff!2026ok');
    await staff.page.goto('/calendar');
    await staff.page.getByRole('button', { name: 'Next' }).click();
    await staff.page.getByRole('button', { name: 'Next' }).click();
    await expect
      .poll(() => staff.page.locator('button[data-date][aria-label$="loading reservations"]').count())
      .toBe(0);
    await staff.page
      .locator('button[data-date]:not([data-other-month])[aria-label$=", no reservations"]')
      .nth(14)
      .click();
    const dialog = staff.page.getByRole('dialog', { name: 'Create Reservation' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('combobox', { name: 'Property' }).click();
    await staff.page.getByRole('option', { name: listing.title }).click();
    // Types part of the client's name and clicks the match the server found (docs/decisions/072).
    const clientPicker = dialog.getByRole('combobox', { name: 'Client' });
    await clientPicker.click();
    await clientPicker.pressSequentially('Lerat');
    const lerato = staff.page.getByRole('option', { name: /Lerato Dlamini/ });
    await expect.poll(() => lerato.isVisible()).toBe(true);
    await expectAccessible(staff.page, 'calendar create dialog (staff), client picker open');
    await lerato.click();
    await expect.poll(() => clientPicker.inputValue()).toMatch(/^Lerato Dlamini \(/);
    await dialog.getByRole('button', { name: 'Create Reservation' }).click();
    await expect.poll(() => staff.page.getByText('Reservation created successfully').isVisible()).toBe(true);

    // Property Management is not hers: the guard sends her away and the API refuses.
    await staff.page.goto('/property-management');
    await expect.poll(() => new URL(staff.page.url()).pathname).not.toBe('/property-management');
    const refused = await staff.page.request.delete(`/api/properties/${listing.id}`);
    expect(refused.status()).toBe(403);

    // The owner now sees her among the staff, no longer pending.
    await owner.page.reload();
    await expect.poll(() => owner.page.getByRole('cell', { name: email }).isVisible()).toBe(true);
    expect(await owner.page.getByRole('list', { name: 'Pending invitations' }).getByText(email).count()).toBe(
      0,
    );
    await staff.context.close();
    await owner.context.close();
  });
});
