/** The booking benches' clients and load (bench/booking.ts, bench/booking-compare.ts). */
import { performance } from 'node:perf_hooks';
import { addDays } from '../../domain/dates.ts';
import { type Reply, request } from './http.ts';
import type { Server } from './servers.ts';

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))] as number;
}

export interface SignedIn {
  email: string;
  cookie: string;
}

export async function signIn(server: Server, email: string, password: string): Promise<SignedIn> {
  const reply = await request(server, 'POST', '/api/auth/sign-in/email', { body: { email, password } });
  if (reply.status !== 200) throw new Error(`sign-in ${email}: HTTP ${reply.status} ${reply.body}`);
  const cookie = reply.setCookie.map((c) => c.split(';')[0]).join('; ');
  if (!cookie.includes('session_token')) throw new Error(`sign-in ${email}: no session cookie`);
  return { email, cookie };
}

export async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T, index: number) => Promise<R>) {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Signs every client in through the API, spread over the servers; returns each server's clients. */
export async function signInAll(
  servers: Server[],
  emails: string[],
  password: string,
): Promise<SignedIn[][]> {
  const signedIn = await mapLimit(emails, 8, (email, i) =>
    signIn(servers[i % servers.length] as Server, email, password),
  );
  return servers.map((_, s) => signedIn.filter((_, i) => i % servers.length === s));
}

export interface Booking {
  property_id: string;
  start_date: string;
  end_date: string;
  guests: number;
}

/** Load-phase stays are 1 to 3 nights inside 4-day slots, so no two ever overlap. */
const SLOT_DAYS = 4;

/**
 * Request i of a load over `propertyIds` (the load's listings) from `firstDay`: property i mod P,
 * slot i div P; consecutive requests are on different properties.
 */
export function loadBooking(propertyIds: readonly string[], firstDay: string, i: number): Booking {
  const slot = Math.floor(i / propertyIds.length);
  const start = addDays(firstDay, slot * SLOT_DAYS);
  return {
    property_id: propertyIds[i % propertyIds.length] as string,
    start_date: start,
    end_date: addDays(start, 1 + (slot % (SLOT_DAYS - 1))),
    guests: 1 + (i % 4),
  };
}

export interface PhaseResult {
  requests: number;
  statuses: Map<number, number>;
  latencies: number[];
  seconds: number;
  errors: string[];
  perServer: number[];
}

function countStatus(result: PhaseResult, status: number): void {
  result.statuses.set(status, (result.statuses.get(status) ?? 0) + 1);
}

/**
 * Keeps `concurrency` requests in flight for `seconds`; request i goes to server i mod 2 as one of that
 * server's clients. `counter` is shared so successive phases never reuse a (property, slot).
 */
export async function runLoad(
  servers: Server[],
  clientsByServer: SignedIn[][],
  options: { seconds: number; concurrency: number; counter: { next: number } },
  send: (server: Server, client: SignedIn, i: number) => Promise<Reply>,
): Promise<PhaseResult> {
  const { seconds, concurrency, counter } = options;
  const result: PhaseResult = {
    requests: 0,
    statuses: new Map(),
    latencies: [],
    seconds: 0,
    errors: [],
    perServer: servers.map(() => 0),
  };
  const start = performance.now();
  const deadline = start + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const i = counter.next++;
      const serverIndex = i % servers.length;
      const server = servers[serverIndex] as Server;
      const clients = clientsByServer[serverIndex] as SignedIn[];
      const client = clients[Math.floor(i / servers.length) % clients.length] as SignedIn;
      try {
        const reply = await send(server, client, i);
        result.latencies.push(reply.ms);
        countStatus(result, reply.status);
        if (reply.status === 200 || reply.status === 201)
          result.perServer[serverIndex] = (result.perServer[serverIndex] ?? 0) + 1;
        else if (result.errors.length < 5)
          result.errors.push(`HTTP ${reply.status}: ${reply.body.slice(0, 200)}`);
      } catch (error) {
        countStatus(result, 0);
        if (result.errors.length < 5) result.errors.push(`network: ${(error as Error).message}`);
      }
      result.requests++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  result.seconds = (performance.now() - start) / 1000;
  result.latencies.sort((a, b) => a - b);
  return result;
}

/** POST /api/reservations for request i of the load over `propertyIds`. */
export const book =
  (propertyIds: readonly string[], firstDay: string) => (server: Server, client: SignedIn, i: number) =>
    request(server, 'POST', '/api/reservations', {
      body: loadBooking(propertyIds, firstDay, i),
      cookie: client.cookie,
    });
