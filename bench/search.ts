/**
 * Marketplace search benchmark (not a test): seeds 20 000 listings and 200 000 reservations (or the size
 * BENCH_LISTINGS / BENCH_RESERVATIONS ask, e.g. 200 000 / 2 000 000) into a throwaway PostgreSQL
 * database and an in-memory PGlite, then times GET /api/properties through the
 * real Fastify app (app.inject) and, for comparison, the earlier app's way of searching (every
 * listing of the type, then one availability query per listing, then filtering in JS; an event space
 * there is free when every searched day passes domain/rental-unit.ts hasFreeSlot, so the two ways
 * also check each other on the hourly rule). Most event spaces are booked by the hour in the data.
 *
 *   npx tsx bench/search.ts
 *
 * Environment:
 *   BENCH_DATABASE_URL  admin URL of the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_LISTINGS      listings to seed (default 20000; even)
 *   BENCH_RESERVATIONS  reservations to seed (default 10 per listing; a whole number per listing, at least 2)
 *   BENCH_OWNERS        businesses owning the listings (default 50)
 *   BENCH_DATABASES     which to run, comma separated (default "postgres,pglite"; "postgres" above 20 000 listings)
 *   BENCH_ITERATIONS    timed API requests per search after warm-up (default 100; fewer when a search
 *                       exceeds its 20 s budget, at least 20)
 *   BENCH_SKIP_EARLIER  "1": skip the earlier way (quick runs while looking at the API side; the default
 *                       above 20 000 listings, where it issues a query per listing)
 *   BENCH_EXPLAIN       "1": print EXPLAIN (ANALYZE, BUFFERS) of the page and count statements of every
 *                       PostgreSQL search, not only of the slowest and of those missing the target
 *   BENCH_KEEP_DATABASE "1": keep the seeded PostgreSQL database (its name is printed) for EXPLAIN sessions
 *   BENCH_DATABASE_NAME a kept database to reuse (migrated to the latest, not seeded again), or the name
 *                       to give a new one (then kept): seeding 2 000 000 reservations takes minutes
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { CompiledQuery, type Kysely, sql } from 'kysely';
import { addDays, todayInBusinessZone } from '../domain/dates.ts';
import { CITIES, cityKey, PROPERTY_TYPES, type PropertyType, passesGuestRule } from '../domain/property.ts';
import { hasFreeSlot, hourlyRulesOf } from '../domain/rental-unit.ts';
import { PropertySearchSchema } from '../domain/schemas/property.ts';
import { NO_PARALLEL, withSettings } from '../server/db/planner-settings.ts';
import type { Database, Property } from '../server/db/types.ts';
import {
  SEARCH_TOTAL_CAP,
  searchQueries,
  textMatchIds,
} from '../server/modules/properties/property-search.repository.ts';
import { decodeSearchCursor } from '../server/modules/properties/search-cursor.ts';
import {
  createPgliteTarget,
  createPostgresTarget,
  type Kind,
  LARGE,
  PROPERTY_COUNT,
  RESERVATIONS_PER_PROPERTY,
  seed,
  startBenchRuntime,
  type Target,
} from './seed.ts';

/** Warm-up requests per search (fewer when they take over WARMUP_BUDGET_MS, at least 2). */
const WARMUP = 10;
const WARMUP_BUDGET_MS = 5_000;
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 100);
const P95_TARGET_MS = 50;
const RATIO_TARGET = 50;
const DATABASES = (process.env.BENCH_DATABASES ?? (LARGE ? 'postgres' : 'postgres,pglite'))
  .split(',')
  .map((s) => s.trim());
const TODAY = todayInBusinessZone();

type Params = Record<string, string | number>;

interface SearchCase {
  name: string;
  dated: boolean;
  /**
   * Reuse the earlier-way runs of this search (same params but the page): the earlier way does the same
   * work for any page, so only the API page is compared against the same runs' full ordered lists.
   */
  earlierFrom?: string;
  /**
   * The page is asked for as the web app asks for the page after the one it shows: with `after`, the
   * nextCursor of the page before (fetched by offset, untimed, before each timed request).
   */
  byCursor?: boolean;
  params: (i: number) => Params;
}

