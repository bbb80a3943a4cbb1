/**
 * V8 CPU profiles (`node --cpu-prof`): self and inclusive time per package or file, and self time per
 * function, inside a time window, printed as Markdown tables.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Timestamps in a profile are CLOCK_MONOTONIC microseconds, as process.hrtime here.
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Now, on the clock of the profiles' timestamps: for the window passed to `summarizeCpuProfiles`. */
export const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

/** The profile files (`--cpu-prof-dir`) in `dir`. */
export const cpuProfileFiles = (dir: string) => readdirSync(dir).map((f) => path.join(dir, f));

/** A frame's package (node_modules), node: module, or file relative to `root` (the profiled checkout). */
function frameCategory(frame: ProfileNode['callFrame'], root: string): string {
  if (!frame.url) return frame.functionName || '(native)';
  if (frame.url.startsWith('node:')) return frame.url;
  const modules = frame.url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const parts = frame.url.slice(modules + '/node_modules/'.length).split('/');
    return (parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]) ?? frame.url;
  }
  return path.relative(root, frame.url.replace(/^file:\/\//, ''));
}

export interface CpuProfileSummary {
  windowMs: number;
  busyMs: number;
  self: [string, number][];
  inclusive: [string, number][];
  functions: [string, number][];
}

/**
 * Self and inclusive sample time per package/file, and self time per function, inside [from, to] µs;
 * files are named relative to `root`, the checkout the profiled processes ran.
 */
export function summarizeCpuProfiles(
  files: string[],
  from: number,
  to: number,
  root: string,
): CpuProfileSummary {
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const functions = new Map<string, number>();
  let windowMs = 0;
  let busyMs = 0;
  const add = (map: Map<string, number>, key: string, v: number) => map.set(key, (map.get(key) ?? 0) + v);
  for (const file of files) {
    const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
    const stackCategories = new Map<number, Set<string>>();
    const categoriesOf = (id: number): Set<string> => {
      let set = stackCategories.get(id);
      if (set) return set;
      const node = byId.get(id) as ProfileNode;
      const up = parent.get(id);
      set = new Set(up === undefined ? [] : categoriesOf(up));
      set.add(frameCategory(node.callFrame, root));
      stackCategories.set(id, set);
      return set;
    };
    let time = profile.startTime;
    for (let i = 0; i < profile.samples.length; i++) {
      const delta = profile.timeDeltas[i] ?? 0;
      time += delta;
      if (time < from || time > to) continue;
      const ms = delta / 1000;
      const node = byId.get(profile.samples[i] as number);
      if (!node) continue;
      windowMs += ms;
      if (node.callFrame.functionName === '(idle)') continue;
      busyMs += ms;
      const category = frameCategory(node.callFrame, root);
      add(self, category, ms);
      for (const c of categoriesOf(node.id)) add(inclusive, c, ms);
      const name = node.callFrame.functionName || '(anonymous)';
      add(
        functions,
        `${name} (${category}${node.callFrame.url ? `:${node.callFrame.lineNumber + 1}` : ''})`,
        ms,
      );
    }
  }
  const top = (map: Map<string, number>, n: number) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
  return {
    windowMs,
    busyMs,
    self: top(self, 20),
    inclusive: top(inclusive, 24),
    functions: top(functions, 20),
  };
}

/**
 * V8 samples wall time while JavaScript is on the stack, so on a busy machine the sampled total exceeds
 * the CPU the servers got; shares are what count, and ms per booking are shares of the measured CPU.
 */
export function printCpuProfile(
  summary: CpuProfileSummary,
  bookings: number,
  serverCpuMsPerBooking: number,
): void {
  const share = (v: number) => v / summary.busyMs;
  const pct = (v: number) => `${(100 * share(v)).toFixed(1)}%`;
  const perBooking = (v: number) => `${(share(v) * serverCpuMsPerBooking).toFixed(2)} ms`;
  const table = (title: string, rows: [string, number][]) => [
    `| ${title} | ≈ server CPU ms per booking | share of server samples |`,
    '|---|---:|---:|',
    ...rows.map(([name, v]) => `| ${name.replaceAll('|', '\\|')} | ${perBooking(v)} | ${pct(v)} |`),
    '',
  ];
  const lines = [
    `Server CPU profile during the measured load (both servers, --cpu-prof; ${summary.busyMs.toFixed(0)} ms on-stack of ${summary.windowMs.toFixed(0)} ms sampled, ${bookings} bookings, ${serverCpuMsPerBooking.toFixed(1)} ms measured server CPU per booking):`,
    '',
    ...table('self time: package or file', summary.self),
    ...table('inclusive time: package or file on the stack', summary.inclusive),
    ...table('self time: function', summary.functions),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
