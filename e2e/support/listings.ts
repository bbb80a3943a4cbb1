import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl } from './browser.ts';

/** Where a journey's own cottage stands and what it costs a night. */
export interface Cottage {
  title: string;
  description: string;
  city: string;
  location: string;
  pricePerNightCents: number;
}

/**
 * A one-bedroom cottage of the signed-in owner, made through the API: journeys about something else
 * (blocking dates, agreements, the timeline, archiving) start from a listing of their own.
 */
export async function createCottage(page: Page, cottage: Cottage): Promise<string> {
  const created = await page.request.post('/api/properties', {
    headers: { origin: baseUrl },
    data: {
      type: 'accommodation',
      category: 'cottage',
      title: cottage.title,
      description: cottage.description,
      city: cottage.city,
      location: cottage.location,
      price_per_day_cents: cottage.pricePerNightCents,
      specifications: { type: 'accommodation', bedrooms: 1, bathrooms: 1, maxOccupants: 2, maxGuests: 2 },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}
