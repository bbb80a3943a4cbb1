import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInBusinessZone } from '../domain/dates.ts';
import { newClientPicksStay } from './support/booking.ts';
import {
  browserAvailable,
  expectAccessible,
  launchBrowser,
  newPage,
  registerVerifiedClient,
  signIn,
} from './support/browser.ts';
import { createCottage } from './support/listings.ts';

/**
 * Issue 22 item 1 (docs/decisions/055): an owner starts the day on Today, answers a client's request
 * there (Approve, or Decline after a confirmation), and the client sees the answer.
 */
describe.runIf(browserAvailable)('journey: the Today desk', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('an owner lands on Today, approves a request in place and the client sees it confirmed', async () => {
    // A new owner with a cottage of their own: nothing else comes or goes on their desk.
    const owner = await newPage(browser);
    const account = await registerVerifiedClient(owner.page, 'Lwazi', 'Mabaso', 'owner');
    await signIn(owner.page, account.email, account.password);
    await owner.page.waitForURL(/\/today$/);
    await expect
      .poll(() => owner.page.getByRole('heading', { name: 'Today', level: 1 }).isVisible())
      .toBe(true);
    const waiting = owner.page.getByRole('region', { name: 'Requests waiting for approval' });
    await expect.poll(() => waiting.getByText('No requests waiting').isVisible()).toBe(true);
    expect(await owner.page.getByText('No arrivals today').isVisible()).toBe(true);
    expect(await owner.page.getByText('No balances due').isVisible()).toBe(true);

    const title = `Umhlanga cottage ${Date.now().toString(36)}`;
    const listingId = await createCottage(owner.page, {
      title,
      description: 'A cottage above the beach, a short walk from the lighthouse.',
      city: 'Durban',
      location: '4 Lighthouse Road, Umhlanga',
      pricePerNightCents: 95_000,
    });

    // A client asks for the first two free nights (from today) on the booking page.
    const { client, stay } = await newClientPicksStay(
      browser,
      listingId,
      { first: 'Nandi', last: 'Cele' },
      2,
      0,
    );
    await client.page.getByRole('button', { name: 'Confirm Reservation' }).click();
    await expect.poll(() => client.page.getByText('Reservation created successfully').isVisible()).toBe(true);
    const [request] = (await (await client.page.request.get('/api/my/reservations')).json()) as Array<{
      reference: string;
    }>;
    const reference = request?.reference ?? '';
    expect(reference).not.toBe('');

    // The owner's desk shows it waiting, with Approve and Decline.
    await owner.page.reload();
    const row = waiting.getByRole('listitem', { name: new RegExp(`^${reference},`) });
    await expect.poll(() => row.isVisible()).toBe(true);
    expect(await row.getByText('Pending').isVisible()).toBe(true);
    expect(await row.getByText(title).isVisible()).toBe(true);
    if (stay.start === todayInBusinessZone()) {
      const arrivals = owner.page.getByRole('region', { name: 'Arrivals today' });
      expect(await arrivals.getByRole('listitem', { name: new RegExp(`^${reference},`) }).isVisible()).toBe(
        true,
      );
      expect(await arrivals.getByText('Check-in').isVisible()).toBe(true);
    }
    await expectAccessible(owner.page, 'Today with a request waiting');

    // Decline asks first; the owner keeps the request.
    await row.getByRole('button', { name: `Decline ${reference}` }).click();
    const dialog = owner.page.getByRole('dialog', { name: `Decline request ${reference}` });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectAccessible(owner.page, 'Decline confirmation open');
    await dialog.getByRole('button', { name: 'Keep request' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await row.isVisible()).toBe(true);

    // Approve: the toast, and the row leaves the waiting list for the balances due.
    await row.getByRole('button', { name: `Approve ${reference}` }).click();
    await expect
      .poll(() => owner.page.getByText(`Reservation ${reference} confirmed`).isVisible())
      .toBe(true);
    await expect.poll(() => waiting.getByText('No requests waiting').isVisible()).toBe(true);
    const balances = owner.page.getByRole('region', { name: 'Balances due' });
    const owing = balances.getByRole('listitem', { name: new RegExp(`^${reference},`) });
    await expect.poll(() => owing.isVisible()).toBe(true);
    expect(await owing.getByText('Confirmed').isVisible()).toBe(true);

    // On a 360 px phone the desk is cards that fit the screen.
    await owner.page.setViewportSize({ width: 360, height: 740 });
    await expect
      .poll(() => owner.page.getByText(/^\d+ arriving · \d+ leaving · \d+ in use$/).count())
      .toBe(7);
    expect(await owner.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Its reference opens the reservation editor.
    await owing.getByRole('link', { name: reference }).click();
    await owner.page.waitForURL(/\/reservation-management$/);
    await expect
      .poll(() => owner.page.getByRole('dialog', { name: 'Edit Reservation' }).isVisible())
      .toBe(true);
    await owner.context.close();

    // The client's My Reservations shows it confirmed.
    await client.page.goto('/my-reservations');
    const card = client.page.getByRole('article', { name: title });
    await expect.poll(() => card.getByText('Confirmed', { exact: true }).isVisible()).toBe(true);
    await client.context.close();
  });
});
