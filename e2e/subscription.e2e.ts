import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  browserAvailable,
  expectAccessible,
  launchBrowser,
  newPage,
  registerVerifiedClient,
  signIn,
} from './support/browser.ts';
import { downloadedPdfText } from './support/pdf.ts';
import { makePhoto, photoFolder } from './support/photos.ts';

/** The first listing, made through the API as setup (the listing form has its own journey). */
async function createListing(page: Page, title: string) {
  return page.request.post('/api/properties', {
    headers: { origin: baseUrl },
    data: {
      type: 'accommodation',
      category: 'cottage',
      title,
      description: 'A garden cottage with a braai and a view of the mountain.',
      city: 'Stellenbosch',
      location: 'Dalsig, Stellenbosch',
      price_per_day_cents: 95_000,
      specifications: { type: 'accommodation', bedrooms: 1, bathrooms: 1, maxOccupants: 2, maxGuests: 2 },
    },
  });
}

/** Adds a listing the way the owner does: Add New Property, the form, a photo, Save. */
async function addListingOnScreen(page: Page, title: string) {
  await page.goto('/property-management');
  await page.getByRole('button', { name: 'Add New Property' }).click();
  const save = page.getByRole('button', { name: 'Save' });
  await expect.poll(() => save.isVisible()).toBe(true);
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Vehicle' }).click();
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Car' }).click();
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page
    .getByRole('textbox', { name: 'Description' })
    .fill('A city hatchback, easy to park in Stellenbosch.');
  await page.getByRole('combobox', { name: 'City' }).fill('Cape');
  await page.getByRole('option', { name: 'Cape Town' }).click();
  await page.getByRole('textbox', { name: 'Location' }).fill('Gardens, Cape Town');
  await page.getByRole('textbox', { name: /^Price/ }).fill('450');
  await page.getByRole('textbox', { name: 'Make' }).fill('Volkswagen');
  await page.getByRole('textbox', { name: 'Model' }).fill('Polo');
  await page.getByRole('textbox', { name: 'Year' }).fill('2021');
  await page
    .locator('input[type="file"]')
    .setInputFiles([await makePhoto(photoFolder(), 'polo.jpg', '#2b8a3e')]);
  await expect.poll(() => page.getByRole('img', { name: /Preview of/ }).count()).toBe(1);
  await expect.poll(() => save.isEnabled()).toBe(true);
  await save.click();
  await expect
    .poll(() => page.getByText('Property created successfully').isVisible(), { timeout: 30_000 })
    .toBe(true);
}

const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-description', { hasText: text });

/** From the Plans tab, the button of a plan, then PayFast's (simulated) page and one of its buttons. */
async function payAtSimulator(
  page: Page,
  planButton: string,
  decision: 'Complete payment' | 'Fail payment' | 'Cancel payment',
) {
  await page.getByRole('button', { name: planButton }).click();
  // The confirm step shows the server's preview: with the add-on's unused month credited, R 299.00 now.
  const confirm = page.getByRole('dialog', { name: 'Change to Pro?' });
  await expect.poll(() => confirm.getByText('Due now: R 299.00.', { exact: false }).isVisible()).toBe(true);
  await confirm.getByRole('button', { name: 'Pay R 299.00' }).click();
  await page.waitForURL(/\/payfast-simulator\/eng\/process$/);
  await expect.poll(() => page.getByRole('heading', { name: 'Pay Rentza' }).isVisible()).toBe(true);
  expect(await page.getByText('R 299.00').first().isVisible(), 'the Pro price at PayFast').toBe(true);
  await page.getByRole('button', { name: decision }).click();
}

