/**
 * Script requests per page (not a test; issue 24): starts the real server on the existing build
 * (dist/web: run `npm run build` first), opens the home page, a listing and the booking page (signed
 * in as the demo client) in Chromium with an empty cache, and counts the JavaScript files fetched,
 * with their bytes on the wire, until the load event and until the network is idle (nothing in flight
 * for IDLE_MS: long enough for what the app loads when the browser is idle after load, such as the
 * toast container 3 s after it). Prints a table, per page on a phone-sized and a desktop window.
 *
 *   npm run build && npm run bench:web-requests
 *
 * Environment:
 *   BENCH_VERBOSE  "1": also list each page's script files, with when they were requested
 *   CHROMIUM_PATH  the browser (default /usr/bin/chromium)
 */
import { type BrowserContextOptions, chromium, type Request } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../e2e/support/chromium.ts';
import { type BenchPage, benchPages, withServer } from './support/server.ts';

/** Quiet time after the last request that counts as "network idle". */
const IDLE_MS = 6000;
/** Issue 24: the home page ready for input with no more than this many script requests. */
const HOME_SCRIPT_TARGET = 15;
/** A page still busy after this long is reported as it is. */
const MAX_MS = 60_000;

const WINDOWS: Array<{ name: string; options: BrowserContextOptions }> = [
  {
    name: 'phone',
    options: {
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    },
  },
  { name: 'desktop', options: { viewport: { width: 1280, height: 900 } } },
];

interface Fetched {
  url: string;
  type: string;
  /** ms after navigation started */
  at: number;
  bytes: number;
}

interface Measured {
  page: string;
  window: string;
  loadMs: number;
  idleMs: number;
  fetched: Fetched[];
}

async function measure(
  browser: import('playwright-core').Browser,
  baseUrl: string,
  target: BenchPage,
  window: (typeof WINDOWS)[number],
): Promise<Measured> {
  const context = await browser.newContext({
    ...window.options,
    locale: 'en-ZA',
    timezoneId: 'Africa/Johannesburg',
  });
  try {
    if (target.cookie) {
      await context.addCookies(
        target.cookie.split('; ').map((pair) => {
          const at = pair.indexOf('=');
          return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl };
        }),
      );
    }
    const page = await context.newPage();
    const started = performance.now();
    const since = () => performance.now() - started;
    const inFlight = new Set<Request>();
    let lastActivity = 0;
    const fetched: Fetched[] = [];
    const starts = new Map<Request, number>();
    page.on('request', (request) => {
      inFlight.add(request);
      starts.set(request, since());
      lastActivity = since();
    });
    const settle = async (request: Request) => {
      inFlight.delete(request);
      lastActivity = since();
      const sizes = await request.sizes().catch(() => ({ responseBodySize: 0 }));
      fetched.push({
        url: request.url(),
        type: request.resourceType(),
        at: starts.get(request) ?? 0,
        bytes: sizes.responseBodySize,
      });
    };
    page.on('requestfinished', (request) => void settle(request));
    page.on('requestfailed', (request) => void settle(request));
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    let loadMs = Number.NaN;
    page.once('load', () => {
      loadMs = since();
    });
    await page.goto(`${baseUrl}${target.path}`, { waitUntil: 'load' });
    while (since() < MAX_MS && (inFlight.size > 0 || since() - lastActivity < IDLE_MS)) {
      await page.waitForTimeout(100);
    }
    if (errors.length > 0) console.warn(`${target.path} (${window.name}): ${errors.join('\n')}`);
    return {
      page: `${target.name} ${target.path.replace(/[0-9a-f-]{36}/, ':id')}`,
      window: window.name,
      loadMs,
      idleMs: lastActivity,
      fetched: fetched.sort((a, b) => a.at - b.at),
    };
  } finally {
    await context.close();
  }
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const seconds = (ms: number) => (ms / 1000).toFixed(2);

function printTable(results: Measured[]): void {
  const header = [
    'page',
    'window',
    'scripts to load',
    'kB',
    'scripts to idle',
    'kB',
    'requests to idle',
    'load s',
    'idle s',
  ];
  const rows = results.map((result) => {
    const scripts = result.fetched.filter((file) => file.type === 'script');
    const toLoad = scripts.filter((file) => file.at <= result.loadMs);
    const sum = (files: Fetched[]) => files.reduce((total, file) => total + file.bytes, 0);
    return [
      result.page,
      result.window,
      String(toLoad.length),
      kb(sum(toLoad)),
      String(scripts.length),
      kb(sum(scripts)),
      String(result.fetched.length),
      seconds(result.loadMs),
      seconds(result.idleMs),
    ];
  });
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  const format = (line: string[]) =>
    line
      .map((cell, column) =>
        column < 2 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ');
  console.log(
    '\nScript requests per page (empty cache; kB as sent, compressed; "idle": nothing in flight for ' +
      `${IDLE_MS / 1000} s)\n`,
  );
  console.log(format(header));
  for (const row of rows) console.log(format(row));
  const home = results.filter((result) => result.page.startsWith('home'));
  const most = Math.max(
    ...home.map((result) => result.fetched.filter((file) => file.type === 'script').length),
  );
  console.log(
    `\nHome page: ${most} script requests until idle (ready for input); target at most ${HOME_SCRIPT_TARGET}.`,
  );
}

async function main(): Promise<void> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium found (install Debian `chromium` or set CHROMIUM_PATH)');
  const results = await withServer(async (server) => {
    const pages = await benchPages(server.url);
    const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
    try {
      const measured: Measured[] = [];
      for (const target of pages) {
        for (const window of WINDOWS) measured.push(await measure(browser, server.url, target, window));
      }
      return measured;
    } finally {
      await browser.close();
    }
  });
  printTable(results);
  if (process.env.BENCH_VERBOSE === '1') {
    for (const result of results) {
      console.log(`\n${result.page} (${result.window}), load at ${seconds(result.loadMs)} s:`);
      for (const file of result.fetched.filter((entry) => entry.type === 'script')) {
        const name = new URL(file.url).pathname;
        console.log(`  ${seconds(file.at).padStart(6)} s  ${kb(file.bytes).padStart(6)} kB  ${name}`);
      }
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
