import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, expectAccessible, launchBrowser, newPage } from './support/browser.ts';

/** A page drawn in the light theme; a paragraph marked `faint` lacks contrast in the dark theme only. */
function themedPage(body: string): string {
  return `<!doctype html><html lang="en" data-mantine-color-scheme="light"><head><title>Check</title>
<style>
  html[data-mantine-color-scheme='light'] { --text: #1a1a1a; --faint: #1a1a1a; --back: #ffffff; }
  html[data-mantine-color-scheme='dark'] { --text: #e0e0e0; --faint: #303030; --back: #242424; }
  body { color: var(--text); background: var(--back); }
  .faint { color: var(--faint); }
</style></head><body><main><h1>Check</h1>${body}</main></body></html>`;
}

/**
 * Shows `html` at an http origin of its own (a frame of about:blank has an opaque origin, which
 * axe's messages between frames refuse, unlike any page of the app).
 */
async function show(page: Page, html: string): Promise<void> {
  await page.route('http://check.test/', (route) => route.fulfill({ body: html, contentType: 'text/html' }));
  await page.goto('http://check.test/');
}

/** What the check says when it refuses the page (its message and the findings it lists), or ''. */
async function refusal(page: Page): Promise<string> {
  try {
    await expectAccessible(page, 'the check itself');
  } catch (error) {
    return `${String(error)} ${JSON.stringify((error as { actual?: unknown }).actual)}`;
  }
  return '';
}

/** The journeys' accessibility check must be able to fail: each way it looks is shown failing once. */
describe.runIf(browserAvailable)('the accessibility check every journey runs', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('passes a page with nothing to find', async () => {
    const { page, context } = await newPage(browser);
    await show(page, themedPage('<p>Readable in both themes.</p>'));
    await expectAccessible(page, 'a clean page');
    await context.close();
  });

  it('finds text the other theme draws without contrast, and names that theme', async () => {
    const { page, context } = await newPage(browser);
    await show(page, themedPage('<p class="faint">Dark grey on darker grey in the dark theme.</p>'));
    const message = await refusal(page);
    expect(message).toContain('(dark theme)');
    expect(message).toContain('color-contrast');
    await context.close();
  });

  it('finds a field without a name inside a same-origin frame, such as the mailbox’s email', async () => {
    const { page, context } = await newPage(browser);
    await show(
      page,
      themedPage('<iframe title="Email: check" srcdoc="<main><input type=text></main>"></iframe>'),
    );
    await page.frameLocator('iframe').locator('input').waitFor();
    const message = await refusal(page);
    expect(message).toContain('(light theme)');
    expect(message).toMatch(/\blabel\b/);
    await context.close();
  });
});
