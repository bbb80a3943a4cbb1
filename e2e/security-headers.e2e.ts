import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  browserAvailable,
  expectAccessible,
  launchBrowser,
  newPage,
  signIn,
} from './support/browser.ts';
import { cspViolations } from './support/csp.ts';

describe.runIf(browserAvailable)('journey: the built app under its security headers', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('home, login and the photo drop area work with a CSP that allows no inline script', async () => {
    const { page, context } = await newPage(browser);
    const response = await page.goto('/');
    const headers = response?.headers() ?? {};
    expect(headers['content-security-policy']).toContain("script-src 'self';");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Featured Properties' }).isVisible())
      .toBe(true);
    await expectAccessible(page, 'home');

    await signIn(page, 'thandi@rentza.test', 'Owner#2026');
    // Owners land on Today (docs/decisions/045, 055).
    await page.waitForURL(/\/today$/);
    await page.goto('/property-management');
    await page.getByRole('button', { name: 'Add New Property' }).click();
    const dropArea = page.getByLabel('Upload photos');
    await expect.poll(() => dropArea.isVisible()).toBe(true);
    const chooser = page.waitForEvent('filechooser');
    await dropArea.click();
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2b8a3e' } })
      .png()
      .toBuffer();
    await (await chooser).setFiles({ name: 'garden.png', mimeType: 'image/png', buffer: png });
    await expect
      .poll(() =>
        page
          .getByRole('img', { name: 'Preview of garden.png' })
          .evaluate((img) => img instanceof HTMLImageElement && img.complete),
      )
      .toBe(true);
    await expectAccessible(page, 'add property form with a photo preview');
    await context.close();
  });

  it('renders the API docs (Swagger UI) without CSP violations', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/api/docs');
    await expect.poll(() => page.getByRole('heading', { name: /Rentza API/ }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('/api/health').first().isVisible()).toBe(true);
    expect(cspViolations(page), 'CSP violations on /api/docs').toEqual([]);
    await context.close();
  });

  it('refuses to be framed by another page', async () => {
    const { page, context } = await newPage(browser);
    await page.setContent(`<iframe title="framed" src="${baseUrl}/login"></iframe>`);
    await expect
      .poll(() => cspViolations(page).some((text) => text.includes("frame-ancestors 'none'")))
      .toBe(true);
    await context.close();
  });
});
