import { randomUUID } from 'node:crypto';
import { base, en, en_ZA, Faker } from '@faker-js/faker';
import type { Kysely } from 'kysely';
import {
  CATEGORIES_BY_TYPE,
  CITIES,
  type City,
  PROPERTY_TYPES,
  type PropertyType,
} from '../../../domain/property.ts';
import { type PropertyInput, PropertyInputSchema } from '../../../domain/schemas/property.ts';
import { toPropertyRow } from '../../modules/properties/property.repository.ts';
import { type ProcessedImage, processImage } from '../../platform/images/process-image.ts';
import type { StorageDriver } from '../../platform/storage/storage.ts';
import type { Database } from '../types.ts';
import { PALETTE_VARIANTS, renderDemoPhoto } from './demo-images.ts';
import { type Draft, draftListing } from './demo-listing-data.ts';

export const DEMO_LISTING_COUNT = 48;
/** Pieter is on Pro (10 listings); Thandi on Business (unlimited). */
const SECOND_OWNER_LISTINGS = 10;

export interface DemoListingOwners {
  owner: string;
  secondOwner: string;
}

interface PlannedListing {
  id: string;
  ownerId: string;
  input: PropertyInput;
  createdAt: Date;
  photos: number;
  variant: number;
}

/** Deterministic plan: every type and city, every category, Pieter's 10 spread through the list. */
export function planDemoListings(owners: DemoListingOwners, now = new Date()): PlannedListing[] {
  const faker = new Faker({ locale: [en_ZA, en, base] });
  faker.seed(20_260_101);
  return Array.from({ length: DEMO_LISTING_COUNT }, (_, index) => {
    const type = PROPERTY_TYPES[index % PROPERTY_TYPES.length] as PropertyType;
    const categories = CATEGORIES_BY_TYPE[type];
    const category = categories[Math.floor(index / PROPERTY_TYPES.length) % categories.length] as string;
    const city = CITIES[index % CITIES.length] as City;
    const draft: Draft = draftListing(faker, type, category, city);
    const input = PropertyInputSchema.parse({
      ...draft,
      type,
      category,
      city,
      currency: 'ZAR',
      status: index === 9 ? 'maintenance' : 'available',
      is_active: true,
    });
    return {
      id: randomUUID(),
      ownerId: index % 5 === 1 && index < SECOND_OWNER_LISTINGS * 5 ? owners.secondOwner : owners.owner,
      input,
      // Newest first in lists: spread the listings over the past weeks.
      createdAt: new Date(
        now.getTime() - index * 7 * 3_600_000 - faker.number.int({ min: 0, max: 3_000_000 }),
      ),
      photos: faker.number.int({ min: 1, max: 3 }),
      variant: faker.number.int({ min: 0, max: PALETTE_VARIANTS - 1 }),
    };
  });
}

async function mapLimit<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

interface StoredPhoto {
  id: string;
  property_id: string;
  position: number;
  display_key: string;
  thumbnail_key: string;
  width: number;
  height: number;
}

/**
 * The demo listings with 1–3 generated photos each. Covers are drawn per listing (title and place);
 * gallery photos are drawn once per type and palette and reused, but every listing gets its own files.
 * Each photo goes through the same pipeline as an upload.
 */
export async function seedDemoListings(
  db: Kysely<Database>,
  storage: StorageDriver,
  owners: DemoListingOwners,
): Promise<{ listings: number; photos: number }> {
  const plan = planDemoListings(owners);

  const galleryKeys = PROPERTY_TYPES.flatMap((type) =>
    Array.from({ length: PALETTE_VARIANTS }, (_, variant) => ({ type, variant })),
  );
  const [covers, gallery] = await Promise.all([
    mapLimit(plan, 4, async (listing) =>
      processImage(
        await renderDemoPhoto({
          type: listing.input.type,
          variant: listing.variant,
          seed: plan.indexOf(listing) + 1,
          title: listing.input.title,
          // The place without the street address, so it fits beside the brand.
          caption: listing.input.location.split(', ').slice(1).join(', '),
        }),
      ),
    ),
    mapLimit(galleryKeys, 2, async ({ type, variant }) =>
      processImage(await renderDemoPhoto({ type, variant: variant + 1, seed: 100 + variant })),
    ),
  ]);
  /** The type's gallery photos, starting with the palette the cover does not use. */
  const galleryOf = (type: PropertyType, coverVariant: number): ProcessedImage[] => {
    const ofType = gallery.filter((_, index) => galleryKeys[index]?.type === type);
    return [...ofType.slice(coverVariant), ...ofType.slice(0, coverVariant)];
  };

  const photos: Array<StoredPhoto & { image: ProcessedImage }> = plan.flatMap((listing, index) => {
    const cover = covers[index] as ProcessedImage;
    const extra = galleryOf(listing.input.type, listing.variant);
    return [cover, ...extra.slice(0, listing.photos - 1)].map((image, position) => {
      const id = randomUUID();
      return {
        id,
        property_id: listing.id,
        position,
        display_key: `properties/${listing.id}/${id}-display.webp`,
        thumbnail_key: `properties/${listing.id}/${id}-thumb.webp`,
        width: image.width,
        height: image.height,
        image,
      };
    });
  });

  await mapLimit(photos, 8, async (photo) => {
    await storage.put(photo.display_key, photo.image.display, 'image/webp');
    await storage.put(photo.thumbnail_key, photo.image.thumbnail, 'image/webp');
  });

  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('subscriptions')
        .set({ plan_id: 'business' })
        .where('owner_id', '=', owners.owner)
        .execute();
      await trx
        .updateTable('subscriptions')
        .set({ plan_id: 'pro' })
        .where('owner_id', '=', owners.secondOwner)
        .execute();
      await trx
        .insertInto('properties')
        .values(
          plan.map(({ id, ownerId, input, createdAt }) => ({
            ...toPropertyRow(input),
            id,
            owner_id: ownerId,
            created_at: createdAt,
            updated_at: createdAt,
          })),
        )
        .execute();
      await trx
        .insertInto('property_images')
        .values(photos.map(({ image: _image, ...row }) => row))
        .execute();
    });
  } catch (error) {
    await storage.remove(photos.flatMap((photo) => [photo.display_key, photo.thumbnail_key])).catch(() => {});
    throw error;
  }
  return { listings: plan.length, photos: photos.length };
}
