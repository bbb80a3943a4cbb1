import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, Result, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type WithAxe = { axe?: { run(context: Document, options: RunOptions): Promise<AxeResults> } };

/**
 * Puts axe-core into every frame of the page that does not hold it yet (a page keeps it until it
 * navigates), so that a run in the top frame also reads same-origin frames such as the dev mailbox's
 * email. A frame that goes away meanwhile is skipped.
 */
async function injectAxe(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    const present = await frame.evaluate(() => typeof (window as WithAxe).axe === 'object').catch(() => true);
    if (!present) await frame.evaluate(axeSource).catch(() => undefined);
  }
}

/**
 * axe-core's violations on the page as it is now: every rule axe runs by default, or only `rules`.
 * It runs axe in the page itself, as axe's own browser integration does; @axe-core/playwright's
 * default mode opened a blank page and injected axe twice for each check, ten times the time
 * (docs/decisions/076).
 */
export async function axeViolations(page: Page, rules?: readonly string[]): Promise<Result[]> {
  await injectAxe(page);
  return page.evaluate(
    async (only) => {
      const axe = (window as WithAxe).axe;
      if (!axe) throw new Error('axe-core is not in the page');
      const results = await axe.run(document, {
        resultTypes: ['violations'],
        ...(only ? { runOnly: { type: 'rule', values: only } } : {}),
      });
      return results.violations;
    },
    rules ? [...rules] : null,
  );
}
