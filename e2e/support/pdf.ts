import type { Locator, Page } from 'playwright-core';
import { pdfAllText } from '../../server/test/pdf-text.ts';
import { downloadedFile } from './download.ts';

/** Clicks something that downloads a file and returns the file's name and its text as a PDF reader shows it. */
export async function downloadedPdfText(
  page: Page,
  trigger: Locator,
): Promise<{ name: string; text: string }> {
  const { name, bytes } = await downloadedFile(page, trigger);
  return { name, text: await pdfAllText(bytes) };
}
