/**
 * CPU accounting for the benches: machine-wide from os.cpus(), per process from /proc (Linux only), and
 * per PostgreSQL process (a database's backends and the server's background processes).
 */
import { existsSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';

const TICKS_PER_SECOND = 100;

function machineCpuMs(): { busy: number; total: number } {
  let busy = 0;
  let total = 0;
  for (const cpu of cpus()) {
    const t = cpu.times;
    const all = t.user + t.nice + t.sys + t.idle + t.irq;
    total += all;
    busy += all - t.idle;
  }
  return { busy, total };
}

function processCpuMs(pid: number | undefined): number {
  if (!pid || !existsSync(`/proc/${pid}/stat`)) return Number.NaN;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of /proc/pid/stat; fields[0] here is field 3.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

export interface CpuSnapshot {
  machine: { busy: number; total: number };
  servers: number[];
  bench: number;
  /** CPU ms of each PostgreSQL process: this database's backends and the server's background processes. */
  postgres: Map<number, number>;
  wall: number;
}

async function postgresCpu(pool: pg.Pool, database: string): Promise<Map<number, number>> {
  const pids = await pool.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE datname = $1 OR backend_type <> 'client backend'`,
    [database],
  );
  return new Map(pids.rows.map((r) => [r.pid, processCpuMs(r.pid)]));
}

/** CPU used so far by the machine, the server processes `serverPids`, this process and PostgreSQL. */
export async function cpuSnapshot(
  serverPids: readonly (number | undefined)[],
  pool: pg.Pool,
  database: string,
): Promise<CpuSnapshot> {
  const postgres = await postgresCpu(pool, database);
  const usage = process.cpuUsage();
  return {
    machine: machineCpuMs(),
    servers: serverPids.map((pid) => processCpuMs(pid)),
    bench: (usage.user + usage.system) / 1000,
    postgres,
    wall: performance.now(),
  };
}

export interface CpuReport {
  busyPercent: number;
  coresBusy: number;
  serverCores: number[];
  benchCores: number;
  postgresCores: number;
  otherCores: number;
}

export function cpuBetween(a: CpuSnapshot, b: CpuSnapshot): CpuReport {
  const wall = b.wall - a.wall;
  const busy = b.machine.busy - a.machine.busy;
  const total = b.machine.total - a.machine.total;
  const serverCores = b.servers.map((v, i) => (v - (a.servers[i] ?? 0)) / wall);
  const benchCores = (b.bench - a.bench) / wall;
  let postgresMs = 0;
  for (const [pid, ms] of b.postgres) {
    if (Number.isFinite(ms)) postgresMs += ms - (a.postgres.get(pid) ?? 0);
  }
  const postgresCores = postgresMs / wall;
  const coresBusy = busy / wall;
  return {
    busyPercent: (100 * busy) / total,
    coresBusy,
    serverCores,
    benchCores,
    postgresCores,
    otherCores: coresBusy - serverCores.reduce((sum, v) => sum + v, 0) - benchCores - postgresCores,
  };
}
