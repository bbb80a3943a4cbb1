import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Opens the dev mailbox's newest email to `to` with exactly this subject and returns the email's text. */
export async function readMail(page: Page, to: string, subject: string): Promise<string> {
  await expect
    .poll(
      async () => {
        const list = (await (
          await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`)
        ).json()) as Array<{ subject: string }>;
        return list.some((mail) => mail.subject === subject);
      },
      { timeout: 15_000, interval: 250 },
    )
    .toBe(true);
  await page.goto('/dev/mailbox');
  await page
    .getByRole('listitem')
    .filter({ hasText: to })
    .filter({ hasText: subject })
    .first()
    .getByRole('button')
    .click();
  const body = page.frameLocator(`iframe[title="Email: ${subject}"]`).locator('body');
  await body.getByRole('link').first().waitFor();
  return (await body.innerText()).replace(/\s+/g, ' ');
}
