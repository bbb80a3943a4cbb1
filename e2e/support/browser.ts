import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { CHROMIUM_ARGS } from './chromium.ts';

export const baseUrl = inject('baseUrl');
/** Journeys are skipped (loudly, in global setup) only when no Chromium exists and CI did not require them. */
export const browserAvailable = inject('chromiumPath') !== '';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: inject('chromiumPath'), args: CHROMIUM_ARGS });
}

export async function newPage(
  browser: Browser,
  options: { width?: number; height?: number; colorScheme?: 'light' | 'dark' } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    colorScheme: options.colorScheme ?? 'light',
    locale: 'en-ZA',
    reducedMotion: 'reduce',
    timezoneId: 'Africa/Johannesburg',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** The axe check every visited screen gets: no serious or critical violations. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = serious.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe on ${screen}`).toEqual([]);
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** Opens the newest dev-mailbox email to an address whose subject matches, and follows its link. */
export async function openMailLink(
  page: Page,
  to: string,
  subject: RegExp,
  beforeFollow?: () => Promise<void>,
): Promise<void> {
  let html = '';
  for (let attempt = 0; attempt < 40 && !html; attempt++) {
    const list = (await (
      await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`)
    ).json()) as Array<{
      id: string;
      subject: string;
    }>;
    const mail = list.find((m) => subject.test(m.subject));
    if (mail) {
      await page.goto('/dev/mailbox');
      await page
        .getByRole('listitem')
        .filter({ hasText: to })
        .filter({ hasText: mail.subject })
        .first()
        .getByRole('button')
        .click();
      html = mail.id;
    } else {
      await page.waitForTimeout(250);
    }
  }
  expect(html, `an email to ${to} matching ${subject}`).not.toBe('');
  const frame = page.frameLocator('iframe[title^="Email:"]');
  await frame.getByRole('link').first().waitFor();
  await beforeFollow?.();
  await frame.getByRole('link').first().click();
}

/** Registers and verifies a client through the public API and the dev mailbox; returns its credentials. */
export async function registerVerifiedClient(
  page: Page,
  firstName: string,
  lastName: string,
): Promise<{ email: string; password: string }> {
  const email = `${firstName.toLowerCase()}.${Date.now()}@example.co.za`;
  const password = 'Client!2026';
  const origin = { origin: baseUrl };
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    headers: origin,
    data: { email, password, first_name: firstName, last_name: lastName, role: 'client' },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  let link = '';
  for (let attempt = 0; attempt < 40 && !link; attempt++) {
    const list = (await (
      await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`)
    ).json()) as Array<{ id: string }>;
    const first = list[0];
    if (first) {
      const mail = (await (await page.request.get(`/api/dev/mailbox/${first.id}`)).json()) as {
        text: string;
      };
      link = mail.text.match(/https?:\/\/\S+/)?.[0] ?? '';
    } else {
      await page.waitForTimeout(250);
    }
  }
  expect(link, 'verification link').not.toBe('');
  await page.request.get(link, { maxRedirects: 0 });
  return { email, password };
}