/** Iteration i varies the city, type, dates, stay length, guests and price band. */
const city = (i: number) => CITIES[i % CITIES.length] as string;
const type = (i: number) => PROPERTY_TYPES[i % PROPERTY_TYPES.length] as PropertyType;
const checkIn = (i: number) => addDays(TODAY, 3 + ((i * 17) % 330));
const checkOut = (i: number) => addDays(checkIn(i), 1 + ((i * 3) % 7));
const dates = (i: number) => ({ checkIn: checkIn(i), checkOut: checkOut(i) });
/** Words a visitor types: a category, a street, a city in lower case, none that matches. */
const WORDS = ['villa', 'Marine Drive', 'durban', 'camera', 'oak avenue', 'garage', 'Studio', 'knysna'];
const word = (i: number) => WORDS[i % WORDS.length] as string;

/** Page 400 of 12 (4 800 listings in) from 20 000 listings up; proportionally fewer below. */
const DEEP_PAGE = Math.min(400, Math.max(2, Math.floor(PROPERTY_COUNT / 50)));

const SEARCHES: SearchCase[] = [
  { name: 'type + city', dated: false, params: (i) => ({ type: type(i), city: city(i) }) },
  {
    name: 'type + city typed in lower case',
    dated: false,
    params: (i) => ({ type: type(i), city: city(i).toLowerCase() }),
  },
  {
    name: 'accommodation + city + dates + guests',
    dated: true,
    params: (i) => ({ type: 'accommodation', city: city(i), ...dates(i), guests: 2 + (i % 5) }),
  },
  { name: 'city + dates', dated: true, params: (i) => ({ city: city(i), ...dates(i) }) },
  { name: 'event_space + dates', dated: true, params: (i) => ({ type: 'event_space', ...dates(i) }) },
  {
    name: 'event_space + city + dates',
    dated: true,
    params: (i) => ({ type: 'event_space', city: city(i), ...dates(i) }),
  },
  {
    name: 'type + price range, sorted by price',
    dated: false,
    params: (i) => {
      const minPrice = 30_000 + (i % 5) * 20_000;
      return { type: type(i), minPrice, maxPrice: minPrice + 150_000, sortBy: 'price' };
    },
  },
  { name: 'dates only (all types), page 1', dated: true, params: (i) => dates(i) },
  {
    name: `dates only, deep page (${DEEP_PAGE} × 12) by offset`,
    dated: true,
    earlierFrom: 'dates only (all types), page 1',
    params: (i) => ({ ...dates(i), page: DEEP_PAGE }),
  },
  {
    name: `dates only, deep page (${DEEP_PAGE} × 12) by cursor`,
    dated: true,
    earlierFrom: 'dates only (all types), page 1',
    byCursor: true,
    params: (i) => ({ ...dates(i), page: DEEP_PAGE }),
  },
  {
    name: `all listings sorted by price, deep page (${DEEP_PAGE} × 12) by cursor`,
    dated: false,
    byCursor: true,
    params: () => ({ sortBy: 'price', page: DEEP_PAGE }),
  },
  { name: 'text (q) only', dated: false, params: (i) => ({ q: word(i) }) },
  { name: 'text (q) + dates', dated: true, params: (i) => ({ q: word(i), ...dates(i) }) },
];

/** Stop timing API requests of one search after this long (once it has MIN_ITERATIONS samples). */
const API_BUDGET_MS = 15_000;
const MIN_ITERATIONS = Math.min(10, ITERATIONS);
/**
 * Earlier-way runs: it issues one query per listing, so only a handful, with a time budget per search
 * (checked before each run after the first). PGlite runs the per-listing queries one at a time.
 */
const EARLIER_RUNS: Record<Kind, { dated: number; undated: number; budgetMs: number }> = {
  postgres: { dated: 5, undated: 10, budgetMs: 25_000 },
  pglite: { dated: 3, undated: 10, budgetMs: 15_000 },
};
const SKIP_EARLIER = (process.env.BENCH_SKIP_EARLIER ?? (LARGE ? '1' : '0')) === '1';
interface Row {
  database: Kind;
  search: string;
  matches: number;
  dated: boolean;
  runs: number;
  p50: number;
  p95: number;
  mean: number;
  earlierP50: number;
  earlierRuns: number;
  earlierReused: boolean;
  totalsAgree: boolean;
}

function log(message: string): void {
  process.stdout.write(`· ${message}\n`);
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))] as number;
}

function summarize(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = samples.reduce((sum, v) => sum + v, 0) / samples.length;
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), mean };
}

function queryString(params: Params): string {
  return new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
}

