import type { Kysely } from 'kysely';
import { todayInBusinessZone } from '../../../domain/dates.ts';
import {
  type PropertyInput,
  type PropertySearch,
  validateSearchDates,
} from '../../../domain/schemas/property.ts';
import type { Database, User } from '../../db/types.ts';
import { badRequest, forbidden, notFound, unauthorized } from '../../http/errors.ts';
import type { StorageDriver } from '../../platform/storage/storage.ts';
import { assertPlanAllows } from '../subscriptions/subscription.service.ts';
import {
  deleteProperty,
  findPropertyById,
  insertProperty,
  listCoverImagesOf,
  listImagesOf,
  listPropertiesOfOwner,
  searchProperties,
  updateProperty,
} from './property.repository.ts';
import { type PropertyDto, toPropertyDto } from './property.schemas.ts';

export const PROPERTY_MESSAGES = {
  notAuthenticated: 'User not authenticated',
  notOwner: 'You must be an owner to manage properties',
  notYourUpdate: 'You can only update your own properties',
  notYourDelete: 'You can only delete your own properties',
  notFound: 'Property not found',
} as const;

function requireOwner(user: User | null): User {
  if (!user) throw unauthorized(PROPERTY_MESSAGES.notAuthenticated);
  if (user.role !== 'owner') throw forbidden(PROPERTY_MESSAGES.notOwner);
  return user;
}

async function withAllImages(db: Kysely<Database>, property: Awaited<ReturnType<typeof findPropertyById>>) {
  if (!property) throw notFound(PROPERTY_MESSAGES.notFound);
  return toPropertyDto(property, await listImagesOf(db, [property.id]));
}

export async function createListing(
  db: Kysely<Database>,
  user: User | null,
  input: PropertyInput,
): Promise<PropertyDto> {
  const owner = requireOwner(user);
  const property = await db.transaction().execute(async (trx) => {
    // Serialise an owner's concurrent creates so the listing limit cannot be raced past.
    await trx.selectFrom('subscriptions').select('id').where('owner_id', '=', owner.id).forUpdate().execute();
    await assertPlanAllows(trx, owner.id, 'create_listing');
    return insertProperty(trx, owner.id, input);
  });
  return toPropertyDto(property, []);
}

export async function updateListing(
  db: Kysely<Database>,
  user: User | null,
  id: string,
  input: PropertyInput,
): Promise<PropertyDto> {
  const owner = requireOwner(user);
  const existing = await findPropertyById(db, id);
  if (!existing) throw notFound(PROPERTY_MESSAGES.notFound);
  if (existing.owner_id !== owner.id) throw forbidden(PROPERTY_MESSAGES.notYourUpdate);
  return withAllImages(db, await updateProperty(db, id, input));
}

export async function deleteListing(
  db: Kysely<Database>,
  storage: StorageDriver,
  user: User | null,
  id: string,
): Promise<void> {
  const owner = requireOwner(user);
  const existing = await findPropertyById(db, id);
  if (!existing) throw notFound(PROPERTY_MESSAGES.notFound);
  if (existing.owner_id !== owner.id) throw forbidden(PROPERTY_MESSAGES.notYourDelete);
  const images = await listImagesOf(db, [id]);
  await deleteProperty(db, id);
  await storage.remove(images.flatMap((image) => [image.display_key, image.thumbnail_key]));
}

/** Active, available listings are public; an owner also sees their own hidden ones. */
export async function getListing(
  db: Kysely<Database>,
  viewer: User | null,
  id: string,
): Promise<PropertyDto> {
  const property = await findPropertyById(db, id);
  const visible =
    property && ((property.is_active && property.status === 'available') || property.owner_id === viewer?.id);
  if (!visible) throw notFound(PROPERTY_MESSAGES.notFound);
  return withAllImages(db, property);
}

export async function listMyListings(db: Kysely<Database>, user: User | null): Promise<PropertyDto[]> {
  const owner = requireOwner(user);
  const properties = await listPropertiesOfOwner(db, owner.id);
  const images = await listImagesOf(
    db,
    properties.map((p) => p.id),
  );
  return properties.map((property) => toPropertyDto(property, images));
}

export async function searchListings(db: Kysely<Database>, search: PropertySearch) {
  // The home form checks this too, but the server is the authority (spec §5 Home search).
  const dateError = validateSearchDates(
    search.checkIn ?? null,
    search.checkOut ?? null,
    todayInBusinessZone(),
  );
  if (dateError) throw badRequest(dateError);
  const { items, total } = await searchProperties(db, search);
  const covers = await listCoverImagesOf(
    db,
    items.map((p) => p.id),
  );
  return {
    items: items.map((property) => toPropertyDto(property, covers)),
    total,
    page: search.page,
    pageSize: search.pageSize,
  };
}
