/**
 * `npm ci`'s EBADENGINE check for a Node other than the one that installed node_modules: every package
 * installed here whose package-lock `engines` leave out this Node (or npm) is listed, and the exit
 * code is 1. CI runs it on Node 22 LTS over the tree `npm ci` made on Node 20, which is the same tree
 * (no package is built for one Node's ABI; docs/decisions/077).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import semver from 'semver';

interface LockedPackage {
  version?: string;
  engines?: Record<string, string> | string[];
}

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, LockedPackage>;
};
const running = {
  node: process.version,
  npm: execFileSync('npm', ['--version'], { encoding: 'utf8' }).trim(),
};

const refusals: string[] = [];
for (const [location, locked] of Object.entries(lock.packages)) {
  // The lock also lists optional packages for other platforms; only what is installed counts.
  if (!location || !locked.engines || Array.isArray(locked.engines) || !existsSync(location)) continue;
  for (const [engine, range] of Object.entries(locked.engines)) {
    const version = running[engine as keyof typeof running];
    if (version && !semver.satisfies(version, range, { includePrerelease: true })) {
      const name = location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length);
      refusals.push(`${name}@${locked.version}: ${engine} ${range} (running ${version})`);
    }
  }
}

if (refusals.length > 0) {
  console.error(`EBADENGINE on Node ${running.node}, npm ${running.npm}:\n  ${refusals.join('\n  ')}`);
  process.exit(1);
}
console.log(`Engines: every installed package supports Node ${running.node} and npm ${running.npm}`);