// ---------------------------------------------------------------------------------------------------
// The earlier app's way: every active listing of the type, one availability query each, JS filters
// (with the hourly rule of domain/rental-unit.ts for event spaces).
// ---------------------------------------------------------------------------------------------------

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await fn(items[index] as T);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The earlier way's whole ordered result (it paginated in the browser); see pageOf. */
async function earlierWaySearch(db: Kysely<Database>, params: Params): Promise<string[]> {
  const search = PropertySearchSchema.parse(params);
  let query = db.selectFrom('properties').selectAll().where('is_active', '=', true);
  if (search.type) query = query.where('type', '=', search.type);
  let properties: Property[] = (await query.execute()).filter(
    (p) => p.status === 'available' && p.archived_at === null,
  );

  if (search.checkIn && search.checkOut) {
    const { checkIn: start, checkOut: end } = search;
    const free = await mapLimit(properties, 10, async (property) => {
      const bookings = await db
        .selectFrom('reservations')
        .select(['start_date', 'end_date', 'start_time', 'end_time'])
        .where('property_id', '=', property.id)
        .where('status', 'in', ['pending', 'confirmed'])
        .where('end_date', '>', start)
        .execute();
      const inWindow =
        (property.availability_start === null || property.availability_start <= start) &&
        (property.availability_end === null || property.availability_end >= end);
      if (!inWindow) return false;
      if (property.type !== 'event_space')
        return !bookings.some((b) => b.start_date < end && b.end_date > start);
      // Booked by the hour: every day needs a free run of the venue's minimum (domain/rental-unit.ts).
      const rules = hourlyRulesOf(property.specifications as Record<string, unknown>);
      for (let day = start; day < end; day = addDays(day, 1)) {
        const taken = bookings
          .filter((b) => b.start_date <= day && day < b.end_date)
          .map((b) =>
            b.start_time && b.end_time
              ? { start: b.start_time.slice(0, 5), end: b.end_time.slice(0, 5) }
              : { start: '00:00', end: '24:00' },
          );
        if (!hasFreeSlot(rules, taken)) return false;
      }
      return true;
    });
    properties = properties.filter((_, i) => free[i]);
  }

  const text = search.q?.toLowerCase();
  properties = properties.filter((p) => {
    if (search.city && cityKey(p.city) !== cityKey(search.city)) return false;
    if (text && ![p.title, p.location, p.city, p.description].some((f) => f.toLowerCase().includes(text)))
      return false;
    if (search.minPrice !== undefined && p.price_per_day_cents < search.minPrice) return false;
    if (search.maxPrice !== undefined && p.price_per_day_cents > search.maxPrice) return false;
    const bedrooms = (p.specifications as { bedrooms?: number }).bedrooms;
    return passesGuestRule({ type: p.type, bedrooms }, search.guests ?? 1, search.type ?? null);
  });
  const newest = (a: Property, b: Property) =>
    new Date(b.created_at).getTime() - new Date(a.created_at).getTime() ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  properties.sort(
    search.sortBy === 'price'
      ? (a, b) => a.price_per_day_cents - b.price_per_day_cents || newest(a, b)
      : newest,
  );
  return properties.map((p) => p.id);
}

function pageOf(orderedIds: string[], params: Params): string[] {
  const { page, pageSize } = PropertySearchSchema.parse(params);
  return orderedIds.slice((page - 1) * pageSize, page * pageSize);
}

// ---------------------------------------------------------------------------------------------------
// EXPLAIN (ANALYZE, BUFFERS) of the statements searchProperties runs for a search: the page and the count.
// ---------------------------------------------------------------------------------------------------

async function explain(db: Kysely<Database>, params: Params): Promise<string> {
  const search = PropertySearchSchema.parse(params);
  const cursor = search.after
    ? decodeSearchCursor(search.after, search.sortBy === 'price' ? 'price' : 'newest')
    : undefined;
  // The bench boosts nothing, so the page's offset is the whole offset.
  const textIds = search.q ? await textMatchIds(db, search.q) : undefined;
  const { page, count } = searchQueries(db, search, {
    cursor,
    offset: cursor ? 0 : (search.page - 1) * search.pageSize,
    textIds,
  });
  const parts: string[] = [
    `-- text: ${search.q ? (textIds ? `${textIds.length} listings (textMatchIds)` : 'more than the cap: ILIKE') : 'none'}`,
  ];
  // As searchProperties runs them: the count, and a page at an offset, without parallel workers or JIT.
  for (const [label, query, settings] of [
    ['page', page.compile(), !cursor && search.page > 1 ? NO_PARALLEL : []],
    ['count (capped)', count.compile(), NO_PARALLEL],
  ] as const) {
    const result = await withSettings(db, settings, (trx) =>
      trx.executeQuery<Record<string, string>>(
        CompiledQuery.raw(`EXPLAIN (ANALYZE, BUFFERS) ${query.sql}`, [...query.parameters]),
      ),
    );
    parts.push(`-- ${label}\n${result.rows.map((row) => Object.values(row)[0]).join('\n')}`);
  }
  return parts.join('\n\n');
}

