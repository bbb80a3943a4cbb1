import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Clicks something that downloads a file and returns the file's suggested name and its bytes. The
 * bytes come through Playwright's connection: the journeys drive the run's one Chromium remotely
 * (global-setup.ts), where the file is not on a path of this process.
 */
export async function downloadedFile(page: Page, trigger: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
  expect(await download.failure(), 'the download finished').toBeNull();
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return { name: download.suggestedFilename(), bytes: Buffer.concat(chunks) };
}
