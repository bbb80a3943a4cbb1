/**
 * Lighthouse scores (not a test; issue 24): starts the real server on the existing build (dist/web:
 * run `npm run build` first), and runs Lighthouse (pinned in package.json; mobile form factor,
 * default simulated throttling) on the home page, a listing and the booking page (signed in as the
 * demo client: the session cookie goes with every request), in Debian's Chromium. Prints, per page,
 * the median run's performance and accessibility scores and key metrics, and the accessibility audits
 * that failed. Targets: performance ≥ 95, accessibility 100.
 *
 *   npm run build && npm run bench:lighthouse
 *
 * Environment:
 *   BENCH_RUNS     runs per page, the median by performance is shown (default 3)
 *   BENCH_REPORTS  a folder: write each run's full report there (JSON, for Lighthouse's viewer)
 *   CHROMIUM_PATH  the browser (default /usr/bin/chromium)
 *
 * Simulated throttling estimates a slow phone from a trace taken on this machine: on a busy machine
 * (other builds or tests running) the main-thread figures (TBT) and so the performance score drop.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, findChromium } from '../e2e/support/chromium.ts';
import { benchPages, withServer } from './support/server.ts';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const TARGET = { performance: 95, accessibility: 100 };

interface Browser {
  port: number;
  close(): Promise<void>;
}

/** Chromium with a DevTools port for Lighthouse to drive. */
async function launchChromium(executablePath: string): Promise<Browser> {
  const profile = mkdtempSync(path.join(tmpdir(), 'rentza-lighthouse-'));
  const child: ChildProcess = spawn(
    executablePath,
    [...CHROMIUM_ARGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Chromium gave no DevTools port:\n${output}`)), 30_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}):\n${output}`)));
  });
  return {
    port,
    close: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

interface Result {
  version: string;
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  failedAccessibility: string[];
}

async function audit(port: number, url: string, cookie?: string): Promise<Result> {
  const run = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  if (!run) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = run;
  if (process.env.BENCH_REPORTS) {
    mkdirSync(process.env.BENCH_REPORTS, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}-${Date.now()}.json`;
    writeFileSync(path.join(process.env.BENCH_REPORTS, name), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  // E.g. the booking page sends a visitor without a session to the sign-in page.
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
    throw new Error(`${url} ended at ${lhr.finalDisplayedUrl}`);
  }
  const score = (category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failedAccessibility = (lhr.categories.accessibility?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter((item) => item && item.scoreDisplayMode === 'binary' && item.score !== 1)
    .map((item) => `${item?.id}: ${item?.title}`);
  return {
    version: lhr.lighthouseVersion,
    performance: score('performance'),
    accessibility: score('accessibility'),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    failedAccessibility,
  };
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART…): such a run is tried again, twice. */
async function withRetry<T>(work: () => Promise<T>, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= tries) throw error;
      console.warn(`Retrying after: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main(): Promise<void> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium found (install Debian `chromium` or set CHROMIUM_PATH)');
  const rows = await withServer(async (server) => {
    const pages = await benchPages(server.url);
    const browser = await launchChromium(executablePath);
    try {
      const measured: Array<{ page: string; runs: Result[] }> = [];
      for (const target of pages) {
        const runs: Result[] = [];
        for (let run = 0; run < RUNS; run++) {
          runs.push(await withRetry(() => audit(browser.port, `${server.url}${target.path}`, target.cookie)));
        }
        measured.push({ page: `${target.name} ${target.path.replace(/[0-9a-f-]{36}/, ':id')}`, runs });
      }
      return measured;
    } finally {
      await browser.close();
    }
  });

  console.log(
    `\nLighthouse ${rows[0]?.runs[0]?.version} (mobile, simulated throttling), median of ${RUNS} run(s) by performance\n`,
  );
  const table = rows.map(({ page, runs }) => {
    const sorted = [...runs].sort((a, b) => a.performance - b.performance);
    const median = sorted[Math.floor((sorted.length - 1) / 2)] as Result;
    return {
      page,
      performance: median.performance,
      'perf. runs': runs.map((run) => run.performance).join(' '),
      accessibility: median.accessibility,
      FCP: seconds(median.fcp),
      LCP: seconds(median.lcp),
      TBT: `${Math.round(median.tbt)} ms`,
      CLS: median.cls.toFixed(3),
      failed: median.failedAccessibility,
    };
  });
  console.table(table.map(({ failed, ...row }) => row));
  for (const row of table) {
    if (row.failed.length > 0)
      console.log(`\n${row.page}: accessibility audits failed:\n  ${row.failed.join('\n  ')}`);
  }
  const short = table.filter(
    (row) => row.performance < TARGET.performance || row.accessibility < TARGET.accessibility,
  );
  console.log(
    short.length === 0
      ? `\nEvery page meets the targets (performance ≥ ${TARGET.performance}, accessibility ${TARGET.accessibility}).`
      : `\nBelow target (performance ≥ ${TARGET.performance}, accessibility ${TARGET.accessibility}): ${short.map((row) => row.page).join(', ')}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
