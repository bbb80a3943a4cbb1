import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_MESSAGES } from '../domain/schemas/support.ts';
import {
  browserAvailable,
  expectAccessible,
  launchBrowser,
  newPage,
  openMailLink,
  signIn,
} from './support/browser.ts';

const OWNER = 'thandi@rentza.test';

describe.runIf(browserAvailable)('journey: support with priority', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('an owner asks from Help; an admin finds it in the inbox, replies and closes; the owner reads the reply on Help and from the email', async () => {
    const subject = `Exporting my calendar ${Date.now()}`;
    const question = 'How do I share my calendar with my accountant?';
    const answer = 'Open Calendar and choose Export: the file opens in any calendar app.';

    // Thandi (Business plan) asks from Help, reached through her account menu.
    const owner = await newPage(browser);
    await signIn(owner.page, OWNER, 'Owner#2026');
    await owner.page.getByRole('button', { name: /Account menu/ }).click();
    await owner.page.getByRole('menuitem', { name: 'Help' }).click();
    await owner.page.waitForURL(/\/help$/);
    await expect
      .poll(() => owner.page.getByRole('heading', { name: 'Help', level: 1 }).isVisible())
      .toBe(true);
    expect(await owner.page.title()).toBe('Help · Rentza');
    await expectAccessible(owner.page, 'help');

    await owner.page.getByRole('button', { name: 'Ask a question' }).click();
    const ask = owner.page.getByRole('dialog', { name: 'Ask a question' });
    await expect.poll(() => ask.getByRole('textbox', { name: 'Subject' }).isVisible()).toBe(true);
    await expectAccessible(owner.page, 'ask a question dialog');
    await ask.getByRole('textbox', { name: 'Subject' }).fill(subject);
    await ask.getByRole('textbox', { name: 'Your question' }).fill(question);
    // A reference that is none of her bookings is refused under the field.
    const reference = ask.getByRole('textbox', { name: /Booking reference/ });
    await reference.fill('RZ-ZZZZZZ');
    await ask.getByRole('button', { name: 'Send question' }).click();
    await expect.poll(() => ask.getByText(SUPPORT_MESSAGES.unknownReference).isVisible()).toBe(true);
    await reference.fill('');
    await ask.getByRole('button', { name: 'Send question' }).click();
    await expect.poll(() => ask.count()).toBe(0);
    const mine = owner.page.getByRole('listitem').filter({ hasText: subject });
    await expect.poll(() => mine.getByText('Open', { exact: true }).isVisible()).toBe(true);

    // The admin's inbox: Thandi's request with her plan; opened, answered and closed.
    const admin = await newPage(browser);
    await signIn(admin.page, 'admin@rentza.test', 'Admin#2026');
    await admin.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Manage' })
      .click();
    await admin.page.getByRole('menuitem', { name: 'Support Inbox' }).click();
    await admin.page.waitForURL(/\/admin\/support$/);
    // The pointer moves on from the header (axe would otherwise read a passing hover tint).
    await admin.page.mouse.move(640, 800);
    const row = admin.page.getByRole('row').filter({ hasText: subject });
    await expect.poll(() => row.isVisible()).toBe(true);
    expect(await row.textContent()).toContain('Thandi Nkosi');
    expect(await row.getByText(/^(Business|Pro|Starter)$/).textContent()).toBe('Business');
    await expectAccessible(admin.page, 'support inbox');

    await row.getByRole('button', { name: `Open “${subject}”` }).click();
    const drawer = admin.page.getByRole('dialog', { name: subject });
    await expect.poll(() => drawer.getByText(question).isVisible()).toBe(true);
    await expectAccessible(admin.page, 'support request drawer');
    await drawer.getByRole('textbox', { name: 'Your reply' }).fill(answer);
    await drawer.getByRole('button', { name: 'Send reply' }).click();
    await expect.poll(() => drawer.getByText(answer).isVisible()).toBe(true);
    await expect.poll(() => drawer.getByText('Answered', { exact: true }).isVisible()).toBe(true);
    await drawer.getByRole('button', { name: 'Close request' }).click();
    await expect.poll(() => drawer.getByText('Closed', { exact: true }).isVisible()).toBe(true);
    await drawer.getByRole('button', { name: 'Back to the inbox' }).click();
    // The open requests no longer list it.
    await expect.poll(() => row.count()).toBe(0);
    await admin.context.close();

    // Thandi follows the email's link to the thread and finds the reply; writing opens it again.
    await openMailLink(owner.page, OWNER, /^Rentza support replied: Exporting my calendar/);
    await owner.page.waitForURL(/\/help\/[0-9a-f-]{36}$/);
    await expect
      .poll(() => owner.page.getByRole('heading', { name: subject, level: 1 }).isVisible())
      .toBe(true);
    const messages = owner.page.getByRole('list', { name: 'Messages' });
    await expect.poll(() => messages.getByText(answer).isVisible()).toBe(true);
    expect(await messages.textContent()).toContain('Rentza support');
    await expect.poll(() => owner.page.getByText('This request is closed').isVisible()).toBe(true);
    await expectAccessible(owner.page, 'help request');
    await owner.page.getByRole('textbox', { name: 'Reopen with a message' }).fill('Thanks! And for staff?');
    await owner.page.getByRole('button', { name: 'Reopen and send' }).click();
    await expect.poll(() => owner.page.getByText('Open', { exact: true }).first().isVisible()).toBe(true);
    await expect.poll(() => messages.getByText('Thanks! And for staff?').isVisible()).toBe(true);
    await owner.context.close();
  });
});
