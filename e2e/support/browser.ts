import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { axeViolations } from './axe.ts';
import { cspViolations, watchCspViolations } from './csp.ts';

export const baseUrl = inject('baseUrl');
/** Journeys are skipped (loudly, in global setup) only when no Chromium exists and CI did not require them. */
export const browserAvailable = inject('chromiumPath') !== '';

/**
 * The run's Chromium (started once by global-setup.ts) for one journey file. Closing it closes the
 * contexts the file made and disconnects; the browser stays up for the other files.
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserEndpoint'));
}

export async function newPage(
  browser: Browser,
  options: {
    width?: number;
    height?: number;
    colorScheme?: 'light' | 'dark';
    /** Another address of the same server (e.g. http://127.0.0.1:PORT); the server's own by default. */
    baseURL?: string;
  } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: options.baseURL ?? baseUrl,
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    colorScheme: options.colorScheme ?? 'light',
    locale: 'en-ZA',
    reducedMotion: 'reduce',
    timezoneId: 'Africa/Johannesburg',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  watchCspViolations(page);
  return { context, page };
}

/**
 * axe rules that fail a journey beyond every serious and critical finding: moderate ones the product
 * had and fixed (a page without its h1, a second banner landmark while a dialog is open).
 */
const ALSO_REQUIRED = new Set(['page-has-heading-one', 'landmark-no-duplicate-banner', 'landmark-unique']);

/**
 * The rules a colour scheme can change: the themes differ in colours only (Mantine's CSS variables),
 * never in the page's elements, names or roles, so the second theme is checked for these alone.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

async function axeFindings(
  page: Page,
  alsoRequired: readonly string[] = [],
  only?: readonly string[],
): Promise<string[]> {
  const violations = await axeViolations(page, only);
  const required = new Set([...ALSO_REQUIRED, ...alsoRequired]);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || required.has(v.id))
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

type Scheme = 'light' | 'dark';

/** Mantine draws the scheme named on <html>; switching the attribute redraws without touching the app's state. */
async function showScheme(page: Page, scheme: Scheme): Promise<void> {
  await page.evaluate(
    (value) =>
      new Promise<void>((resolve) => {
        document.documentElement.setAttribute('data-mantine-color-scheme', value);
        // Colours fade between themes (CSS transitions): axe must read the end colours, not a mid-fade.
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const fades = document
              .getAnimations()
              .filter((animation) => animation instanceof CSSTransition)
              .map((animation) => animation.finished.catch(() => undefined));
            const cap = new Promise((done) => setTimeout(done, 1000));
            void Promise.race([Promise.all(fades), cap]).then(() => resolve());
          }),
        );
      }),
    scheme,
  );
}

/**
 * The check every visited screen gets: no serious or critical axe violations (nor the moderate ones
 * above) in the theme it shows, none of the colour rules' in the other theme, nothing refused by the
 * CSP.
 */
export async function expectAccessible(
  page: Page,
  screen: string,
  /** More moderate axe rules this check requires (e.g. `region` for portalled menus). */
  alsoRequired: readonly string[] = [],
): Promise<void> {
  // A screen is checked once it has drawn its heading: routes load lazily, and right after a
  // navigation the page may still show the previous screen's fallback. A page that never draws an
  // h1 still fails below (page-has-heading-one).
  await page
    .locator('h1')
    .first()
    .waitFor({ state: 'attached', timeout: 15_000 })
    .catch(() => undefined);
  expect(cspViolations(page), `Content-Security-Policy violations up to ${screen}`).toEqual([]);
  const shown = (await page.evaluate(() =>
    document.documentElement.getAttribute('data-mantine-color-scheme'),
  )) as Scheme | null;
  const current: Scheme = shown === 'dark' ? 'dark' : 'light';
  const other: Scheme = current === 'dark' ? 'light' : 'dark';
  expect(await axeFindings(page, alsoRequired), `axe on ${screen} (${current} theme)`).toEqual([]);
  await showScheme(page, other);
  try {
    expect(await axeFindings(page, alsoRequired, COLOUR_RULES), `axe on ${screen} (${other} theme)`).toEqual(
      [],
    );
  } finally {
    await showScheme(page, current);
  }
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  // Signing in hashes the password (scrypt): on a loaded 2-core machine that alone can take seconds.
  // A refusal fails at once, with the page's own words.
  const refusal = page.getByRole('alert').filter({ hasText: 'Login failed' });
  const arrived = page
    .waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 })
    .then(
      () => 'arrived' as const,
      () => 'still on login' as const,
    );
  const refused = refusal.waitFor({ timeout: 31_000 }).then(
    () => 'refused' as const,
    () => arrived,
  );
  const outcome = await Promise.race([arrived, refused]);
  if (outcome === 'refused') {
    throw new Error(`Signing in as ${email} was refused: ${await refusal.textContent()}`);
  }
  if (outcome !== 'arrived') throw new Error(`Signing in as ${email}: still on the login page after 30 s`);
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

/** Registers and verifies a client (or an owner) through the public API and the dev mailbox; returns its credentials. */
export async function registerVerifiedClient(
  page: Page,
  firstName: string,
  lastName: string,
  role: 'client' | 'owner' = 'client',
): Promise<{ email: string; password: string }> {
  const email = `${firstName.toLowerCase()}.${Date.now()}@example.co.za`;
  const password = 'Client!2026';
  const origin = { origin: baseUrl };
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    headers: origin,
    data: {
      email,
      password,
      first_name: firstName,
      last_name: lastName,
      role,
      termsAccepted: true,
    },
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

/** The calendar's address: it adds ?month=YYYY-MM (replacing the entry) once it has shown a month. */
export const CALENDAR_URL = /\/calendar(\?month=\d{4}-\d{2})?$/;
