import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatDisplayDate, todayInBusinessZone } from '../domain/dates.ts';
import {
  baseUrl,
  browserAvailable,
  expectAccessible,
  launchBrowser,
  newPage,
  registerVerifiedClient,
  signIn,
} from './support/browser.ts';
import { clickPickerDay } from './support/date-picker.ts';
import { readMail } from './support/mailbox.ts';
import { makePhoto, photoFolder } from './support/photos.ts';

const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-description', { hasText: text });

describe.runIf(browserAvailable)('journey: professional photography', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('an owner adds the add-on and books a shoot → an admin schedules it (owner emailed) and uploads a photo → the owner sees Completed and the photo in the gallery', async () => {
    const { page: ownerPage } = await newPage(browser);
    const owner = await registerVerifiedClient(ownerPage, 'Thandeka', 'Mokoena', 'owner');
    await signIn(ownerPage, owner.email, owner.password);
    // Owners land on Today (docs/decisions/045, 055).
    await ownerPage.waitForURL(/\/today$/);
    await ownerPage.goto('/property-management');
    const title = `Sea Point flat ${Date.now()}`;
    const created = await ownerPage.request.post('/api/properties', {
      headers: { origin: baseUrl },
      data: {
        type: 'accommodation',
        category: 'apartment',
        title,
        description: 'A bright flat a block from the promenade.',
        city: 'Cape Town',
        location: '14 Beach Road, Sea Point, Cape Town',
        price_per_day_cents: 120_000,
        specifications: { type: 'accommodation', bedrooms: 2, bathrooms: 1, maxOccupants: 4, maxGuests: 4 },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const listingId = ((await created.json()) as { id: string }).id;

    // Without the add-on the Photography screen offers it.
    await ownerPage.getByRole('link', { name: 'Photography', exact: true }).click();
    await ownerPage.waitForURL(/\/photography$/);
    await expect
      .poll(() => ownerPage.getByText('Professional photography is an add-on.').isVisible())
      .toBe(true);
    await ownerPage.getByRole('link', { name: 'Add it on the Subscription screen' }).click();

    // The add-on, paid through (simulated) PayFast, the product's own flow.
    await ownerPage.waitForURL(/\/subscription$/);
    await ownerPage.getByRole('button', { name: 'Add Professional photography' }).click();
    const addOnDialog = ownerPage.getByRole('dialog', { name: 'Add Professional photography?' });
    await addOnDialog.getByRole('button', { name: 'Pay R 499.00' }).click();
    await ownerPage.waitForURL(/\/payfast-simulator\/eng\/process$/);
    await ownerPage.getByRole('button', { name: 'Complete payment' }).click();
    await expect
      .poll(() => ownerPage.getByText('Add-on successfully added!').isVisible(), { timeout: 30_000 })
      .toBe(true);
    await ownerPage.goto('/subscription');
    await ownerPage.getByRole('link', { name: 'Book a shoot and see your requests' }).click();
    await ownerPage.waitForURL(/\/photography$/);

    // The request: the listing (its address shown), two days clicked on the calendar, notes.
    const form = ownerPage.getByRole('form', { name: 'Book a photo shoot' });
    await form.waitFor();
    expect(await form.getByText('14 Beach Road, Sea Point, Cape Town').isVisible()).toBe(true);
    await form.getByRole('checkbox', { name: title }).check();
    const today = todayInBusinessZone();
    const [first, second] = [addDays(today, 2), addDays(today, 3)];
    await clickPickerDay(ownerPage, first);
    await clickPickerDay(ownerPage, second);
    await expect
      .poll(() =>
        form.getByText(`Chosen: ${formatDisplayDate(first)}, ${formatDisplayDate(second)}`).isVisible(),
      )
      .toBe(true);
    await expectAccessible(ownerPage, 'photography with the date picker');
    await form
      .getByRole('textbox', { name: 'Notes for the photographer' })
      .fill('Parking in the basement, bay 12.');
    await form.getByRole('button', { name: 'Request shoot' }).click();
    await expect.poll(() => toast(ownerPage, 'Shoot requested.').isVisible()).toBe(true);
    const requests = ownerPage.getByRole('list', { name: 'Your requests' });
    await expect.poll(() => requests.getByText('Requested', { exact: true }).isVisible()).toBe(true);
    // This month's shoot is used: the screen says when the next one can be booked.
    expect(await ownerPage.getByText(/Your next shoot can be booked from 1 /).isVisible()).toBe(true);

    // The admin's queue: schedule it.
    const { page: adminPage } = await newPage(browser);
    await signIn(adminPage, 'admin@rentza.test', 'Admin#2026');
    await adminPage.goto('/admin/photography');
    const shoot = adminPage.getByRole('listitem', { name: 'Shoot for Thandeka Mokoena' });
    await shoot.waitFor();
    await expectAccessible(adminPage, 'photography queue');
    await shoot.getByRole('button', { name: 'Schedule' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Schedule the shoot for Thandeka Mokoena' });
    await dialog.getByRole('button', { name: 'Shoot date' }).click();
    // The picker opens in its own dialog; clickPickerDay then reads its month (support/date-picker.ts).
    await dialog.getByRole('dialog', { name: 'Choose a date' }).waitFor();
    await clickPickerDay(adminPage, second);
    // The picked day closes the picker: axe reads the dialog once its dropdown has left the page.
    await expect.poll(() => dialog.locator('[id$="-dropdown"]').count()).toBe(0);
    await dialog.getByLabel('Time').fill('10:30');
    await expectAccessible(adminPage, 'schedule dialog');
    await dialog.getByRole('button', { name: 'Schedule and email owner' }).click();
    await expect.poll(() => toast(adminPage, 'Shoot scheduled').isVisible()).toBe(true);

    // The owner's email names the day, the time and the address.
    const when = `${formatDisplayDate(second)} at 10:30`;
    const mail = await readMail(adminPage, owner.email, `Your photo shoot is booked for ${when}`);
    expect(mail).toContain('14 Beach Road, Sea Point, Cape Town');

    // The photo goes into the listing's gallery; then the shoot is done.
    await adminPage.goto('/admin/photography');
    // The state filter: its options are radios drawn as a segmented control (the label is what is clicked).
    await adminPage.locator('label', { hasText: /^Scheduled$/ }).click();
    await expect.poll(() => adminPage.getByRole('radio', { name: 'Scheduled' }).isChecked()).toBe(true);
    const scheduled = adminPage.getByRole('listitem', { name: 'Shoot for Thandeka Mokoena' });
    const chooser = adminPage.waitForEvent('filechooser');
    await scheduled.getByRole('button', { name: `Upload photos to ${title}` }).click();
    await (await chooser).setFiles(await makePhoto(photoFolder(), 'lounge.jpg', '#1971c2'));
    await expect
      .poll(() => toast(adminPage, `1 photo added to ${title}`).isVisible(), { timeout: 30_000 })
      .toBe(true);
    await scheduled.getByRole('button', { name: 'Mark done' }).click();
    await expect.poll(() => toast(adminPage, 'Shoot marked done').isVisible()).toBe(true);

    // The owner sees Completed, and the photo on the listing's page.
    await ownerPage.reload();
    await expect.poll(() => requests.getByText('Completed', { exact: true }).isVisible()).toBe(true);
    await expectAccessible(ownerPage, 'photography completed');
    await ownerPage.goto(`/property/${listingId}`);
    await expect
      .poll(() => ownerPage.locator('img[src*="/api/images/properties/"]').count())
      .toBeGreaterThan(0);
  });
});