describe.runIf(browserAvailable)(
  'journey: an owner upgrades to Pro through PayFast and manages billing',
  () => {
    let browser: Browser;
    // One owner's way from Starter to Pro and through billing, in steps that each need the one before
    // (one page); each step has the journeys' own time limit.
    let page: Page;
    let context: BrowserContext;
    const tag = `Dalsig${Date.now()}`;
    beforeAll(async () => {
      browser = await launchBrowser();
      ({ page, context } = await newPage(browser));
    });
    afterAll(async () => {
      await context?.close();
      await browser?.close();
    });

    it('Starter allows one listing; an add-on on Starter is paid through PayFast first', async () => {
      const owner = await registerVerifiedClient(page, 'Lindiwe', 'Dube', 'owner');
      await signIn(page, owner.email, owner.password);
      // Owners land on Today (docs/decisions/045, 055).
      await page.waitForURL(/\/today$/);
      await page.goto('/property-management');

      // Starter: one listing, the second refused with the plan's reason.
      const first = await createListing(page, `Garden cottage ${tag}`);
      expect(first.status(), await first.text()).toBe(201);
      const refused = await createListing(page, `Loft ${tag}`);
      expect(refused.status()).toBe(403);
      expect(await refused.text()).toContain("You've reached your limit of 1 listings");
      // On screen, Add New Property explains the limit instead of opening the form.
      await page.goto('/property-management');
      await page.getByRole('button', { name: 'Add New Property' }).click();
      const limit = page.getByRole('alert').filter({ hasText: 'Listing limit reached' });
      await expect
        .poll(() =>
          limit.getByText("You've reached your limit of 1 listings. Upgrade to add more.").isVisible(),
        )
        .toBe(true);
      expect(await limit.getByRole('link', { name: 'Upgrade your subscription' }).isVisible()).toBe(true);

      // Overview: Starter, Active, usage at its limit.
      await page.goto('/subscription');
      await expect
        .poll(() => page.getByRole('heading', { name: 'Subscription Management', level: 1 }).isVisible())
        .toBe(true);
      const plan = page.getByRole('region', { name: 'Starter' });
      await expect.poll(() => plan.getByText('Active', { exact: true }).isVisible()).toBe(true);
      expect(await plan.getByText('Free', { exact: true }).isVisible()).toBe(true);
      expect(await page.getByRole('progressbar', { name: 'Listings: 1 of 1' }).isVisible()).toBe(true);
      await expectAccessible(page, 'subscription overview');

      // An add-on on Starter is paid first: the confirm step says what it costs, PayFast takes it.
      await page.getByRole('button', { name: 'Add Homepage boost' }).click();
      const addOnDialog = page.getByRole('dialog', { name: 'Add Homepage boost?' });
      await expect
        .poll(() => addOnDialog.getByText(/^Pay R 99\.00 now for Homepage boost\./).isVisible())
        .toBe(true);
      await expectAccessible(page, 'add-on confirm');
      await addOnDialog.getByRole('button', { name: 'Pay R 99.00' }).click();
      await page.waitForURL(/\/payfast-simulator\/eng\/process$/);
      await expect.poll(() => page.getByText('R 99.00 monthly', { exact: false }).isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Complete payment' }).click();
      await page.waitForURL(/\/payment\/return\?ref=SUB_/);
      await expect
        .poll(() => page.getByText('Add-on successfully added!').isVisible(), { timeout: 30_000 })
        .toBe(true);
      await page.goto('/subscription');
      await expect
        .poll(() =>
          page.getByRole('list', { name: 'Active add-ons' }).getByText('Homepage boost').isVisible(),
        )
        .toBe(true);
      expect(await page.getByText('Monthly total: Free plan + R 99 add-ons = R 99 / month').isVisible()).toBe(
        true,
      );
      expect(await plan.getByText(/^Next billing on .*R\s99\.00$/).isVisible()).toBe(true);
    });

    it('Plans: a payment PayFast fails and one the buyer cancels change nothing', async () => {
      // Plans: the tab is in the address.
      await page.getByRole('tab', { name: 'Plans' }).click();
      await page.waitForURL(/\/subscription\?tab=plans$/);
      await expect.poll(() => page.getByRole('article', { name: 'Pro' }).isVisible()).toBe(true);
      expect(await page.getByRole('article', { name: 'Pro' }).getByText('Most popular').isVisible()).toBe(
        true,
      );
      expect(await page.getByRole('button', { name: 'Current plan: Starter' }).isDisabled()).toBe(true);
      await expectAccessible(page, 'subscription plans');
      await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
      await expect
        .poll(() =>
          page
            .getByRole('dialog', { name: 'Change to Pro?' })
            .getByText(/^Credit for the unused/)
            .isVisible(),
        )
        .toBe(true);
      await expectAccessible(page, 'plan change confirm');
      await page
        .getByRole('dialog', { name: 'Change to Pro?' })
        .getByRole('button', { name: 'Not now' })
        .click();

      // (2) PayFast fails the payment: the return page says so and the plan is as it was.
      await payAtSimulator(page, 'Upgrade to Pro', 'Fail payment');
      await page.waitForURL(/\/payment\/return\?ref=SUB_/);
      await expect
        .poll(() => page.getByRole('heading', { name: 'Payment failed', level: 1 }).isVisible(), {
          timeout: 30_000,
        })
        .toBe(true);
      expect(await page.getByText(/Your plan has not changed\./).isVisible()).toBe(true);
      await expectAccessible(page, 'payment return (failed)');
      await page.getByRole('link', { name: 'Try again' }).click();
      await page.waitForURL(/\/subscription\?tab=plans$/);
      await expect
        .poll(() => page.getByRole('button', { name: 'Current plan: Starter' }).isVisible())
        .toBe(true);

      // The buyer cancels at PayFast: nothing charged, plan unchanged.
      await payAtSimulator(page, 'Upgrade to Pro', 'Cancel payment');
      await page.waitForURL(/\/payment\/cancel\?ref=SUB_/);
      await expect
        .poll(() => page.getByRole('heading', { name: 'Payment cancelled', level: 1 }).isVisible())
        .toBe(true);
      expect(await page.getByText(/nothing was charged/).isVisible()).toBe(true);
      await expectAccessible(page, 'payment cancel');
    });

    it('Pro paid through PayFast carries the add-on over and allows a second listing', async () => {
      // (1) Upgrade to Pro and complete the payment.
      await page.goto('/subscription?tab=plans');
      await payAtSimulator(page, 'Upgrade to Pro', 'Complete payment');
      await page.waitForURL(/\/payment\/return\?ref=SUB_/);
      await expect
        .poll(() => page.getByRole('heading', { name: 'Payment successful', level: 1 }).isVisible(), {
          timeout: 30_000,
        })
        .toBe(true);
      expect(await page.getByText('Subscription created successfully!').isVisible()).toBe(true);
      expect(await page.getByText(/Plan: Pro · Amount: R\s299\.00/).isVisible()).toBe(true);
      await expectAccessible(page, 'payment return (complete)');
      await page.getByRole('link', { name: 'Go to Subscription' }).click();
      await page.waitForURL(/\/subscription$/);
      const pro = page.getByRole('region', { name: 'Pro' });
      await expect.poll(() => pro.getByText('Active', { exact: true }).isVisible()).toBe(true);
      // Pro with the add-on carried over: R 299 + R 99.
      expect(await pro.getByText(/^Next billing on .*R\s398\.00$/).isVisible()).toBe(true);
      expect(await page.getByText('Monthly total: R 299 + R 99 add-ons = R 398 / month').isVisible()).toBe(
        true,
      );

      // Pro allows the second listing.
      await addListingOnScreen(page, `Polo ${tag}`);
      await page.goto('/subscription');
      await page.getByRole('button', { name: 'Refresh usage' }).click();
      await expect.poll(() => toast(page, 'Usage data refreshed successfully!').isVisible()).toBe(true);
      await expect
        .poll(() => page.getByRole('progressbar', { name: 'Listings: 2 of 10' }).isVisible())
        .toBe(true);
    });

    it('Billing: cancel after the confirmation, reactivate, and the Pro payment’s tax invoice as a PDF', async () => {
      // (3) Billing: cancel after the confirmation, then reactivate.
      await page.getByRole('tab', { name: 'Billing' }).click();
      await page.waitForURL(/\/subscription\?tab=billing$/);
      const details = page.getByRole('region', { name: 'Subscription details' });
      await expect.poll(() => details.getByText('Monthly subscription').isVisible()).toBe(true);
      await expect.poll(() => page.getByText('Test mode').isVisible()).toBe(true);
      await expect
        .poll(() =>
          page.getByRole('region', { name: 'Billing history' }).getByText('Paid').first().isVisible(),
        )
        .toBe(true);
      await expectAccessible(page, 'subscription billing');
      await page.getByRole('button', { name: 'Cancel subscription' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel subscription' });
      await expect
        .poll(() =>
          dialog
            .getByText(
              'Are you sure you want to cancel your subscription? You will lose access to premium features at the end of your current billing period.',
            )
            .isVisible(),
        )
        .toBe(true);
      await expectAccessible(page, 'cancel subscription confirm');
      await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
      await expect
        .poll(() =>
          toast(
            page,
            'Subscription cancelled successfully. You will retain access until the end of your current billing period.',
          ).isVisible(),
        )
        .toBe(true);
      await expect.poll(() => details.getByText('Access until').isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Reactivate subscription' }).click();
      await expect.poll(() => toast(page, 'Subscription reactivated successfully!').isVisible()).toBe(true);
      await expect
        .poll(() => page.getByRole('button', { name: 'Cancel subscription' }).isVisible())
        .toBe(true);

      // (4) The tax invoice of the Pro payment downloads as a PDF with its number.
      const history = page.getByRole('region', { name: 'Billing history' });
      const downloadButton = history.getByRole('button', { name: /^Download invoice RZ-\d{6}$/ }).first();
      await expect.poll(() => downloadButton.isVisible()).toBe(true);
      const invoiceNumber = ((await downloadButton.getAttribute('aria-label')) ?? '').replace(
        'Download invoice ',
        '',
      );
      expect(invoiceNumber).toMatch(/^RZ-\d{6}$/);
      const invoice = await downloadedPdfText(page, downloadButton);
      expect(invoice.name).toBe(`Rentza-${invoiceNumber}.pdf`);
      expect(invoice.text).toContain('Tax Invoice');
      expect(invoice.text).toContain(invoiceNumber);
      expect(invoice.text).toContain('299.00');
    });

    it('the Subscription tabs work at 390 px and from the keyboard', async () => {
      const { page, context } = await newPage(browser, { width: 390, height: 844 });
      const owner = await registerVerifiedClient(page, 'Sibusiso', 'Ndlovu', 'owner');
      await signIn(page, owner.email, owner.password);
      await page.goto('/subscription?tab=billing');
      await expect
        .poll(() => page.getByRole('region', { name: 'Subscription details' }).isVisible())
        .toBe(true);
      await expect.poll(() => page.getByText('No payments yet').isVisible()).toBe(true);
      await expectAccessible(page, 'subscription billing (390 px)');
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        'nothing wider than the screen',
      ).toBe(true);
      await page.getByRole('tab', { name: 'Billing' }).focus();
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/subscription\?tab=plans$/);
      await expect.poll(() => page.getByRole('article', { name: 'Business' }).isVisible()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectAccessible(page, 'subscription plans (390 px)');
      await context.close();
    });
  },
);
