import { unzipSync } from 'fflate';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DELETION_MESSAGES } from '../domain/account-deletion.ts';
import { MESSAGES } from '../domain/errors.ts';
import { newClientPicksStay, thandiAccommodation } from './support/booking.ts';
import { browserAvailable, expectAccessible, launchBrowser } from './support/browser.ts';
import { downloadedFile } from './support/download.ts';

/** Far from the first free night, where other journeys book. */
const SKIP_DAYS = 24;

describe.runIf(browserAvailable)(
  'journey: a client downloads their data and deletes their account (POPIA)',
  () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchBrowser();
    });
    afterAll(async () => browser?.close());

    it('downloads a ZIP with their profile, is refused while a booking is upcoming, then deletes the account and cannot sign in', async () => {
      const listing = await thandiAccommodation(browser);
      expect(listing, 'an accommodation listing of Thandi that takes bookings').toBeDefined();
      if (!listing) return;

      // A new client books two nights, so there is data to download.
      const { client, account } = await newClientPicksStay(
        browser,
        listing.id,
        { first: 'Nomvula', last: 'Khumalo' },
        2,
        SKIP_DAYS,
      );
      const { page } = client;
      await page.getByRole('button', { name: 'Confirm Reservation' }).click();
      await page.waitForURL(/\/my-reservations$/);
      const card = page.getByRole('article', { name: listing.title });
      await expect.poll(() => card.getByText('Pending Approval').isVisible()).toBe(true);

      // My Profile: Your data. The download is a ZIP whose profile.json is theirs and which holds the booking.
      await page.goto('/profile');
      await page.getByRole('heading', { name: 'Your data' }).waitFor();
      await expectAccessible(page, 'my profile with your data');
      const download = await downloadedFile(page, page.getByRole('button', { name: 'Download my data' }));
      expect(download.name).toMatch(/^rentza-my-data-\d{4}-\d{2}-\d{2}\.zip$/);
      const zip = unzipSync(new Uint8Array(download.bytes));
      const read = (name: string) => JSON.parse(Buffer.from(zip[name] as Uint8Array).toString('utf8'));
      expect(read('profile.json').user.email).toBe(account.email);
      expect(read('bookings.json').bookings.map((b: { property_title: string }) => b.property_title)).toEqual(
        [listing.title],
      );
      await expect.poll(() => page.getByText('Your data has been downloaded').isVisible()).toBe(true);

      // Deleting asks for the password and the typed word; the upcoming booking holds it back.
      const openDialog = async () => {
        await page.getByRole('button', { name: 'Delete my account' }).click();
        const dialog = page.getByRole('dialog', { name: 'Delete my account' });
        await dialog.waitFor();
        return dialog;
      };
      let dialog = await openDialog();
      const submit = dialog.getByRole('button', { name: 'Delete my account' });
      expect(await submit.isDisabled()).toBe(true);
      await dialog.getByLabel(/^Password/).fill(account.password);
      await dialog.getByLabel(/^Type DELETE to confirm/).fill('DELETE');
      await expectAccessible(page, 'delete my account (dialog open)');
      await submit.click();
      await expect
        .poll(() =>
          dialog
            .getByRole('alert')
            .filter({ hasText: ACCOUNT_DELETION_MESSAGES.upcomingBookings })
            .isVisible(),
        )
        .toBe(true);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });

      // They cancel the booking on My Reservations, then delete the account.
      await page.goto('/my-reservations');
      await card.getByRole('button', { name: 'Cancel reservation' }).click();
      const confirm = page.getByRole('dialog', { name: 'Cancel booking' });
      await confirm.getByRole('button', { name: 'Cancel booking' }).click();
      await expect.poll(() => card.getByText('Cancelled', { exact: true }).isVisible()).toBe(true);

      await page.goto('/profile');
      await page.getByRole('heading', { name: 'Your data' }).waitFor();
      dialog = await openDialog();
      await dialog.getByLabel(/^Password/).fill(account.password);
      await dialog.getByLabel(/^Type DELETE to confirm/).fill('DELETE');
      await dialog.getByRole('button', { name: 'Delete my account' }).click();

      // Signed out, told so, and at home.
      // Checking the password hashes it (scrypt): on a loaded 2-core machine that alone can take seconds.
      // A refusal fails at once, with the dialog's own words.
      const refusal = dialog.getByRole('alert');
      const outcome = await Promise.race([
        page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 }).then(() => 'home'),
        refusal.waitFor({ timeout: 31_000 }).then(async () => `refused: ${await refusal.textContent()}`),
      ]);
      expect(outcome).toBe('home');
      await expect.poll(() => page.getByText(ACCOUNT_DELETION_MESSAGES.deleted).isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: 'Login' }).first().isVisible()).toBe(true);

      // The old credentials no longer sign in.
      await page.goto('/login');
      await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
      await page.getByLabel(/^Password/).fill(account.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await expect
        .poll(() => page.getByRole('alert').filter({ hasText: MESSAGES.invalidCredentials }).isVisible())
        .toBe(true);
      await client.context.close();
    });
  },
);
