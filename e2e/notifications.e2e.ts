import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newClientPicksStay, THANDI as OWNER, thandiAccommodation } from './support/booking.ts';
import { browserAvailable, expectAccessible, launchBrowser, newPage, signIn } from './support/browser.ts';

/** Far from the nights other journeys book on Thandi's accommodation (documents 70, one-total 58). */
const SKIP_DAYS = 84;
const BELL = /^Notifications, (\d+|none) unread$/;
/** The count the bell's name states ("Notifications, 2 unread"; none is 0). */
const unreadOn = async (bell: Locator) => {
  const count = BELL.exec((await bell.getAttribute('aria-label')) ?? '')?.[1];
  return count === 'none' ? 0 : Number(count);
};

describe.runIf(browserAvailable)('journey: the owner is told of a booking request by the bell', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('a client requests a night; the owner sees the count, opens the bell, clicks the request, lands on it', async () => {
    const listing = await thandiAccommodation(browser);
    expect(listing, 'a demo accommodation of Thandi that takes bookings').toBeDefined();
    if (!listing) return;

    // The owner starts with everything read: the bell shows no count.
    const owner = await newPage(browser);
    await signIn(owner.page, OWNER.email, OWNER.password);
    const cleared = await owner.page.request.post('/api/me/notifications/read-all', { data: {} });
    expect(cleared.status()).toBe(200);

    const { client } = await newClientPicksStay(
      browser,
      listing.id,
      { first: 'Sipho', last: 'Ndlovu' },
      1,
      SKIP_DAYS,
    );
    await client.page.getByRole('button', { name: 'Confirm Reservation' }).click();
    await expect.poll(() => client.page.getByText('Reservation created successfully').isVisible()).toBe(true);
    const [reservation] = (await (await client.page.request.get('/api/reservations')).json()) as Array<{
      id: string;
    }>;
    expect(reservation?.id).toBeDefined();
    await client.context.close();

    // The bell counts it (the owner's tab regains focus; here a fresh page load).
    await owner.page.goto('/');
    const bell = owner.page.getByRole('button', { name: BELL });
    await expect.poll(async () => await unreadOn(bell)).toBeGreaterThanOrEqual(1);

    await bell.click();
    const popover = owner.page.getByRole('dialog', { name: 'Notifications' });
    const request = popover.getByRole('button', { name: /New booking request from Sipho Ndlovu/ }).first();
    await expect.poll(() => request.isVisible()).toBe(true);
    expect(await request.textContent()).toContain(listing.title);
    expect(await request.textContent()).toMatch(/^Unread: /);
    expect(await popover.getByRole('button', { name: 'Mark all as read' }).isEnabled()).toBe(true);
    await expectAccessible(owner.page, 'notifications popover open');

    // Clicking it marks it read and opens that reservation in Reservation Management.
    await request.click();
    await owner.page.waitForURL(/\/reservation-management$/);
    const editor = owner.page.getByRole('dialog', { name: 'Edit Reservation' });
    await expect.poll(() => editor.isVisible()).toBe(true);
    await expect
      .poll(() =>
        editor
          .locator('input')
          .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)),
      )
      .toContain(listing.title);
    // That notification is read (the count itself may grow meanwhile: journeys running alongside
    // send this owner requests of their own).
    const clickedIsRead = async () => {
      const mine = (await (await owner.page.request.get('/api/me/notifications')).json()) as {
        items: Array<{ link: string; read: boolean }>;
      };
      return mine.items.find((item) => item.link.endsWith(reservation?.id ?? '?'))?.read;
    };
    await expect.poll(clickedIsRead).toBe(true);
    await owner.context.close();
  });

  it('the notification settings show in-app on and no SMS switch (no SMS provider)', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, OWNER.email, OWNER.password);
    await page.goto('/profile');
    const app = page.getByRole('switch', { name: 'In-app notifications' });
    await expect.poll(() => app.isVisible()).toBe(true);
    expect(await page.getByRole('switch', { name: 'SMS notifications' }).count()).toBe(0);
    expect(await page.getByRole('switch', { name: 'Email notifications' }).isVisible()).toBe(true);
    await expectAccessible(page, 'notification settings without SMS');
    await context.close();
  });
});