// ---------------------------------------------------------------------------------------------------

async function benchmark(target: Target, rows: Row[], plans: string[]): Promise<void> {
  const { kind, database } = target;
  const runtime = await startBenchRuntime(target);
  try {
    const seedStart = performance.now();
    if (target.reused) {
      // Migrations the app ran at start may have added indexes: their statistics, as autovacuum would.
      await sql`ANALYZE`.execute(database.db);
      log(
        `${kind}: reused the seeded database (ANALYZE ${((performance.now() - seedStart) / 1000).toFixed(1)} s)`,
      );
    } else {
      await seed(database);
      log(`${kind}: seeding + VACUUM ANALYZE took ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
    }

    const earlierRunsBySearch = new Map<string, { samples: number[]; lists: string[][] }>();
    const explainParams = new Map<string, Params>();
    const explained = new Set<string>();
    const explainOne = async (name: string, why = '') => {
      const params = explainParams.get(name) ?? {};
      const plan = await explain(database.db, params);
      return `### ${kind}: ${name}${why ? ` (${why})` : ''} ${JSON.stringify(params)}\n\n${plan}`;
    };
    for (const search of SEARCHES) {
      const inject = async (params: Params) => {
        const response = await runtime.app.inject({
          method: 'GET',
          url: `/api/properties?${queryString(params)}`,
        });
        if (response.statusCode !== 200) {
          throw new Error(`${search.name}: HTTP ${response.statusCode} ${response.body.slice(0, 300)}`);
        }
        return response.json() as {
          total: number;
          totalCapped: boolean;
          items: { id: string }[];
          nextCursor: string | null;
        };
      };
      /** The search's parameters; by cursor, with the nextCursor of the page before (not timed). */
      const prepare = async (i: number): Promise<Params> => {
        const params = search.params(i);
        if (!search.byCursor) return params;
        const before = await inject({ ...params, page: Number(params.page) - 1 });
        if (!before.nextCursor)
          throw new Error(`${search.name}: page ${Number(params.page) - 1} is the last`);
        return { ...params, after: before.nextCursor };
      };
      const request = async (i: number) => inject(await prepare(i));

      const warmupStart = performance.now();
      for (let i = 0; i < WARMUP; i++) {
        if (i >= 2 && performance.now() - warmupStart > WARMUP_BUDGET_MS) break;
        await request(1000 + i);
      }
      const samples: number[] = [];
      const totals: number[] = [];
      const apiStart = performance.now();
      for (let i = 0; i < ITERATIONS; i++) {
        if (i >= MIN_ITERATIONS && performance.now() - apiStart > API_BUDGET_MS) break;
        const params = await prepare(i);
        const start = performance.now();
        const page = await inject(params);
        samples.push(performance.now() - start);
        totals.push(page.total);
      }
      const api = summarize(samples);

      const limits = EARLIER_RUNS[kind];
      const earlierRuns = SKIP_EARLIER ? 0 : search.dated ? limits.dated : limits.undated;
      const reused = search.earlierFrom ? earlierRunsBySearch.get(search.earlierFrom) : undefined;
      const earlierSamples: number[] = reused ? reused.samples : [];
      const earlierLists: string[][] = reused ? reused.lists : [];
      const seriesStart = performance.now();
      for (let i = 0; !reused && i < earlierRuns; i++) {
        if (i > 0 && performance.now() - seriesStart > limits.budgetMs) break;
        const start = performance.now();
        earlierLists.push(await earlierWaySearch(database.db, search.params(i)));
        earlierSamples.push(performance.now() - start);
      }
      earlierRunsBySearch.set(search.name, { samples: earlierSamples, lists: earlierLists });
      // Both ways must find the same listings in the same order, or the comparison means nothing.
      let totalsAgree = true;
      for (const [i, list] of earlierLists.entries()) {
        const page = await request(i);
        const samePage = page.items.map((item) => item.id).join() === pageOf(list, search.params(i)).join();
        // The API counts up to SEARCH_TOTAL_CAP.
        if (page.total !== Math.min(list.length, SEARCH_TOTAL_CAP) || !samePage) {
          totalsAgree = false;
          log(`WARNING ${kind} ${search.name} #${i}: API total ${page.total}, earlier way ${list.length}`);
        }
      }
      const earlier = summarize(earlierSamples);
      const row: Row = {
        database: kind,
        search: search.name,
        matches: percentile(
          [...totals].sort((a, b) => a - b),
          50,
        ),
        dated: search.dated,
        runs: samples.length,
        p50: api.p50,
        p95: api.p95,
        mean: api.mean,
        earlierP50: earlier.p50,
        earlierRuns: earlierSamples.length,
        earlierReused: reused !== undefined,
        totalsAgree,
      };
      rows.push(row);
      log(
        `${kind} | ${search.name}: ${row.runs} requests, p50 ${row.p50.toFixed(1)} ms, p95 ${row.p95.toFixed(1)} ms; earlier way p50 ${row.earlierP50.toFixed(0)} ms (${row.earlierRuns} runs)`,
      );

      explainParams.set(search.name, await prepare(0));
      if (process.env.BENCH_EXPLAIN === '1' || (kind === 'postgres' && row.p95 >= P95_TARGET_MS)) {
        explained.add(search.name);
        plans.push(await explainOne(search.name));
      }
    }
    // The slowest search (by p95) is always explained.
    const slowest = rows
      .filter((r) => r.database === kind)
      .reduce<Row | undefined>((worst, r) => (worst && worst.p95 >= r.p95 ? worst : r), undefined);
    if (slowest && !explained.has(slowest.search)) {
      plans.push(await explainOne(slowest.search, 'the slowest by p95'));
    }
  } finally {
    await runtime.close();
  }
}

function printTable(rows: Row[]): void {
  const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '–');
  const lines = [
    '| database | search | matches (median) | requests | p50 ms | p95 ms | mean ms | earlier-way p50 ms (runs) | ratio (earlier p50 / p50) |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map((r) => {
      const ratio = r.earlierP50 / r.p50;
      const flags = [
        r.database === 'postgres' && r.p95 >= P95_TARGET_MS ? 'p95 over target' : '',
        r.dated && ratio < RATIO_TARGET ? `< ${RATIO_TARGET}×` : '',
        r.totalsAgree ? '' : 'RESULTS DIFFER',
      ].filter(Boolean);
      return `| ${r.database} | ${r.search} | ${r.matches} | ${r.runs} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.mean)} | ${ms(r.earlierP50)} (${r.earlierRuns}${r.earlierReused ? ', runs of page 1' : ''}) | ${Number.isFinite(ratio) ? `${ratio.toFixed(ratio < 100 ? 1 : 0)}×` : '–'}${flags.length ? ` (${flags.join(', ')})` : ''} |`;
    }),
  ];
  process.stdout.write(`\n${lines.join('\n')}\n`);
}

