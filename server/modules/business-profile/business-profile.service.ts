import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { SLUG_MESSAGES, suggestSlug } from '../../../domain/business-profile.ts';
import { type Entitlements, hasAddOn } from '../../../domain/entitlements.ts';
import {
  BUSINESS_PROFILE_MESSAGES,
  type BusinessProfile,
  type BusinessProfileValues,
  type ListingBrand,
  type PublicBusinessProfile,
} from '../../../domain/schemas/business-profile.ts';
import type { Database, User } from '../../db/types.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { requireRole } from '../../http/session.ts';
import { processImage } from '../../platform/images/process-image.ts';
import type { StorageDriver } from '../../platform/storage/storage.ts';
import { findBusinessDetails, findOwner } from '../business-details/business-details.repository.ts';
import { listCoverImagesOf, listListedPropertiesOfOwner } from '../properties/property.repository.ts';
import { imageUrl, toPublicPropertyDto } from '../properties/property.schemas.ts';
import { getListing } from '../properties/property.service.ts';
import { PROPERTY_IMAGE_MESSAGES } from '../property-images/property-image.service.ts';
import { entitlementsOf } from '../subscriptions/entitlements.ts';
import {
  type BusinessProfileRow,
  findProfile,
  findProfileBySlug,
  setCoverKey,
  upsertProfile,
} from './business-profile.repository.ts';

export const PROFILE_ADD_ON = 'branded_profile' as const;

export interface ProfileDeps {
  db: Kysely<Database>;
  storage: StorageDriver;
}

/**
 * Who edits a business's public page: its owner, or its staff with the properties permission (the
 * page is the business's shop window of listings; docs/decisions/038). Admins and clients do not.
 */
function profileBusinessOf(user: User | null): string {
  const actor = requireRole(user);
  if (actor.role === 'owner') return actor.id;
  if (
    (actor.role === 'backoffice' || actor.role === 'frontoffice') &&
    actor.permissions.canManageProperties
  ) {
    if (actor.parent_owner_id) return actor.parent_owner_id;
  }
  throw forbidden(BUSINESS_PROFILE_MESSAGES.notAllowed);
}

/** The page shows only with the add-on in use and the profile published. */
const isLive = (profile: BusinessProfileRow | undefined, entitlements: Entitlements) =>
  Boolean(profile?.published) && hasAddOn(entitlements, PROFILE_ADD_ON);

async function businessName(db: Kysely<Database>, ownerId: string) {
  const [details, owner] = await Promise.all([findBusinessDetails(db, ownerId), findOwner(db, ownerId)]);
  if (!owner) throw notFound(BUSINESS_PROFILE_MESSAGES.notFound);
  return {
    details,
    owner,
    name: details?.trading_name ?? `${owner.first_name} ${owner.last_name}`.trim(),
  };
}

async function profileView(db: Kysely<Database>, ownerId: string): Promise<BusinessProfile> {
  const [{ details, name }, profile, entitlements] = await Promise.all([
    businessName(db, ownerId),
    findProfile(db, ownerId),
    entitlementsOf(db, ownerId),
  ]);
  return {
    owner_id: ownerId,
    business_name: name,
    slug: profile?.slug ?? suggestSlug(name),
    description: profile?.description ?? '',
    logo_url: details?.logo_key ? imageUrl(details.logo_key) : null,
    cover_url: profile?.cover_key ? imageUrl(profile.cover_key) : null,
    show_email: profile?.show_email ?? true,
    show_phone: profile?.show_phone ?? true,
    published: profile?.published ?? false,
    add_on: hasAddOn(entitlements, PROFILE_ADD_ON),
    live: isLive(profile, entitlements),
    details_saved: Boolean(details),
    updated_at: profile ? new Date(profile.updated_at).toISOString() : null,
  };
}

/** GET /api/business/profile: the editor's view (a suggested slug while never saved). */
export async function getProfile(db: Kysely<Database>, user: User | null): Promise<BusinessProfile> {
  return profileView(db, profileBusinessOf(user));
}

/** Changing the page needs the add-on in use (a clear 403 otherwise) and saved business details. */
async function requireEditable(db: Kysely<Database>, user: User | null): Promise<string> {
  const ownerId = profileBusinessOf(user);
  if (!hasAddOn(await entitlementsOf(db, ownerId), PROFILE_ADD_ON)) {
    throw forbidden(BUSINESS_PROFILE_MESSAGES.needsAddOn);
  }
  if (!(await findBusinessDetails(db, ownerId))) throw conflict(BUSINESS_PROFILE_MESSAGES.saveDetailsFirst);
  return ownerId;
}

