import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_PAGE_SIZE } from '../domain/schemas/clients.ts';
import { firstFreeStay, openListingsOf } from './support/booking.ts';
import { browserAvailable, expectAccessible, launchBrowser, newPage, signIn } from './support/browser.ts';

const OWNER = { email: 'thandi@rentza.test', password: 'Owner#2026' };
/** Far from the nights other journeys book. */
const SKIP_DAYS = 50;

describe.runIf(browserAvailable)('journey: an owner’s clients', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('adds a client, finds them by search, switches them off and on, and removes them: their pending booking is cancelled', async () => {
    const listing = (await openListingsOf(browser, OWNER.email, OWNER.password)).find(
      (candidate) => candidate.type === 'vehicle',
    );
    expect(listing, 'a vehicle of Thandi’s that takes bookings').toBeDefined();
    if (!listing) return;
    const { page, context } = await newPage(browser);
    await signIn(page, OWNER.email, OWNER.password);

    // The owner opens My Clients from the Manage menu.
    await page.goto('/calendar');
    await page.getByRole('button', { name: 'Manage' }).click();
    await page.getByRole('menuitem', { name: 'Client Management' }).click();
    await page.waitForURL(/\/tenant-management$/);
    await expect
      .poll(() => page.getByRole('heading', { name: 'My Clients', level: 1 }).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByRole('article').count()).toBeGreaterThan(0);
    await expectAccessible(page, 'my clients');

    const stamp = Date.now().toString(36);
    const name = `Zanele Khumalo${stamp}`;

    // More clients than one page holds (made as the business would, through the API): the owner finds
    // them by search and pages through them with the pager, as a person does.
    const family = `Pager${stamp}`;
    for (let n = 1; n <= CLIENT_PAGE_SIZE + 1; n++) {
      const made = await page.request.post('/api/clients', {
        data: {
          first_name: `Client${String(n).padStart(2, '0')}`,
          last_name: family,
          email: `pager${n}.${stamp}@example.co.za`,
        },
      });
      expect(made.status(), await made.text()).toBe(201);
    }
    await page.getByRole('textbox', { name: 'Search clients' }).fill(family);
    await expect
      .poll(() => page.getByText(`Clients 1–${CLIENT_PAGE_SIZE} of ${CLIENT_PAGE_SIZE + 1}`).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByRole('article').count()).toBe(CLIENT_PAGE_SIZE);
    const pager = page.getByRole('navigation', { name: 'Pages of clients' });
    await pager.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL(/[?&]page=2\b/);
    await expect.poll(() => page.getByRole('article').count()).toBe(1);
    const lastCard = `Client${String(CLIENT_PAGE_SIZE + 1).padStart(2, '0')} ${family}`;
    await expect.poll(() => page.getByRole('article', { name: lastCard }).isVisible()).toBe(true);
    await expect
      .poll(() =>
        page
          .getByText(`Clients ${CLIENT_PAGE_SIZE + 1}–${CLIENT_PAGE_SIZE + 1} of ${CLIENT_PAGE_SIZE + 1}`)
          .isVisible(),
      )
      .toBe(true);
    await expectAccessible(page, 'my clients, page 2 of a search');
    await pager.getByRole('button', { name: 'previous page' }).click();
    await expect.poll(() => page.getByRole('article').count()).toBe(CLIENT_PAGE_SIZE);
    await page.getByRole('textbox', { name: 'Search clients' }).fill('');
    await page.getByRole('button', { name: 'Add New Client' }).click();
    const form = page.getByRole('form', { name: 'Add New Client' });
    const add = form.getByRole('button', { name: 'Add Client' });
    await form.getByRole('textbox', { name: 'First name' }).fill('Zanele');
    await form.getByRole('textbox', { name: 'Last name' }).fill(`Khumalo${stamp}`);
    await form.getByRole('textbox', { name: 'Email' }).fill(`zanele.${stamp}@example`);
    expect(await add.isDisabled()).toBe(true);
    await form.getByRole('textbox', { name: 'Email' }).fill(`zanele.${stamp}@example.co.za`);
    await expectAccessible(page, 'add new client');
    await add.click();
    await expect.poll(() => page.getByText('Client created successfully').isVisible()).toBe(true);

    // Search narrows the cards to her, whatever the case.
    await page.getByRole('textbox', { name: 'Search clients' }).fill(`KHUMALO${stamp}`);
    const card = page.getByRole('article', { name });
    await expect.poll(() => page.getByRole('article').count()).toBe(1);
    expect(await card.getByText('Not Registered').isVisible()).toBe(true);
    expect(await card.getByText('Once they register with this email', { exact: false }).isVisible()).toBe(
      true,
    );

    await card.getByRole('button', { name: `Deactivate ${name}` }).click();
    await expect.poll(() => page.getByText('Client deactivated successfully').isVisible()).toBe(true);
    await expect.poll(() => card.getByText('Inactive', { exact: true }).isVisible()).toBe(true);
    await card.getByRole('button', { name: `Activate ${name}` }).click();
    await expect.poll(() => card.getByText('Active', { exact: true }).isVisible()).toBe(true);

    // A pending booking for her (made as the business would), then the owner removes her.
    const found = (await (
      await page.request.get(`/api/clients?q=${encodeURIComponent(`zanele.${stamp}@example.co.za`)}`)
    ).json()) as { items: Array<{ id: string; email: string }> };
    const zanele = found.items.find((client) => client.email === `zanele.${stamp}@example.co.za`);
    const stay = await firstFreeStay(page, listing.id, 1, SKIP_DAYS);
    const booked = await page.request.post('/api/reservations', {
      data: { property_id: listing.id, start_date: stay.start, end_date: stay.end, client_id: zanele?.id },
    });
    expect(booked.status(), await booked.text()).toBe(201);

    await card.getByRole('button', { name: `Remove ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove client' });
    await expect
      .poll(() => confirm.getByText(`Are you sure you want to remove ${name}?`).isVisible())
      .toBe(true);
    await expectAccessible(page, 'remove client confirm');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect
      .poll(() => page.getByText('Client removed successfully (1 pending reservation cancelled)').isVisible())
      .toBe(true);
    await expect.poll(() => page.getByText(`No clients match “KHUMALO${stamp}”.`).isVisible()).toBe(true);

    // Her booking shows Cancelled in Reservation Management.
    await page.goto('/reservation-management');
    const row = page.getByRole('row').filter({ hasText: name });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByText('Cancelled').isVisible()).toBe(true);
    await context.close();
  });
});
