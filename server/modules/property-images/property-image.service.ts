import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, PropertyImage, User } from '../../db/types.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { type ProcessedImage, processImage } from '../../platform/images/process-image.ts';
import { isSafeStorageKey, type StorageDriver, type StoredObject } from '../../platform/storage/storage.ts';
import { toImageDto } from '../properties/property.schemas.ts';
import { PROPERTY_MESSAGES, requireOwnListing } from '../properties/property.service.ts';
import {
  countImages,
  deleteImageRow,
  findImage,
  insertImageAtEnd,
  listImagesOfProperty,
  lockProperty,
  setImageOrder,
} from './property-image.repository.ts';

/** Enough for a gallery; keeps one listing from filling the bucket. */
export const MAX_IMAGES_PER_PROPERTY = 20;

export const PROPERTY_IMAGE_MESSAGES = {
  noFile: 'Please choose an image to upload',
  imageNotFound: 'Image not found',
  tooManyImages: `A property can have at most ${MAX_IMAGES_PER_PROPERTY} images`,
  orderMismatch: 'The new order must list every image of the property exactly once',
} as const;

export interface ImageDeps {
  db: Kysely<Database>;
  storage: StorageDriver;
}

export type ImageDto = ReturnType<typeof toImageDto>;

const WEBP = 'image/webp';

export function imageKeys(propertyId: string, imageId: string) {
  return {
    display_key: `properties/${propertyId}/${imageId}-display.webp`,
    thumbnail_key: `properties/${propertyId}/${imageId}-thumb.webp`,
  };
}

/**
 * Only the owner of the property may change its photos (staff and clients may not: spec §6), and only
 * with a current subscription, like every other change to a listing.
 */
async function requireOwnProperty(
  db: Kysely<Database>,
  user: User | null,
  propertyId: string,
): Promise<void> {
  await requireOwnListing(db, user, propertyId, PROPERTY_MESSAGES.notYourUpdate);
}

/**
 * Stores both renditions, then appends the row under the property's lock. Files go first so a row never
 * points at a missing file; if the row cannot be written the files are removed again.
 */
export async function attachProcessedImage(
  { db, storage }: ImageDeps,
  propertyId: string,
  image: ProcessedImage,
  /** More rows to write with the image's, in its transaction (e.g. the photography shoot it came from). */
  alsoRecord?: (trx: Kysely<Database>, image: PropertyImage) => Promise<void>,
): Promise<PropertyImage> {
  const id = randomUUID();
  const keys = imageKeys(propertyId, id);
  await Promise.all([
    storage.put(keys.display_key, image.display, WEBP),
    storage.put(keys.thumbnail_key, image.thumbnail, WEBP),
  ]);
  try {
    return await db.transaction().execute(async (trx) => {
      if (!(await lockProperty(trx, propertyId))) throw notFound(PROPERTY_MESSAGES.notFound);
      if ((await countImages(trx, propertyId)) >= MAX_IMAGES_PER_PROPERTY) {
        throw badRequest(PROPERTY_IMAGE_MESSAGES.tooManyImages);
      }
      const row = await insertImageAtEnd(trx, {
        id,
        property_id: propertyId,
        ...keys,
        width: image.width,
        height: image.height,
      });
      await alsoRecord?.(trx, row);
      return row;
    });
  } catch (error) {
    await storage.remove([keys.display_key, keys.thumbnail_key]).catch(() => {});
    throw error;
  }
}

/**
 * POST /api/properties/:id/images. Access is checked before the upload is read, so refused requests
 * cost nothing; `readUpload` yields the file's bytes (null when the request carries no file).
 */
export async function uploadPropertyImage(
  deps: ImageDeps,
  user: User | null,
  propertyId: string,
  readUpload: () => Promise<Buffer | null>,
): Promise<ImageDto> {
  await requireOwnProperty(deps.db, user, propertyId);
  if ((await countImages(deps.db, propertyId)) >= MAX_IMAGES_PER_PROPERTY) {
    throw badRequest(PROPERTY_IMAGE_MESSAGES.tooManyImages);
  }
  const upload = await readUpload();
  if (!upload || upload.length === 0) throw badRequest(PROPERTY_IMAGE_MESSAGES.noFile);
  const processed = await processImage(upload);
  return toImageDto(await attachProcessedImage(deps, propertyId, processed));
}

export async function deletePropertyImage(
  { db, storage }: ImageDeps,
  user: User | null,
  propertyId: string,
  imageId: string,
): Promise<void> {
  await requireOwnProperty(db, user, propertyId);
  const image = await findImage(db, propertyId, imageId);
  if (!image) throw notFound(PROPERTY_IMAGE_MESSAGES.imageNotFound);
  await deleteImageRow(db, image.id);
  await storage.remove([image.display_key, image.thumbnail_key]);
}

/** Sets the gallery order; the first image becomes the cover. The ids must be exactly the property's images. */
export async function reorderPropertyImages(
  { db }: Pick<ImageDeps, 'db'>,
  user: User | null,
  propertyId: string,
  imageIds: string[],
): Promise<ImageDto[]> {
  await requireOwnProperty(db, user, propertyId);
  const images = await db.transaction().execute(async (trx) => {
    if (!(await lockProperty(trx, propertyId))) throw notFound(PROPERTY_MESSAGES.notFound);
    const current = await listImagesOfProperty(trx, propertyId);
    const wanted = new Set(imageIds);
    const matches =
      wanted.size === imageIds.length &&
      wanted.size === current.length &&
      current.every((image) => wanted.has(image.id));
    if (!matches) throw badRequest(PROPERTY_IMAGE_MESSAGES.orderMismatch);
    await setImageOrder(trx, propertyId, imageIds);
    return listImagesOfProperty(trx, propertyId);
  });
  return images.map(toImageDto);
}

/** GET /api/images/<key>: a stored file, or 404 for unknown or malformed keys. */
export async function readStoredImage(storage: StorageDriver, key: string): Promise<StoredObject> {
  const object = isSafeStorageKey(key) ? await storage.get(key) : null;
  if (!object) throw notFound(PROPERTY_IMAGE_MESSAGES.imageNotFound);
  return object;
}