const isSlugTaken = (error: unknown) => {
  const pg = error as { code?: string; constraint?: string; message?: string };
  return (
    pg.code === '23505' &&
    (pg.constraint === 'business_profiles_slug_key' || /business_profiles_slug_key/.test(pg.message ?? ''))
  );
};

/**
 * PUT /api/business/profile. The slug is unique whatever its case (the database's unique index on
 * lower(slug) decides, so two businesses racing for one address cannot both get it): 409 when taken.
 * An old slug is released at once and does not redirect (docs/decisions/038).
 */
export async function saveProfile(
  db: Kysely<Database>,
  user: User | null,
  values: BusinessProfileValues,
): Promise<BusinessProfile> {
  const ownerId = await requireEditable(db, user);
  try {
    await upsertProfile(db, ownerId, values);
  } catch (error) {
    if (isSlugTaken(error)) throw conflict(SLUG_MESSAGES.taken);
    throw error;
  }
  return profileView(db, ownerId);
}

/**
 * POST /api/business/profile/cover: the same pipeline as listing photos (type sniffed, re-encoded to
 * WebP upright without metadata, stored by the storage driver). The old cover's file is removed once
 * the new one is saved: nothing else prints it.
 */
export async function uploadCover(
  deps: ProfileDeps,
  user: User | null,
  readUpload: () => Promise<Buffer | null>,
): Promise<BusinessProfile> {
  const ownerId = await requireEditable(deps.db, user);
  const before = await findProfile(deps.db, ownerId);
  if (!before) throw conflict(BUSINESS_PROFILE_MESSAGES.saveProfileFirst);
  const upload = await readUpload();
  if (!upload || upload.length === 0) throw badRequest(PROPERTY_IMAGE_MESSAGES.noFile);
  const processed = await processImage(upload);
  const key = `business/${ownerId}/cover-${randomUUID()}.webp`;
  await deps.storage.put(key, processed.display, 'image/webp');
  const row = await setCoverKey(deps.db, ownerId, key);
  if (!row) {
    await deps.storage.remove([key]).catch(() => {});
    throw conflict(BUSINESS_PROFILE_MESSAGES.saveProfileFirst);
  }
  if (before.cover_key) await deps.storage.remove([before.cover_key]).catch(() => {});
  return profileView(deps.db, ownerId);
}

export async function removeCover(deps: ProfileDeps, user: User | null): Promise<BusinessProfile> {
  const ownerId = await requireEditable(deps.db, user);
  const before = await findProfile(deps.db, ownerId);
  if (!before) throw conflict(BUSINESS_PROFILE_MESSAGES.saveProfileFirst);
  await setCoverKey(deps.db, ownerId, null);
  if (before.cover_key) await deps.storage.remove([before.cover_key]).catch(() => {});
  return profileView(deps.db, ownerId);
}

/**
 * GET /api/public-profiles/:slug: the public page, or 404 (the same answer) when no business has the
 * address, its profile is not published, or the Branded profile add-on is not in use.
 */
export async function publicProfile(db: Kysely<Database>, slug: string): Promise<PublicBusinessProfile> {
  const profile = await findProfileBySlug(db, slug);
  if (!profile) throw notFound(BUSINESS_PROFILE_MESSAGES.notFound);
  const entitlements = await entitlementsOf(db, profile.owner_id);
  if (!isLive(profile, entitlements)) throw notFound(BUSINESS_PROFILE_MESSAGES.notFound);
  const { details, owner, name } = await businessName(db, profile.owner_id);
  const properties = await listListedPropertiesOfOwner(db, profile.owner_id);
  const covers = await listCoverImagesOf(
    db,
    properties.map((p) => p.id),
  );
  return {
    slug: profile.slug,
    name,
    description: profile.description,
    logo_url: details?.logo_key ? imageUrl(details.logo_key) : null,
    cover_url: profile.cover_key ? imageUrl(profile.cover_key) : null,
    email: profile.show_email ? (details?.email ?? owner.email) : null,
    phone: profile.show_phone ? (details?.phone ?? owner.phone) : null,
    powered_by_rentza: entitlements.rentzaBranding,
    listings: properties.map((property) => toPublicPropertyDto(property, covers)),
  };
}

/** GET /api/properties/:id/brand: the listing's business page when live, and its plan's branding. */
export async function listingBrand(
  db: Kysely<Database>,
  viewer: User | null,
  propertyId: string,
): Promise<ListingBrand> {
  const listing = await getListing(db, viewer, propertyId);
  const [entitlements, profile] = await Promise.all([
    entitlementsOf(db, listing.owner_id),
    findProfile(db, listing.owner_id),
  ]);
  const live = isLive(profile, entitlements) && profile;
  return {
    business: live ? { name: (await businessName(db, listing.owner_id)).name, slug: live.slug } : null,
    powered_by_rentza: entitlements.rentzaBranding,
  };
}
