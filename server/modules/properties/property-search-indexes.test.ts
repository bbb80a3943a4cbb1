import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInBusinessZone } from '../../../domain/dates.ts';
import { PropertySearchSchema } from '../../../domain/schemas/property.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { ensureStarterSubscription } from '../subscriptions/subscription.repository.ts';
import { matchingProperties } from './property-search.repository.ts';

/**
 * The search's city and text conditions are the expressions its indexes are built on (migration 008),
 * so with enough listings the planner serves them from the indexes (bench/search.ts times it at 20 000);
 * a search by dates alone reads the searchable listings from a narrow index (migrations 010 and 044).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const owner = await t.createUser({ role: 'owner' });
  await ensureStarterSubscription(t.db, owner.id);
  await sql`
    INSERT INTO properties (owner_id, type, category, title, description, city, location, price_per_day_cents, specifications)
    SELECT ${owner.id}, 'vehicle', 'car', 'Hatchback ' || g, repeat('A small car, good on fuel, for trips around town. ', 30) || g,
      (ARRAY['Cape Town', 'Durban', 'Pretoria', 'George'])[1 + g % 4], g || ' Main Road',
      30000 + g, '{"type": "vehicle", "make": "VW", "model": "Polo", "year": 2022, "seatingCapacity": 5}'::jsonb
    FROM generate_series(1, 3000) g`.execute(t.db);
  await sql`VACUUM ANALYZE properties`.execute(t.db);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** The plan of the search's matching step. */
async function plan(query: Record<string, string>): Promise<string> {
  const compiled = matchingProperties(t.db, PropertySearchSchema.parse(query)).compile();
  const result = await t.db.executeQuery<{ 'QUERY PLAN': string }>(
    CompiledQuery.raw(`EXPLAIN ${compiled.sql}`, [...compiled.parameters]),
  );
  return result.rows.map((row) => row['QUERY PLAN']).join('\n');
}

describe('the search indexes serve the city and the text', () => {
  it('a city in any case: lower(city) from properties_city_idx', async () => {
    expect(await plan({ city: 'KNYSNA' })).toMatch(/Index Cond: \(lower\(city\) = 'knysna'::text\)/);
  });

  it('a type and a city: from properties_search_idx', async () => {
    expect(await plan({ type: 'accommodation', city: 'knysna' })).toMatch(
      /properties_search_idx[\s\S]*Index Cond: \(\(type = 'accommodation'::text\) AND \(lower\(city\) = 'knysna'::text\)\)/,
    );
  });

  it('a text: title, location, city and description from one trigram index', async () => {
    expect(await plan({ q: 'lagoon' })).toMatch(/Bitmap Index Scan on properties_search_text_trgm_idx/);
  });

  it('dates alone: the listings are read from a narrow index of the searchable ones, not the wide rows', async () => {
    const checkIn = addDays(todayInBusinessZone(), 7);
    // properties_searchable_idx (010/018) or one of the page orders of migration 044: each holds what
    // the date filters read.
    expect(await plan({ checkIn, checkOut: addDays(checkIn, 2) })).toMatch(
      /Index Only Scan using properties_(searchable|price_order|type_order)_idx/,
    );
  });
});