async function main(): Promise<void> {
  const started = performance.now();
  log(
    `${PROPERTY_COUNT} properties, ${PROPERTY_COUNT * RESERVATIONS_PER_PROPERTY} reservations, up to ${ITERATIONS} timed requests per search (at least ${MIN_ITERATIONS}, ${API_BUDGET_MS / 1000} s budget) after up to ${WARMUP} warm-up; today ${TODAY}`,
  );
  const load = () =>
    loadavg()
      .map((v) => v.toFixed(1))
      .join(' / ');
  log(
    `machine: ${cpus().length} CPUs, load average ${load()} (1/5/15 min); timings are wall-clock and share the machine`,
  );
  const rows: Row[] = [];
  const plans: string[] = [];
  for (const kind of DATABASES) {
    if (kind !== 'postgres' && kind !== 'pglite')
      throw new Error(`Unknown database in BENCH_DATABASES: ${kind}`);
    const target = kind === 'postgres' ? await createPostgresTarget() : await createPgliteTarget();
    try {
      await benchmark(target, rows, plans);
    } finally {
      await target.dispose();
    }
  }
  printTable(rows);
  process.stdout.write(
    `\nTargets: p95 < ${P95_TARGET_MS} ms on PostgreSQL; earlier way at least ${RATIO_TARGET}× slower on the dated searches` +
      ' (without dates the earlier way is one query too, so its ratio is shown but not held to the target).\n',
  );
  if (plans.length > 0) process.stdout.write(`\nEXPLAIN (ANALYZE, BUFFERS)\n\n${plans.join('\n\n')}\n`);
  process.stdout.write(`\nLoad average at the end: ${load()} on ${cpus().length} CPUs.\n`);
  process.stdout.write(`\nTotal run time: ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}

// Run when executed, not when bench/reports.ts imports its seed.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
