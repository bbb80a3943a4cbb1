import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { pdfAllText } from '../../server/test/pdf-text.ts';

/** Clicks something that downloads a file and returns the file's text as a PDF reader shows it. */
export async function downloadedPdfText(
  page: Page,
  trigger: Locator,
): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
  const file = await download.path();
  expect(file, 'the download finished').toBeTruthy();
  return { name: download.suggestedFilename(), text: await pdfAllText(await readFile(file as string)) };
}
