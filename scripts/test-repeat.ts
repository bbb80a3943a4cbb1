/**
 * `npm run test:repeat [-- <runs> [journey files or name filters…]]`: runs the browser journeys
 * `runs` times (3 unless told), one full run after the other, and reports every test that failed in
 * any run, with how often and its first error. A journey that fails once in N is a flake: fix it at
 * its cause (wait on the real condition), never retry it away. Exits 1 when any run had a failure.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

interface AssertionResult {
  fullName: string;
  status: 'passed' | 'failed' | 'skipped' | 'pending' | 'todo';
  duration?: number | null;
  failureMessages: string[];
}
interface FileResult {
  name: string;
  status: string;
  message?: string;
  assertionResults: AssertionResult[];
}
interface JsonReport {
  numTotalTests: number;
  numFailedTests: number;
  testResults: FileResult[];
}

const [first, ...rest] = process.argv.slice(2);
const runs = first && /^\d+$/.test(first) ? Number(first) : 3;
const filters = first && /^\d+$/.test(first) ? rest : process.argv.slice(2);
if (runs < 1) throw new Error('Give at least one run');

const E2E_REPORT = path.resolve('test-results', 'e2e.json');
const outDir = path.resolve('test-results', 'repeat');
mkdirSync(outDir, { recursive: true });

interface Failure {
  file: string;
  test: string;
  runs: number[];
  firstError: string;
}
const failures = new Map<string, Failure>();
const durations = new Map<string, number[]>();
const summary: Array<{ run: number; tests: number; failed: number; seconds: number; exit: number }> = [];

for (let run = 1; run <= runs; run++) {
  const report = path.join(outDir, `run-${run}.json`);
  const started = Date.now();
  console.log(`\n=== Journeys, run ${run} of ${runs} ===`);
  // The journeys' config writes its JSON report to test-results/e2e.json (CI reads it too); a run's
  // report is kept beside the others once the run ends.
  rmSync(E2E_REPORT, { force: true });
  const result = spawnSync('npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts', ...filters], {
    stdio: 'inherit',
    env: process.env,
  });
  const seconds = Math.round((Date.now() - started) / 1000);
  let parsed: JsonReport;
  try {
    copyFileSync(E2E_REPORT, report);
    parsed = JSON.parse(readFileSync(report, 'utf8')) as JsonReport;
  } catch {
    summary.push({ run, tests: 0, failed: 0, seconds, exit: result.status ?? 1 });
    failures.set(`run ${run}`, {
      file: '(the whole run)',
      test: 'no report was written',
      runs: [run],
      firstError: `vitest exited with ${result.status}`,
    });
    continue;
  }
  summary.push({
    run,
    tests: parsed.numTotalTests,
    failed: parsed.numFailedTests,
    seconds,
    exit: result.status ?? 1,
  });
  for (const file of parsed.testResults) {
    const relative = path.relative(process.cwd(), file.name);
    if (file.assertionResults.length === 0 && file.status === 'failed') {
      const key = `${relative} (file)`;
      const known = failures.get(key);
      if (known) known.runs.push(run);
      else
        failures.set(key, {
          file: relative,
          test: '(the file failed to run)',
          runs: [run],
          firstError: file.message ?? '',
        });
    }
    for (const test of file.assertionResults) {
      const key = `${relative} › ${test.fullName}`;
      if (test.duration != null) durations.set(key, [...(durations.get(key) ?? []), test.duration]);
      if (test.status !== 'failed') continue;
      const known = failures.get(key);
      if (known) known.runs.push(run);
      else
        failures.set(key, {
          file: relative,
          test: test.fullName,
          runs: [run],
          firstError: test.failureMessages[0] ?? '',
        });
    }
  }
}

console.log('\n=== Repeat summary ===');
console.table(summary);
const slowest = [...durations.entries()]
  .map(([key, times]) => ({ test: key, slowest_s: Math.round(Math.max(...times) / 100) / 10 }))
  .sort((a, b) => b.slowest_s - a.slowest_s)
  .slice(0, 10);
console.log('Slowest journeys (their slowest run):');
console.table(slowest);
if (failures.size === 0) {
  console.log(`No journey failed in ${runs} run(s).`);
  process.exit(0);
}
console.log(`${failures.size} test(s) failed at least once in ${runs} run(s):`);
for (const failure of failures.values()) {
  console.log(`\n✗ ${failure.file} › ${failure.test}: failed in run(s) ${failure.runs.join(', ')}`);
  console.log(
    failure.firstError
      .split('\n')
      .slice(0, 12)
      .map((line) => `    ${line}`)
      .join('\n'),
  );
}
process.exit(1);
