import type { Page } from 'playwright-core';

const reports = new WeakMap<Page, string[]>();

/**
 * Records every Content-Security-Policy refusal on a page, in any frame (Chromium logs each one as a
 * console error, "Refused to … because it violates the following Content Security Policy directive").
 */
export function watchCspViolations(page: Page): void {
  const found: string[] = [];
  reports.set(page, found);
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      found.push(`${message.location().url}: ${message.text()}`);
    }
  });
}

/** The refusals recorded so far on a page that watchCspViolations watches. */
export function cspViolations(page: Page): string[] {
  const found = reports.get(page);
  if (!found) throw new Error('This page is not watched for CSP violations (open it with newPage)');
  return [...found];
}
